"""Property tests: random legal games, and single mutations of them."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.core import adjudicate, parse_cards, random_record
from service.core.call_types import CallKind
from service.core.cards import Rank
from service.core.random_game import SCENARIOS
from service.core.ruleset import PRESETS, CrownProcedure, Ruleset

pytestmark = pytest.mark.slow  # hypothesis over many whole games

# Every preset, and Weihai with each kind of house option.
RULESETS = [
    *PRESETS.values(),
    Ruleset.from_options("weihai", {"pass": "hard"}),
    Ruleset.from_options("weihai", {"last_rank": "sixes_final_play", "twos_with_jokers": False}),
    Ruleset.from_options("weihai", {"transfer_to": "previous", "surrender": True, "rebellion_threshold": 3}),
    Ruleset.from_options("kk-simple", {"last_rank": "sixes_final_play", "pass": "hard"}),
    Ruleset.from_options("shandong", {"deck": "216", "last_rank": "threes"}),
    Ruleset.from_options("standard", {"reveal_and_rebellion": "stacked", "open_solo_table": "per_place"}),
]
SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


@st.composite
def games(draw):
    rs = draw(st.sampled_from(RULESETS))
    scenario = draw(st.sampled_from(sorted(set(SCENARIOS[rs.crown]))))
    return random_record(draw(st.integers(0, 2**32)), rs, scenario=scenario), rs


games = games()


def order_key(pointer: str) -> tuple[int, int]:
    """Where a pointer sits in the record, in the order the referee reads it."""
    parts = pointer.split("/")
    section = {"deal": 0, "calls": 1, "plays": 2}[parts[1]]
    if len(parts) == 2:  # the section as a whole lacks its end: no crown taken, or the log stops early
        return section, 10**9
    return section, int(parts[2])


def state_before(rec: dict, k: int) -> dict:
    """The referee's own snapshot of the game just before play k."""
    prefix = dict(rec, plays=rec["plays"][:k])
    v = adjudicate(prefix).violation
    assert v is not None and v.code.value == "incomplete"
    return v.state | {"turn": v.seat}


def counts(text: str | None) -> list[int]:
    out = [0] * len(Rank)
    for c in parse_cards(text or ""):
        out[c.rank] += 1
    return out


def assert_reported(rec: dict, pointer: str, code: str) -> None:
    v = adjudicate(rec).violation
    assert v is not None, f"expected {code} at {pointer}, got legal"
    assert (v.code.value, v.pointer) == (code, pointer)


@SETTINGS
@given(games)
def test_every_random_game_is_legal_and_zero_sum(game):
    rec, rs = game
    result = adjudicate(json.loads(json.dumps(rec)))
    assert result.legal, result.violation
    assert sum(result.outcome.scores) == 0
    assert result.ruleset == rs


def _play_index(rec: dict, data: st.DataObject, with_cards: bool | None = None) -> int | None:
    idx = [i for i, p in enumerate(rec["plays"]) if with_cards is None or ("cards" in p) == with_cards]
    return data.draw(st.sampled_from(idx)) if idx else None


def _find(rec: dict, data: st.DataObject, wanted) -> int | None:
    """A play index where ``wanted(index, play)`` holds, from a few random tries."""
    plays = rec["plays"]
    if not plays:
        return None
    for _ in range(6):
        i = data.draw(st.integers(0, len(plays) - 1))
        if wanted(i, plays[i]):
            return i
    return None


@SETTINGS
@given(games, st.data())
def test_cards_the_seat_does_not_hold(game, data):
    rec, _ = game
    k = _play_index(rec, data, with_cards=True)
    assume(k is not None)  # a game without such a play says nothing here
    hand = counts(state_before(rec, k)["hand"])
    rank = data.draw(st.sampled_from([r for r in Rank if not r.is_joker and hand[r] < 16]))
    rec["plays"][k] = {"seat": rec["plays"][k]["seat"], "cards": " ".join([rank.symbol] * (hand[rank] + 1))}
    assert_reported(rec, f"/plays/{k}", "not_in_hand")


@SETTINGS
@given(games, st.data())
def test_the_wrong_seat(game, data):
    rec, _ = game
    k = _play_index(rec, data)
    assume(k is not None)  # a game without such a play says nothing here
    rec["plays"][k] = dict(rec["plays"][k], seat=(rec["plays"][k]["seat"] + data.draw(st.integers(1, 4))) % 5)
    assert_reported(rec, f"/plays/{k}", "out_of_turn")


@SETTINGS
@given(games, st.data())
def test_a_pass_on_an_empty_table(game, data):
    rec, _ = game
    k = _find(rec, data, lambda i, p: "cards" in p and state_before(rec, i)["table"] is None)
    assume(k is not None)  # a game without such a play says nothing here
    rec["plays"][k] = {"seat": rec["plays"][k]["seat"], "pass": True}
    assert_reported(rec, f"/plays/{k}", "must_lead")


@SETTINGS
@given(games, st.data())
def test_a_set_that_does_not_beat_the_table(game, data):
    rec, rs = game
    k = _find(rec, data, lambda i, p: state_before(rec, i)["table"] is not None)
    assume(k is not None)  # a game without such a play says nothing here
    state = state_before(rec, k)
    hand, top = counts(state["hand"]), counts(state["table"])
    size = sum(top)
    last = rs.last_rank_card  # 憋6 / 憋三: a six (three) only when the hand holds nothing else
    only_last = last is not None and sum(hand) == hand[last]
    choices = []
    for r in Rank:
        if r.is_joker or not hand[r] or (r == last and not only_last):
            continue
        if r == last and rs.last_rank.value == "sixes_final_play":
            continue
        top_rank = max((t for t in Rank if top[t] and not t.is_joker), default=None)
        jokers = top[Rank.SMALL_JOKER] + top[Rank.BIG_JOKER]
        for n in range(1, hand[r] + 1):
            lower = top_rank is not None and r <= top_rank
            if n != size or jokers or lower:
                choices.append((r, n))
    assume(choices)
    r, n = data.draw(st.sampled_from(choices))
    rec["plays"][k] = {"seat": state["turn"], "cards": " ".join([r.symbol] * n)}
    assert_reported(rec, f"/plays/{k}", "does_not_beat")


TOKENS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ", "BJ*", "SJ*"]


@SETTINGS
@given(games, st.data())
def test_any_single_mutation_is_legal_or_reported_there_or_later(game, data):
    rec, rs = game
    rec = copy.deepcopy(rec)
    kind = data.draw(st.sampled_from(["drop", "duplicate", "other_cards", "other_call", "drop_call", "swap"]))
    plays, calls = rec["plays"], rec["calls"]
    if kind in ("drop", "duplicate", "other_cards", "swap") and plays:
        k = data.draw(st.integers(0, len(plays) - 1))
        where = ("plays", k)
        if kind == "drop":
            del plays[k]
        elif kind == "duplicate":
            plays.insert(k, copy.deepcopy(plays[k]))
        elif kind == "swap" and k + 1 < len(plays):
            plays[k], plays[k + 1] = plays[k + 1], plays[k]
        else:
            cards = data.draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=6))
            plays[k] = {"seat": plays[k]["seat"], "cards": " ".join(cards)}
    else:
        j = data.draw(st.integers(0, len(calls) - 1))
        where = ("calls", j)
        if kind == "drop_call":
            del calls[j]
        else:
            kind = data.draw(st.sampled_from([k.value for k in CallKind]))
            calls[j] = {"seat": data.draw(st.integers(0, 4)), "call": kind}
            if (kind == "accept" and rs.suits_required) or (kind == "solo" and rs.crown is CrownProcedure.CALLED):
                calls[j]["card"] = data.draw(st.sampled_from(["9H", "KS", "3D", "2C", "AC"]))
    result = adjudicate(rec)  # never raises: the record is still well-formed
    if result.legal:
        assert sum(result.outcome.scores) == 0
        return
    section = {"calls": 1, "plays": 2}[where[0]]
    assert order_key(result.violation.pointer) >= (section, where[1]), (kind, where, result.violation)
