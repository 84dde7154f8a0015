"""What a ruleset's options choose between: the pass rule, the last rank, the crown's procedure,
the scoring tables, the decks. Each is a closed set, as an enum; the ruleset (ruleset.py) names
one of each, and every rule reads the ruleset."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Card, Rank

__all__ = [
    "DECKS",
    "CrownProcedure",
    "Deck",
    "DoubleStacking",
    "HiddenSoloTable",
    "LastRankRule",
    "OpenSoloTable",
    "PassRule",
    "TransferTarget",
]


class PassRule(Enum):
    SOFT = "soft"
    HARD = "hard"


class LastRankRule(Enum):
    SIXES = "sixes"
    SIXES_FINAL_PLAY = "sixes_final_play"
    THREES = "threes"
    OFF = "off"


class TransferTarget(Enum):
    NEXT_BUT_ONE = "next_but_one"
    PREVIOUS = "previous"


class DoubleStacking(Enum):
    ONCE = "once"
    STACKED = "stacked"


class OpenSoloTable(Enum):
    FLAT = "flat"
    PER_PLACE = "per_place"


class HiddenSoloTable(Enum):
    """How a hidden solo (暗独) is scored: by the soloist's place, or first wins, second draws,
    anything else loses (the house table of two public programs: docs/rules.md)."""

    BY_PLACE = "by_place"
    FIRST_WINS = "first_wins"


class CrownProcedure(Enum):
    """How the emperor and the guard are chosen: one module each in :mod:`.crown`."""

    WEIHAI = "weihai"  # marked jokers; transfer once to s+2 with both marked cards
    KK_SIMPLE = "kk_simple"  # marked jokers; the crown may be passed to s-1, two rounds or void
    CALLED = "called"  # one BJ set aside and offered; the emperor calls a suited triple
    KK_CLASSIC = "kk_classic"  # BJ* holder calls a suited triple, or solos; 抢独 with conditions

    __hash__ = object.__hash__  # keys of the procedures' tables: hashed by identity (see cards.Suit)


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: how many copies of each rank. Hands are dealt as evenly as the size allows."""

    name: str
    counts: tuple[int, ...]
    description: str

    @property
    def size(self) -> int:
        return sum(self.counts)

    def cards(self, marked: bool = True) -> list[Card]:
        """Every card of the deck, low to high; with ``marked``, one big and one small
        joker are the marked copies."""
        out: list[Card] = []
        for rank in Rank:
            n = self.counts[rank]
            if marked and rank.is_joker and n:
                out.append(Card(rank, marked=True))
                n -= 1
            out.extend([Card(rank)] * n)
        return out


def _counts(**by_rank: int) -> tuple[int, ...]:
    out = [0] * len(Rank)
    for name, n in by_rank.items():
        out[Rank[name]] = n
    return tuple(out)


_SIXTEEN = {r.name: 16 for r in Rank if Rank.SEVEN <= r <= Rank.TWO}
DECKS: dict[str, Deck] = {
    "165": Deck(
        "165",
        _counts(SIX=13, SMALL_JOKER=4, BIG_JOKER=4, **_SIXTEEN),
        "four 54-card decks without 3, 4, 5 and without three of the sixes: 33 cards a seat",
    ),
    "168": Deck(
        "168",
        _counts(SIX=16, SMALL_JOKER=4, BIG_JOKER=4, **_SIXTEEN),
        "four 54-card decks without 3, 4, 5: three seats get 34 cards, two get 33",
    ),
    "216": Deck(
        "216",
        _counts(THREE=16, FOUR=16, FIVE=16, SIX=16, SMALL_JOKER=4, BIG_JOKER=4, **_SIXTEEN),
        "four full 54-card decks: one seat gets 44 cards, four get 43 (43 each when a big joker is set aside)",
    ),
}
