"""Engine, sessions and schema upgrades.

``DATABASE_URL`` chooses the database: PostgreSQL in production
(``postgresql+psycopg2://…``); without it, an embedded SQLite file
(``baohuang.sqlite3`` in the user's data directory, or ``BAOHUANG_SQLITE_PATH``: service/data_home.py).
"""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, select, text, update
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DisconnectionError,
    IntegrityError,
    InterfaceError,
    NoSuchModuleError,
    OperationalError,
    ProgrammingError,
)
from sqlalchemy.orm import Session, sessionmaker

from ..data_home import sqlite_path

# What the use cases see of the database library, named here so that they import none of it: the
# session a unit of work holds, a constraint the database refused (a parallel request stored the
# same thing first), and the errors of a database gone away.
__all__ = [
    "DATABASE_AWAY",
    "Database",
    "IntegrityError",
    "Session",
    "lock_rows",
    "may_run_again",
    "note_write",
    "writes_so_far",
]
DATABASE_AWAY = (OperationalError, InterfaceError)

# PostgreSQL's SQLSTATEs for a transaction the server ended so that others could go on: a deadlock
# it broke, a serialization failure. The transaction wrote nothing; run again, it succeeds.
_RUN_AGAIN = frozenset({"40P01", "40001"})

# How many transactions (and autocommit writes) this thread or greenlet has committed: a request
# that committed nothing may be run again whole after a deadlock (service/app.py).
_WRITES: ContextVar[int] = ContextVar("baohuang_writes", default=0)


def writes_so_far() -> int:
    """How many commits this thread or greenlet has made so far (compare two readings)."""
    return _WRITES.get()


def note_write(*_args: Any) -> None:
    """Count a commit (an engine's commit event, or a write in autocommit)."""
    _WRITES.set(_WRITES.get() + 1)


def may_run_again(exc: BaseException) -> bool:
    """Whether the database ended this transaction to break a deadlock or a serialization
    failure: nothing of it was written, and the same work run again will succeed."""
    return isinstance(exc, OperationalError) and getattr(exc.orig, "pgcode", None) in _RUN_AGAIN


MIGRATIONS = Path(__file__).resolve().parent.parent.parent / "migrations"


MIGRATION_LOCK = 0x62616F6875616E67  # "baohuang": the advisory lock every schema change takes


def _one_migration_at_a_time(conn: Connection) -> None:
    """On PostgreSQL, wait for any other process changing the schema: instances started together
    on an empty database migrate once, the others find it at head when the lock is theirs. The
    lock is the transaction's (released at its end), so it holds through a transaction pooler."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})


class DatabaseUrlError(ValueError):
    """DATABASE_URL names no database this service can use (one line, for the operator)."""


def database_url() -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        return normalise_url(url)
    return "sqlite:///" + str(sqlite_path())


def normalise_url(url: str) -> str:
    """The URL with the driver this service installs: the plain ``postgresql://`` and
    ``postgres://`` that hosts hand out mean psycopg2 (SQLAlchemy 2.1 would pick psycopg 3,
    which is not installed)."""
    for plain in ("postgres://", "postgresql://"):
        if url.startswith(plain):
            return "postgresql+psycopg2://" + url[len(plain) :]
    return url


def _unusable(url: str, why: object) -> DatabaseUrlError:
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:
        shown = "(not a URL)"
    return DatabaseUrlError(
        f"DATABASE_URL {shown} is not usable: {why}. Expected postgresql://user:password@host:5432/database "
        "or sqlite:///path/to/file.sqlite3"
    )


def lock_rows(s: Session, model: Any, ids: Sequence[int]) -> list[Any]:
    """Lock these rows for the rest of the transaction, in id order (two transactions locking
    the same rows wait for each other, never deadlock), and read them afresh: what a parallel
    transaction committed before is seen. PostgreSQL: ``SELECT … FOR NO KEY UPDATE`` (no id is
    ever changed, so the key-share locks that foreign-key checks take go through). SQLite has no row
    locks: a write that changes nothing takes the database's write lock, held to the commit."""
    wanted = sorted(set(ids))
    if s.get_bind().dialect.name == "sqlite":
        s.execute(
            update(model).where(model.id.in_(wanted)).values(id=model.id).execution_options(synchronize_session=False)
        )
    stmt = select(model).where(model.id.in_(wanted)).order_by(model.id).with_for_update(key_share=True)
    return list(s.scalars(stmt.execution_options(populate_existing=True)))


def make_engine(url: str, *, autocommit: bool = False) -> Engine:
    """The engine for ``url``. ``autocommit`` (PostgreSQL only): connections that run each
    statement as its own transaction, for work that is one statement (no BEGIN and COMMIT
    round trips). Such a connection is made autocommit when it is opened and stays so: nothing
    switches it back when it returns to its pool (switching a pooled connection for one request
    and back fails awkwardly when the database has just gone away)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
        event.listen(engine, "commit", note_write)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    engine = create_engine(
        url,
        pool_size=int(os.environ.get("BAOHUANG_DB_POOL", "10")),
        max_overflow=int(os.environ.get("BAOHUANG_DB_OVERFLOW", "20")),
        pool_timeout=5,
        connect_args={"connect_timeout": 3},
        **({"isolation_level": "AUTOCOMMIT"} if autocommit else {}),
    )
    _ping_when_idle(engine, float(os.environ.get("BAOHUANG_DB_PING_AFTER", "1")))
    if autocommit:
        # Every statement commits itself; one that may write counts (a plain SELECT does not).
        @event.listens_for(engine, "after_cursor_execute")
        def _autocommitted(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
            if statement.lstrip()[:6].upper() != "SELECT":
                note_write()

    else:
        event.listen(engine, "commit", note_write)
    return engine


def _ping_when_idle(engine: Engine, after: float) -> None:
    """Check a pooled connection before use if it sat idle longer than ``after`` seconds; a dead
    one (the server restarted) is replaced, so the request still succeeds.

    This is SQLAlchemy's pre-ping, but only for idle connections: a busy service does not pay a
    round trip on every request. A connection that dies while in steady use fails its request
    (503), and SQLAlchemy then renews the whole pool."""

    @event.listens_for(engine, "checkin")
    def _checkin(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checkout(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since <= after:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_conn)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError("the database connection went away while idle") from exc
        if not alive:
            raise DisconnectionError("the database connection went away while idle")


class Database:
    def __init__(self, url: str | None = None) -> None:
        self.url = normalise_url(url) if url else database_url()
        try:
            self.engine = make_engine(self.url)
        except (ArgumentError, NoSuchModuleError, ImportError) as exc:
            raise _unusable(self.url, exc) from None
        if self.engine.dialect.name not in ("sqlite", "postgresql"):
            raise _unusable(
                self.url, f"the service keeps its data in PostgreSQL or SQLite, not {self.engine.dialect.name}"
            )
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # PostgreSQL: a second pool whose connections are in autocommit, for requests whose
        # writes are one statement; on SQLite there is one pool and every request is a transaction.
        self.single_statement_sessions = self.sessions
        self._autocommit_engine: Engine | None = None
        if not self.is_sqlite:
            self._autocommit_engine = make_engine(self.url, autocommit=True)
            self.single_statement_sessions = sessionmaker(self._autocommit_engine, expire_on_commit=False)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def session(self, *, single_statement: bool = False) -> Iterator[Session]:
        """A session. ``single_statement``: the caller writes with at most one statement (reads
        before it see committed data as usual), so on PostgreSQL it needs no transaction around
        it; commit and rollback then do nothing."""
        with (self.single_statement_sessions if single_statement else self.sessions)() as s:
            yield s

    @property
    def engines(self) -> tuple[Engine, ...]:
        """Every engine (pool) of this database."""
        return (self.engine,) if self._autocommit_engine is None else (self.engine, self._autocommit_engine)

    def dispose(self) -> None:
        """Close every pooled connection."""
        for engine in self.engines:
            engine.dispose()

    def upgrade(self, revision: str = "head") -> None:
        """Bring the schema to ``revision``. At head already (the usual start), alembic is not
        even imported: the check is one query (importing alembic and reading the migrations
        costs ~0.5 s, and ``serve`` does this before every start)."""
        if revision == "head" and self.at_head():
            return
        from alembic import command

        with self.engine.begin() as conn:
            _one_migration_at_a_time(conn)
            command.upgrade(alembic_config(conn), revision)  # reads the schema's revision under the lock

    def downgrade(self, revision: str = "base") -> None:
        from alembic import command

        with self.engine.begin() as conn:
            _one_migration_at_a_time(conn)
            command.downgrade(alembic_config(conn), revision)

    def ping(self) -> None:
        """Ask the database something trivial (raises if it does not answer)."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def current_revisions(self) -> set[str]:
        """The revisions the schema is at (none for an empty database)."""
        with self.engine.connect() as conn:
            try:
                return set(conn.execute(text("SELECT version_num FROM alembic_version")).scalars())
            except (OperationalError, ProgrammingError):  # no alembic_version table: nothing applied
                return set()

    def at_head(self) -> bool:
        return self.current_revisions() == set(head_revisions())


_REVISION = re.compile(r"""^revision\s*(?::\s*str\s*)?=\s*["']([^"']+)["']""", re.MULTILINE)
_DOWN = re.compile(r"""^down_revision\s*(?::[^=]*)?=\s*(.+)$""", re.MULTILINE)


@functools.cache
def head_revisions() -> tuple[str, ...]:
    """The latest migrations (those no other revises), read from migrations/versions as alembic
    reads them but without importing it (tests/persistence/test_migrations.py compares the two)."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        rev, down = _REVISION.search(source), _DOWN.search(source)
        if rev is None or down is None:
            raise RuntimeError(f"{path.name}: no revision or down_revision line")
        revisions.add(rev.group(1))
        revised.update(re.findall(r"""["']([^"']+)["']""", down.group(1)))
    return tuple(sorted(revisions - revised))


def alembic_config(connection: Any) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg
