"""A throwaway PostgreSQL database for a benchmark: made on the server at ``admin_url``, its URL
handed out, and dropped at the end (its connections ended first), whatever happens between."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


@contextmanager
def throwaway_database(admin_url: str, prefix: str = "bh_bench") -> Iterator[str]:
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()
