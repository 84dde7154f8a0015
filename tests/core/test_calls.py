"""The call phase (RULES §4)."""

import pytest

from service.core import adjudicate, random_record
from tests.helpers import record, rep

# Seat 0 holds BJ*; seat 1 holds SJ* (deal_with gives the marked SJ to the first seat it fills).
NORMAL = {0: "BJ* " + rep("7", 16) + " " + rep("8", 16)}
# Seat 0 holds both marked cards.
BOTH = {0: "BJ* SJ* " + rep("7", 16) + " " + rep("8", 15)}


def first_violation(calls, hands=NORMAL, plays=(), **kw):
    result = adjudicate(record(hands, list(calls), list(plays), **kw))
    v = result.violation
    return (v.code.value, v.pointer) if v else ("legal", "")


def test_crown_holder_speaks_first():
    assert first_violation([]) == ("crown_out_of_order", "/calls")
    assert first_violation([(1, "ascend")]) == ("crown_out_of_order", "/calls/0")
    assert first_violation([(0, "rebel")]) == ("crown_out_of_order", "/calls/0")
    assert first_violation([(2, "rebel"), (0, "ascend")]) == ("crown_out_of_order", "/calls/0")
    assert first_violation([(0, "ascend")]) == ("incomplete", "/plays")


def test_crown_is_taken_once():
    assert first_violation([(0, "ascend"), (0, "ascend")]) == ("crown_out_of_order", "/calls/1")
    assert first_violation([(0, "ascend"), (0, "transfer")]) == ("crown_out_of_order", "/calls/1")


def test_transfer_needs_both_marked_cards():
    assert first_violation([(0, "transfer"), (2, "ascend")]) == ("transfer_without_both", "/calls/0")
    assert first_violation([(0, "transfer"), (2, "ascend")], hands=BOTH) == ("incomplete", "/plays")


def test_transfer_goes_to_the_seat_two_on_who_must_take_it():
    assert first_violation([(0, "transfer"), (1, "ascend")], hands=BOTH) == ("crown_out_of_order", "/calls/1")
    assert first_violation([(0, "transfer")], hands=BOTH) == ("crown_out_of_order", "/calls")
    assert first_violation([(0, "transfer"), (2, "transfer")], hands=BOTH) == ("crown_out_of_order", "/calls/1")
    previous = {"name": "weihai", "options": {"transfer_to": "previous"}}
    assert first_violation([(0, "transfer"), (4, "ascend")], hands=BOTH, ruleset=previous) == ("incomplete", "/plays")


def test_transferred_emperor_leads_with_34_cards():
    plays = ["2:" + rep("10", 13)]
    assert first_violation([(0, "transfer"), (2, "ascend")], hands=BOTH, plays=plays) == ("incomplete", "/plays")
    assert first_violation([(0, "transfer"), (2, "ascend")], hands=BOTH, plays=["0:7"]) == ("out_of_turn", "/plays/0")


def test_open_solo_by_another_seat_right_after_the_crown():
    assert first_violation([(0, "ascend"), (3, "solo")]) == ("incomplete", "/plays")
    assert first_violation([(0, "ascend"), (2, "rebel"), (3, "solo")]) == ("solo_too_late", "/calls/2")
    assert first_violation([(0, "ascend"), (3, "solo"), (4, "solo")]) == ("solo_not_allowed", "/calls/2")
    assert first_violation([(0, "solo"), (3, "solo")]) == ("solo_not_allowed", "/calls/1")
    assert first_violation([(0, "ascend"), (0, "solo")]) == ("solo_not_allowed", "/calls/1")
    # the soloist leads
    assert first_violation([(0, "ascend"), (3, "solo")], plays=["0:7"]) == ("out_of_turn", "/plays/0")


def test_reveal_only_by_the_guard_of_a_normal_game():
    assert first_violation([(0, "ascend"), (1, "reveal_guard")]) == ("incomplete", "/plays")
    assert first_violation([(0, "ascend"), (2, "reveal_guard")]) == ("reveal_by_non_guard", "/calls/1")
    assert first_violation([(0, "ascend"), (0, "reveal_guard")]) == ("reveal_by_non_guard", "/calls/1")
    assert first_violation([(0, "solo"), (1, "reveal_guard")]) == ("reveal_by_non_guard", "/calls/1")
    assert first_violation([(0, "ascend"), (0, "reveal_guard")], hands=BOTH) == ("reveal_by_non_guard", "/calls/1")
    assert first_violation([(0, "ascend"), (1, "reveal_guard"), (1, "reveal_guard")]) == ("duplicate_call", "/calls/2")


def test_rebels():
    assert first_violation([(0, "ascend"), (2, "rebel"), (3, "rebel")]) == ("incomplete", "/plays")
    assert first_violation([(0, "ascend"), (1, "rebel")]) == ("rebel_not_allowed", "/calls/1")
    assert first_violation([(0, "ascend"), (0, "rebel")]) == ("rebel_not_allowed", "/calls/1")
    assert first_violation([(0, "solo"), (2, "rebel")]) == ("rebel_not_allowed", "/calls/1")
    assert first_violation([(0, "ascend"), (2, "rebel"), (2, "rebel")]) == ("duplicate_call", "/calls/2")
    # in a hidden solo everyone else may rebel
    assert first_violation([(0, "ascend"), (1, "rebel"), (2, "rebel")], hands=BOTH) == ("incomplete", "/plays")


@pytest.mark.parametrize(
    ("calls", "hands", "expected"),
    [
        ([(0, "ascend"), (2, "kick")], NORMAL, ("kick_without_declaration", "/calls/1")),
        ([(0, "ascend"), (1, "reveal_guard"), (2, "kick")], NORMAL, ("incomplete", "/plays")),
        ([(0, "ascend"), (1, "reveal_guard"), (0, "kick")], NORMAL, ("kick_without_declaration", "/calls/2")),
        ([(0, "ascend"), (2, "rebel"), (3, "rebel"), (0, "kick")], NORMAL, ("incomplete", "/plays")),
        ([(0, "ascend"), (2, "rebel"), (3, "rebel"), (1, "kick")], NORMAL, ("incomplete", "/plays")),
        ([(0, "ascend"), (2, "rebel"), (0, "kick")], NORMAL, ("kick_without_declaration", "/calls/2")),
        ([(0, "ascend"), (2, "rebel"), (3, "rebel"), (4, "kick")], NORMAL, ("kick_without_declaration", "/calls/3")),
        ([(0, "solo"), (3, "kick")], NORMAL, ("incomplete", "/plays")),
        ([(0, "solo"), (0, "kick")], NORMAL, ("kick_without_declaration", "/calls/1")),
        ([(0, "ascend"), (1, "rebel"), (2, "rebel"), (0, "kick")], BOTH, ("incomplete", "/plays")),
        ([(0, "ascend"), (1, "rebel"), (2, "rebel"), (3, "kick")], BOTH, ("kick_without_declaration", "/calls/3")),
        ([(0, "solo"), (3, "kick"), (4, "kick")], NORMAL, ("second_kick", "/calls/2")),
        ([(0, "solo"), (3, "kick"), (4, "rebel")], NORMAL, ("call_after_kick", "/calls/2")),
        ([(0, "ascend"), (1, "reveal_guard"), (2, "kick"), (3, "rebel")], NORMAL, ("call_after_kick", "/calls/3")),
        ([(0, "solo"), (3, "kick"), (0, "surrender")], NORMAL, ("surrender_not_allowed", "/calls/2")),
    ],
)
def test_kick(calls, hands, expected):
    assert first_violation(calls, hands=hands) == expected


def test_rebellion_threshold_option():
    three = {"name": "weihai", "options": {"rebellion_threshold": 3}}
    calls = [(0, "ascend"), (2, "rebel"), (3, "rebel"), (0, "kick")]
    assert first_violation(calls, ruleset=three) == ("kick_without_declaration", "/calls/3")
    assert first_violation([*calls[:3], (4, "rebel"), (0, "kick")], ruleset=three) == ("incomplete", "/plays")


def test_surrender_only_where_enabled_and_only_by_an_open_soloist():
    assert first_violation([(0, "solo"), (0, "surrender")]) == ("surrender_not_allowed", "/calls/1")
    on = {"name": "weihai", "options": {"surrender": True}}
    result = adjudicate(record(NORMAL, [(0, "solo"), (0, "surrender")], [], ruleset=on))
    assert result.legal
    assert result.outcome.facts.mode.value == "surrender"
    assert result.outcome.scores == (-4, 1, 1, 1, 1)
    assert first_violation([(0, "ascend"), (0, "surrender")], ruleset=on) == ("surrender_not_allowed", "/calls/1")
    assert first_violation([(0, "solo"), (2, "surrender")], ruleset=on) == ("surrender_not_allowed", "/calls/1")
    assert first_violation([(0, "solo"), (0, "surrender")], plays=["0:7"], ruleset=on) == ("game_over", "/plays/0")


@pytest.mark.parametrize(
    ("scenario", "mode"),
    [
        ("normal", "normal"),
        ("hidden_solo", "hidden_solo"),
        ("holder_solo", "open_solo"),
        ("other_solo", "open_solo"),
        ("transfer_ascend", "normal"),
        ("transfer_solo", "open_solo"),
    ],
)
def test_roles_of_each_kind_of_game(scenario, mode):
    for seed in range(8):
        rec = random_record(seed, scenario=scenario)
        result = adjudicate(rec)
        assert result.legal
        facts = result.outcome.facts
        assert facts.mode.value == mode
        crown = next(i for i, h in enumerate(rec["deal"]) if "BJ*" in h.split())
        sj = next(i for i, h in enumerate(rec["deal"]) if "SJ*" in h.split())
        if scenario == "normal":
            assert (facts.emperor, facts.guard) == (crown, sj)
        elif scenario == "hidden_solo":
            assert facts.emperor == facts.guard == crown == sj
        elif scenario == "transfer_ascend":
            assert (facts.emperor, facts.guard) == ((crown + 2) % 5, crown)
        elif scenario == "other_solo":
            assert facts.emperor != crown and facts.guard is None
