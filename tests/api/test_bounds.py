"""Every answer is bounded by the size of a real game, not by the body: a body larger than any
game is refused early, naming the limit, and a problem document lists at most 100 problems."""

from __future__ import annotations

import json

import pytest

from service.core import random_record
from service.core.bounds import MAX_CALLS, MAX_LISTED_PROBLEMS, MAX_NOTATION_LINES, MAX_PLAYS, max_plays
from service.core.ruleset import WEIHAI
from tests.tournament_helpers import Club

NOTATION = "text/x-baohuang"
NDJSON = "application/x-ndjson"


def _codes(r) -> list[str]:
    return [e["code"] for e in r.get_json()["errors"]]


def test_a_megabyte_of_wrong_plays_is_one_problem_naming_the_limit(client):
    # 330,000 items of 1: answered 51 MB before, one problem a play.
    body = '{"plays": [' + ",".join(["1"] * 330_000) + "]}"
    r = client.post("/v1/adjudications", data=body, content_type="application/json")
    assert r.status_code == 422 and len(r.data) < 4000
    (problem,) = r.get_json()["errors"]
    assert problem["code"] == "too_many_plays" and problem["pointer"] == "/plays"
    assert problem["limit"] == max_plays(WEIHAI) == 825 and problem["found"] == 330_000


def test_more_calls_than_a_game_can_have_are_refused(client):
    body = {"calls": [{"seat": 0, "call": "rebel"}] * (MAX_CALLS + 1), "plays": []}
    r = client.post("/v1/adjudications", json=body)
    assert r.status_code == 422 and _codes(r) == ["too_many_calls"]
    assert r.get_json()["errors"][0]["limit"] == MAX_CALLS


def test_a_problem_document_lists_the_first_hundred_and_counts_the_rest(client):
    body = {"plays": [1] * 800}  # under the limit, each play wrong
    r = client.post("/v1/adjudications", json=body)
    doc = r.get_json()
    assert r.status_code == 422 and len(doc["errors"]) == MAX_LISTED_PROBLEMS
    assert doc["more_errors"] == 700
    assert doc["errors"][0]["pointer"] == "/plays/0" and doc["errors"][-1]["pointer"] == "/plays/99"
    assert "800 problems" in doc["detail"] and "first 100" in doc["detail"]


def test_a_legal_game_is_within_every_bound():
    for seed in range(40):
        rec = random_record(seed)
        assert len(rec["plays"]) <= max_plays(WEIHAI) and len(rec["calls"]) <= MAX_CALLS


@pytest.mark.parametrize(
    "text",
    [
        "plays\n" + "9\n" * 500_000,  # 1 MB, 1.4 s of CPU before
        "plays\n" + "0: 9\n" * 200_000,  # 27 MB of answer before
        "plays\n" + ", ".join(["9"] * 300_000) + "\n",  # one line
        '[A "x"]\n' * 60_000,  # headers without end
    ],
    ids=["lines-of-9", "lines-of-0-9", "one-long-line", "headers"],
)
def test_a_notation_larger_than_any_game_is_refused_early(client, text):
    r = client.post("/v1/adjudications", data=text.encode(), content_type=NOTATION)
    assert r.status_code == 422 and len(r.data) < 4000, r.data[:300]
    (problem,) = r.get_json()["errors"]
    assert problem["code"] in ("too_many_lines", "too_many_plays")
    assert problem["limit"] in (MAX_NOTATION_LINES, MAX_PLAYS)


def test_the_notation_limit_admits_every_real_game():
    from service.core.notation import format_record, parse

    for seed in range(20):
        rec = random_record(seed)
        one_a_line = "plays\n" + "\n".join(f"{p['seat']}: {'-' if p.get('pass') else p['cards']}" for p in rec["plays"])
        assert parse(one_a_line).record["plays"]
        assert parse(format_record(rec)).record["plays"]


# --- the import: each line bounded, answers streamed -------------------------------------------


def _import(client, club, tid, body: bytes, **headers):
    return client.post(
        f"/v1/tournaments/{tid}/games/import",
        data=body,
        headers={**club.auth, "Content-Type": NDJSON, **headers},
    )


def test_a_two_megabyte_import_line_is_refused_in_a_few_bytes(db_client):
    # One line of 2 MB answered 107 MB before and grew the worker by 456 MB.
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    line = json.dumps({"players": ids, "record": {"plays": [1] * 700_000}})
    assert len(line) > 2_000_000
    good = json.dumps({"players": ids, "record": random_record(1)})
    r = _import(db_client, club, tid, (line + "\n" + good + "\n").encode())
    assert r.status_code == 200 and r.is_streamed
    answers = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert len(r.data) < 4000
    assert [a["status"] for a in answers] == ["refused", "stored"]
    assert answers[0]["problem"]["status"] == 413 and answers[0]["line"] == 1


def test_an_import_line_lists_few_problems(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    line = json.dumps({"players": ids, "record": {"plays": [1] * 500}})
    r = _import(db_client, club, tid, (line + "\n").encode())
    (answer,) = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    problem = answer["problem"]
    assert len(problem["errors"]) == 10 and problem["more_errors"] == 490


def test_a_long_idempotency_key_imports_on_every_database(db_client):
    # A 198-character key: KEY#N overflowed VARCHAR(200) on PostgreSQL (500 after 9 games).
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    key = "k" * 198
    lines = [json.dumps({"players": ids, "record": random_record(n)}) for n in range(12)]
    body = ("\n".join(lines) + "\n").encode()
    r = _import(db_client, club, tid, body, **{"Idempotency-Key": key})
    answers = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert [a["status"] for a in answers] == ["stored"] * 12
    again = [json.loads(x) for x in _import(db_client, club, tid, body, **{"Idempotency-Key": key}).data.splitlines()]
    assert [a["replayed"] for a in again] == [True] * 12
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 12


# --- the export: every stored game, or no 200 ------------------------------------------------


def test_a_game_sent_as_notation_exports(db_client):
    from service.core.notation import format_record

    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    text = f'[Players "{" ".join(map(str, ids))}"]\n' + format_record(random_record(2))
    r = db_client.post(
        f"/v1/tournaments/{tid}/games", data=text.encode(), headers={**club.auth, "Content-Type": NOTATION}
    )
    assert r.status_code == 201, r.get_json()
    assert club.submit(tid, {"players": ids, "record": random_record(3)}).status_code == 201
    out = db_client.get(f"/v1/tournaments/{tid}/games/export")
    assert out.status_code == 200
    lines = [json.loads(x) for x in out.get_data(as_text=True).splitlines()]
    assert len(lines) == 2
    assert lines[0]["notation"] == text and lines[0]["submission"]["record"]["plays"]
    assert lines[1]["notation"] is None and lines[1]["submission"]["record"] == random_record(3)


def test_an_export_that_fails_is_not_a_200(db_client, monkeypatch):
    from service.tournament import game_queries

    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    for n in (1, 2):
        assert club.submit(tid, {"players": ids, "record": random_record(n)}).status_code == 201
    real = game_queries.export_line

    def second_fails(s, game, version):
        if game.id == 2:
            raise RuntimeError("the database went away")
        return real(s, game, version)

    monkeypatch.setattr(game_queries, "export_line", second_fails)
    monkeypatch.setitem(db_client.application.config, "PROPAGATE_EXCEPTIONS", False)
    r = db_client.get(f"/v1/tournaments/{tid}/games/export")
    assert r.status_code == 500 and r.content_type == "application/problem+json"
