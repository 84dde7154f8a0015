"""The PostgreSQL fast path: statements prepared once per connection and run on the driver's
cursor, for the two statements every game submission runs (docs/benchmarks.md). Behind a pooler
that hands each transaction any server connection (PgBouncer in transaction mode), a statement
prepared on one is unknown on the next: ``BAOHUANG_DB_PREPARE=0`` sends the statement itself
each time instead (its parameters cast to their types). Only public
SQLAlchemy and DBAPI interfaces: a driver error is raised as SQLAlchemy's own exception class
(``sqlalchemy.exc.IntegrityError`` and so on), and a lost connection is invalidated."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from .db import note_write

# Off behind a transaction pooler (PgBouncer's transaction mode): see the module's docstring.
PREPARE = os.environ.get("BAOHUANG_DB_PREPARE", "1") != "0"


class Prepared:
    """A PostgreSQL statement parsed and planned once per connection (PREPARE) and then run
    with EXECUTE: for the statements every game submission runs, planning them each time costs
    more database time than running them.

    ``sql`` names its parameters ``:name``; ``params`` lists them in order with their SQL types.
    A connection prepares the statement the first time it runs it there (a prepared statement
    outlives a rolled-back transaction, and goes with the connection)."""

    def __init__(self, name: str, params: Sequence[tuple[str, str]], sql: str, *, writes: bool = False) -> None:
        self.name = name
        self.writes = writes  # run in autocommit, it commits what it writes (db.writes_so_far)
        position = {p: i + 1 for i, (p, _) in enumerate(params)}
        body = re.sub(r"(?<![:\w]):(\w+)", lambda m: f"${position[m.group(1)]}", sql)
        self.prepare = f"PREPARE {name} ({', '.join(t for _, t in params)}) AS {body}"
        self.execute = f"EXECUTE {name} ({', '.join(f'%({p})s' for p, _ in params)})"
        types = dict(params)
        self.direct = re.sub(r"(?<![:\w]):(\w+)", lambda m: f"CAST(%({m.group(1)})s AS {types[m.group(1)]})", sql)

    def run(self, s: Session, values: dict[str, Any]) -> Any:
        """Run it in the session's connection; the first row of its result (None if none).

        It runs on the driver's cursor: these statements are the whole of a submission's
        database work, and SQLAlchemy's result objects cost more than the statement's Python
        side. A driver error is raised as SQLAlchemy raises it (``DBAPIError.instance`` picks the
        class: IntegrityError for a unique violation), and a lost connection is invalidated, so
        the pool does not hand it out again."""
        conn = s.connection()
        dialect = conn.dialect
        pooled = conn.connection
        done = pooled.info.setdefault("baohuang_prepared", set())
        cursor = pooled.cursor()
        statement = self.prepare
        try:
            if PREPARE and self.name not in done:
                cursor.execute(statement)
                done.add(self.name)
            statement = self.execute if PREPARE else self.direct
            cursor.execute(statement, values)
            if self.writes and getattr(pooled.dbapi_connection, "autocommit", False):
                note_write()
            return cursor.fetchone()
        except dialect.loaded_dbapi.Error as exc:
            lost = dialect.is_disconnect(exc, pooled.dbapi_connection, cursor)
            if lost:
                conn.invalidate(exc)
            raise DBAPIError.instance(
                statement, values, exc, dialect.loaded_dbapi.Error, connection_invalidated=lost, dialect=dialect
            ) from exc
        finally:
            if not cursor.closed:
                cursor.close()


def is_postgresql(s: Session) -> bool:
    return s.get_bind().dialect.name == "postgresql"
