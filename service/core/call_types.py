"""The values of the call phase, shared by :mod:`.calls` and the crown procedures in :mod:`.crown`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import Card, Rank, parse_cards
from .errors import ViolationCode
from .roles import Mode

__all__ = ["Call", "CallFault", "CallKind", "CardMove", "Crown", "DealView", "crown_holder"]


class CallKind(Enum):
    ASCEND = "ascend"
    SOLO = "solo"
    TRANSFER = "transfer"
    DECLINE = "decline"
    ACCEPT = "accept"
    REVEAL_GUARD = "reveal_guard"
    REBEL = "rebel"
    KICK = "kick"
    SURRENDER = "surrender"

    __hash__ = object.__hash__  # in the calls' vocabularies: hashed by identity (see cards.Suit)


@dataclass(frozen=True, slots=True)
class Call:
    seat: int
    kind: CallKind
    card: Card | None = None  # the card named by an accept or solo, where the ruleset calls cards

    # The core's values made in every game write their ``__init__`` out, with the fields'
    # parameters and defaults (tests/core/test_values.py holds the two together): the one that
    # ``dataclass`` generates runs as Python even in the compiled core, about twenty times the
    # cost of this one compiled. ``object.__setattr__`` is how a frozen dataclass sets its fields.
    def __init__(self, seat: int, kind: CallKind, card: Card | None = None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class CallFault:
    index: int | None  # None: the calls as a whole (e.g. no crown at all)
    code: ViolationCode
    seat: int | None
    message: str


@dataclass(frozen=True, slots=True)
class CardMove:
    """A card changing hands during the crown: ``src`` None is the set-aside card."""

    src: int | None
    dst: int
    rank: Rank
    marked: bool = False

    def __init__(self, src: int | None, dst: int, rank: Rank, marked: bool = False) -> None:  # see Call
        object.__setattr__(self, "src", src)
        object.__setattr__(self, "dst", dst)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "marked", marked)


class DealView:
    """What a crown procedure may look at: the dealt hands (None without a deal) and
    where the marked cards are (None when unknown or not used). Read-only; not a dataclass,
    whose ``__init__`` runs as Python even in the compiled core (so Crown below). A deal read
    packed (deal.read_plain_deal) is kept as written, and its cards are read only when a crown
    procedure looks at them (``written``)."""

    def __init__(
        self,
        hands: tuple[tuple[Card, ...], ...] | None,
        bj_holder: int | None,
        sj_holder: int | None,
        first_candidate: int | None = None,
        holding_twos: frozenset[int] = frozenset(),
        written: Sequence[str] | None = None,
    ) -> None:
        self._hands = hands
        self._written = written
        # What the crown procedures ask of the hands, answered once each (a position walks the
        # calls once a candidate call on the same view: core/calls_open.py).
        self._twos: dict[int, bool] = {}
        self._copies: dict[tuple[int, int, str | None], int] = {}
        self._others: dict[tuple[int, int, str | None], int | None] = {}
        self.bj_holder: Final = bj_holder
        self.sj_holder: Final = sj_holder
        self.first_candidate: Final = first_candidate
        # Without a deal: the seats taken to hold a 2 (the standard crown's later decliners give one).
        self.holding_twos: Final = holding_twos

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...] | None:
        if self._hands is None and self._written is not None:
            self._hands = tuple(parse_cards(h) for h in self._written)
        return self._hands

    def holds_two(self, seat: int) -> bool:
        if self.hands is None:
            return seat in self.holding_twos
        found = self._twos.get(seat)
        if found is None:
            found = self._twos[seat] = any(c.rank is Rank.TWO for c in self.hands[seat])
        return found

    def copies(self, seat: int, card: Card) -> int:
        """How many cards of this rank and suit ``seat`` was dealt."""
        if self.hands is None:
            return 0
        key = (seat, int(card.rank), None if card.suit is None else card.suit.value)
        found = self._copies.get(key)
        if found is None:
            found = self._copies[key] = sum(1 for c in self.hands[seat] if c.rank is card.rank and c.suit is card.suit)
        return found

    def holder_of_other_copy(self, seat: int, card: Card) -> int | None:
        """The seat (other than ``seat``) dealt a copy of this suited card."""
        if self.hands is None:
            return None
        key = (seat, int(card.rank), None if card.suit is None else card.suit.value)
        if key not in self._others:
            self._others[key] = next(
                (
                    s
                    for s, hand in enumerate(self.hands)
                    if s != seat and any(c.rank is card.rank and c.suit is card.suit for c in hand)
                ),
                None,
            )
        return self._others[key]


class Crown:
    """What the crown procedure settled (read-only)."""

    def __init__(
        self,
        mode: Mode,
        emperor: int | None,
        guard: int | None,
        next_index: int,
        crown_seat: int | None,
        moves: tuple[CardMove, ...] = (),
        called: Card | None = None,
    ) -> None:
        self.mode: Final = mode
        self.emperor: Final = emperor  # None: the deal is void
        self.guard: Final = guard
        self.next_index: Final = next_index  # the first call after the crown
        self.crown_seat: Final = crown_seat  # who was dealt BJ* (or first offered the crown)
        self.moves: Final = moves
        self.called: Final = called


def crown_holder(calls: Sequence[Call], view: DealView, answers: str) -> int | CallFault:
    """The seat that speaks first for the crown: the holder of BJ* in the deal or, without a
    deal, the first call's seat. No calls at all is a fault naming the ``answers`` it owed."""
    if not calls:
        who = "" if view.bj_holder is None else f" (seat {view.bj_holder})"
        return CallFault(
            None, ViolationCode.CROWN_OUT_OF_ORDER, view.bj_holder, f"no calls: the holder of BJ*{who} must {answers}"
        )
    return calls[0].seat if view.bj_holder is None else view.bj_holder
