#!/usr/bin/env bash
# The core as the container runs it: compiled with mypyc (setup.py, BAOHUANG_COMPILE=1). Compiles
# a copy of this checkout and runs the tests marked `compiled` against the compiled modules: all of
# tests/core, the referee's API tests and the fuzz suite (the core needs no database; they run on
# SQLite, and the PostgreSQL half where a server answers).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=$(pwd)/.venv/bin/python
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r service tests checks setup.py pyproject.toml migrations alembic.ini openapi.yaml "$work"/
find "$work" -name __pycache__ -prune -exec rm -rf {} +
cd "$work"
start=$(date +%s)
BAOHUANG_COMPILE=1 "$PY" setup.py -q build_ext --inplace >build.log 2>&1 || { cat build.log >&2; exit 1; }
echo "compiled $(find service/core -name '*.so' | wc -l) modules in $(($(date +%s) - start)) s"
env -u TEST_POSTGRES_URL BAOHUANG_EXPECT_COMPILED=1 "$PY" -m pytest -q -p no:cacheprovider --rootdir "$work" \
  -m compiled tests
