"""Behind a transaction pooler the fast path sends its statements whole (BAOHUANG_DB_PREPARE=0):
the same games stored, the same answers, the same refusals as with statements prepared."""

from __future__ import annotations

import pytest

from service.app import create_app
from service.persistence import fastpath
from tests.tournament_helpers import Club

pytestmark = pytest.mark.slow  # PostgreSQL

SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}


def _evening(url: str) -> list[object]:
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True})
    try:
        client = app.test_client()
        club = Club(client)
        tid, ids = club.tournament(players=6)
        seen: list[object] = []
        for k in range(4):
            players = ids[k % 2 : k % 2 + 5]
            r = club.submit(tid, {"players": players, "sheet": SHEET}, **{"Idempotency-Key": f"k{k}"})
            again = club.submit(tid, {"players": players, "sheet": SHEET}, **{"Idempotency-Key": f"k{k}"})
            seen += [r.status_code, again.status_code, again.get_json()["id"] == r.get_json()["id"]]
            bare = club.submit(tid, {"players": players, "sheet": SHEET})  # the autocommitted one statement
            seen.append(bare.status_code)
        dup = club.submit(tid, {"players": ids[:4] + ids[:1], "sheet": SHEET})
        seen.append((dup.status_code, dup.get_json()["errors"][0]["pointer"]))
        table = client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
        seen.append(sorted((r["total"], r["games"]) for r in table))
        return seen
    finally:
        app.extensions["baohuang_db"].dispose()


def test_games_stored_alike_with_statements_prepared_or_sent_whole(pg_url, monkeypatch):
    from tests.conftest import fresh_pg_database

    prepared = _evening(pg_url)
    monkeypatch.setattr(fastpath, "PREPARE", False)
    with fresh_pg_database() as other:
        whole = _evening(other)
    assert whole == prepared
    assert prepared.count(201) == 12 and prepared.count(True) == 4  # a replay answers 201 again
