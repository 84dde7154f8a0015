"""The roles a game's calls settle (RULES §4): the mode of the game, each seat's role in it, and
when a rebellion (造反) succeeds. The call phase, the scores, the result sheets, the random games
and the club's records all read them from here."""

from __future__ import annotations

from collections.abc import Mapping, Sized
from enum import Enum, StrEnum
from typing import Any

from .ruleset import Ruleset

__all__ = ["CROWN", "Mode", "Role", "rebellion_succeeded"]


class Mode(Enum):
    NORMAL = "normal"
    HIDDEN_SOLO = "hidden_solo"
    OPEN_SOLO = "open_solo"
    SURRENDER = "surrender"
    VOID = "void"

    __hash__ = object.__hash__  # keys of the scoring tables: hashed by identity (see cards.Suit)


class Role(StrEnum):
    """A seat's role in a game: 皇帝 (the emperor), 保子 (the guard; a hidden solo's emperor is its
    own guard and is the emperor), or neither (``other``: the side against the crown, 平民 in the
    rule texts; 造反 is the act of calling rebellion, not this role). A ``str``: its value is what
    storage and the API hold."""

    EMPEROR = "emperor"
    GUARD = "guard"
    OTHER = "other"

    @property
    def crown(self) -> bool:
        """On the emperor's side (皇帝 or 保子)."""
        return self in CROWN

    @classmethod
    def of(cls, stored: str) -> Role:
        """The role a stored seat holds (a value of this enum)."""
        return cls(stored)

    @classmethod
    def of_seat(cls, outcome: Mapping[str, Any], seat: int) -> Role:
        """A seat's role in an outcome as the API writes it (``emperor``, ``guard``: seat numbers;
        a hidden solo's emperor is its own guard, and is the emperor)."""
        if seat == outcome.get("emperor"):
            return cls.EMPEROR
        return cls.GUARD if seat == outcome.get("guard") else cls.OTHER


CROWN = frozenset({Role.EMPEROR, Role.GUARD})


def rebellion_succeeded(mode: Mode, rebels: Sized, ruleset: Ruleset) -> bool:
    """A rebellion succeeds when at least the ruleset's threshold of seats rebelled against an
    emperor who has a side to rebel against (a normal game or a hidden solo)."""
    return mode in (Mode.NORMAL, Mode.HIDDEN_SOLO) and len(rebels) >= ruleset.rebellion_threshold
