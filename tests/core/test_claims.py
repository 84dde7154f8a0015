"""A table's own result, checked against the rules: every difference with a pointer and a reason."""

from __future__ import annotations

import pytest

from service.core import adjudicate, random_record
from service.core.errors import RecordError
from tests.tournament_helpers import Club


def _normal_unrevealed() -> dict:
    for seed in range(200):
        rec = random_record(seed, scenario="normal")
        if not any(c["call"] in ("reveal_guard", "kick", "rebel") for c in rec["calls"]):
            return rec
    pytest.fail("no such game among the seeds")


def test_a_claim_that_matches_is_said_to_match():
    record = random_record(7)
    outcome = adjudicate(record).outcome
    claim = {"finishing_order": list(outcome.facts.finishing_order), "scores": list(outcome.scores)}
    answer = adjudicate({**record, "claimed": claim}).to_json()["claim"]
    assert answer == {"checked": True, "matches": True, "differences": []}
    assert adjudicate(record).to_json()["claim"] is None


def test_each_difference_is_named_with_its_reason():
    record = _normal_unrevealed()
    outcome = adjudicate(record).outcome
    order = list(outcome.facts.finishing_order)
    swapped = [order[1], order[0], *order[2:]]
    doubled = [2 * s for s in outcome.scores]
    claim = {"multiplier": 2, "guard_revealed": True, "finishing_order": swapped, "scores": doubled}
    answer = adjudicate({**record, "claimed": claim}).to_json()["claim"]
    assert answer["checked"] and answer["matches"] is False
    by_pointer = {d["pointer"]: d for d in answer["differences"]}
    assert "the guard never revealed" in by_pointer["/claimed/multiplier"]["reason"]
    assert by_pointer["/claimed/multiplier"]["claimed"] == 2 and by_pointer["/claimed/multiplier"]["computed"] == 1
    assert "no reveal was called" in by_pointer["/claimed/guard_revealed"]["reason"]
    assert {"/claimed/finishing_order/0", "/claimed/finishing_order/1"} <= set(by_pointer)
    changed = [s for s in range(5) if outcome.scores[s]]
    assert all(f"/claimed/scores/{s}" in by_pointer for s in changed)
    assert "×2" in by_pointer[f"/claimed/scores/{changed[0]}"]["reason"]


def test_a_claim_that_does_not_add_up_says_so():
    record = random_record(7)
    outcome = adjudicate(record).outcome
    scores = list(outcome.scores)
    scores[0] += 1
    answer = adjudicate({**record, "claimed": {"scores": scores}}).to_json()["claim"]
    assert any(d["pointer"] == "/claimed/scores" and "add up to +1" in d["reason"] for d in answer["differences"])


def test_a_malformed_claim_is_a_problem_with_a_pointer():
    with pytest.raises(RecordError) as exc:
        adjudicate({**random_record(7), "claimed": {"scores": [1, 2], "winner": 3, "multiplier": 0}})
    assert sorted(p.pointer for p in exc.value.problems) == [
        "/claimed/multiplier",
        "/claimed/scores",
        "/claimed/winner",
    ]


def test_a_tournament_refuses_a_differing_claim_unless_the_rules_result_is_accepted(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    record = _normal_unrevealed()
    outcome = adjudicate(record).outcome
    wrong = {"multiplier": 2}
    r = club.submit(tid, {"players": ids, "record": {**record, "claimed": wrong}})
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/claim-differs"
    [problem] = r.get_json()["errors"]
    assert problem["pointer"] == "/record/claimed/multiplier" and problem["code"] == "claim_differs"
    assert problem["claimed"] == 2 and problem["computed"] == outcome.multiplier
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0
    # a claim beside a result sheet works the same way
    sheet = {
        k: v
        for k, v in outcome.to_json().items()
        if k in ("mode", "emperor", "guard", "rebels", "guard_revealed", "kicked_by", "finishing_order")
    }
    r = club.submit(tid, {"players": ids, "sheet": sheet, "claimed": {"scores": [0, 0, 0, 0, 0]}})
    assert r.status_code == 422 and {e["pointer"] for e in r.get_json()["errors"]} >= {
        f"/claimed/scores/{s}" for s in range(5) if outcome.scores[s]
    }
    stored = club.submit(tid, {"players": ids, "record": {**record, "claimed": wrong}, "accept_computed": True})
    assert stored.status_code == 201
    game = stored.get_json()
    assert game["outcome"]["scores"] == list(outcome.scores)
    assert game["outcome"]["claim"]["claimed"] == wrong and game["outcome"]["claim"]["accepted_computed"] is True
    again = db_client.get(f"/v1/tournaments/{tid}/games/{game['id']}").get_json()
    assert again["outcome"]["claim"] == game["outcome"]["claim"]
    r = club.submit(tid, {"players": ids, "sheet": sheet, "accept_computed": "yes"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/accept_computed"
