"""Deck and deal checks (RULES §2): an illegal deal is a verdict; a malformed one is a RecordError."""

import pytest

from service.core import RecordError, adjudicate, random_record


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
