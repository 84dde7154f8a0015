"""Every problem code the service can answer is listed once: in service.problems.PROBLEM_CODES,
in docs/api.md's table, and in openapi.yaml."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

from service.problems import PROBLEM_CODES

ROOT = Path(__file__).resolve().parents[2]


def _constants(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _constants(node.body) | _constants(node.orelse)
    return set()


def codes_in_source() -> set[str]:
    """The codes written where problems are made: Problem(pointer, CODE, …), the sheet reader's
    bad(pointer, CODE, …), the notation's _problem(line, column, CODE, …), the bounds' _too_many(CODE, …), and `code = A if … else B`
    beside them."""
    found: set[str] = set()
    for path in (ROOT / "service").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and len(node.args) >= 2:
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name in ("Problem", "bad", "one"):  # one: Rejected.one(pointer, CODE, …)
                    found |= _constants(node.args[1])
                if name in ("_too_many", "_too_large", "too_large", "_refused_line"):  # (CODE, …)
                    found |= _constants(node.args[0])
                if name in ("_problem", "notation_problem") and len(node.args) >= 3:  # (line, column, CODE, …)
                    found |= _constants(node.args[2])
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "code" for t in node.targets):
                found |= _constants(node.value)
    return found


def test_every_code_made_is_registered():
    made = codes_in_source()
    assert len(made) > 40
    assert made <= set(PROBLEM_CODES), sorted(made - set(PROBLEM_CODES))
    assert set(PROBLEM_CODES) <= made, f"registered but never made: {sorted(set(PROBLEM_CODES) - made)}"


def test_every_code_is_in_the_docs_and_the_openapi_document():
    docs = (ROOT / "docs" / "api.md").read_text()
    for code in PROBLEM_CODES:
        assert f"| `{code}` |" in docs, code
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    listed = spec["components"]["schemas"]["ProblemItem"]["properties"]["code"]["enum"]
    assert listed == list(PROBLEM_CODES)
