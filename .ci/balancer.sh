#!/usr/bin/env bash
# HAProxy and PgBouncer from Debian's packages, for the test of several instances behind a
# balancer on a pooled PostgreSQL (tests/system/test_several_instances.py). The test runs its own
# of each on free ports and stops them; the packages' own services are not started or used.
set -euo pipefail
if ! command -v haproxy >/dev/null 2>&1 || ! command -v pgbouncer >/dev/null 2>&1; then
  echo "installing HAProxy and PgBouncer" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # policy-rc.d: the packages' services stay stopped (the machine's ports are not ours)
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get install -y -qq haproxy pgbouncer >/dev/null
fi
haproxy -v | sed -n 1p  # sed reads it all: head would leave haproxy a broken pipe (pipefail)
pgbouncer --version | sed -n 1p
