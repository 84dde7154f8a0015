#!/usr/bin/env bash
# The other form of the core. The install (pip install -e .) compiles the rules core with mypyc and
# the main test run uses it; this runs the tests marked `compiled` — all of tests/core, the
# referee's API tests, the fuzz suite — and the core's doctests again on the pure-Python core
# (BAOHUANG_PURE=1: the same .py files, imported from source), so both forms give the same answers.
set -euo pipefail
cd "$(dirname "$0")/.."
env -u TEST_POSTGRES_URL BAOHUANG_PURE=1 BAOHUANG_EXPECT_COMPILED=0 .venv/bin/python -m pytest -q \
  -m compiled tests service/core
