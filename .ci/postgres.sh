#!/usr/bin/env bash
# Make sure a PostgreSQL server answers on 127.0.0.1:5432 with user postgres / password postgres:
# use the one that runs, start one that is installed but stopped, or install one.
set -euo pipefail
PGHOST=127.0.0.1 PGPORT=5432
export PGPASSWORD=postgres

ready() { pg_isready -h "$PGHOST" -p "$PGPORT" -q 2>/dev/null; }

if ! command -v pg_isready >/dev/null 2>&1 || { ! ready && ! ls /etc/postgresql/*/main >/dev/null 2>&1; }; then
  echo "installing PostgreSQL" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
fi
if ! ready; then
  for conf in /etc/postgresql/*/main; do
    version=$(basename "$(dirname "$conf")")
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
  done
fi
for _ in $(seq 1 60); do ready && break; sleep 0.5; done
ready || { echo "PostgreSQL did not come up on $PGHOST:$PGPORT" >&2; exit 1; }

# Password login over TCP (a fresh Debian install asks for one; a trusting server ignores it).
if ! psql -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
  su postgres -c "psql -Atqc \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
fi
psql -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -Atqc 'select version()'
