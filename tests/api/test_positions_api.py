"""POST /v1/positions over HTTP: the position as JSON, from a record or its notation."""

from __future__ import annotations

from service.core import random_record
from service.core.moves import check_move
from service.core.notation import format_record


def test_a_position_in_play_lists_legal_moves_each_the_referees(client):
    record = random_record(41)
    before = {**record, "plays": record["plays"][:1]}
    r = client.post("/v1/positions", json=before)
    assert r.status_code == 200
    p = r.get_json()
    assert p["phase"] == "play" and p["seat"] == record["plays"][1]["seat"]
    assert p["trick"] == {"cards": record["plays"][0]["cards"], "seat": record["plays"][0]["seat"]}
    assert p["legal"]["pass"] is True and len(p["cards_left"]) == 5
    for group in p["legal"]["plays"]:
        for cards in group["sets"]:
            assert check_move(before, {"seat": p["seat"], "cards": cards}).legal


def test_the_notation_gives_the_same_position(client):
    record = random_record(42)
    before = {**record, "plays": record["plays"][:7]}
    as_json = client.post("/v1/positions", json=before).get_json()
    as_text = client.post("/v1/positions", data=format_record(before), content_type="text/x-baohuang").get_json()
    assert as_json == as_text


def test_without_the_deal_the_hand_and_plays_are_unknown(client):
    record = random_record(43, with_deal=False)
    p = client.post("/v1/positions", json={**record, "plays": record["plays"][:3]}).get_json()
    assert p["hand"] is None and p["legal"]["plays"] is None and p["unknown"]


def test_a_finished_game_is_over_with_its_outcome(client):
    p = client.post("/v1/positions", json=random_record(44)).get_json()
    assert p["phase"] == "over" and sum(p["outcome"]["scores"]) == 0 and p["seat"] is None


def test_the_crown_waits_for_its_seat(client):
    record = random_record(45)
    p = client.post("/v1/positions", json={**record, "calls": [], "plays": []}).get_json()
    assert p["phase"] == "crown" and p["seat"] == record["calls"][0]["seat"]
    assert {"seat": p["seat"], "call": record["calls"][0]["call"]} in p["calls_open"]


def test_not_a_record_is_422(client):
    for body in ([1], {"deal": 3}, {"plays": [{"seat": 9}]}):
        r = client.post("/v1/positions", json=body)
        assert r.status_code == 422 and r.content_type == "application/problem+json"


def test_every_legal_play_a_page_at_a_time(client):
    """A lead with a full hand has more legal sets than a page: ``cursor`` walks them all, each
    once, in the generator's order, and the last page says there is no next."""
    record = {**random_record(7), "plays": []}
    seen, cursor, pages = [], 0, 0
    while cursor is not None:
        r = client.post(f"/v1/positions?cursor={cursor}", json=record)
        assert r.status_code == 200
        legal = r.get_json()["legal"]
        seen += [c for g in legal["plays"] for c in g["sets"]]
        cursor, pages = legal["next_cursor"], pages + 1
    assert pages > 1 and len(seen) == len(set(seen))
    hand = client.post("/v1/positions", json=record).get_json()
    for cards in seen[:: max(1, len(seen) // 40)]:
        assert check_move(record, {"seat": hand["seat"], "cards": cards}).legal


def test_a_cursor_that_is_not_one_is_422_and_names_it(client):
    for bad in ("-1", "x", "1e3", "9999999999"):
        r = client.post(f"/v1/positions?cursor={bad}", json=random_record(7))
        assert r.status_code == 422 and r.content_type == "application/problem+json"
        assert [e["pointer"] for e in r.get_json()["errors"]] == ["/cursor"]
