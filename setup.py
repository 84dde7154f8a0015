"""Build hook: everything about the package is in pyproject.toml.

``BAOHUANG_COMPILE=1`` compiles the rules core to C extension modules with mypyc (needs mypy
and a C compiler); the container image does, and ``.ci/compiled-core.sh`` tests that build.
Without it (the default, and every editable install) the core stays pure Python.
See docs/operations.md, "The compiled core".
"""

import os
from pathlib import Path

from setuptools import setup

# Every module of the rules core but the package files, the guard against stale compiled modules
# (service/core/_compiled.py) and the random-game generator (tests and benchmarks only).
CORE = sorted(
    str(p)
    for p in Path("service/core").rglob("*.py")
    if p.name not in ("__init__.py", "_compiled.py", "random_game.py")
)

ext_modules = []
if os.environ.get("BAOHUANG_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(CORE, opt_level="3", group_name="service.core.compiled")

setup(ext_modules=ext_modules)
