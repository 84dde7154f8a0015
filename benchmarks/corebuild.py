"""The service as the container runs it, for the benchmarks: a copy of this checkout with the rules
core compiled by mypyc (setup.py, BAOHUANG_COMPILE=1). The checkout itself is left as it is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def compiled_copy(root: Path, dest: Path) -> Path:
    """Copy what the service needs from ``root`` into ``dest`` and compile its core there."""
    skip = shutil.ignore_patterns("__pycache__", "*.so")
    for name in ("service", "migrations", "benchmarks"):
        shutil.copytree(root / name, dest / name, ignore=skip)
    for name in ("setup.py", "pyproject.toml", "gunicorn.conf.py"):
        shutil.copy2(root / name, dest / name)
    build = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=dest,
        env=dict(os.environ, BAOHUANG_COMPILE="1"),
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
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return "core: compiled (mypyc)" if out == "True" else "core: pure Python"
