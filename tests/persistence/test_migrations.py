"""Migrations: an empty database upgrades to head, matches the models, and downgrades back;
the data migrations carry stored games across."""

import hashlib
import json
import random
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from service.app import create_app
from service.core import PRESETS, random_record, record_fingerprint
from service.persistence.db import Database, alembic_config, head_revisions
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
        db.downgrade("-1")  # one step behind: at_head says so, and upgrade() brings it up
        assert not db.at_head()
        db.upgrade()
        assert db.at_head()
    finally:
        db.dispose()


def test_the_heads_read_without_alembic_are_alembics():
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config(None))
    assert head_revisions() == tuple(sorted(script.get_heads()))
    assert len(list(script.walk_revisions())) == len(list(Path(script.versions).glob("*.py")))


def test_serve_at_head_does_not_import_alembic(tmp_path):
    """The start's schema check is one query when the schema is at head."""
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'h.sqlite3'}"
    Database(url).upgrade()
    code = (
        "import sys; from service.persistence.db import Database; d = Database(sys.argv[1]); d.upgrade();"
        "print(d.at_head(), 'alembic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code, url], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "False"]


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


def test_players_of_existing_tournaments_become_members(empty_db_url):
    """0014: one member per distinct name key within an organizer, every player linked to one."""
    db = Database(empty_db_url)
    try:
        db.upgrade("0013")
        with db.engine.begin() as conn:
            for org in (1, 2):
                conn.execute(
                    text("INSERT INTO organizers (id, name, created_at) VALUES (:i, 'c', CURRENT_TIMESTAMP)"),
                    {"i": org},
                )
            for tid, org in ((1, 1), (2, 1), (3, 2)):
                conn.execute(
                    text(
                        "INSERT INTO tournaments (id, organizer_id, name, ruleset_name, ruleset_options, status, private, "
                        "created_at, seating, bye_points, deals_per_round, table_link_hours) "
                        "VALUES (:t, :o, 't', 'weihai', '{}', 'open', false, CURRENT_TIMESTAMP, 'balanced', 0, 1, 12)"
                    ),
                    {"t": tid, "o": org},
                )
            players = [
                (1, 1, "Lao Wang", "lao wang"),
                (2, 1, "李娜", "李娜"),
                (3, 2, "LAO  WANG", "lao wang"),
                (4, 3, "Lao Wang", "lao wang"),
            ]
            for pid, tid, name, key in players:
                conn.execute(
                    text(
                        "INSERT INTO players (id, tournament_id, name, name_key, created_at) "
                        "VALUES (:p, :t, :n, :k, CURRENT_TIMESTAMP)"
                    ),
                    {"p": pid, "t": tid, "n": name, "k": key},
                )
        db.upgrade()
        with db.engine.connect() as conn:
            linked = dict(conn.execute(text("SELECT id, member_id FROM players")).all())
            members = conn.execute(text("SELECT id, organizer_id, name FROM members ORDER BY id")).all()
        assert len(members) == 3  # Lao Wang of club 1, 李娜, and Lao Wang of club 2
        assert linked[1] == linked[3] != linked[4] and linked[2] not in (linked[1], linked[4])
        assert {m.name for m in members} == {"Lao Wang", "李娜"}
    finally:
        db.dispose()


def test_an_idempotency_key_used_before_0016_still_replays_its_game(empty_db_url):
    """0016: a key remembered as an HTTP answer (method, path, status, body, headers) becomes the
    game it stored; a retry after the upgrade answers that game, a key used for another body is 422."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_db_url, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True})
    db = app.extensions["baohuang_db"]
    try:
        client = app.test_client()
        club = Club(client)
        tid, ids = club.tournament(players=5)
        body = {"players": ids, "record": random_record(11)}
        first = client.post(f"/v1/tournaments/{tid}/games", json=body, headers={**club.auth, "Idempotency-Key": "k1"})
        assert first.status_code == 201
        db.downgrade("0015")
        with db.engine.connect() as conn:
            method, path, status, response = conn.execute(
                text("SELECT method, path, status, response FROM idempotent_requests")
            ).one()
        assert (method, path, status) == ("POST", f"/v1/tournaments/{tid}/games", 201)
        assert json.loads(response) == first.get_json()
        db.upgrade()
        again = client.post(f"/v1/tournaments/{tid}/games", json=body, headers={**club.auth, "Idempotency-Key": "k1"})
        assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
        assert again.get_json() == first.get_json()
        assert again.headers["Location"] == first.headers["Location"]
        other = {"players": ids, "record": random_record(12)}
        reused = client.post(f"/v1/tournaments/{tid}/games", json=other, headers={**club.auth, "Idempotency-Key": "k1"})
        assert reused.status_code == 422 and reused.get_json()["errors"][0]["code"] == "idempotency_key_reused"
    finally:
        db.dispose()


def test_0018_marks_the_seats_that_called_rebellion_and_counts_them(empty_db_url):
    """0018: every stored seat learns from its outcome whether it called 造反, and the players'
    rebel totals are those of the seats that called it (the same as adding them up afresh)."""
    from service.persistence.standings import standings, standings_from_games

    app = create_app({"TESTING": True, "DATABASE_URL": empty_db_url, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True})
    db = app.extensions["baohuang_db"]
    try:
        club = Club(app.test_client())
        tid, ids = club.tournament(players=5)
        outcomes = []
        for seed in range(40):
            answer = club.submit(tid, {"players": ids, "record": random_record(seed)}).get_json()
            outcomes.append(answer["outcome"])
        called = sum(len(o["rebels"]) for o in outcomes)
        assert called > 0  # the seeds include rebellions
        db.downgrade("0017")
        db.upgrade()
        with db.engine.connect() as conn:
            marked = conn.execute(text("SELECT count(*) FROM game_seats WHERE rebelled")).scalar_one()
        assert marked == called
        with db.session() as s:
            kept, afresh = standings(s, tid), standings_from_games(s, tid)
        assert [(r.player_id, r.rebel_games, r.rebel_total, r.rebel_wins) for r in kept] == [
            (r.player_id, r.rebel_games, r.rebel_total, r.rebel_wins) for r in afresh
        ]
        assert sum(r.rebel_games for r in kept) == called
    finally:
        db.dispose()


def test_0019_keys_made_before_scopes_keep_every_scope(empty_db_url):
    app = create_app({"TESTING": True, "DATABASE_URL": empty_db_url, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True})
    db = app.extensions["baohuang_db"]
    try:
        club = Club(app.test_client())
        db.downgrade("0018")
        with db.engine.begin() as conn:  # a key issued before scopes existed
            conn.execute(
                text(
                    "INSERT INTO api_keys (organizer_id, prefix, secret_hash, label, created_at) VALUES (:o, 'bh_old', :h, 'old', :t)"
                ),
                {"o": club.organizer["id"], "h": "0" * 64, "t": "2026-11-01 00:00:00"},
            )
        db.upgrade()
        with db.engine.connect() as conn:
            scopes = conn.execute(text("SELECT DISTINCT scopes FROM api_keys")).scalars().all()
        assert scopes == ["read enter manage keys"]
        r = app.test_client().post("/v1/tournaments", json={"name": "after"}, headers=club.auth)
        assert r.status_code == 201  # the first key, made before, still does everything
    finally:
        db.dispose()
