"""The typed record: read from JSON with every problem pointed at, written back canonically, the
same game as the JSON it came from (verdict, scores, fingerprint)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core import adjudicate, random_record
from service.core.errors import RecordError
from service.core.identity import record_fingerprint
from service.core.record import Play, Record
from service.core.record_form import read_ruleset

SPECS = [
    "weihai",
    "shandong",
    "kk-simple",
    "standard",
    "kk-classic",
    {"name": "weihai", "options": {"pass": "hard", "rebellion_threshold": 3}},
    {"name": "kk-classic", "options": {"twos_with_jokers": True}},
]


@pytest.mark.slow  # a sweep or a timing test: the full run has it
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SPECS), st.integers(0, 10**6), st.booleans())
def test_round_trip_and_the_same_game(spec, seed, with_deal):
    rs = read_ruleset(spec)
    doc = random_record(seed, rs, with_deal=with_deal)
    record = Record.from_json(doc)
    assert record.ruleset == rs
    again = Record.from_json(record.to_json())
    assert again == record
    assert again.to_json() == record.to_json()  # the canonical spelling is stable
    try:
        expected = adjudicate(doc)
    except RecordError as exc:  # without the deal the referee may ask for the guard
        with pytest.raises(RecordError) as info:
            record.adjudicate()
        assert [p.code for p in info.value.problems] == [p.code for p in exc.problems]
    else:
        mine = record.adjudicate()
        assert mine.verdict == expected.verdict
        assert mine.outcome.scores == expected.outcome.scores
    assert record.fingerprint() == record_fingerprint(doc, rs)


def test_spellings_read_to_one_value():
    a = Record.from_json({"calls": [{"seat": 0, "call": "ascend"}], "plays": [{"seat": 0, "cards": "t t 小王"}]})
    b = Record.from_json(
        {"calls": [{"seat": 0, "call": "ascend"}], "plays": [{"seat": 0, "cards": ["10", "10", "SJ"]}]}
    )
    assert a.plays == b.plays and a.fingerprint() == b.fingerprint()
    assert a.to_json()["plays"] == [{"seat": 0, "cards": "10 10 SJ"}]
    assert a.to_json()["ruleset"] == "weihai"


def test_passes_and_implied_seats():
    r = Record.from_json({"calls": [], "plays": [{"cards": "9"}, {"pass": True}, {"seat": 2, "pass": True}]})
    assert r.plays == (Play(None, r.plays[0].cards), Play(None, None), Play(2, None))
    assert r.plays[1].is_pass and not r.plays[0].is_pass
    assert r.to_json()["plays"][1:] == [{"pass": True}, {"seat": 2, "pass": True}]


def test_options_are_written_only_where_they_differ():
    r = Record.from_json({"ruleset": {"name": "shandong", "options": {"pass": "hard", "surrender": True}}})
    assert r.to_json()["ruleset"] == {"name": "shandong", "options": {"pass": "hard"}}


@pytest.mark.parametrize(
    ("doc", "pointer", "code"),
    [
        ([], "", "invalid_type"),
        ({"plays": [{"seat": 0, "cards": "9 X"}]}, "/plays/0/cards", "unknown_card"),
        ({"plays": [{"seat": 7, "cards": "9"}]}, "/plays/0/seat", "invalid_seat"),
        ({"plays": "9 9"}, "/plays", "invalid_type"),
        ({"calls": [{"seat": 0, "call": "bow"}]}, "/calls/0/call", "unknown_call"),
        ({"deal": ["9"] * 4}, "/deal", "invalid_deal"),
        ({"guard": 5}, "/guard", "invalid_seat"),
        ({"ruleset": "standard"}, "/first_candidate", "missing_field"),
        ({"first_candidate": 1}, "/first_candidate", "unexpected_field"),
        ({"colour": "red"}, "/colour", "unknown_field"),
        ({"claimed": {"scores": "many"}}, "/claimed/scores", "invalid_value"),
    ],
)
def test_what_is_not_a_record_is_refused_with_a_pointer(doc, pointer, code):
    with pytest.raises(RecordError) as info:
        Record.from_json(doc)
    assert (pointer, code) in [(p.pointer, p.code) for p in info.value.problems]


@given(st.sampled_from(SPECS), st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_seat_results_are_the_outcome_seat_by_seat(spec, seed):
    outcome = adjudicate(random_record(seed, read_ruleset(spec))).outcome
    results = outcome.seat_results()
    facts = outcome.facts
    assert [r.seat for r in results] == [0, 1, 2, 3, 4]
    assert tuple(r.score for r in results) == outcome.scores and sum(outcome.scores) == 0
    roles = [r.role for r in results]
    if facts.emperor is None:
        assert roles == ["other"] * 5 and all(r.place is None for r in results)
        return
    assert roles[facts.emperor] == "emperor" and roles.count("emperor") == 1
    assert roles.count("guard") == (1 if facts.guard not in (None, facts.emperor) else 0)
    if facts.finishing_order:
        assert sorted(r.place for r in results) == [1, 2, 3, 4, 5]
        assert all(facts.finishing_order[r.place - 1] == r.seat for r in results)
