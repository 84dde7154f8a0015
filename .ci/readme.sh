#!/usr/bin/env bash
# The README's first command, exactly as a new user types it: from a fresh clone of this checkout
# into a fresh venv, with pip's own build isolation (no lock, no --no-build-isolation). It must
# install the service with the compiled core, and the service it starts must answer /livez.
# The server is stopped by its process group; the clone is removed.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
cmd=$(grep -m1 -E '^python3 -m venv \.venv && ' README.md | sed -E 's/[[:space:]]+#.*$//')
[ -n "$cmd" ] || { echo "README.md: no first command 'python3 -m venv .venv && ...' found" >&2; exit 1; }
echo "README: $cmd"
work=$(mktemp -d)
log=$work/readme.log
pid=
cleanup() {
  if [ -n "$pid" ]; then kill -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
git clone -q "$src" "$work/clone"
# What is not committed yet (a developer's run) is copied over, so the check sees the tree tested.
git -C "$src" ls-files -m -o --exclude-standard -z | (cd "$src" && while IFS= read -r -d '' f; do
  if [ -e "$f" ]; then cp --parents "$f" "$work/clone"; else rm -f "$work/clone/$f"; fi
done)
cd "$work/clone"
if curl -fsS -m 2 http://127.0.0.1:8000/livez >/dev/null 2>&1; then
  echo "something already answers on 127.0.0.1:8000: stop it first" >&2
  exit 1
fi
set -m
bash -c "$cmd" >"$log" 2>&1 &
pid=$!
set +m
for _ in $(seq 1 600); do
  curl -fsS -m 2 http://127.0.0.1:8000/livez >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "the README's first command ended before the service answered:" >&2; tail -40 "$log" >&2; exit 1; }
  sleep 1
done
curl -fsS -m 2 http://127.0.0.1:8000/livez || { echo "/livez did not answer within 10 minutes" >&2; tail -40 "$log" >&2; exit 1; }
echo
version=$(.venv/bin/baohuang --version)
echo "$version"
case "$version" in
  *"core compiled"*) ;;
  *) echo "the README's install did not compile the core:" >&2; grep -i "not compiled" "$log" >&2 || true; exit 1 ;;
esac
echo "the README's first command installs (compiled) and serves"
