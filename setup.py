"""Build hook: everything about the package is in pyproject.toml, but the compiled core.

Every install — ``pip install .``, ``pip install -e .``, the container image — compiles the rules
core to C extension modules with mypyc when a C compiler is there: the same code giving the same
answers, two to three times as fast. Where the build fails (no compiler, no Python headers), the
install goes on with the pure-Python core and says so in one line. ``BAOHUANG_PURE=1`` at install
time skips the compiling (and at run time ignores compiled modules: service/core/_compiled.py).
``baohuang --version`` says which core runs. See docs/operations.md, "The compiled core".
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# Every module of the rules core but the package files, the guard against stale compiled modules
# (service/core/_compiled.py) and the random-game generator (tests and benchmarks only).
CORE = sorted(
    str(p)
    for p in Path("service/core").rglob("*.py")
    if p.name not in ("__init__.py", "_compiled.py", "random_game.py", "random_play.py")
)
NOTICE = "baohuang: the rules core is not compiled ({why}); it runs as pure Python, about half as fast"


class OptionalBuild(build_ext):
    """Build the compiled core if it can be built; otherwise leave no part of it behind (a shim
    without its library would not import) and carry on with the pure core."""

    def run(self) -> None:
        try:
            super().run()
        except (Exception, SystemExit) as exc:  # a compiler missing or failing: the pure core is complete by itself
            for ext in self.extensions:
                for path in (self.get_ext_fullpath(ext.name), self.get_ext_filename(ext.name)):
                    Path(path).unlink(missing_ok=True)
            print(NOTICE.format(why=f"{exc.__class__.__name__}: {exc}".strip()[:200]), file=sys.stderr)

    def get_outputs(self) -> list[str]:
        return [p for p in super().get_outputs() if Path(p).exists()]


def _extensions() -> list[object]:
    if os.environ.get("BAOHUANG_PURE") == "1":
        print(NOTICE.format(why="BAOHUANG_PURE=1"), file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        print(NOTICE.format(why=f"no mypyc: {exc}"), file=sys.stderr)
        return []
    # The strict JSON decode's one pass over the bytes (service/core/jsonio.py) is written in C
    # itself: a loop over bytes is what mypyc compiles least well.
    scan = Extension("service.core._jsonscan", ["service/core/_jsonscan.c"], extra_compile_args=["-O2"])
    try:
        return [*mypycify(CORE, opt_level="3", group_name="service.core.compiled"), scan]
    except (Exception, SystemExit) as exc:  # mypyc could not translate the core (it exits on a type
        # error, SystemExit): the pure core still works
        print(NOTICE.format(why=f"{exc.__class__.__name__}: {exc}"[:200]), file=sys.stderr)
        return []


if __name__ == "__main__":  # as setuptools runs it; a test imports it to try the fallbacks
    setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuild})
