"""Fixtures of the system tests."""

from __future__ import annotations

import pytest

from service.app import create_app


@pytest.fixture(params=["sqlite", "postgresql"])
def race_app(request, tmp_path):
    """The app on a database of its own, SQLite and PostgreSQL: for requests from many threads."""
    if request.param == "postgresql":
        url = request.getfixturevalue("pg_url")
    else:
        import shutil

        path = tmp_path / "race.sqlite3"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
        url = f"sqlite:///{path}"
    app = create_app({"TESTING": True, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True, "DATABASE_URL": url})
    yield app
    app.extensions["baohuang_db"].dispose()
