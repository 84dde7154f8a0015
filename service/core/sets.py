"""Sets (一套牌) and how one beats another (RULES §3).

A set is N cards of one rank plus X small jokers plus Y big jokers.

>>> old = CardSet.of("SJ SJ 9 9 9")
>>> CardSet.of("BJ BJ J J J").beats(old), CardSet.of("BJ BJ BJ J J").beats(old)
(True, True)
>>> CardSet.of("BJ SJ J J J").beats(old)
False
>>> CardSet.of("7 8") is None
True

Hands are kept as packed counters: one byte per rank, with the byte's top bit
set as a guard. Taking a set out of a hand is one subtraction; a rank that
would go below zero clears its guard bit, so ``(hand - cards) & GUARD != GUARD``
says "not in hand" without a loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, NotationError, Rank, format_counts, parse_cards, suited_slot

__all__ = ["GUARD", "CardSet", "Move", "compile_move", "pack", "unpack"]

FIELD_BITS = 8
GUARD = sum(0x80 << (FIELD_BITS * r) for r in Rank)
VALUE_MASK = sum(0x7F << (FIELD_BITS * r) for r in Rank)


def pack(counts: Sequence[int]) -> int:
    """Counts by rank as a packed counter (no guard bits)."""
    if FIELD_BITS == 8:  # a byte a rank: the counts' bytes are the counter, where each fits in one
        try:
            return int.from_bytes(bytes(counts), "little")
        except ValueError:
            pass
    value = 0
    for rank, n in enumerate(counts):
        value |= n << (FIELD_BITS * rank)
    return value


def unpack(value: int) -> list[int]:
    """Counts by rank from a packed counter (guard bits ignored)."""
    return [(value >> (FIELD_BITS * r)) & 0x7F for r in Rank]


@dataclass(frozen=True, slots=True)
class CardSet:
    """A legal set: ``count`` cards of ``rank`` plus ``small`` and ``big`` jokers."""

    rank: Rank | None
    count: int
    small: int
    big: int

    @property
    def size(self) -> int:
        return self.count + self.small + self.big

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> CardSet | None:
        """The set these cards make, or None if they are not one set."""
        rank: Rank | None = None
        count = small = big = 0
        for card in cards:
            if card.rank is Rank.BIG_JOKER:
                big += 1
            elif card.rank is Rank.SMALL_JOKER:
                small += 1
            elif rank is None or rank is card.rank:
                rank = card.rank
                count += 1
            else:
                return None
        if count + small + big == 0:
            return None
        return cls(rank, count, small, big)

    @classmethod
    def of(cls, text: str) -> CardSet | None:
        return cls.from_cards(parse_cards(text))

    def beats(self, other: CardSet) -> bool:
        """Pairwise comparison: every card strictly higher, high against high."""
        return beats(
            self.size,
            self.count,
            self.big,
            -1 if self.rank is None else int(self.rank),
            other.size,
            other.count,
            other.small,
            other.big,
            -1 if other.rank is None else int(other.rank),
        )

    def __str__(self) -> str:
        counts = [0] * len(Rank)
        if self.rank is not None:
            counts[self.rank] = self.count
        counts[Rank.SMALL_JOKER] = self.small
        counts[Rank.BIG_JOKER] = self.big
        return format_counts(counts)


def beats(
    size: int, n: int, big: int, rank: int, old_size: int, old_n: int, old_small: int, old_big: int, old_rank: int
) -> bool:
    """RULES §3, the one definition: a set of ``size`` cards (``n`` of ``rank``, ``big`` big
    jokers, the rest small) beats the set on the table when, both sorted high to low, every
    card is strictly higher. So: the same size; nothing beats a big joker; each small joker
    needs a big joker; each rank card needs a joker or a higher rank at its place, which is
    where the new rank cards sit. (``rank`` is -1 for a set of jokers only.) The play loop in
    engine.py writes this inline; tests/core/test_sets.py holds the two together."""
    if size != old_size or old_big or big < old_small:
        return False
    return n == 0 or old_n == 0 or rank > old_rank


class Move:
    """A parsed play, compiled once per distinct spelling for the engine's hot loop.

    ``is_set`` is False for cards that are not one set; ``error`` holds the
    notation error for a spelling that is not cards at all.
    """

    __slots__ = (
        "big",
        "cards",
        "error",
        "is_set",
        "marked_big",
        "marked_small",
        "n",
        "packed",
        "plain",
        "rank",
        "size",
        "small",
        "special",
        "suited",
        "suited_keys",
        "two_with_jokers",
    )

    def __init__(self, cards: tuple[Card, ...] | None, error: NotationError | None = None) -> None:
        self.cards = cards
        self.error = error
        self.is_set = False
        self.size = 0
        self.rank = -1
        self.n = self.small = self.big = 0
        self.packed = 0
        self.marked_small = self.marked_big = 0
        self.two_with_jokers = False
        self.suited: tuple[Card, ...] = ()
        # The suited cards as (slot, copies), as the suit checks count them (cards.suited_slot).
        self.suited_keys: tuple[tuple[int, int], ...] = ()
        # A set that is not 2s with jokers (which a ruleset may refuse): the only kind the play
        # loop takes without reading the play again; ``special``: it holds jokers or suits.
        self.plain = False
        self.special = False
        if cards is None:
            return
        counts = [0] * len(Rank)
        for card in cards:
            counts[card.rank] += 1
            if card.marked:
                if card.rank is Rank.BIG_JOKER:
                    self.marked_big += 1
                else:
                    self.marked_small += 1
        self.suited = tuple(c for c in cards if c.suit is not None)
        wanted: dict[int, int] = {}
        for c in self.suited:
            assert c.suit is not None
            key = suited_slot(c.rank, c.suit)
            wanted[key] = wanted.get(key, 0) + 1
        self.suited_keys = tuple(wanted.items())
        self.size = len(cards)
        self.packed = pack(counts)
        cs = CardSet.from_cards(cards)
        if cs is not None:
            self.is_set = True
            self.rank = -1 if cs.rank is None else int(cs.rank)
            self.n, self.small, self.big = cs.count, cs.small, cs.big
            self.two_with_jokers = cs.rank is Rank.TWO and (cs.small + cs.big) > 0
            self.plain = not self.two_with_jokers
            self.special = bool(self.suited) or cs.small + cs.big > 0

    def card_set(self) -> CardSet:
        return CardSet(None if self.rank < 0 else Rank(self.rank), self.n, self.small, self.big)

    def beats(self, old: Move) -> bool:
        return beats(self.size, self.n, self.big, self.rank, old.size, old.n, old.small, old.big, old.rank)


_CACHE: dict[object, Move] = {}
_CACHE_LIMIT = 200_000


def compile_move(raw: str | Sequence[str]) -> Move:
    """The compiled move for a play's ``cards`` value (a string or a list of tokens)."""
    key: object = raw if isinstance(raw, str) else tuple(raw)
    move = _CACHE.get(key)
    if move is not None:
        return move
    try:
        move = Move(parse_cards(raw))
    except NotationError as exc:
        move = Move(None, exc)
    except TypeError:  # unhashable or odd token types inside a list
        move = Move(None, NotationError(repr(raw), 0, "not a card token:"))
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = move
    return move
