#!/usr/bin/env bash
# The Python client in clients/python/baohuang_client is generated from openapi.yaml by
# openapi-python-client (pinned here, in a venv of its own so that its ruff does not meet ours),
# with the hand-written modules of clients/python/extras copied in.
#   bash .ci/client.sh            # check: the committed client is what openapi.yaml generates
#   bash .ci/client.sh --write    # regenerate it after a change to the API
set -euo pipefail
cd "$(dirname "$0")/.."
GEN=.venv-clientgen
VERSION=0.29.1
if [ ! -x "$GEN/bin/openapi-python-client" ] || ! "$GEN/bin/openapi-python-client" --version | grep -q "$VERSION"; then
  python3 -m venv "$GEN"
  "$GEN/bin/python" -m pip install -q "openapi-python-client==$VERSION" 2>&1 | grep -v "^WARNING: Location" || true
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
PATH="$PWD/$GEN/bin:$PATH" "$GEN/bin/openapi-python-client" generate --path openapi.yaml --meta none \
  --output-path "$out/baohuang_client" --overwrite >"$out/log" 2>&1 || { cat "$out/log" >&2; exit 1; }
rm -rf "$out/baohuang_client/.ruff_cache"
# Hand-written modules (clients/python/extras: checking webhook signatures) go into the package
# with every generation, so regenerating never loses them.
cp clients/python/extras/*.py "$out/baohuang_client/"
if [ "${1:-}" = "--write" ]; then
  rm -rf clients/python/baohuang_client
  cp -r "$out/baohuang_client" clients/python/baohuang_client
  echo "clients/python/baohuang_client regenerated"
elif ! diff -r "$out/baohuang_client" clients/python/baohuang_client >/dev/null; then
  echo "clients/python/baohuang_client is stale: run 'bash .ci/client.sh --write'" >&2
  diff -r "$out/baohuang_client" clients/python/baohuang_client | head -40 >&2
  exit 1
fi
