"""The deal (RULES §2): is it the ruleset's deck, dealt in the ruleset's hand sizes?"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from .cards import RANK_COUNT, Card, Rank, parse_card
from .errors import Violation
from .errors import ViolationCode as V
from .ruleset import Ruleset

__all__ = ["DealFacts", "check_deal"]

_MARKED = {Rank.BIG_JOKER: parse_card("BJ*"), Rank.SMALL_JOKER: parse_card("SJ*")}


class DealFacts:
    """What the engine needs from a legal deal: counts by rank per hand, and where the marked
    cards are (None where the ruleset has none). Read-only (Final); not a dataclass, whose
    ``__init__`` runs as Python even in the compiled core."""

    def __init__(
        self, counts: tuple[list[int], ...], bj_holder: int | None, sj_holder: int | None, suited: bool = False
    ) -> None:
        self.counts: Final = counts
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
    counts = []
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
        counts.append(c)
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
    return DealFacts(tuple(counts), holders[Rank.BIG_JOKER], holders[Rank.SMALL_JOKER], suited)


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
