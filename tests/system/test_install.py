"""The install falls back to the pure core on any failure of the compile (setup.py), and the build
requirements hold every package the compiled modules import — so that the README's first command
(``pip install -e .`` in pip's isolated build environment) compiles on a fresh machine. The command
itself runs literally, from a fresh clone, in .ci/readme.sh."""

from __future__ import annotations

import ast
import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("baohuang_setup", ROOT / "setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: setup() is not called
    return module


def test_mypyc_exiting_on_a_type_error_falls_back_to_the_pure_core(monkeypatch, capsys) -> None:
    """mypyc reports a type error by ``SystemExit``; that was not caught, and pip aborted."""
    import mypyc.build

    def exits(*args: object, **kwargs: object) -> object:
        raise SystemExit(2)

    monkeypatch.setattr(mypyc.build, "mypycify", exits)
    monkeypatch.delenv("BAOHUANG_PURE", raising=False)
    monkeypatch.chdir(ROOT)
    assert _setup_module()._extensions() == []
    assert "the rules core is not compiled (SystemExit: 2)" in capsys.readouterr().err


def test_a_compiler_exiting_falls_back_to_the_pure_core(monkeypatch, capsys, tmp_path) -> None:
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    setup = _setup_module()

    def exits(self: object) -> None:
        raise SystemExit("error: command 'gcc' failed")

    monkeypatch.setattr(build_ext, "run", exits)
    command = setup.OptionalBuild(Distribution({"name": "x", "ext_modules": []}))
    command.ensure_finalized()
    command.run()  # does not raise
    assert "the rules core is not compiled (SystemExit: error: command 'gcc' failed)" in capsys.readouterr().err


def _third_party_imports_of_the_core() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "service/core").rglob("*.py")):
        if path.name in ("__init__.py", "_compiled.py", "random_game.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                else []
            )
            for name in names:
                top = name.split(".")[0]
                if top != "service" and top not in sys.stdlib_module_names and top != "__future__":
                    found.add(top)
    return found


def test_the_build_requirements_hold_what_the_compiled_modules_import() -> None:
    """mypyc in pip's isolated build environment sees only [build-system] requires: orjson was
    missing there, and the compile stopped on ``import orjson``."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    names = {r.split("=")[0].split(">")[0].split("<")[0].split("[")[0].strip().lower() for r in requires}
    imports = _third_party_imports_of_the_core()
    assert "orjson" in imports  # the check sees what it checks
    assert imports <= names, f"[build-system] requires lacks {sorted(imports - names)}"


@pytest.mark.parametrize("line", [ln for ln in (ROOT / "README.md").read_text().splitlines()[:6] if "venv" in ln])
def test_the_readme_first_command_is_the_one_ci_runs(line: str) -> None:
    assert line.startswith("python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/baohuang serve")
    assert "readme.sh" in (ROOT / ".ci/run").read_text()
