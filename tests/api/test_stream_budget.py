"""What an NDJSON body may cost: the stream and the import count their lines and CPU against the
caller (an address, or a key's organizer, who gets more), answer at most a fixed multiple of what
was sent, and end with one problem line when a bound is passed; a key revoked during its import
ends it with a 401 line."""

from __future__ import annotations

import json

import pytest

from service.api.streams import ANSWER_MULTIPLE, ANSWER_SLACK
from service.app import create_app
from service.core import random_record
from tests.tournament_helpers import Club

NDJSON = {"Content-Type": "application/x-ndjson"}


def _lines(r) -> list[dict]:
    assert r.status_code == 200, r.get_data(as_text=True)[:500]
    return [json.loads(x) for x in r.get_data(as_text=True).splitlines()]


def test_a_megabyte_of_junk_is_answered_by_a_bounded_multiple_and_a_problem(client):
    body = b"x\n" * (512 * 1024)
    r = client.post("/v1/adjudications/stream", data=body, headers=NDJSON)
    text = r.get_data()
    assert len(text) <= ANSWER_MULTIPLE * len(body) // 4 + ANSWER_SLACK  # ended long before the body did
    last = json.loads(text.splitlines()[-1])
    assert last["status"] == 413 and last["type"].endswith("answer-too-large") and last["line"] > 1
    # games are answered in full: their answers are a tenth of their size
    games = b"".join(json.dumps(random_record(n)).encode() + b"\n" for n in range(40))
    answered = _lines(client.post("/v1/adjudications/stream", data=games, headers=NDJSON))
    assert len(answered) == 40 and all("verdict" in a for a in answered)


@pytest.fixture()
def limited_app(tmp_path, monkeypatch):
    monkeypatch.setenv("BAOHUANG_STREAM_LINES", "60 per minute")
    monkeypatch.setenv("BAOHUANG_KEYED_STREAM_LINES", "1000 per minute")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'l.sqlite3'}", "OPEN_SIGNUP": True})
    yield app
    app.extensions["baohuang_db"].dispose()


def test_an_anonymous_caller_has_a_line_budget_a_minute_and_a_key_more(limited_app):
    client = limited_app.test_client()
    games = b"".join(json.dumps(random_record(n)).encode() + b"\n" for n in range(130))
    answered = _lines(client.post("/v1/adjudications/stream", data=games, headers=NDJSON))
    last = answered[-1]
    assert last["status"] == 429 and last["type"].endswith("too-many-lines") and last["retry_after"] >= 1
    assert 60 <= len(answered) - 1 < 130 and all("verdict" in a for a in answered[:-1])
    # the same address, a second stream: refused at once (its budget is spent for this minute)
    again = _lines(client.post("/v1/adjudications/stream", data=games[:20000], headers=NDJSON))
    assert again[-1]["status"] == 429 and len(again) <= 2
    # with a key, the organizer's larger budget
    club = Club(client)
    keyed = _lines(client.post("/v1/adjudications/stream", data=games, headers={**NDJSON, **club.auth}))
    assert len(keyed) == 130 and all("verdict" in a for a in keyed)
    bad_key = client.post("/v1/adjudications/stream", data=games, headers={**NDJSON, "Authorization": "Bearer nope"})
    assert bad_key.status_code == 401


def test_a_key_revoked_during_its_import_ends_it_with_a_401_line(db_app):
    client = db_app.test_client()
    club = Club(client)
    org = club.organizer["id"]
    spare = client.post(f"/v1/organizers/{org}/keys", json={"label": "spare"}, headers=club.auth).get_json()
    tid, ids = club.tournament(players=5)
    body = b"".join(json.dumps({"players": ids, "record": random_record(n)}).encode() + b"\n" for n in range(30))
    r = client.post(f"/v1/tournaments/{tid}/games/import", data=body, headers={**NDJSON, **club.auth}, buffered=False)
    chunks = iter(r.response)
    first = json.loads(next(chunks))
    assert first["status"] == "stored"
    revoked = client.delete(
        f"/v1/organizers/{org}/keys/{_first_key(client, org, spare)}",
        headers={"Authorization": f"Bearer {spare['secret']}"},
    )
    assert revoked.status_code == 200, revoked.get_json()
    rest = [json.loads(c) for c in chunks]
    r.close()
    assert rest and rest[-1]["status"] == "refused" and rest[-1]["problem"]["status"] == 401
    assert all(x["status"] == "stored" for x in rest[:-1])
    stored = client.get(f"/v1/tournaments/{tid}/games", headers={"Authorization": f"Bearer {spare['secret']}"})
    assert stored.get_json()["total"] == 1 + len(rest) - 1


def _first_key(client, org, spare):
    keys = client.get(f"/v1/organizers/{org}/keys", headers={"Authorization": f"Bearer {spare['secret']}"}).get_json()
    return next(k["id"] for k in keys["keys"] if k["id"] != spare["id"])
