"""Scores (RULES §6): every table, every multiplier, always zero-sum."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core import GameFacts, Mode, Ruleset, score

W = Ruleset()


def facts(mode="normal", emperor=0, guard=1, order=(0, 2, 3, 1, 4), **kw):
    return GameFacts(Mode(mode), emperor, guard, finishing_order=tuple(order), **kw)


def test_seed_004_example():
    # emperor 1st, guard 4th: K = 4 - 2 = 2
    assert score(facts()).scores == (4, 2, -2, -2, -2)
    assert score(facts(guard_revealed=True)).scores == (8, 4, -4, -4, -4)
    assert score(facts(guard_revealed=True, kicked_by=2)).scores == (16, 8, -8, -8, -8)


def test_normal_game_k_formula():
    # emperor 5th, guard 4th: K = -4 - 2 = -6
    assert score(facts(order=(2, 3, 4, 1, 0))).scores == (-12, -6, 6, 6, 6)
    # emperor 3rd, guard 3rd is impossible; emperor 2nd, guard 3rd: K = 2
    assert score(facts(order=(2, 0, 1, 3, 4))).base_scores == (4, 2, -2, -2, -2)


def test_reveal_and_rebellion_double_once_or_stacked():
    both = facts(guard_revealed=True, rebels=(2, 3))
    assert score(both).multiplier == 2
    assert score(facts(rebels=(2, 3))).multiplier == 2
    assert score(facts(rebels=(2,))).multiplier == 1
    stacked = Ruleset.from_options("weihai", {"reveal_and_rebellion": "stacked"})
    assert score(both, stacked).multiplier == 4
    assert [m.rule for m in score(both).multipliers] == ["reveal_or_rebellion"]


def test_hidden_solo_table():
    for place, points in enumerate((16, 8, 0, -8, -16)):
        order = [1, 2, 3, 4]
        order.insert(place, 0)
        s = score(facts("hidden_solo", guard=0, order=order)).scores
        assert s[0] == points
        assert all(x == -points // 4 for x in s[1:])
    doubled = score(facts("hidden_solo", guard=0, order=(0, 1, 2, 3, 4), rebels=(1, 2)))
    assert doubled.scores == (32, -8, -8, -8, -8)


def test_open_solo_flat_and_per_place():
    assert score(facts("open_solo", guard=None, order=(0, 1, 2, 3, 4))).scores == (32, -8, -8, -8, -8)
    assert score(facts("open_solo", guard=None, order=(1, 0, 2, 3, 4))).scores == (-32, 8, 8, 8, 8)
    assert score(facts("open_solo", guard=None, order=(1, 2, 3, 4, 0), kicked_by=3)).scores == (-64, 16, 16, 16, 16)
    per_place = Ruleset.from_options("weihai", {"open_solo_table": "per_place"})
    assert score(facts("open_solo", guard=None, order=(1, 0, 2, 3, 4)), per_place).scores == (8, -2, -2, -2, -2)


def test_royal_sweep_option():
    sweep = Ruleset.from_options("weihai", {"royal_sweep_double": True})
    assert score(facts(order=(0, 1, 2, 3, 4)), sweep).multiplier == 2
    assert score(facts(order=(2, 3, 4, 0, 1)), sweep).multiplier == 2
    assert score(facts(order=(0, 2, 1, 3, 4)), sweep).multiplier == 1
    assert score(facts(order=(0, 1, 2, 3, 4))).multiplier == 1


def test_surrender():
    assert score(facts("surrender", emperor=3, guard=None, order=())).scores == (1, 1, 1, -4, 1)


@st.composite
def any_facts(draw):
    mode = draw(st.sampled_from(list(Mode)))
    emperor = draw(st.integers(0, 4))
    others = [s for s in range(5) if s != emperor]
    guard = {Mode.NORMAL: draw(st.sampled_from(others)), Mode.HIDDEN_SOLO: emperor}.get(mode)
    rebel_side = [s for s in range(5) if s not in (emperor, guard)]
    rebels = (
        tuple(draw(st.lists(st.sampled_from(rebel_side), unique=True)))
        if mode in (Mode.NORMAL, Mode.HIDDEN_SOLO)
        else ()
    )
    order = () if mode is Mode.SURRENDER else tuple(draw(st.permutations(range(5))))
    return GameFacts(
        mode,
        emperor,
        guard,
        rebels,
        mode is Mode.NORMAL and draw(st.booleans()),
        draw(st.none() | st.integers(0, 4)),
        order,
    )


RULESETS = [
    Ruleset(),
    Ruleset.from_options("weihai", {"reveal_and_rebellion": "stacked", "royal_sweep_double": True}),
    Ruleset.from_options("weihai", {"open_solo_table": "per_place", "rebellion_threshold": 3}),
]


@given(any_facts(), st.sampled_from(RULESETS))
def test_every_score_table_is_zero_sum(f, rs):
    outcome = score(f, rs)
    assert sum(outcome.scores) == 0
    assert sum(outcome.base_scores) == 0
    assert outcome.scores == tuple(b * outcome.multiplier for b in outcome.base_scores)


@pytest.mark.parametrize("mode", ["normal", "hidden_solo", "open_solo"])
def test_winning_side_gains(mode):
    guard = {"normal": 1, "hidden_solo": 0, "open_solo": None}[mode]
    win = score(facts(mode, guard=guard, order=(0, 1, 2, 3, 4))).scores
    lose = score(facts(mode, guard=guard, order=(2, 3, 4, 1, 0))).scores
    assert win[0] > 0 > lose[0]
