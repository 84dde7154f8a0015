"""A season's games in one request (NDJSON in, a status a line out): atomic per game, resumable
with the same Idempotency-Key, bounded."""

from __future__ import annotations

import json

import pytest

from service.core import random_record
from tests.tournament_helpers import Club

NDJSON = "application/x-ndjson"


def _lines(answer) -> list[dict]:
    assert answer.status_code == 200 and answer.mimetype == NDJSON, answer.get_data(as_text=True)
    return [json.loads(line) for line in answer.get_data(as_text=True).splitlines()]


def _post(client, club, tid, lines, **headers):
    body = "\n".join(json.dumps(x) if not isinstance(x, str) else x for x in lines) + "\n"
    return client.post(
        f"/v1/tournaments/{tid}/games/import",
        data=body.encode(),
        headers={**club.auth, "Content-Type": NDJSON, **headers},
    )


def test_each_line_is_stored_or_refused_on_its_own(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    good = [{"players": ids, "record": random_record(n)} for n in (1, 2, 3)]
    illegal = {
        "players": ids,
        "record": {
            **random_record(4),
            "plays": [*random_record(4)["plays"][:-1], {"seat": 0, "cards": "BJ BJ BJ BJ BJ"}],
        },
    }
    sheet = {"players": ids, "sheet": {"mode": "normal", "emperor": 1, "guard": 2, "finishing_order": [1, 2, 0, 3, 4]}}
    answers = _lines(_post(db_client, club, tid, [good[0], good[1], good[0], illegal, "{not json", sheet, good[2]]))
    assert [a["status"] for a in answers] == ["stored", "stored", "duplicate", "refused", "refused", "stored", "stored"]
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 5, 6, 7]
    assert answers[2]["game_id"] == answers[0]["game_id"]
    assert answers[3]["problem"]["status"] == 422 and answers[3]["problem"]["adjudication"]["verdict"] == "illegal"
    assert answers[4]["problem"]["errors"][0]["code"] == "invalid_json"
    listed = db_client.get(f"/v1/tournaments/{tid}/games").get_json()
    assert listed["total"] == 4  # three records and a sheet; nothing of the refused lines
    table = db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    assert sum(r["total"] for r in table) == 0 and {r["games"] for r in table} == {4}


def test_an_interrupted_import_resumes_with_the_same_key(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    season = [{"players": ids, "record": random_record(n)} for n in range(10, 16)]
    first = _lines(_post(db_client, club, tid, season[:3], **{"Idempotency-Key": "season-1"}))
    assert [a["status"] for a in first] == ["stored"] * 3
    again = _lines(_post(db_client, club, tid, season, **{"Idempotency-Key": "season-1"}))
    assert [a["status"] for a in again] == ["stored"] * 6
    assert [a["replayed"] for a in again] == [True, True, True, False, False, False]
    assert [a["game_id"] for a in again[:3]] == [a["game_id"] for a in first]
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 6


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_the_import_needs_a_key_ndjson_and_a_bound(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    r = db_client.post(f"/v1/tournaments/{tid}/games/import", data=b"{}\n", headers={"Content-Type": NDJSON})
    assert r.status_code == 401
    r = db_client.post(f"/v1/tournaments/{tid}/games/import", json={"players": ids}, headers=club.auth)
    assert r.status_code == 415 and r.headers["Accept-Post"] == NDJSON

    from service.tournament import batch

    lines = ['{"players": []}'] * (batch.BATCH_MAX_LINES + 1)
    answers = _lines(_post(db_client, club, tid, lines))
    assert answers[-1]["status"] == "refused" and answers[-1]["problem"]["status"] == 413
