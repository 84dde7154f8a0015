"""Defects a hostile or careless client found, each reproduced as it was seen (SQLite and PostgreSQL)."""

from __future__ import annotations

import json

from service.core import random_record
from tests.tournament_helpers import Club

PROBLEM = "application/problem+json"


# --- idempotency keys are scoped to organizer, method, path and body ---------------------------


def test_an_idempotency_key_does_not_replay_across_tournaments(db_client):
    club = Club(db_client)
    t22, ids22 = club.tournament(players=5)
    t23, ids23 = club.tournament(players=5)
    first = club.submit(t22, {"players": ids22, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert first.status_code == 201
    # The same key to another tournament is another request: refused, nothing replayed, nothing stored.
    other = club.submit(t23, {"players": ids23, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert other.status_code == 422 and other.content_type == PROBLEM
    assert other.get_json()["errors"][0]["code"] == "idempotency_key_reused"
    assert "Idempotent-Replayed" not in other.headers
    assert db_client.get(f"/v1/tournaments/{t23}/games").get_json()["total"] == 0
    # The same key, path and body is the same request: the first answer, headers included.
    again = club.submit(t22, {"players": ids22, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"]
    # Another body under the same key and path: refused.
    changed = club.submit(t22, {"players": ids22, "record": random_record(4)}, **{"Idempotency-Key": "K"})
    assert changed.status_code == 422 and changed.get_json()["errors"][0]["code"] == "idempotency_key_reused"


def test_idempotency_keys_belong_to_their_organizer(db_client):
    club, other = Club(db_client), Club(db_client, "other club")
    tid, ids = club.tournament(players=5)
    oid, oids = other.tournament(players=5)
    assert club.submit(tid, {"players": ids, "record": random_record(3)}, **{"Idempotency-Key": "K"}).status_code == 201
    r = other.submit(oid, {"players": oids, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
    assert r.get_json()["tournament_id"] == oid


def test_a_replay_keeps_the_body_key_order_free(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    rec = random_record(6)
    body = json.dumps({"players": ids, "record": rec})
    reordered = json.dumps({"record": dict(reversed(list(rec.items()))), "players": ids})
    h = {**club.auth, "Idempotency-Key": "x", "Content-Type": "application/json"}
    first = db_client.post(f"/v1/tournaments/{tid}/games", data=body, headers=h)
    again = db_client.post(f"/v1/tournaments/{tid}/games", data=reordered, headers=h)
    assert first.status_code == again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
