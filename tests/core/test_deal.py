"""Deck and deal checks (RULES §2): an illegal deal is a verdict; a malformed one is a RecordError."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core import RecordError, adjudicate, random_record
from service.core.call_types import DealView
from service.core.cards import NotationError, parse_cards
from service.core.deal import DealFacts, check_deal, read_plain_deal
from service.core.ruleset import PRESETS


def verdict(rec):
    r = adjudicate(rec)
    return r.verdict.value, r.violation and (r.violation.code.value, r.violation.pointer)


def test_a_random_deal_is_the_deck():
    rec = random_record(1)
    assert sum(len(h.split()) for h in rec["deal"]) == 165
    assert verdict(rec)[0] == "legal"


def test_wrong_hand_size():
    rec = random_record(1)
    hands = [h.split() for h in rec["deal"]]
    hands[3].append(hands[2].pop())
    rec["deal"] = [" ".join(h) for h in hands]
    assert verdict(rec) == ("illegal", ("deal_wrong_size", "/deal/2"))


def test_not_the_deck():
    rec = random_record(1)
    hands = [h.split() for h in rec["deal"]]
    i = next(k for k, c in enumerate(hands[4]) if c not in ("7", "BJ*", "SJ*"))
    hands[4][i] = "7"  # a seventeenth seven, one card of another rank missing
    rec["deal"] = [" ".join(h) for h in hands]
    assert verdict(rec)[1][0] == "deal_not_the_deck"
    assert verdict(rec)[1][1].startswith("/deal/")


def test_marked_cards_missing_or_doubled():
    rec = random_record(1)
    rec["deal"] = [h.replace("BJ*", "BJ") for h in rec["deal"]]
    assert verdict(rec) == ("illegal", ("marked_card_missing", "/deal"))
    rec = random_record(1)
    hands = [h.split() for h in rec["deal"]]
    holder = next(i for i, h in enumerate(hands) if "SJ*" in h)
    other = (
        next(i for i, h in enumerate(hands) if "SJ" in h and i != holder)
        if any("SJ" in h for i, h in enumerate(hands) if i != holder)
        else holder
    )
    k = hands[other].index("SJ")
    hands[other][k] = "SJ*"
    rec["deal"] = [" ".join(h) for h in hands]
    assert verdict(rec) == ("illegal", ("marked_card_doubled", f"/deal/{max(holder, other)}"))


def with_suited_sevens(seed, n):
    """A random game whose deal writes the first n sevens as 7S."""
    rec = random_record(seed)
    hands = [h.split() for h in rec["deal"]]
    done = 0
    for h in hands:
        for k, c in enumerate(h):
            if c == "7" and done < n:
                h[k] = "7S"
                done += 1
    rec["deal"] = [" ".join(h) for h in hands]
    return rec


def test_suited_cards_at_most_four_copies():
    assert verdict(with_suited_sevens(2, 5))[1][0] == "deal_not_the_deck"
    # four suited copies are fine, and suits do not matter in play
    assert verdict(with_suited_sevens(2, 4))[0] == "legal"


def test_deal_as_token_arrays():
    rec = random_record(3)
    rec["deal"] = [h.split() for h in rec["deal"]]
    assert verdict(rec)[0] == "legal"


@pytest.mark.parametrize(
    ("deal", "pointer"),
    [
        (["7"] * 4, "/deal"),
        ("7 7 7", "/deal"),
        (["7", "8", "9", "10", 5], "/deal/4"),
        (["7", "8", "9", "10", "X"], "/deal/4"),
        (["7", "8", "9", "10", ["J", 3]], "/deal/4/1"),
        (["7", "8", "9", "10", ["J", "Y"]], "/deal/4/1"),
    ],
)
def test_malformed_deal_is_a_record_error(deal, pointer):
    rec = random_record(3)
    rec["deal"] = deal
    with pytest.raises(RecordError) as info:
        adjudicate(rec)
    assert pointer in [p.pointer for p in info.value.problems]


# The common deal is read packed (deal.read_plain_deal) and every other by check_deal, card by
# card. The two must agree: where the packed reading answers, check_deal gives the same facts;
# where it declines, check_deal decides (and names what is wrong).
_EDITS = ["none", "swap", "drop", "extra", "mark", "unmark", "double_mark", "lower", "alias", "suit", "move"]


def _edited(deal: list[str], edit: str, rng: random.Random) -> list[str]:
    hands = [h.split() for h in deal]
    i, j = rng.randrange(5), rng.randrange(5)
    k = rng.randrange(len(hands[i]))
    if edit == "swap":
        hands[i][k] = rng.choice(["3", "7", "10", "A", "2", "SJ", "BJ"])
    elif edit == "drop":
        del hands[i][k]
    elif edit == "extra":
        hands[i].append(hands[i][k])
    elif edit == "mark":
        hands[i][k] = rng.choice(["BJ*", "SJ*"])
    elif edit == "unmark":
        hands[i] = [t.rstrip("*") for t in hands[i]]
    elif edit == "double_mark":
        hands[i].extend(["BJ*", "BJ*"])
    elif edit == "lower":
        hands[i][k] = hands[i][k].lower()
    elif edit == "alias":
        hands[i] = ["T" if t == "10" else t for t in hands[i]]
    elif edit == "suit":
        hands[i][k] = "7S"
    elif edit == "move":
        hands[j].append(hands[i].pop(k))
    return [" ".join(h) for h in hands]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    name=st.sampled_from(sorted(PRESETS)),
    edit=st.sampled_from(_EDITS),
)
def test_the_packed_deal_reading_agrees_with_check_deal(seed, name, edit):
    rs = PRESETS[name]
    rng = random.Random(seed)
    deal = _edited(random_record(seed, rs)["deal"], edit, rng)
    try:
        hands = [parse_cards(h) for h in deal]
    except NotationError:
        hands = None
    plain = read_plain_deal(deal, rs)
    if plain is None:
        # declined: the deal is not legal, or is written another way than the plain one
        assert edit != "none" or rs.suits_required
        return
    assert hands is not None
    facts = check_deal(hands, rs)
    assert isinstance(facts, DealFacts)
    assert (plain.packed, plain.sizes, plain.bj_holder, plain.sj_holder, plain.suited) == (
        facts.packed,
        facts.sizes,
        facts.bj_holder,
        facts.sj_holder,
        facts.suited,
    )


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_legal_plain_deal_is_read_packed(name):
    rs = PRESETS[name]
    for seed in range(20):
        deal = random_record(seed, rs)["deal"]
        if rs.suits_required:
            assert read_plain_deal(deal, rs) is None
        else:
            facts = read_plain_deal(deal, rs)
            assert facts is not None and facts.sizes == tuple(len(h.split()) for h in deal)


def test_a_deal_read_packed_shows_its_cards_when_looked_at():
    # No preset's crown procedure looks at the cards of a deal read packed today (those that do
    # need suits, which the packed reading leaves to check_deal); the view still shows them.
    deal = random_record(5)["deal"]
    view = DealView(None, 0, 1, written=deal)
    assert view.hands == tuple(parse_cards(h) for h in deal)
    assert [view.holds_two(s) for s in range(5)] == [any(t == "2" for t in h.split()) for h in deal]
    assert DealView(None, 0, 1).hands is None  # without a deal
