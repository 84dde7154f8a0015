#!/usr/bin/env bash
# The lock files (requirements/*.txt): every package the service, its build and its development
# tools install, pinned with hashes, for every platform (uv pip compile --universal), made from
# pyproject.toml. The Dockerfile and .ci/run install from them with pip --require-hashes.
#
#   bash .ci/lock.sh            write the lock files again, keeping every pin that still fits
#   bash .ci/lock.sh --check    fail when they no longer match pyproject.toml (CI runs this)
#   bash .ci/lock.sh --upgrade  take the newest versions pyproject.toml allows (then run .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
UV=${UV:-.venv/bin/uv}
mode=${1:-write}
out=requirements
if [ "$mode" = --check ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
  cp requirements/*.txt "$out"/
fi
upgrade=()
[ "$mode" = --upgrade ] && upgrade=(--upgrade)

# The build's own requirements ([build-system] requires), as a file uv can read.
{
  echo "# [build-system] requires of pyproject.toml, written by .ci/lock.sh"
  .venv/bin/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))'
} >"$out/build.in"
if [ "$mode" = --check ] && ! diff -u requirements/build.in "$out/build.in" >&2; then
  echo "requirements/build.in no longer matches pyproject.toml: run 'bash .ci/lock.sh' and commit it" >&2
  exit 1
fi
build_in=requirements/build.in

compile() {  # compile OUTPUT SOURCE... [OPTIONS]
  local output=$1
  shift
  "$UV" pip compile -q --universal --python-version 3.11 --generate-hashes --no-header \
    "${upgrade[@]}" -o "$out/$output" "$@"
}
compile service.txt pyproject.toml
compile build.txt "$build_in"
compile dev.txt pyproject.toml "$build_in" --extra dev

if [ "$mode" = --check ]; then
  for f in service.txt build.txt dev.txt; do
    diff -u "requirements/$f" "$out/$f" >/dev/null || {
      echo "requirements/$f no longer matches pyproject.toml: run 'bash .ci/lock.sh' and commit it" >&2
      diff -u "requirements/$f" "$out/$f" | head -40 >&2
      exit 1
    }
  done
  echo "the lock files match pyproject.toml"
fi
