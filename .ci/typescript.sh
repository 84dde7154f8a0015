#!/usr/bin/env bash
# The TypeScript client in clients/typescript: its packages from package-lock.json (npm ci), its
# types generated again from openapi.yaml by openapi-typescript and compared with the committed
# src/schema.ts, and the whole package type-checked and built with tsc. Its test against a live
# service runs with pytest (tests/system/test_typescript_client.py).
#   bash .ci/typescript.sh            # check
#   bash .ci/typescript.sh --write    # regenerate src/schema.ts after a change to the API
set -euo pipefail
cd "$(dirname "$0")/../clients/typescript"
if ! command -v npm >/dev/null; then
  echo "npm is not installed: the TypeScript client needs Node.js 20 or newer" >&2
  exit 1
fi
npm ci --no-audit --no-fund --loglevel=error
committed=$(mktemp)
trap 'rm -f "$committed"' EXIT
cp src/schema.ts "$committed"
npm run --silent generate >/dev/null 2>&1
if [ "${1:-}" != "--write" ] && ! diff -q "$committed" src/schema.ts >/dev/null; then
  diff -u "$committed" src/schema.ts | head -40 >&2
  cp "$committed" src/schema.ts
  echo "clients/typescript/src/schema.ts is stale: run 'bash .ci/typescript.sh --write'" >&2
  exit 1
fi
npx tsc -p tsconfig.json
npx tsc -p tsconfig.test.json --noEmit
# Installed as the README tells another project to: the tarball npm pack makes, into a project of
# its own (no network: its one dependency is in the npm cache npm ci filled), then imported.
if [ "${1:-}" != "--write" ]; then
  elsewhere=$(mktemp -d)
  trap 'rm -f "$committed"; rm -rf "$elsewhere"' EXIT
  tarball=$(npm pack --silent --pack-destination "$elsewhere" | tail -1)
  # The README's example, as another project would write it, type-checked there under --strict
  # (typescript and @types/node at the lock's versions, from the same cache).
  awk '/^```ts$/{f=1;next}/^```$/{f=0}f' README.md > "$elsewhere/example.ts"
  tsc_version=$(node -p 'require("./node_modules/typescript/package.json").version')
  node_types=$(node -p 'require("./node_modules/@types/node/package.json").version')
  (cd "$elsewhere" && npm init -y >/dev/null && npm pkg set type=module \
    && npm install --silent --no-audit --no-fund --prefer-offline "./$tarball" "typescript@$tsc_version" "@types/node@$node_types" \
    && node -e 'import("@baohuang/client").then((m) => { if (typeof m.createBaohuangClient !== "function") process.exit(1); })' \
    && npx tsc --strict --noEmit --module nodenext --moduleResolution nodenext --target es2022 --types node example.ts)
fi
echo "clients/typescript: types current, type-checked, built, installed elsewhere from its tarball, its README's example type-checked there"
