"""The compiled form of the core (mypyc; .ci/compiled-core.sh runs the core's tests against it)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

import service.core
from service.core._compiled import stale_modules

pytestmark = pytest.mark.compiled  # run again against the compiled core


def test_a_compiled_module_older_than_its_source_is_found(tmp_path):
    (tmp_path / "crown").mkdir()
    compiled = tmp_path / "crown" / ("rules" + EXTENSION_SUFFIXES[0])
    source = tmp_path / "crown" / "rules.py"
    compiled.write_bytes(b"")
    source.write_text("")
    os.utime(compiled, (1_000, 1_000))
    os.utime(source, (2_000, 2_000))
    assert stale_modules(tmp_path) == [(compiled, source)]
    os.utime(compiled, (3_000, 3_000))  # compiled again after the edit
    assert stale_modules(tmp_path) == []


def test_a_module_written_in_c_is_stale_when_its_source_is_newer(tmp_path):
    compiled = tmp_path / ("_jsonscan" + EXTENSION_SUFFIXES[0])
    source = tmp_path / "_jsonscan.c"
    compiled.write_bytes(b"")
    source.write_text("")
    os.utime(compiled, (1_000, 1_000))
    os.utime(source, (2_000, 2_000))
    assert stale_modules(tmp_path) == [(compiled, source)]


@pytest.mark.skipif(os.environ.get("BAOHUANG_EXPECT_COMPILED") != "1", reason="CI asks for the compiled core (.ci/run)")
def test_the_compiled_core_reads_json_with_its_pass_over_the_bytes():
    from service.core import jsonio

    assert jsonio._scan is not None


def test_the_checkout_has_no_stale_compiled_module():
    assert stale_modules() == []


@pytest.mark.skipif(os.environ.get("BAOHUANG_EXPECT_COMPILED") != "1", reason="CI asks for the compiled core (.ci/run)")
def test_the_compiled_core_is_the_one_running():
    """The README's install (pip install -e .) compiled the core, and it is what runs."""
    assert service.core.COMPILED
    assert not service.core.engine.__file__.endswith(".py")


def _in_a_fresh_interpreter(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


PROBE = (
    "import json, service.core as c; from service.core import adjudicate, random_record;"
    "r = adjudicate(random_record(seed=7)).to_json();"
    "print(json.dumps([c.COMPILED, c.engine.__file__.endswith('.py'), r]))"
)


def test_baohuang_pure_runs_the_source_and_gives_the_same_answers():
    import json

    pure = json.loads(_in_a_fresh_interpreter(PROBE, BAOHUANG_PURE="1"))
    assert pure[:2] == [False, True]
    default = json.loads(_in_a_fresh_interpreter(PROBE, BAOHUANG_PURE="0"))
    assert default[0] == (not default[1])  # compiled where there are compiled modules, else the source
    assert default[2] == pure[2]


def test_the_version_says_which_core_runs():
    line = _in_a_fresh_interpreter("from service.cli import version_line; print(version_line())", BAOHUANG_PURE="1")
    assert "rules core pure Python (BAOHUANG_PURE=1)" in line


@pytest.mark.skipif(not service.core.COMPILED, reason="no compiled core here to compare with the pure one")
def test_the_compiled_and_pure_cores_agree_on_every_generated_game():
    """Every ruleset the reference tests use, 40 seeds each: legal records with and without the
    deal, one mistake made in each, and the notation form read back — 2,240 verdicts."""
    import json

    code = "import runpy, sys; sys.argv = ['probe', '40']; runpy.run_module('tests.system.agreement_probe', run_name='__main__')"
    compiled = json.loads(_in_a_fresh_interpreter(code, BAOHUANG_PURE="0"))
    pure = json.loads(_in_a_fresh_interpreter(code, BAOHUANG_PURE="1"))
    assert (compiled["compiled"], pure["compiled"]) == (True, False)
    assert len(compiled["verdicts"]) == len(pure["verdicts"]) == 40 * 4 * 14
    differ = [c for c, p in zip(compiled["verdicts"], pure["verdicts"], strict=True) if c != p]
    assert not differ, f"{len(differ)} verdicts differ, the first: {differ[0]}"
