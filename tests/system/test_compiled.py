"""The compiled form of the core (mypyc; .ci/compiled-core.sh runs the core's tests against it)."""

from __future__ import annotations

import os
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


def test_the_checkout_has_no_stale_compiled_module():
    assert stale_modules() == []


@pytest.mark.skipif(
    os.environ.get("BAOHUANG_EXPECT_COMPILED") != "1", reason="the compiled build is tested by its script"
)
def test_the_compiled_core_is_the_one_running():
    assert service.core.COMPILED
    assert not service.core.engine.__file__.endswith(".py")
