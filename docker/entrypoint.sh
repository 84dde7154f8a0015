#!/bin/sh
# Container start: bring the schema to the latest migration once, then serve with gunicorn.
# Configured only by the environment: DATABASE_URL, PORT, WEB_CONCURRENCY, LOG_LEVEL,
# BAOHUANG_MAX_BODY_BYTES, BAOHUANG_RATE_LIMIT_PER_MINUTE, GUNICORN_TIMEOUT, …
set -eu
PYTHON="${PYTHON:-python}"
"$PYTHON" -m service.cli db upgrade
exec "$PYTHON" -m gunicorn -c python:service.gunicorn_conf service.wsgi:app "$@"
