"""The deal (RULES §2): is it the ruleset's deck, dealt in the ruleset's hand sizes?"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import Card, Rank, Suit
from .errors import Violation
from .errors import ViolationCode as V
from .ruleset import Ruleset

__all__ = ["check_deal", "marked_holder"]


def check_deal(hands: Sequence[tuple[Card, ...]], rs: Ruleset) -> Violation | None:
    """The first thing wrong with the deal, in this order: hand sizes, the deck, the marked cards."""
    sizes = rs.hand_sizes
    allowed = Counter(sizes)
    seen_sizes: Counter[int] = Counter()
    for i, hand in enumerate(hands):
        seen_sizes[len(hand)] += 1
        if seen_sizes[len(hand)] > allowed[len(hand)]:
            shape = " + ".join(f"{n}×{size}" for size, n in sorted(allowed.items(), reverse=True))
            return Violation(
                V.DEAL_WRONG_SIZE,
                f"/deal/{i}",
                f"seat {i} was dealt {len(hand)} cards; ruleset {rs.name!r} deals {shape}",
                i,
            )
    deck = rs.dealt_counts
    total = [0] * len(Rank)
    suited: Counter[tuple[Rank, Suit]] = Counter()
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
    if not rs.marked_jokers:
        return None
    for rank in (Rank.BIG_JOKER, Rank.SMALL_JOKER):
        token = f"{rank.symbol}*"
        seen = [i for i, hand in enumerate(hands) for c in hand if c.marked and c.rank is rank]
        if not seen:
            return Violation(V.MARKED_CARD_MISSING, "/deal", f"no hand holds {token}", None)
        if len(seen) > 1:
            return Violation(
                V.MARKED_CARD_DOUBLED,
                f"/deal/{seen[1]}",
                f"{token} appears {len(seen)} times; the deck has one",
                seen[1],
            )
    return None


def marked_holder(hands: Sequence[tuple[Card, ...]], rank: Rank) -> int | None:
    """The seat dealt the marked copy of ``rank`` (None where the deal has none)."""
    return next((i for i, hand in enumerate(hands) for c in hand if c.marked and c.rank is rank), None)
