"""Several instances of the service on one PostgreSQL database: started together on an empty
database, each brings the schema to head or waits for the one that does, and all come up."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from sqlalchemy import create_engine, text

from tests.system.test_deploy import ROOT, start_serve, wait_ready

pytestmark = pytest.mark.slow


def _head_and_tables(url: str) -> tuple[set[str], int]:
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            versions = set(c.execute(text("SELECT version_num FROM alembic_version")).scalars())
            tables = c.execute(text("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).scalar_one()
        return versions, int(tables)
    finally:
        engine.dispose()


def test_three_upgrades_at_once_on_an_empty_database_all_succeed(pg_url):
    """Three `baohuang db upgrade` at the same moment: one migrates, the others wait for it and
    find the schema at head (they used to race: duplicate key … pg_type_typname_nsp_index)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), DATABASE_URL=pg_url)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "service.cli", "db", "upgrade"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(3)
    ]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], outs
    versions, tables = _head_and_tables(pg_url)
    assert len(versions) == 1 and tables > 20


def test_three_instances_started_together_on_an_empty_database_all_come_up(pg_url, tmp_path):
    """Three `baohuang serve` (two workers each) started together on an empty database: all
    three ready within 60 s, the schema at head once."""
    started = []
    try:
        for k in range(3):
            (tmp_path / str(k)).mkdir()
            started.append(start_serve(tmp_path / str(k), 2, quiet=False, DATABASE_URL=pg_url))
        begun = time.monotonic()
        for proc, port in started:
            wait_ready(port, proc, seconds=max(1.0, begun + 60 - time.monotonic()))
        print(f"three instances ready {time.monotonic() - begun:.1f} s after they were started together")
        assert len(_head_and_tables(pg_url)[0]) == 1
    finally:
        for proc, _ in started:
            proc.send_signal(signal.SIGTERM)
        for proc, _ in started:
            try:
                proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()


def _stop(proc: subprocess.Popen) -> str:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.communicate(timeout=30)[0]
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.communicate()[0]


def test_a_build_slower_than_the_request_timeout_delays_readiness_and_stops_nothing(tmp_path):
    """A worker whose build holds its loop for 8 s, with requests timed out after 3 s: the master
    does not kill it (its heartbeat goes on from a thread of its own) and the instance comes up."""
    proc, port = start_serve(tmp_path, 1, quiet=False, GUNICORN_TIMEOUT="3", BAOHUANG_TEST_SLOW_BUILD="8")
    try:
        started = time.monotonic()
        wait_ready(port, proc, seconds=60)
        assert time.monotonic() - started >= 7  # it did wait for the slow build
        assert proc.poll() is None
    finally:
        out = _stop(proc)
    assert "WORKER TIMEOUT" not in out and "failed to boot" not in out.lower(), out


def test_a_failed_build_is_tried_again_and_said(tmp_path):
    """The first two builds fail: each is logged, tried again after 1 s then 2 s, and the third
    comes up; the instance never stops."""
    proc, port = start_serve(tmp_path, 1, quiet=False, BAOHUANG_TEST_FAILED_BUILDS="2")
    try:
        wait_ready(port, proc, seconds=60)
    finally:
        out = _stop(proc)
    assert "the app could not be built (attempt 1); trying again in 1 s" in out, out
    assert "the app could not be built (attempt 2); trying again in 2 s" in out, out
    assert "attempt 3" not in out
