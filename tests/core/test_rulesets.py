"""The presets other than Weihai: their crown procedures, decks and scoring (RULES §8–§9)."""

import pytest

from service.core import RecordError, Ruleset, adjudicate, random_record
from service.core.random_game import SCENARIOS
from service.core.ruleset import PRESETS, RulesetError
from service.core.scoring import GameFacts, Mode, score
from tests.helpers import record, rep


def outcome_of(rec):
    result = adjudicate(rec)
    v = result.violation
    return (v.code.value, v.pointer) if v else ("legal", "")


def hand_size_of_turn(rec):
    """The number of cards of the seat to play first, from the referee's snapshot."""
    v = adjudicate(rec).violation
    assert v.code.value == "incomplete", v
    return len(v.state["hand"].split())


# --- standard: the crown is offered with a set-aside big joker; the emperor calls a card ---

STD = "standard"
TRIPLE = {0: "9H 9H 9H 2S", 2: "9H", 3: "KS KS KS KS"}


def std(calls, plays=(), hands=TRIPLE, first=0, **kw):
    return record(hands, list(calls), list(plays), ruleset=STD, first_candidate=first, **kw)


def test_standard_deal_is_43_each_with_one_big_joker_aside():
    rs = PRESETS["standard"]
    assert rs.hand_sizes == (43,) * 5
    rec = std([(0, "accept", "9H")])
    assert sum(len(h.split()) for h in rec["deal"]) == 215
    assert sum(h.split().count("BJ") for h in rec["deal"]) == 3


def test_standard_accept_calls_a_triple_and_the_fourth_copy_is_the_guard():
    assert outcome_of(std([(0, "accept", "9H")])) == ("incomplete", "/plays")
    # the guard is seat 2: it may reveal, nobody else may
    assert outcome_of(std([(0, "accept", "9H"), (2, "reveal_guard")])) == ("incomplete", "/plays")
    assert outcome_of(std([(0, "accept", "9H"), (1, "reveal_guard")])) == ("reveal_by_non_guard", "/calls/1")
    # the emperor took the set-aside big joker: 44 cards
    assert hand_size_of_turn(std([(0, "accept", "9H")])) == 44


def test_standard_called_card_rules():
    assert outcome_of(std([(0, "accept", "KS")])) == ("called_card_not_held", "/calls/0")
    assert outcome_of(std([(0, "accept", "2S")])) == ("called_card_not_allowed", "/calls/0")
    assert outcome_of(std([(0, "accept", "SJ")])) == ("called_card_not_allowed", "/calls/0")
    assert outcome_of(std([(3, "accept", "KS")], first=3)) == ("incomplete", "/plays")  # four: hidden solo
    assert outcome_of(std([(3, "accept", "KS"), (0, "rebel"), (1, "rebel"), (2, "rebel")], first=3)) == (
        "incomplete",
        "/plays",
    )
    assert outcome_of(std([(3, "solo", "KS")], first=3)) == ("incomplete", "/plays")
    assert outcome_of(std([(0, "solo", "9H")])) == ("called_card_not_held", "/calls/0")


def test_standard_declines_pass_the_crown_clockwise_with_the_2s():
    # 0 declines (gives nothing), 4 declines (adds a 2), 3 accepts four kings: a hidden solo
    calls = [(0, "decline"), (4, "decline"), (3, "accept", "KS")]
    assert outcome_of(std(calls)) == ("incomplete", "/plays")
    assert hand_size_of_turn(std(calls)) == 43 + 1 + 1
    assert outcome_of(std([(0, "decline"), (1, "accept", "9H")])) == ("crown_out_of_order", "/calls/1")
    assert outcome_of(std([(1, "accept", "9H")])) == ("crown_out_of_order", "/calls/0")


def test_standard_five_declines_return_once_then_void():
    five = [(s, "decline") for s in (0, 4, 3, 2, 1)]
    assert outcome_of(std([*five, (0, "accept", "9H")])) == ("incomplete", "/plays")
    void = std([*five, (0, "decline")])
    result = adjudicate(void)
    assert result.legal
    assert result.outcome.facts.mode.value == "void"
    assert result.outcome.scores == (0, 0, 0, 0, 0)
    assert outcome_of(std([*five, (0, "decline")], plays=["0:9"])) == ("game_over", "/plays/0")
    assert outcome_of(std([*five, (0, "decline"), (1, "rebel")])) == ("game_over", "/calls/6")


def test_standard_has_no_weihai_calls_and_no_open_solo_by_others():
    assert outcome_of(std([(0, "ascend")])) == ("call_not_in_ruleset", "/calls/0")
    assert outcome_of(std([(0, "accept", "9H"), (3, "solo", "KS")])) == ("solo_not_allowed", "/calls/1")


@pytest.mark.parametrize(
    ("change", "pointer", "code"),
    [
        (lambda r: r.pop("first_candidate"), "/first_candidate", "missing_field"),
        (lambda r: r["calls"][0].pop("card"), "/calls/0/card", "missing_field"),
        (lambda r: r["calls"][0].update(card="9"), "/calls/0/card", "suit_required"),
        (lambda r: r.update(deal=[h.replace("H", "") for h in r["deal"]]), "/deal/0", "suit_required"),
    ],
)
def test_standard_record_form(change, pointer, code):
    rec = std([(0, "accept", "9H")])
    change(rec)
    with pytest.raises(RecordError) as info:
        adjudicate(rec)
    assert (pointer, code) in [(p.pointer, p.code) for p in info.value.problems]


def test_standard_rejects_marked_jokers_in_the_deal():
    rec = std([(0, "accept", "9H")])
    rec["deal"][4] = rec["deal"][4].replace("BJ", "BJ*", 1)
    assert outcome_of(rec)[0] == "deal_not_the_deck"


# --- kk-simple: the crown may be passed to 上家; two rounds unanswered void the deal ---

KKS = "kk-simple"


def kks(calls, plays=(), hands=None, **kw):
    return record(hands or {0: "BJ* " + rep("7", 16) + " " + rep("8", 16)}, list(calls), list(plays), ruleset=KKS, **kw)


def test_kk_simple_deals_168_cards_34_34_34_33_33():
    rec = kks([(0, "ascend")])
    assert sorted(len(h.split()) for h in rec["deal"]) == [33, 33, 34, 34, 34]
    bad = kks([(0, "ascend")])
    hands = [h.split() for h in bad["deal"]]
    big = next(i for i, h in enumerate(hands) if len(h) == 34)
    small = next(i for i, h in enumerate(hands) if len(h) == 33)
    hands[small].append(hands[big].pop())
    hands[small].append(hands[next(i for i, h in enumerate(hands) if len(h) == 34 and i != big)].pop())
    bad["deal"] = [" ".join(h) for h in hands]
    assert outcome_of(bad)[0] == "deal_wrong_size"


def test_kk_simple_crown_passes_to_the_previous_seat_with_the_card():
    calls = [(0, "transfer"), (4, "transfer"), (3, "ascend")]
    assert outcome_of(kks(calls)) == ("incomplete", "/plays")
    assert outcome_of(kks([(0, "transfer"), (2, "ascend")])) == ("crown_out_of_order", "/calls/1")
    assert outcome_of(kks(calls, plays=["4:9"])) == ("out_of_turn", "/plays/0")
    # anyone holding the crown may pass it: no need for both marked cards
    assert outcome_of(kks([(0, "transfer"), (4, "solo")])) == ("incomplete", "/plays")


def test_kk_simple_two_rounds_unanswered_void_the_deal():
    seats = [0, 4, 3, 2, 1] * 2
    result = adjudicate(kks([(s, "transfer") for s in seats]))
    assert result.legal and result.outcome.facts.mode.value == "void"
    assert sum(map(abs, result.outcome.scores)) == 0
    assert outcome_of(kks([(s, "transfer") for s in seats[:9]])) == ("crown_out_of_order", "/calls")


def test_kk_simple_2s_never_carry_jokers_and_has_no_open_solo_by_others():
    assert outcome_of(kks([(0, "ascend"), (3, "solo")])) == ("solo_not_allowed", "/calls/1")
    rec = kks([(0, "ascend")], plays=["0:BJ*"])
    assert outcome_of(rec) == ("incomplete", "/plays")
    twos = {0: "BJ* 2 2 SJ " + rep("7", 16)}
    assert outcome_of(kks([(0, "ascend")], plays=["0:2 2 SJ"], hands=twos)) == ("not_a_set", "/plays/0")
    assert outcome_of(kks([(0, "ascend")], plays=["0:2 2"], hands=twos)) == ("incomplete", "/plays")
    weihai = record(twos, [(0, "ascend")], ["0:2 2 SJ"])  # the same play where 2s may carry jokers
    assert outcome_of(weihai) == ("incomplete", "/plays")


def test_kk_simple_without_a_deal_is_rebuilt_not_refused():
    """Its hands are 34 and 33 cards: the plays tell which seat held which (tests/test_without_deal.py)."""
    rec = kks([(0, "ascend")])
    del rec["deal"]
    result = adjudicate(rec)
    assert result.deal_reconstructed and result.verdict.value == "incomplete"
    assert any("3 × 34 and 2 × 33 cards" in n for n in result.notes)


# --- kk-classic: the BJ* holder calls a suited card, solos, or passes the crown ---

KKC = "kk-classic"
CLASSIC = {0: "BJ* 9H 9H 9H", 2: "9H", 3: "KS KS KS KS BJ BJ SJ"}


def kkc(calls, plays=(), hands=CLASSIC, **kw):
    return record(hands, list(calls), list(plays), ruleset=KKC, **kw)


def test_kk_classic_accept_and_solo():
    assert outcome_of(kkc([(0, "accept", "9H")])) == ("incomplete", "/plays")
    assert outcome_of(kkc([(0, "accept", "9H"), (2, "reveal_guard")])) == ("incomplete", "/plays")
    assert outcome_of(kkc([(0, "accept", "KS")])) == ("called_card_not_held", "/calls/0")
    assert outcome_of(kkc([(0, "solo")])) == ("incomplete", "/plays")
    assert outcome_of(kkc([(0, "ascend")])) == ("call_not_in_ruleset", "/calls/0")
    with pytest.raises(RecordError):
        adjudicate(kkc([(0, "solo", "9H")]))  # an open solo here names no card


def test_kk_classic_crown_goes_round_once():
    five = [(s, "transfer") for s in (0, 4, 3, 2, 1)]
    assert outcome_of(kkc([*five, (0, "accept", "9H")])) == ("incomplete", "/plays")
    assert outcome_of(kkc([*five, (0, "transfer")])) == ("crown_out_of_order", "/calls/5")


def test_kk_classic_snatch_needs_three_jokers_and_four_identical():
    assert outcome_of(kkc([(0, "accept", "9H"), (3, "solo")])) == ("incomplete", "/plays")
    assert outcome_of(kkc([(0, "accept", "9H"), (1, "solo")])) == ("solo_not_allowed", "/calls/1")
    assert outcome_of(kkc([(0, "solo"), (3, "solo")])) == ("solo_not_allowed", "/calls/1")
    # the snatcher leads
    assert outcome_of(kkc([(0, "accept", "9H"), (3, "solo")], plays=["0:9H"])) == ("out_of_turn", "/plays/0")


# --- shandong: Weihai with surrender and the royal sweep double ---


def test_shandong_surrender_and_sweep():
    on = record(
        {0: "BJ* " + rep("7", 16) + " " + rep("8", 16)}, [(0, "solo"), (0, "surrender")], [], ruleset="shandong"
    )
    result = adjudicate(on)
    assert result.legal and result.outcome.scores == (-4, 1, 1, 1, 1)
    weihai = adjudicate({**on, "ruleset": "weihai"})
    assert not weihai.legal and weihai.violation.code.value == "surrender_not_allowed"
    # the royal sweep: emperor and guard take 1st and 2nd (or the last two) -> x2 for every seat
    for order, doubled in (((0, 1, 2, 3, 4), True), ((2, 3, 4, 0, 1), True), ((0, 2, 1, 3, 4), False)):
        facts = GameFacts(Mode.NORMAL, emperor=0, guard=1, finishing_order=order)
        plain, sweep = score(facts, PRESETS["weihai"]), score(facts, PRESETS["shandong"])
        assert sweep.scores == tuple((2 if doubled else 1) * x for x in plain.scores)
        assert ("royal_sweep" in [m.rule for m in sweep.multipliers]) == doubled


def test_threes_last_needs_a_deck_with_threes():
    with pytest.raises(RulesetError):
        Ruleset.from_options("shandong", {"last_rank": "threes"})
    rs = Ruleset.from_options("shandong", {"last_rank": "threes", "deck": "216"})
    assert rs.hand_sizes == (44, 43, 43, 43, 43)
    rec = record(
        {0: "BJ* 3 3 " + rep("7", 16)},
        [(0, "ascend")],
        ["0:3"],
        ruleset={"name": "shandong", "options": {"last_rank": "threes", "deck": "216"}},
    )
    assert outcome_of(rec) == ("sixes_not_last", "/plays/0")


# --- every preset, every scenario ---


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_plays_each_of_its_scenarios(name):
    rs = PRESETS[name]
    for scenario in sorted(set(SCENARIOS[rs.crown])):
        for seed in range(4):
            result = adjudicate(random_record(seed, rs, scenario=scenario))
            assert result.legal, (scenario, seed, result.violation)
            assert sum(result.outcome.scores) == 0
