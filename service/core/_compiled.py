"""Which core runs, compiled or pure, and a guard against compiled modules older than their source.

An install compiles the core's modules to C extension modules with mypyc where a C compiler is
(``setup.py``): the same code giving the same answers, two to three times as fast. Python imports
a compiled module in preference to its source, so a module edited after it was compiled would go
on running as it was. Here, before any other module of the core is imported, the core chooses:

- compiled, where every compiled module is at least as new as its source;
- pure Python, where ``BAOHUANG_PURE=1`` asks for it, or where any compiled module is older than
  its source (an edited checkout): the core's imports are then served from the ``.py`` files,
  and ``WHY`` says why (``baohuang --version`` shows it). Compiling again
  (``pip install -e .``) brings the compiled core back.

This module is never compiled itself.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).parent
PACKAGE = __name__.rsplit(".", 1)[0]  # service.core


def stale_modules(root: Path = HERE) -> list[tuple[Path, Path]]:
    """(compiled module, its source) for every compiled module older than its source."""
    stale = []
    for suffix in EXTENSION_SUFFIXES:
        for compiled in root.rglob("*" + suffix):
            for kind in (".py", ".c"):  # mypyc's modules, and the one written in C (_jsonscan.c)
                source = compiled.with_name(compiled.name[: -len(suffix)] + kind)
                if source.exists() and source.stat().st_mtime > compiled.stat().st_mtime:
                    stale.append((compiled, source))
    return stale


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Serve the core's modules from their ``.py`` files, whatever is compiled beside them."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PACKAGE + "."):
            return None
        relative = fullname[len(PACKAGE) + 1 :].replace(".", "/")
        for candidate in (HERE / f"{relative}.py", HERE / relative / "__init__.py"):
            if candidate.exists():
                loader = importlib.machinery.SourceFileLoader(fullname, str(candidate))
                is_package = candidate.name == "__init__.py"
                return importlib.util.spec_from_file_location(
                    fullname,
                    candidate,
                    loader=loader,
                    submodule_search_locations=[str(candidate.parent)] if is_package else None,
                )
        return None


def _has_compiled() -> bool:
    return any((HERE / ("engine" + suffix)).exists() for suffix in EXTENSION_SUFFIXES)


WHY: str
if not _has_compiled():
    WHY = "pure Python (not compiled: no C compiler at install, or BAOHUANG_PURE=1 then)"
    COMPILED = False
elif os.environ.get("BAOHUANG_PURE") == "1":
    WHY = "pure Python (BAOHUANG_PURE=1)"
    COMPILED = False
elif stale := stale_modules():
    WHY = f"pure Python ({stale[0][1].name} is newer than its compiled module: pip install -e . compiles it again)"
    COMPILED = False
else:
    WHY = "compiled (mypyc)"
    COMPILED = True
if not COMPILED and _has_compiled():
    sys.meta_path.insert(0, _SourceFirst())
