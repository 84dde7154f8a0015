#!/usr/bin/env bash
# Make sure a Redis server answers on 127.0.0.1:6379 (the shared rate-limit store's tests): use the
# one that runs, start one that is installed, or install one. It keeps nothing on disk.
set -euo pipefail
ready() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if ! command -v redis-server >/dev/null 2>&1; then
  echo "installing Redis" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq redis-server redis-tools >/dev/null
fi
if ! ready; then
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
for _ in $(seq 1 40); do ready && break; sleep 0.25; done
ready || { echo "Redis did not come up on 127.0.0.1:6379" >&2; exit 1; }
redis-server --version
