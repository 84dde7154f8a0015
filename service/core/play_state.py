"""The state of a game in progress as the play loop keeps it (packed hands, the marked jokers'
holders, the suits written so far), and the violation the loop stops at."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import ViolationCode as V
from .sets import GUARD, pack

if TYPE_CHECKING:
    from .suits import Suits

__all__ = ["PlayState", "Stop", "play_state_from_counts", "play_state_from_packed"]


@dataclass(slots=True)
class PlayState:
    """Mutable state of one game in progress (engine-internal)."""

    hands: list[int]  # packed counts with guard bits
    counts: list[int]  # cards left in each hand
    bj_holder: int  # seat holding BJ* in hand, or -1
    sj_holder: int  # seat holding SJ* in hand, or -1 (-2: unknown, reconstructing)
    suits: Suits | None = None  # where the plays write suits: what the deck and the deal allow

    def __init__(  # written out: see call_types.Call
        self, hands: list[int], counts: list[int], bj_holder: int, sj_holder: int, suits: Suits | None = None
    ) -> None:
        self.hands = hands
        self.counts = counts
        self.bj_holder = bj_holder
        self.sj_holder = sj_holder
        self.suits = suits


class Stop(Exception):
    """A violation found in the play loop; ``extra``: more of the game at that point."""

    def __init__(
        self, index: int, code: V, seat: int | None, message: str, extra: dict[str, Any] | None = None
    ) -> None:
        self.index = index
        self.code = code
        self.seat = seat
        self.message = message
        self.extra = extra


def play_state_from_counts(counts: list[list[int]], bj: int, sj: int) -> PlayState:
    return PlayState([pack(c) | GUARD for c in counts], [sum(c) for c in counts], bj, sj)


def play_state_from_packed(packed: tuple[int, ...], sizes: tuple[int, ...], bj: int, sj: int) -> PlayState:
    return PlayState([p | GUARD for p in packed], list(sizes), bj, sj)
