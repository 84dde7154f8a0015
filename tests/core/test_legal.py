"""The legal plays generated from a hand (core/legal.py) are exactly the referee's: on small hands
late in generated games of every ruleset, every sub-multiset of the hand (marked jokers as tokens
of their own, sets or not) is tried by the referee, and the ones it accepts are the generated
list — each once, however the marked jokers are written."""

from __future__ import annotations

import itertools

import pytest

from service.core import adjudicate, random_record
from service.core.adjudication import Verdict
from service.core.cards import parse_cards
from service.core.errors import ViolationCode as V
from service.core.legal import legal_sets
from service.core.moves import check_move
from service.core.record_form import read_ruleset
from tests.core.test_positions import _plain
from tests.core.test_reference import RULESETS

SMALL = 7  # cards in a hand whose every sub-multiset is tried (at most 2**7 - 1 checks)
THREES = {"name": "weihai", "options": {"deck": "216", "last_rank": "threes"}}


def _sub_multisets(hand: str) -> set[str]:
    tokens = [c.rank.symbol + ("*" if c.marked and c.rank.is_joker else "") for c in parse_cards(hand)]
    out = set()
    for n in range(1, len(tokens) + 1):
        for pick in itertools.combinations(tokens, n):
            out.add(" ".join(sorted(pick)))
    return out


def _small_positions(record: dict, most: int = 4):
    """Prefixes of the game where the seat to act holds at most SMALL cards: (prefix, seat, hand,
    table), the ``most`` largest such hands (a hand once)."""
    plays = record["plays"]
    found: dict[str, tuple] = {}
    for k in range(len(plays) - 1, 0, -1):
        before = {**record, "plays": plays[:k]}
        v = adjudicate(before).violation
        assert v is not None and v.code is V.INCOMPLETE
        hand = v.state.get("hand")
        n = len(parse_cards(hand)) if hand else 0
        if n > SMALL + 4:
            break
        if 0 < n <= SMALL:
            found.setdefault(hand, (before, v.seat, hand, v.state.get("table")))
    return sorted(found.values(), key=lambda f: -len(_sub_multisets(f[2])))[:most]


@pytest.mark.parametrize("spec", [*RULESETS, THREES], ids=str)
def test_the_generated_plays_are_every_sub_multiset_the_referee_accepts(spec):
    rs = read_ruleset(spec)
    tried = 0
    for seed in range(3):
        record = {**random_record(seed * 31 + 5, rs), "ruleset": spec}
        assert adjudicate(record).verdict is Verdict.LEGAL
        for before, seat, hand, table in _small_positions(record):
            generated = legal_sets(hand, table, rs)
            assert len(set(generated)) == len(generated)
            accepted: dict[tuple[int, ...], set[bool]] = {}
            for cards in _sub_multisets(hand):
                ok = check_move(before, {"seat": seat, "cards": cards}).legal
                accepted.setdefault(_plain(cards), set()).add(ok)
                tried += 1
            # however its marked jokers are written, a set is legal or not alike
            assert all(len(v) == 1 for v in accepted.values()), (hand, table)
            assert {k for k, v in accepted.items() if True in v} == {_plain(c) for c in generated}, (hand, table)
            for cards in generated:  # and as the generator writes it
                assert check_move(before, {"seat": seat, "cards": cards}).legal
    assert tried > 100  # the games reach hands of a few cards


def test_the_order_is_by_size_then_lowest_first():
    rs = read_ruleset("weihai")
    sets = legal_sets("BJ* SJ 9 9 7", None, rs)
    assert sets == ("7", "9", "SJ", "BJ", "SJ 7", "BJ 7", "9 9", "SJ 9", "BJ 9", "BJ SJ")[:4] + sets[4:]
    sizes = [len(parse_cards(s)) for s in sets]
    assert sizes == sorted(sizes) and "BJ*" not in " ".join(sets)
    assert legal_sets("6 6", None, rs) == ("6", "6 6")  # nothing but sixes: they may go
    final = read_ruleset({"name": "weihai", "options": {"last_rank": "sixes_final_play"}})
    assert legal_sets("6 6", None, final) == ("6 6",)  # 保六: all at once, as the last play
