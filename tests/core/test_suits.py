"""Suits written in plays are checked against the deck and, where the deal shows suits, against
the seat's hand (RULES §2); a play without suits is matched to the seat's cards as ever."""

from __future__ import annotations

from service.core import adjudicate, random_record
from service.core.cards import parse_cards
from service.core.record_form import read_ruleset
from tests.helpers import record


def _with_play(record: dict, index: int, cards: str) -> dict:
    plays = list(record["plays"])
    plays[index] = {**plays[index], "cards": cards}
    return {**record, "plays": plays}


def test_five_queens_of_spades_in_one_play_are_not_in_any_deck():
    """Answered as a legal play before: a seat that holds five queens leads five queens of spades."""
    dealt = record({0: "BJ* Q Q Q Q Q"}, [(0, "ascend")], ["0:QS QS QS QS QS"])
    without = {k: v for k, v in random_record(3).items() if k != "deal"}
    without = _with_play(without, 0, "QS QS QS QS QS")
    for rec in (dealt, without):
        r = adjudicate(rec)
        assert r.verdict.value == "illegal", r.to_json()
        assert r.violation.code.value == "not_in_hand" and r.violation.pointer == "/plays/0"
        assert "the deck has four QS" in r.violation.message, r.violation.message
    # five queens without suits are fine for the seat that holds them (the log then stops early)
    assert adjudicate(record({0: "BJ* Q Q Q Q Q"}, [(0, "ascend")], ["0:Q Q Q Q Q"])).verdict.value == "incomplete"


def test_suits_add_up_across_plays_and_name_the_earlier_ones():
    record = {k: v for k, v in random_record(5).items() if k != "deal"}
    plays = record["plays"]
    singles = [i for i, p in enumerate(plays) if p.get("cards") in ("9", "10", "J")][:5]
    assert len(singles) == 5
    marked = list(plays)
    for i in singles:
        marked[i] = {**plays[i], "cards": plays[i]["cards"] + "H"}
    r = adjudicate({**record, "plays": marked})
    tens_of_hearts = [i for i in singles if plays[i]["cards"] == "10"]
    if len(tens_of_hearts) <= 4 and all(sum(1 for j in singles if plays[j]["cards"] == c) <= 4 for c in ("9", "J")):
        assert r.legal, r.violation  # as many of a suited card as four packs hold: fine
    # now write every single of one rank with the same suit: the fifth is refused, the four before named
    rank = max(("9", "10", "J", "Q", "K", "A", "7", "8"), key=lambda c: sum(1 for p in plays if p.get("cards") == c))
    ones = [i for i, p in enumerate(plays) if p.get("cards") == rank]
    if len(ones) >= 5:
        spades = [{**p, "cards": rank + "S"} if i in ones else p for i, p in enumerate(plays)]
        r = adjudicate({**record, "plays": spades})
        assert r.violation.code.value == "not_in_hand" and r.violation.pointer == f"/plays/{ones[4]}"
        assert r.violation.state["earlier_plays"] == [f"/plays/{i}" for i in ones[:4]]


def test_a_suited_deal_holds_the_seat_to_its_suits():
    rs = read_ruleset("standard")
    for seed in range(30):
        record = random_record(seed, rs)
        plays = record["plays"]
        k = next(
            (
                i
                for i, p in enumerate(plays)
                if p.get("cards")
                and len(p["cards"].split()) == 1
                and p["cards"][-1] != "J"
                and p["cards"] not in ("SJ", "BJ", "SJ*", "BJ*")
            ),
            None,
        )
        if k is None:
            continue
        seat = plays[k]["seat"]
        rank = parse_cards(plays[k]["cards"])[0].rank
        token = rank.symbol
        hand = parse_cards(record["deal"][seat])
        held = {c.suit.value for c in hand if c.rank is rank and c.suit is not None}
        missing = next((s for s in "SHDC" if s not in held), None)
        if missing is None or not held:
            continue
        r = adjudicate(_with_play(record, k, token + missing))
        assert r.violation is not None and r.violation.code.value == "not_in_hand", r.to_json()["verdict"]
        assert r.violation.pointer == f"/plays/{k}" and f"seat {seat} was dealt 0" in r.violation.message
        ok = adjudicate(_with_play(record, k, token + sorted(held)[0]))
        assert ok.legal, ok.violation
        return
    raise AssertionError("no game offered a single of a rank the seat held in some suits only")


def test_plays_without_suits_are_unchanged():
    for seed in range(20):
        assert adjudicate(random_record(seed)).legal
        assert adjudicate(random_record(seed, read_ruleset("standard"))).legal
