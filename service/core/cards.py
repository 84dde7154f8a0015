"""Cards and their notation: one parser, one formatter.

A card is a rank, an optional suit and, for the two jokers that carry a role,
a mark. Suits never matter for play; they are kept so that a deal written
with suits can be checked against the deck (at most four copies of a card).

>>> parse_cards("BJ* 10 T 7S")
(Card(rank=<Rank.BIG_JOKER: 14>, suit=None, marked=True), Card(rank=<Rank.TEN: 7>, suit=None, marked=False), Card(rank=<Rank.TEN: 7>, suit=None, marked=False), Card(rank=<Rank.SEVEN: 4>, suit=<Suit.SPADES: 'S'>, marked=False))
>>> format_cards(parse_cards("bj* t 7♠ 小王"))
'BJ* 10 7S SJ'
>>> parse_cards("7 X")
Traceback (most recent call last):
...
service.core.cards.NotationError: unknown card token 'X' (token 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Final

# The seats at a table of 保皇: five, always (every ruleset). The one place the number is written.
SEATS: Final = 5

__all__ = [
    "SUITED_SLOTS",
    "SUITS",
    "Card",
    "NotationError",
    "Rank",
    "Suit",
    "all_known",
    "format_card",
    "format_cards",
    "format_counts",
    "parse_card",
    "parse_cards",
    "slot_name",
    "suited_slot",
]


class Rank(IntEnum):
    """Ranks from low to high; the value is the rank's strength."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12
    SMALL_JOKER = 13
    BIG_JOKER = 14

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER


RANK_COUNT = len(Rank)

_SYMBOLS = {
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.SMALL_JOKER: "SJ",
    Rank.BIG_JOKER: "BJ",
}


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons that compare by identity; hashing them by identity too keeps every
    # dict and set of cards off Enum's own __hash__, a Python-level call.
    __hash__ = object.__hash__


SUITS = tuple(Suit)
SUITED_SLOTS = 13 * len(SUITS)  # one slot per suited card (ranks 3 … 2, four suits): rank * 4 + suit
_SUIT_INDEX = {suit: k for k, suit in enumerate(SUITS)}


def suited_slot(rank: int, suit: Suit) -> int:
    """The slot of a suited card in per-card counts: ``rank * 4 + `` the suit's place in ``SUITS``."""
    return rank * 4 + _SUIT_INDEX[suit]


def slot_name(slot: int) -> str:
    """The token of the card in ``slot`` (``suited_slot``), e.g. ``"9H"``."""
    return _SYMBOLS[Rank(slot // 4)] + SUITS[slot % 4].value


_SUIT_GLYPHS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


class NotationError(ValueError):
    """A token that is not a card. ``index`` is the token's position (0-based)."""

    def __init__(self, token: str, index: int, reason: str = "unknown card token") -> None:
        self.token = token
        self.index = index
        self.reason = reason
        super().__init__(f"{reason} {token!r} (token {index + 1})")


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit | None = None
    marked: bool = False

    def __post_init__(self) -> None:
        if self.marked and not self.rank.is_joker:
            raise ValueError("only a joker can be marked")
        if self.suit is not None and self.rank.is_joker:
            raise ValueError("a joker has no suit")

    def __str__(self) -> str:
        return format_card(self)


def format_card(card: Card) -> str:
    """The canonical token of a card: ``parse_card(format_card(c)) == c``."""
    text = _SYMBOLS[card.rank]
    if card.suit is not None:
        text += card.suit.value
    if card.marked:
        text += "*"
    return text


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


def format_counts(counts: Sequence[int], marked: Iterable[Rank] = ()) -> str:
    """Cards given as counts by rank, high to low, marked copies first.

    >>> format_counts([0, 0, 0, 1, 2] + [0] * 8 + [1, 1], marked=[Rank.BIG_JOKER])
    'BJ* SJ 7 7 6'
    """
    marks = set(marked)
    out: list[str] = []
    for rank in reversed(Rank):
        n = counts[rank]
        if n and rank in marks:
            out.append(_SYMBOLS[rank] + "*")
            n -= 1
        out.extend([_SYMBOLS[rank]] * n)
    return " ".join(out)


def _build_tokens() -> dict[str, Card]:
    tokens: dict[str, Card] = {}
    for rank, symbol in _SYMBOLS.items():
        spellings = [symbol] + (["T"] if rank is Rank.TEN else [])
        if rank.is_joker:
            tokens[symbol] = Card(rank)
            tokens[symbol + "*"] = Card(rank, marked=True)
            continue
        for spelling in spellings:
            tokens[spelling] = Card(rank)
            for suit in Suit:
                tokens[spelling + suit.value] = Card(rank, suit)
            for glyph, suit in _SUIT_GLYPHS.items():
                tokens[spelling + glyph] = Card(rank, suit)
    for alias in ("小王", "小花", "小鬼"):
        tokens[alias] = Card(Rank.SMALL_JOKER)
    for alias in ("大王", "大花", "大鬼"):
        tokens[alias] = Card(Rank.BIG_JOKER)
    return tokens


_TOKENS = _build_tokens()
_KNOWN = frozenset(_TOKENS)


def all_known(tokens: Sequence[str]) -> bool:
    """Whether every token is a card as written in the records' own spelling (a lower-case token
    may still be one: :func:`parse_cards` reads it)."""
    return _KNOWN.issuperset(tokens)


def parse_card(token: str, index: int = 0) -> Card:
    card = _TOKENS.get(token)
    if card is None:
        card = _TOKENS.get(token.upper()) if isinstance(token, str) else None
        if card is None:
            raise NotationError(str(token), index)
    return card


def parse_cards(text: str | Sequence[object]) -> tuple[Card, ...]:
    """Parse a string of space-separated tokens, or a sequence of tokens.

    A sequence may hold anything (it often comes straight from JSON): a token that is not a
    string is a NotationError like an unknown one.

    >>> parse_cards(["9", 9])
    Traceback (most recent call last):
    ...
    service.core.cards.NotationError: a card token must be a string, not int '9' (token 2)
    """
    known = _TOKENS
    get = known.get
    tokens: Sequence[object]
    if isinstance(text, str):  # every token is a string: the common case, in one compiled loop
        words = text.split()
        fast: list[Card] = []
        for w in words:
            card = known.get(w)
            if card is None:
                break
            fast.append(card)
        else:
            return tuple(fast)
        tokens = words
    else:
        tokens = text
    out = []
    for i, token in enumerate(tokens):
        card = get(token) if isinstance(token, str) else None
        if card is None:
            if not isinstance(token, str):
                raise NotationError(repr(token), i, f"a card token must be a string, not {type(token).__name__}")
            card = parse_card(token, i)
        out.append(card)
    return tuple(out)
