"""Migrations: an empty database upgrades to head, matches the models, and downgrades back."""

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from service.persistence.db import Database
from service.persistence.models import Base


def test_upgrade_matches_models_and_downgrades(db_url):
    db = Database(db_url)
    try:
        db.upgrade()
        assert db.at_head()
        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
        assert diff == [], f"models and migrations disagree: {diff}"
        assert set(Base.metadata.tables) <= set(inspect(db.engine).get_table_names())
        db.downgrade("base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
        assert not db.at_head()
        db.upgrade()  # and up again
        assert db.at_head()
    finally:
        db.dispose()
