"""One next move checked (core/moves.py) agrees with adjudicating the record with the move added,
for every prefix of generated games in every ruleset, with and without the deal, and for the
wrong moves a person makes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core import adjudicate, random_record
from service.core.adjudication import Verdict
from service.core.errors import RecordError
from service.core.moves import check_move
from service.core.record_form import read_ruleset
from tests.core.test_reference import RULESETS, TOKENS


def _wrong(move: dict, rng: random.Random) -> dict:
    """A play written wrong: another seat, other cards, a pass, cards for a pass."""
    roll = rng.randrange(4)
    if roll == 0:
        return {**move, "seat": (move.get("seat", 0) + rng.randrange(1, 5)) % 5}
    if roll == 1 and "cards" in move:
        n = len(move["cards"].split())
        return {**move, "cards": " ".join(rng.choice(TOKENS) for _ in range(n))}
    if roll == 2 and "cards" in move:
        return {"seat": move["seat"], "pass": True}
    return {"seat": move.get("seat", 0), "cards": rng.choice(TOKENS)}


def _agrees(record: dict, field: str, move: dict) -> bool:
    """check_move(record, move) is what adjudicating the record with the move added says; returns
    whether the move was legal."""
    extended = {**record, field: [*record.get(field, []), move]}
    try:
        whole = adjudicate(extended)
    except RecordError as exc:
        with pytest.raises(RecordError) as refused:
            check_move(record, move)
        assert len(refused.value.problems) == len(exc.problems)
        return False
    checked = check_move(record, move)
    assert checked.result == whole
    v = whole.violation
    # A call after which the crown still waits for a seat's answer (the calls as a whole are
    # short, nothing at the call) is legal; so is any move after which the record is not illegal.
    waiting = field == "calls" and v is not None and v.pointer == "/calls" and v.code.value == "crown_out_of_order"
    assert checked.legal == (whole.verdict is not Verdict.ILLEGAL or waiting)
    assert (checked.awaiting is not None) == waiting
    if not checked.legal:
        assert checked.violation == whole.violation
        assert checked.at_move == (whole.violation.pointer.startswith(checked.pointer))
    return checked.legal


@pytest.mark.parametrize("spec", RULESETS, ids=str)
@pytest.mark.parametrize("with_deal", [True, False], ids=["deal", "no-deal"])
def test_every_prefix_of_a_game_and_a_wrong_move_after_it(spec, with_deal):
    rs = read_ruleset(spec)
    rng = random.Random(str(spec))
    seed = rng.randrange(10**6)
    record = {**random_record(seed, rs, with_deal=with_deal), "ruleset": spec}
    calls, plays = record["calls"], record["plays"]
    for k in range(len(calls)):  # the call phase: each next call is legal, plays none yet
        before = {**record, "calls": calls[:k], "plays": []}
        assert _agrees(before, "calls", calls[k])
    illegal = 0
    for k in range(len(plays)):
        before = {**record, "plays": plays[:k]}
        assert _agrees(before, "plays", plays[k]), k
        illegal += not _agrees(before, "plays", _wrong(plays[k], rng))
    assert illegal > len(plays) // 4  # the wrong moves are mostly refused, each as adjudication names it


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(RULESETS) - 1), st.integers(0, 10**6), st.booleans(), st.data())
def test_any_prefix_and_any_next_play(which, seed, with_deal, data):
    spec = RULESETS[which]
    record = {**random_record(seed, read_ruleset(spec), with_deal=with_deal), "ruleset": spec}
    k = data.draw(st.integers(0, len(record["plays"])))
    before = {**record, "plays": record["plays"][:k]}
    move = data.draw(
        st.one_of(
            st.fixed_dictionaries({"seat": st.integers(0, 4), "pass": st.just(True)}),
            st.fixed_dictionaries(
                {
                    "seat": st.integers(0, 4),
                    "cards": st.lists(st.sampled_from(TOKENS), min_size=1, max_size=5).map(" ".join),
                }
            ),
        )
    )
    _agrees(before, "plays", move)


def test_a_move_that_ends_the_game_has_the_outcome():
    record = random_record(11)
    before = {**record, "plays": record["plays"][:-1]}
    checked = check_move(before, record["plays"][-1])
    assert checked.legal and checked.result.verdict is Verdict.LEGAL
    scores = checked.to_json()["outcome"]["scores"]
    assert len(scores) == 5 and sum(scores) == 0


def test_an_earlier_fault_is_named_not_the_move():
    record = random_record(12)
    plays = [dict(p) for p in record["plays"][:20]]
    plays[3] = {"seat": plays[3]["seat"], "pass": True} if "cards" in plays[3] else plays[3]
    before = {**record, "plays": plays}
    whole = adjudicate(before)
    if whole.verdict is Verdict.ILLEGAL:
        checked = check_move(before, record["plays"][20])
        assert not checked.legal and checked.at_move is False and checked.violation == whole.violation


def test_a_call_after_the_first_play_is_refused():
    record = random_record(13)
    before = {**record, "plays": record["plays"][:1]}
    with pytest.raises(RecordError) as refused:
        check_move(before, {"seat": 1, "call": "rebel"})
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/move/call", "call_after_first_play")]


def test_problems_point_into_the_record_or_the_move():
    record = random_record(14)
    with pytest.raises(RecordError) as refused:
        check_move({**record, "deal": record["deal"][:4]}, {"seat": 9, "cards": "ZZ"})
    pointers = {p.pointer for p in refused.value.problems}
    assert "/record/deal" in pointers and {"/move/seat", "/move/cards"} <= pointers
    with pytest.raises(RecordError) as refused:
        check_move(record, "9 9")
    assert refused.value.problems[0].pointer == "/move"


@pytest.mark.parametrize(("spec", "seed"), [("weihai", 1), ("kk-simple", 1), ("shandong", 11)])
def test_a_game_ending_play_is_legal_though_the_guard_is_unknown(spec, seed):
    """Without the deal and without the guard named, the play that ends the game is legal — the
    score is what depends on the guard, not the verdict: the answer says so and gives each
    candidate guard's scores (it was a 422 guard_unknown)."""
    from service.core.record_form import read_ruleset

    record = {**random_record(seed, read_ruleset(spec), with_deal=False), "ruleset": spec}
    named = record.pop("guard")
    plays = record["plays"]
    m = check_move({**record, "plays": plays[:-1]}, plays[-1])
    assert m.legal and m.verdict.value == "legal" and m.violation is None
    assert m.result.outcome is None  # the scores differ by guard: none is given as the game's
    note = next(n for n in m.result.notes if n.startswith("the game is over"))
    assert f"seat {named}" in note
    whole = adjudicate({**record, "guard": named})
    assert str(list(whole.outcome.scores)) in note  # the named guard's scores among them
    assert m.to_json()["outcome"] is None
