"""Which game a record is: the fingerprint that finds the same game entered twice."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core import PRESETS, WEIHAI, adjudicate, random_record, record_fingerprint
from service.core.cards import format_card, parse_cards
from tests.helpers import respelled


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_same_game_however_written_has_one_fingerprint(name):
    rng = random.Random(name)
    for seed in range(15):
        record = random_record(seed, PRESETS[name])
        fp = record_fingerprint(record, PRESETS[name])
        assert record_fingerprint(respelled(record, rng), PRESETS[name]) == fp


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_another_game_has_another_fingerprint():
    rng = random.Random(5)
    seen = {}
    for seed in range(200):
        fp = record_fingerprint(random_record(seed), WEIHAI)
        assert fp not in seen, f"records {seen.get(fp)} and {seed} share a fingerprint"
        seen[fp] = seed
    record = random_record(3)
    fp = record_fingerprint(record, WEIHAI)
    plays = record["plays"]
    k = next(i for i, p in enumerate(plays) if "cards" in p and len(p["cards"].split()) == 1 and i > 0)
    changed = [
        {**record, "plays": plays[:-1]},  # a play fewer
        {**record, "plays": [*plays[:k], plays[k + 1], plays[k], *plays[k + 2 :]]},  # two plays swapped
        {**record, "deal": [record["deal"][1], record["deal"][0], *record["deal"][2:]]},  # two hands swapped
        {**record, "calls": [*record.get("calls", []), {"seat": rng.randrange(5), "call": "kick"}]},
        {**record, "guard": 2},
    ]
    for other in changed:
        assert record_fingerprint(other, WEIHAI) != fp
    # A play's seat is not part of the game: in a legal game it is always the seat whose turn it
    # is (another seat is out_of_turn, and an illegal game is never stored).
    moved = {**record, "plays": [*plays[:k], {**plays[k], "seat": (plays[k]["seat"] + 1) % 5}, *plays[k + 1 :]]}
    assert record_fingerprint(moved, WEIHAI) == fp
    assert not adjudicate(moved).legal
    # the ruleset it is judged by is part of the game
    assert record_fingerprint(record, PRESETS["standard"]) != fp


def test_a_play_log_without_a_deal():
    record = random_record(11)
    no_deal = {k: v for k, v in record.items() if k != "deal"}
    fp = record_fingerprint(no_deal, WEIHAI)
    assert fp != record_fingerprint(record, WEIHAI)
    assert (
        record_fingerprint(respelled({**no_deal, "deal": record["deal"]}, random.Random(1)) | {"deal": None}, WEIHAI)
        == fp
    )


def test_card_notation_is_read_as_the_parser_reads_it():
    hand = "BJ* SJ 10 T 7S 7♠ 3"
    canonical = " ".join(sorted(format_card(c) for c in parse_cards(hand)))
    a = {"deal": [hand] * 5, "plays": [{"seat": 0, "cards": "t 10"}]}
    b = {"deal": [canonical] * 5, "plays": [{"cards": "10 10", "seat": 0}]}
    assert record_fingerprint(a, WEIHAI) == record_fingerprint(b, WEIHAI)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
PLAY = st.dictionaries(st.sampled_from(["seat", "cards", "pass", "x"]), JSON, max_size=3) | JSON


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.none() | JSON | st.lists(st.text(max_size=20) | st.lists(JSON, max_size=4), max_size=6),
    plays=st.none() | JSON | st.lists(PLAY, max_size=8),
    calls=JSON,
)
def test_any_json_gets_a_fingerprint(deal, plays, calls):
    """The service fingerprints only records the referee has read, but the fingerprint does not
    depend on that: whatever decoded JSON it is given, it answers, and always the same."""
    doc = {"deal": deal, "plays": plays, "calls": calls}
    fp = record_fingerprint(doc, WEIHAI)
    assert len(fp) == 64 and record_fingerprint(dict(reversed(list(doc.items()))), WEIHAI) == fp
