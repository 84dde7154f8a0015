"""Is the core running compiled? And a guard against compiled modules older than their source.

The core's modules can be compiled to C extension modules with mypyc (``setup.py``; the container
image is built so): the same code giving the same answers, about twice as fast. Python imports a
compiled module in preference to its source, so a module edited after it was compiled would go
on running as it was: the package refuses to load instead. The package imports this module
before any other, and it is never compiled itself.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

HERE = Path(__file__).parent


def stale_modules(root: Path = HERE) -> list[tuple[Path, Path]]:
    """(compiled module, its source) for every compiled module older than its source."""
    stale = []
    for suffix in EXTENSION_SUFFIXES:
        for compiled in root.rglob("*" + suffix):
            source = compiled.with_name(compiled.name[: -len(suffix)] + ".py")
            if source.exists() and source.stat().st_mtime > compiled.stat().st_mtime:
                stale.append((compiled, source))
    return stale


if stale := stale_modules():
    compiled, source = stale[0]
    raise ImportError(
        f"{compiled} is older than {source.name}: compile the core again "
        "(BAOHUANG_COMPILE=1 python setup.py build_ext --inplace) "
        "or delete its compiled modules (find service/core -name '*.so' -delete)"
    )

COMPILED: bool = any((HERE / ("engine" + suffix)).exists() for suffix in EXTENSION_SUFFIXES)
