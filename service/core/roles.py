"""The roles a game's calls settle (RULES §4): the mode of the game, and when a rebellion
(造反) succeeds. The call phase, the scores, the result sheets and the random games all read
them from here."""

from __future__ import annotations

from collections.abc import Sized
from enum import Enum

from .ruleset import Ruleset

__all__ = ["Mode", "rebellion_succeeded"]


class Mode(Enum):
    NORMAL = "normal"
    HIDDEN_SOLO = "hidden_solo"
    OPEN_SOLO = "open_solo"
    SURRENDER = "surrender"
    VOID = "void"

    __hash__ = object.__hash__  # keys of the scoring tables: hashed by identity (see cards.Suit)


def rebellion_succeeded(mode: Mode, rebels: Sized, ruleset: Ruleset) -> bool:
    """A rebellion succeeds when at least the ruleset's threshold of seats rebelled against an
    emperor who has a side to rebel against (a normal game or a hidden solo)."""
    return mode in (Mode.NORMAL, Mode.HIDDEN_SOLO) and len(rebels) >= ruleset.rebellion_threshold
