"""The play phase (RULES §3 憋6, §5): turns, passes, 接风, finishing, precedence."""

import pytest

from service.core import RecordError, adjudicate, random_record
from service.core.record_form import PLAY_KEYS
from tests.helpers import rep

# Seat 0 (emperor, holds BJ*) has 16 sevens and 16 eights; deal_with fills the others:
# seat 1: SJ* + 13 sixes + 16 nines + 3 tens; seat 2: tens, jacks, queens;
# seat 3: queens, kings, aces; seat 4: aces, 2s, 3 SJ and 3 BJ.
SEVENS_EIGHTS = {0: "BJ* " + rep("7", 16) + " " + rep("8", 16)}
ALL_PASS = ["1:pass", "2:pass", "3:pass", "4:pass"]


def run(plays, hands=SEVENS_EIGHTS, calls=((0, "ascend"),), **kw):
    from tests.helpers import record

    return adjudicate(record(hands, list(calls), plays, **kw))


def violation(result):
    assert result.violation is not None, result
    return result.violation.code.value, result.violation.pointer


def test_leader_may_not_pass():
    assert violation(run(["0:pass"])) == ("must_lead", "/plays/0")


def test_emperor_leads_the_first_trick():
    assert violation(run(["1:9"])) == ("out_of_turn", "/plays/0")


def test_two_ranks_are_not_a_set():
    assert violation(run(["0:7 8"])) == ("not_a_set", "/plays/0")


def test_cards_not_held():
    assert violation(run(["0:9"])) == ("not_in_hand", "/plays/0")
    assert violation(run(["0:" + rep("7", 17)])) == ("not_in_hand", "/plays/0")


def test_follow_must_be_higher_and_same_size():
    assert violation(run(["0:8", "1:9", "2:10", "3:Q", "4:A", "0:7"])) == ("does_not_beat", "/plays/5")
    assert violation(run(["0:8 8", "1:9"])) == ("does_not_beat", "/plays/1")
    assert violation(run(["0:8", "1:9 9"])) == ("does_not_beat", "/plays/1")
    assert violation(run(["0:8", "1:9", "2:9"])) == ("not_in_hand", "/plays/2")


def test_legal_prefix_is_incomplete_with_pointer_to_plays():
    result = run(["0:7", "1:9", "2:10"])
    assert result.verdict.value == "incomplete"
    assert violation(result) == ("incomplete", "/plays")
    assert result.violation.seat == 3
    assert result.violation.state["table"] == "10"
    assert result.violation.state["table_seat"] == 2


def test_soft_pass_gets_a_new_chance_after_a_cover():
    plays = ["0:7", "1:pass", "2:pass", "3:Q", "4:pass", "0:pass", "1:SJ*"]
    assert violation(run(plays)) == ("incomplete", "/plays")


def test_hard_pass_ends_the_seats_part_in_the_trick():
    plays = ["0:7", "1:pass", "2:pass", "3:Q", "4:pass", "0:pass", "1:SJ*"]
    hard = {"name": "weihai", "options": {"pass": "hard"}}
    assert violation(run(plays, ruleset=hard)) == ("out_of_turn", "/plays/6")
    # the trick ended: seat 3, who played last, leads
    assert violation(run([*plays[:6], "3:K"], ruleset=hard)) == ("incomplete", "/plays")


def test_trick_ends_when_all_others_pass_and_the_last_player_leads():
    assert violation(run(["0:7", *ALL_PASS, "0:8"])) == ("incomplete", "/plays")
    assert violation(run(["0:7", *ALL_PASS, "1:9"])) == ("out_of_turn", "/plays/5")


def test_jiefeng_next_seat_leads_after_a_seat_goes_out():
    out = ["0:" + rep("7", 16), *ALL_PASS, "0:" + rep("8", 16), *ALL_PASS, "0:BJ*", *ALL_PASS]
    result = run([*out, "1:9"])
    assert violation(result) == ("incomplete", "/plays")
    assert result.violation.state["out"] == [0]
    assert violation(run([*out, "2:10"])) == ("out_of_turn", "/plays/15")
    # a seat that has gone out is skipped and may not play again
    assert violation(run([*out, "0:7"])) == ("out_of_turn", "/plays/15")


def test_jiefeng_when_someone_covers_the_last_set():
    # seat 0 goes out with an 8 that seat 1 covers: seat 1 wins the trick and leads
    out = ["0:" + rep("7", 16), *ALL_PASS, "0:BJ*", *ALL_PASS, "0:" + rep("8", 15), *ALL_PASS, "0:8", "1:9"]
    result = run([*out, "2:pass", "3:pass", "4:pass", "1:9"])
    assert violation(result) == ("incomplete", "/plays")
    assert violation(run([*out, "2:pass", "3:pass", "4:pass", "2:10"])) == ("out_of_turn", "/plays/20")


SIXES = {0: "BJ* " + rep("6", 13) + " " + rep("7", 16) + " 8 8 8"}


def test_sixes_only_when_the_hand_holds_nothing_else():
    assert violation(run(["0:6"], hands=SIXES)) == ("sixes_not_last", "/plays/0")
    shed = ["0:" + rep("7", 16), *ALL_PASS, "0:8 8 8", *ALL_PASS]
    # BJ* is still in hand: no six yet, and a six never travels with a joker
    assert violation(run([*shed, "0:6 6 6"], hands=SIXES)) == ("sixes_not_last", "/plays/10")
    assert violation(run([*shed, "0:BJ* 6"], hands=SIXES)) == ("sixes_not_last", "/plays/10")
    legal = [*shed, "0:BJ*", *ALL_PASS, "0:6 6 6", *ALL_PASS, "0:" + rep("6", 10)]
    result = run(legal, hands=SIXES)
    assert violation(result) == ("incomplete", "/plays")
    assert result.violation.state["out"] == [0]


def test_sixes_rule_options():
    off = {"name": "weihai", "options": {"last_rank": "off"}}
    assert violation(run(["0:6"], hands=SIXES, ruleset=off)) == ("incomplete", "/plays")
    final = {"name": "weihai", "options": {"last_rank": "sixes_final_play"}}
    shed = ["0:" + rep("7", 16), *ALL_PASS, "0:8 8 8", *ALL_PASS, "0:BJ*", *ALL_PASS]
    assert violation(run([*shed, "0:6 6 6"], hands=SIXES, ruleset=final)) == ("sixes_not_last", "/plays/15")
    assert violation(run([*shed, "0:" + rep("6", 13)], hands=SIXES, ruleset=final)) == ("incomplete", "/plays")


def test_precedence_not_a_set_before_not_in_hand_before_sixes_before_beat():
    assert violation(run(["0:9 K"])) == ("not_a_set", "/plays/0")
    assert violation(run(["0:7", "1:6"])) == ("sixes_not_last", "/plays/1")
    assert violation(run(["0:7", "1:5"])) == ("not_in_hand", "/plays/1")
    assert violation(run(["0:7", "2:10"])) == ("out_of_turn", "/plays/1")


def test_marked_big_joker_spelling():
    # seat 0 holds BJ* and no plain big joker: "BJ" means the marked copy
    assert violation(run(["0:BJ"])) == ("incomplete", "/plays")
    assert violation(run(["0:BJ BJ*"])) == ("not_in_hand", "/plays/0")
    # seat 4 holds three plain big jokers but not BJ*
    plays = ["0:7", "1:9", "2:10", "3:K", "4:BJ*"]
    assert violation(run(plays)) == ("not_in_hand", "/plays/4")
    assert violation(run([*plays[:4], "4:BJ"])) == ("incomplete", "/plays")


def test_twos_with_jokers_option():
    plays = ["0:7 7", "1:9 9", "2:10 10", "3:K K", "4:2 SJ"]
    assert violation(run(plays)) == ("incomplete", "/plays")
    no = {"name": "weihai", "options": {"twos_with_jokers": False}}
    assert violation(run(plays, ruleset=no)) == ("not_a_set", "/plays/4")


def test_a_whole_game_then_one_more_action_is_game_over():
    rec = random_record(11)
    assert adjudicate(rec).legal
    last = rec["plays"][-1]["seat"]
    rec["plays"].append({"seat": last, "pass": True})
    result = adjudicate(rec)
    assert (result.violation.code.value, result.violation.pointer) == ("game_over", f"/plays/{len(rec['plays']) - 1}")


def test_after_the_game_a_play_that_is_not_one_is_named_first():
    # The loop leaves off at the last seat's going out; what follows is read there: a play
    # that is not a play is a problem of the record, two more plays are one game_over.
    rec = random_record(11)
    n = len(rec["plays"])
    with pytest.raises(RecordError) as caught:
        adjudicate({**rec, "plays": [*rec["plays"], {"seat": 0, "pass": 1}]})
    assert [p.pointer for p in caught.value.problems] == [f"/plays/{n}/pass"]
    with pytest.raises(RecordError):
        adjudicate({**rec, "plays": [*rec["plays"], [0]]})
    two = [*rec["plays"], {"seat": 1, "cards": "7"}, {"pass": True}]
    result = adjudicate({**rec, "plays": two})
    assert (result.violation.code.value, result.violation.pointer) == ("game_over", f"/plays/{n}")


def test_a_truncated_game_is_incomplete():
    rec = random_record(12)
    rec["plays"] = rec["plays"][:-1]
    result = adjudicate(rec)
    assert result.verdict.value == "incomplete"
    assert result.violation.pointer == "/plays"


@pytest.mark.parametrize("seed", range(5))
def test_seats_may_be_left_out(seed):
    rec = random_record(seed)
    for p in rec["plays"]:
        del p["seat"]
    full = adjudicate(random_record(seed))
    assert adjudicate(rec).outcome == full.outcome


def test_finishing_order_is_who_went_out_first():
    rec = random_record(21)
    result = adjudicate(rec)
    order = result.outcome.facts.finishing_order
    assert sorted(order) == [0, 1, 2, 3, 4]
    # replay by counting: a seat is out when it has played all its cards
    sizes = [len(h.split()) for h in rec["deal"]]
    for c in rec["calls"]:
        if c["call"] == "transfer":
            sizes[c["seat"]] -= 1
            sizes[(c["seat"] + 2) % 5] += 1
    seen = []
    for p in rec["plays"]:
        if "cards" in p:
            sizes[p["seat"]] -= len(p["cards"].split())
            if sizes[p["seat"]] == 0:
                seen.append(p["seat"])
    assert list(order[:4]) == seen


def test_a_play_with_a_field_plays_do_not_have_is_a_problem_at_that_field():
    rec = random_record(3)
    rec["plays"][4] = {**rec["plays"][4], "note": "the big one"}
    with pytest.raises(RecordError) as caught:
        adjudicate(rec)
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/plays/4/note", "unknown_field")]


def test_the_play_keys_are_the_ones_the_play_loop_counts():
    # play.run_plays counts a play's keys by these names rather than comparing with PLAY_KEYS
    assert {"seat", "cards", "pass"} == PLAY_KEYS
