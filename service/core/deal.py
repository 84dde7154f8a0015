"""The deal (RULES §2): is it the ruleset's deck, dealt in the ruleset's hand sizes?"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from .cards import RANK_COUNT, SEATS, Card, Rank, format_card, parse_card
from .errors import Violation
from .errors import ViolationCode as V
from .ruleset import Ruleset
from .sets import FIELD_BITS, pack

__all__ = ["DealFacts", "check_deal", "read_plain_deal"]

_MARKED = {Rank.BIG_JOKER: parse_card("BJ*"), Rank.SMALL_JOKER: parse_card("SJ*")}


class DealFacts:
    """What the engine needs from a legal deal: each hand's counts by rank packed (sets.pack)
    and its size, and where the marked cards are (None where the ruleset has none). Read-only
    (Final); not a dataclass, whose ``__init__`` runs as Python even in the compiled core."""

    def __init__(
        self,
        packed: tuple[int, ...],
        sizes: tuple[int, ...],
        bj_holder: int | None,
        sj_holder: int | None,
        suited: bool = False,
    ) -> None:
        self.packed: Final = packed
        self.sizes: Final = sizes
        self.bj_holder: Final = bj_holder
        self.sj_holder: Final = sj_holder
        self.suited: Final = suited  # some dealt card shows its suit


def check_deal(hands: Sequence[tuple[Card, ...]], rs: Ruleset) -> Violation | DealFacts:
    """The first thing wrong with the deal — hand sizes, then the deck, then the marked cards —
    or the deal's facts."""
    allowed: dict[int, int] = {}
    for size in rs.hand_sizes:
        allowed[size] = allowed.get(size, 0) + 1
    seen_sizes: dict[int, int] = {}
    for i, hand in enumerate(hands):
        dealt = seen_sizes[len(hand)] = seen_sizes.get(len(hand), 0) + 1
        if dealt > allowed.get(len(hand), 0):
            shape = " + ".join(f"{n}×{size}" for size, n in sorted(allowed.items(), reverse=True))
            return Violation(
                V.DEAL_WRONG_SIZE,
                f"/deal/{i}",
                f"seat {i} was dealt {len(hand)} cards; ruleset {rs.name!r} deals {shape}",
                i,
            )
    packed: list[int] = []
    total: list[int] = [0] * RANK_COUNT
    marked: list[tuple[int, Rank]] = []
    suited = False
    for i, hand in enumerate(hands):
        c: list[int] = [0] * RANK_COUNT
        for card in hand:
            r: int = card.rank  # as an int, and no +=: the compiled loop adds ints directly
            c[r] = c[r] + 1
            if card.marked:
                marked.append((i, card.rank))
            elif card.suit is not None:
                suited = True
        packed.append(pack(c))
        for k, n in enumerate(c):
            total[k] = total[k] + n
    deck = rs.dealt_counts
    if total != list(deck) or (marked and not rs.marked_jokers) or suited:
        bad = _composition(hands, rs)
        if bad is not None:
            return bad
    holders: dict[Rank, int | None] = {}
    for rank, token in _MARKED.items():
        seen = [i for i, r in marked if r is rank]
        if rs.marked_jokers and not seen:
            return Violation(V.MARKED_CARD_MISSING, "/deal", f"no hand holds {token}", None)
        if len(seen) > 1:
            return Violation(
                V.MARKED_CARD_DOUBLED,
                f"/deal/{seen[1]}",
                f"{token} appears {len(seen)} times; the deck has one",
                seen[1],
            )
        holders[rank] = seen[0] if seen else None
    sizes = tuple(len(hand) for hand in hands)
    return DealFacts(tuple(packed), sizes, holders[Rank.BIG_JOKER], holders[Rank.SMALL_JOKER], suited)


# Each plain token (the canonical spelling of a card without a suit: what the service writes)
# as its card's packed counter, so that a hand's counts are the sum of its tokens'. The marked
# jokers count as jokers; where they are is read from the text.
_ONE: dict[str, int] = {
    format_card(card): 1 << (FIELD_BITS * card.rank) for card in (*(Card(rank) for rank in Rank), *_MARKED.values())
}
_MARKS = (format_card(_MARKED[Rank.BIG_JOKER]), format_card(_MARKED[Rank.SMALL_JOKER]))  # "BJ*", "SJ*"


def read_plain_deal(value: object, rs: Ruleset) -> DealFacts | None:
    """The facts of a deal written the common way — five strings of plain tokens, no suits —
    that is the ruleset's deck in its hand sizes with each marked joker dealt once, read as
    five sums without a card for each token; None for any other deal, which is read card by
    card (``check_deal``: it names what is wrong, or reads suits and other spellings)."""
    if type(value) is not list or len(value) != SEATS or rs.suits_required:
        return None
    one = _ONE.__getitem__
    packed: list[int] = []
    sizes: list[int] = []
    starred: list[int] = []  # the hands that hold a marked joker
    for text in value:
        if type(text) is not str:
            return None
        words = text.split()
        try:
            packed.append(sum(map(one, words)))
        except KeyError:  # another spelling, a suit, or not a card
            return None
        if "*" in text:
            starred.append(len(sizes))
        sizes.append(len(words))
    # Once the sizes are the deal's, no rank's total reaches 256 (a deal is fewer cards), so the
    # hands' sum holds the deal's count of each rank in its own byte: one comparison with the deck.
    if (
        tuple(sorted(sizes, reverse=True)) != rs.hand_sizes
        or sum(packed) != pack(rs.dealt_counts)
        or bool(starred) is not rs.marked_jokers
    ):
        return None
    holders: list[int | None] = [None, None]
    for k, mark in enumerate(_MARKS if starred else ()):
        seen = [i for i in starred if mark in value[i]]
        if len(seen) != 1 or value[seen[0]].count(mark) != 1:
            return None
        holders[k] = seen[0]
    return DealFacts(tuple(packed), tuple(sizes), holders[0], holders[1])


def _composition(hands: Sequence[tuple[Card, ...]], rs: Ruleset) -> Violation | None:
    """Card by card, where the deal first parts from the deck (the slow path, for a deal that
    has extra copies, suits, or marked cards to look at)."""
    deck = rs.dealt_counts
    total = [0] * len(Rank)
    suited: Counter[tuple[Rank, object]] = Counter()
    for i, hand in enumerate(hands):
        for card in hand:
            total[card.rank] += 1
            if total[card.rank] > deck[card.rank]:
                aside = " (one is set aside)" if rs.set_aside is card.rank else ""
                return Violation(
                    V.DEAL_NOT_THE_DECK,
                    f"/deal/{i}",
                    f"the deal has more {card.rank.symbol} than the {deck[card.rank]} dealt{aside}; "
                    f"the first extra is in seat {i}'s hand",
                    i,
                )
            if card.suit is not None:
                suited[card.rank, card.suit] += 1
                if suited[card.rank, card.suit] > 4:
                    return Violation(
                        V.DEAL_NOT_THE_DECK,
                        f"/deal/{i}",
                        f"the deal has more than four {card}; four decks hold four",
                        i,
                    )
            if card.marked and not rs.marked_jokers:
                return Violation(
                    V.DEAL_NOT_THE_DECK,
                    f"/deal/{i}",
                    f"ruleset {rs.name!r} has no marked jokers: write {card.rank.symbol}, not {card}",
                    i,
                )
    return None
