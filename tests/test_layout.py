"""The shape of the code, where a test can hold it: no module of the service over 500 lines, the
core split by what it judges, and no import circle between the API's shared pieces."""

from __future__ import annotations

import ast
from pathlib import Path

SERVICE = Path(__file__).resolve().parents[1] / "service"


def test_no_module_of_the_service_is_over_500_lines():
    sizes = {str(p.relative_to(SERVICE)): len(p.read_text().splitlines()) for p in SERVICE.rglob("*.py")}
    big = {k: v for k, v in sizes.items() if v > 500}
    assert not big, big


def test_the_core_is_split_by_what_it_judges_each_module_saying_what_it_owns():
    for name in ("engine", "adjudication", "judge", "play", "table", "suits", "without_deal", "bounds"):
        tree = ast.parse((SERVICE / "core" / f"{name}.py").read_text())
        assert ast.get_docstring(tree), name
    assert "def run_plays(" in (SERVICE / "core" / "play.py").read_text()
    assert "def adjudicate_without_deal(" in (SERVICE / "core" / "without_deal.py").read_text()
    assert "class Suits" in (SERVICE / "core" / "suits.py").read_text()


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module or ""} | {a.name for a in node.names if not node.module}
    return out


def test_the_apis_shared_pieces_import_no_view_and_auth_does_not_come_back_to_common():
    common = _imports(SERVICE / "api" / "common.py")
    assert "auth" not in common, common
    assert "common" in _imports(SERVICE / "api" / "auth.py")
