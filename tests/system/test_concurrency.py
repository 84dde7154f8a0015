"""Parallel submissions against PostgreSQL: one game per idempotency key, no game lost."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from service.app import create_app
from service.core import random_record
from tests.tournament_helpers import Club


@pytest.fixture()
def pg_app(pg_url):
    app = create_app({"TESTING": True, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True, "DATABASE_URL": pg_url})
    yield app
    app.extensions["baohuang_db"].dispose()


def _post(app, path, body, headers):
    return app.test_client().post(path, json=body, headers=headers)


def test_twenty_parallel_retries_with_one_key_store_one_game(pg_app):
    club = Club(pg_app.test_client())
    tid, ids = club.tournament()
    body = {"players": ids[:5], "record": random_record(42)}
    headers = {**club.auth, "Idempotency-Key": "table-7-game-3"}
    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(lambda _: _post(pg_app, f"/v1/tournaments/{tid}/games", body, headers), range(20)))
    assert [a.status_code for a in answers] == [201] * 20
    assert len({a.get_json()["id"] for a in answers}) == 1
    assert pg_app.test_client().get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 1


def test_two_hundred_parallel_games_all_land_and_the_standings_add_up(pg_app):
    club = Club(pg_app.test_client())
    tid, ids = club.tournament(players=10)
    bodies = [{"players": [ids[(n + k) % 10] for k in range(5)], "record": random_record(1000 + n)} for n in range(200)]
    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(lambda b: _post(pg_app, f"/v1/tournaments/{tid}/games", b, club.auth), bodies))
    assert [a.status_code for a in answers] == [201] * 200
    expected = dict.fromkeys(ids, 0)
    for body, answer in zip(bodies, answers, strict=True):
        for seat, pid in enumerate(body["players"]):
            expected[pid] += answer.get_json()["outcome"]["scores"][seat]
    client = pg_app.test_client()
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 200
    rows = client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    assert {r["player_id"]: r["total"] for r in rows} == expected
    assert sum(r["games"] for r in rows) == 1000


def test_parallel_registrations_of_one_name_give_one_player_and_409s(pg_app):
    club = Club(pg_app.test_client())
    tid, _ = club.tournament(players=0)
    with ThreadPoolExecutor(max_workers=10) as pool:
        answers = list(
            pool.map(
                lambda _: _post(pg_app, f"/v1/tournaments/{tid}/players", {"name": "Lao Li"}, club.auth), range(10)
            )
        )
    codes = sorted(a.status_code for a in answers)
    assert codes == [201] + [409] * 9, codes
