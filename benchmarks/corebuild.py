"""The service as the container runs it, for the benchmarks: the rules core compiled by mypyc.
The checkout itself where its install compiled it (pip install -e .) and nothing is newer than
its compiled modules; else a copy of the checkout, compiled there (setup.py), the checkout left
as it is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def compiled_copy(root: Path, dest: Path) -> Path:
    """``root`` where its core runs compiled; else a copy of what the service needs from ``root``
    in ``dest``, its core compiled there."""
    if core_label(root) == "core: compiled (mypyc)":
        return root
    skip = shutil.ignore_patterns("__pycache__", "*.so")
    for name in ("service", "migrations", "benchmarks"):
        shutil.copytree(root / name, dest / name, ignore=skip)
    for name in ("setup.py", "pyproject.toml", "gunicorn.conf.py"):
        shutil.copy2(root / name, dest / name)
    build = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=dest,
        # (BAOHUANG_COMPILE=1: an older checkout compiled only when asked)
        env={**{k: v for k, v in os.environ.items() if k != "BAOHUANG_PURE"}, "BAOHUANG_COMPILE": "1"},
        capture_output=True,
        text=True,
    )
    if build.returncode != 0:
        sys.exit(
            f"compiling the core failed (it needs mypy and a C compiler; --pure skips it):\n{build.stderr[-2000:]}"
        )
    return dest


def core_label(root: Path) -> str:
    """Which form of the core the service at ``root`` runs."""
    out = subprocess.run(
        [sys.executable, "-c", "import service.core as c; print(c.COMPILED)"],
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(root)),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return "core: compiled (mypyc)" if out == "True" else "core: pure Python"
