"""Collection across tests/ and service/ (the doctests).

Where the rules core runs compiled, its modules are C extensions: the doctests of those modules
are collected by the run on the pure core (.ci/pure-core.sh, BAOHUANG_PURE=1), which imports the
same ``.py`` files that were compiled.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import service.core


def pytest_ignore_collect(collection_path: Path, config: object) -> bool | None:
    if not service.core.COMPILED or collection_path.suffix != ".py":
        return None
    stem = collection_path.with_suffix("")
    if any(Path(f"{stem}{suffix}").exists() for suffix in EXTENSION_SUFFIXES):
        return True
    return None


def pytest_collection_modifyitems(items: list[object]) -> None:
    """The core's doctests run on both cores, like the tests marked ``compiled``."""
    import pytest

    for item in items:
        path = str(getattr(item, "path", ""))
        if type(item).__name__ == "DoctestItem" and "/service/core/" in path:
            item.add_marker(pytest.mark.compiled)  # type: ignore[attr-defined]
