"""Fixtures: the stateless app, and a fresh database per test on SQLite and on PostgreSQL.

PostgreSQL tests use TEST_POSTGRES_URL (default: the local server as user postgres). Where no
server answers they are skipped — except under CI=true, where .ci/run has started one and a
missing server is a failure.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from service.app import create_app

# The pages sign their cookies with this (else a key file would be made in the working directory).
os.environ.setdefault("BAOHUANG_SECRET_KEY", "tests")

PG_ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql+psycopg2://postgres@127.0.0.1:5432/postgres")


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "stateless.sqlite3"
    return create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{path}", "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True}
    )


@pytest.fixture()
def client(app):
    return app.test_client()


def _pg_available() -> bool:
    try:
        eng = create_engine(PG_ADMIN_URL, connect_args={"connect_timeout": 2})
        with eng.connect():
            pass
        eng.dispose()
        return True
    except Exception:
        return False


_PG = None


def pg_available() -> bool:
    global _PG
    if _PG is None:
        _PG = _pg_available()
    return _PG


@contextmanager
def fresh_pg_database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database, dropped afterwards (skipped, or under CI failed, where
    no server answers)."""
    if not pg_available():
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN_URL}")
        pytest.skip("PostgreSQL is not reachable")
    name = f"bh_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG_ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


@pytest.fixture()
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database, dropped afterwards."""
    with fresh_pg_database() as url:
        yield url


REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture()
def redis_url() -> str:
    """A Redis server (database 15 by default). Skipped where none answers, except under CI."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is not reachable at {REDIS_URL}")
        pytest.skip("Redis is not reachable")
    return REDIS_URL


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """One SQLite file brought to the latest migration, once a run: each test's database starts
    as a copy of it (migrating a fresh file for every test took most of the quick run's setup)."""
    from service.persistence.db import Database

    path = tmp_path_factory.mktemp("template") / "migrated.sqlite3"
    database = Database(f"sqlite:///{path}")
    database.upgrade()
    with database.engine.connect() as c:
        c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    database.dispose()
    return path


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request, tmp_path) -> str:
    """A database at the latest migration, holding nothing: SQLite (a copy of one migrated file)
    and PostgreSQL (a fresh database, migrated by the app or the test)."""
    if request.param == "sqlite":
        path = tmp_path / "test.sqlite3"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
        return f"sqlite:///{path}"
    return request.getfixturevalue("pg_url")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def empty_db_url(request, tmp_path) -> str:
    """A database with no schema at all (the migrations' own tests)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    return request.getfixturevalue("pg_url")


@pytest.fixture()
def db_app(db_url):
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True})
    yield app
    app.extensions["baohuang_db"].dispose()


@pytest.fixture()
def db_client(db_app):
    return db_app.test_client()


TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    """Markers by folder: tests/system is slow (servers, fuzzing, faults), and so is whatever needs a
    PostgreSQL or Redis server; tests/core and the tests
    marked ``compiled`` elsewhere make the run against the compiled core (.ci/compiled-core.sh)."""
    for item in items:
        path = Path(str(item.fspath)).resolve()
        if TESTS / "system" in path.parents or {"pg_url", "redis_url"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
        if TESTS / "core" in path.parents:
            item.add_marker(pytest.mark.compiled)


def pytest_terminal_summary(terminalreporter):
    from tests.system.robustness.figures import FIGURES

    if FIGURES:
        terminalreporter.section("robustness")
        first = (
            "requests tried",
            "5xx answers",
            "games stored from bad input",
            "faults injected",
            "games acknowledged",
            "games lost",
        )
        for name in (*first, *sorted(set(FIGURES) - set(first))):
            terminalreporter.write_line(f"{name}: {FIGURES.get(name, 0)}")
