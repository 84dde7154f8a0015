"""POST /v1/positions/check over HTTP: the core's answer (tests/core/test_moves.py) as JSON, the
record as JSON or the notation, and every refusal a 422 pointing into the body."""

from __future__ import annotations

import pytest

from service.core import adjudicate, random_record
from service.core.notation import format_record

URL = "/v1/positions/check"


def test_the_next_play_of_a_game_is_legal_and_a_wrong_one_is_named(client):
    record = random_record(21)
    before = {**record, "plays": record["plays"][:30]}
    r = client.post(URL, json={"record": before, "move": record["plays"][30]})
    assert r.status_code == 200
    assert r.get_json() == {
        "legal": True,
        "verdict": "incomplete",
        "awaiting": None,
        "move": "/plays/30",
        "at_move": None,
        "violation": None,
        "notes": [],
        "outcome": None,
    }
    wrong = {"seat": (record["plays"][30]["seat"] + 1) % 5, "pass": True}
    answer = client.post(URL, json={"record": before, "move": wrong}).get_json()
    whole = adjudicate({**before, "plays": [*before["plays"], wrong]})
    assert answer["legal"] is False and answer["at_move"] is True
    assert answer["violation"] == whole.violation.to_json()


def test_the_last_play_ends_the_game_with_its_outcome(client):
    record = random_record(22)
    before = {**record, "plays": record["plays"][:-1]}
    answer = client.post(URL, json={"record": before, "move": record["plays"][-1]}).get_json()
    assert answer["legal"] and answer["verdict"] == "legal"
    assert sum(answer["outcome"]["scores"]) == 0


def test_the_record_may_be_the_notation_and_its_problems_have_lines(client):
    record = random_record(23)
    before = {**record, "plays": record["plays"][:12]}
    text = format_record(before)
    answer = client.post(URL, json={"record": text, "move": record["plays"][12]}).get_json()
    assert answer["legal"] is True and answer["move"] == "/plays/12"
    broken = text.replace(record["deal"][0].split()[0], "ZZ", 1)
    r = client.post(URL, json={"record": broken, "move": record["plays"][12]})
    assert r.status_code == 422
    problem = r.get_json()["errors"][0]
    assert problem["pointer"].startswith("/record") and "line" in problem


@pytest.mark.parametrize(
    ("body", "pointer", "code"),
    [
        ({"move": {"seat": 0, "pass": True}}, "/record", "missing_field"),
        ({"record": {}}, "/move", "missing_field"),
        ({"record": 5, "move": {}}, "/record", "invalid_type"),
        ({"record": {}, "move": "9 9"}, "/move", "invalid_type"),
        ({"record": {}, "move": {"seat": 0, "pass": True}, "extra": 1}, "/extra", "unknown_field"),
        ({"record": {"plays": "x"}, "move": {"seat": 0, "pass": True}}, "/record/plays", "invalid_type"),
        ({"record": {}, "move": {"seat": 7, "pass": True}}, "/move/seat", "invalid_seat"),
        ([1, 2], "", "invalid_type"),
    ],
)
def test_a_body_that_is_not_a_move_check_is_422_with_a_pointer(client, body, pointer, code):
    r = client.post(URL, json=body)
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    assert (pointer, code) in {(p["pointer"], p["code"]) for p in r.get_json()["errors"]}


def test_a_call_after_the_first_play_is_refused(client):
    record = random_record(24)
    r = client.post(
        URL, json={"record": {**record, "plays": record["plays"][:1]}, "move": {"seat": 2, "call": "rebel"}}
    )
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "call_after_first_play"


def test_a_game_ending_play_without_the_guard_named_is_legal_not_422(client):
    record = random_record(1, with_deal=False)
    named = record.pop("guard")
    before = {**record, "plays": record["plays"][:-1]}
    r = client.post(URL, json={"record": before, "move": record["plays"][-1]})
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    assert answer["legal"] is True and answer["verdict"] == "legal" and answer["outcome"] is None
    assert any(f"with seat {named} the guard" in n for n in answer["notes"])
    p = client.post("/v1/positions", json=record)
    assert p.status_code == 200 and p.get_json()["phase"] == "over" and p.get_json()["outcome"] is None
