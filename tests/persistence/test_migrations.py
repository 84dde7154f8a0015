"""Migrations: an empty database upgrades to head, matches the models, and downgrades back;
the data migrations carry stored games across."""

import hashlib
import json
import random

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from service.app import create_app
from service.core import PRESETS, random_record, record_fingerprint
from service.persistence.db import Database
from service.persistence.models import Base
from tests.helpers import respelled
from tests.tournament_helpers import Club


def test_upgrade_matches_models_and_downgrades(empty_db_url):
    db = Database(empty_db_url)
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


def test_record_hashes_become_game_fingerprints_and_back(empty_db_url):
    """0003 recomputes every held record hash from the stored bodies: the canonical JSON hash
    below it, the game fingerprint from it on. Two stored records of one game: the earlier
    keeps the fingerprint."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_db_url, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True})
    db = app.extensions["baohuang_db"]
    try:
        club = Club(app.test_client())
        tid, ids = club.tournament(ruleset="standard")
        records = [random_record(seed, PRESETS["standard"]) for seed in range(3)]
        games = [club.submit(tid, {"players": ids[:5], "record": r}).get_json()["id"] for r in records]

        def hashes() -> list[str | None]:
            with db.engine.connect() as conn:
                return list(conn.execute(text("SELECT record_hash FROM games ORDER BY id")).scalars())

        fingerprints = [record_fingerprint(r, PRESETS["standard"]) for r in records]
        assert hashes() == fingerprints
        db.downgrade("0002")
        canonical = [
            hashlib.sha256(
                json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
            ).hexdigest()
            for r in records
        ]
        assert hashes() == canonical
        # Below 0003, the last game's record is rewritten as the first game written otherwise: a
        # different JSON value, so a different hash then, but the same game.
        again = respelled(records[0], random.Random(3))
        body = json.dumps({"players": ids[1:6], "record": again})
        with db.engine.begin() as conn:
            conn.execute(text("UPDATE game_versions SET body = :b WHERE game_id = :g"), {"b": body, "g": games[2]})
            conn.execute(
                text("UPDATE games SET record_hash = :h WHERE id = :g"),
                {
                    "h": hashlib.sha256(json.dumps(again, sort_keys=True, separators=(",", ":")).encode()).hexdigest(),
                    "g": games[2],
                },
            )
        db.upgrade()
        assert hashes() == [fingerprints[0], fingerprints[1], None]
        dup = club.submit(tid, {"players": ids[:5], "record": again})
        assert dup.status_code == 409 and dup.get_json()["game_id"] == games[0]
    finally:
        db.dispose()
