"""The use cases' tests share one database fixture: SQLite always, PostgreSQL in the full run
(where locking matters), migrated to the latest revision."""

from __future__ import annotations

import pytest

from service.persistence.db import Database


@pytest.fixture()
def db(db_url):
    database = Database(db_url)
    database.upgrade()
    yield database
    database.dispose()
