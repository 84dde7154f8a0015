"""The schema brought to head beside the server's start, and the gate that waits for it.

``baohuang serve`` used to check the schema (and migrate it) before starting gunicorn: half a
second of importing SQLAlchemy before the first answer, and a whole migration's time on an
upgrade. Now the check runs in a process of its own, forked as the server starts, and writes what
came of it to a file whose name the workers and the background process find in
``BAOHUANG_SCHEMA_GATE``. A worker answers ``/livez`` meanwhile, but builds its app — and so
answers anything else, ``/readyz`` included — only once the gate says the schema is at head;
a failed migration stops every worker with gunicorn's "failed to boot" code, and with them the
service, as the failing check did before. Standard library only: it runs before anything else
is imported.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable

ENV = "BAOHUANG_SCHEMA_GATE"
OK = "ok"


class SchemaNotReady(RuntimeError):
    """The schema could not be brought to head (the message says why)."""


def migrate_beside() -> str:
    """Fork a process that brings the schema to head and writes the outcome to a new gate file;
    return the file's path (empty until the outcome is written). The caller goes on at once."""
    fd, path = tempfile.mkstemp(prefix="baohuang-schema-")
    os.close(fd)
    sys.stdout.flush()
    sys.stderr.flush()
    if os.fork() == 0:  # the child: migrate, say how it went, and leave
        outcome = OK
        try:
            from .persistence.db import Database

            db = Database()
            db.upgrade()
            db.dispose()
        except BaseException as exc:  # every failure is reported through the gate
            outcome = f"the database schema could not be brought to head: {_why(exc)}"
            print(f"baohuang: {outcome}", file=sys.stderr, flush=True)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(outcome)
        os.replace(path + ".tmp", path)  # whole or not at all
        os._exit(0)  # 0 whatever happened: the server's master reaps this child as one of its own
    return path


def _why(exc: BaseException) -> str:
    """One line: the driver's own first line where there is one (an unreachable server)."""
    first = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return first[0] if first else exc.__class__.__name__


def wait(notify: Callable[[], object] | None = None, poll: float = 0.02) -> None:
    """Return once the schema is at head (at once where no gate is set); raise
    :class:`SchemaNotReady` if its migration failed. ``notify`` is called while waiting (a
    worker's heartbeat)."""
    path = os.environ.get(ENV)
    if not path:
        return
    while True:
        try:
            with open(path, encoding="utf-8") as f:
                outcome = f.read()
        except FileNotFoundError:
            outcome = ""
        if outcome == OK:
            return
        if outcome:
            raise SchemaNotReady(outcome)
        if notify is not None:
            notify()
        time.sleep(poll)
