# Shortcuts for the commands a developer runs; .ci/run is what CI runs (it installs everything first).
PY ?= .venv/bin/python

.PHONY: test test-fast lint bench openapi

test:            ## the whole suite, as CI runs it (installs, lints, PostgreSQL, Redis, compiled core)
	bash .ci/run

test-fast:       ## the quick part: no PostgreSQL half, no slow tests (about a minute on 2 slow cores)
	$(PY) -m pytest -q -m "not slow"

lint:            ## ruff, formatting, mypy, the layers' import contracts, openapi.yaml current
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy
	.venv/bin/lint-imports
	.venv/bin/baohuang openapi | diff -u openapi.yaml -

bench:           ## the timing scripts (they print figures; docs/benchmarks.md has the latest)
	$(PY) benchmarks/bench_adjudicate.py
	$(PY) benchmarks/bench_load.py
	$(PY) benchmarks/bench_tournament.py

openapi:         ## regenerate openapi.yaml after changing the HTTP contract
	.venv/bin/baohuang openapi > openapi.yaml
