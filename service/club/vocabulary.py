"""The club's words, as enums: each is a ``str`` whose value is what storage and the API hold,
so a row's string and the enum compare equal and an enum is written as its value.

- :class:`Role` — a seat's role in a stored game (the rules core's, ``core/roles.py``: a game's
  score gives it): 皇帝, 保子, or neither (``other``, 平民).
- :class:`Side` — the side a table entry was entered from: the crown (emperor and guard), the
  others, or ``any`` (a void deal, or the director: nobody's side).
- :class:`EntryState` — what became of a table entry; those in :data:`OPEN_STATES`
  still decide a deal
  (:data:`OPEN_STATES`).
- :class:`DealState` — a deal of a round at a table, as the table's page and the board show it.
"""

from __future__ import annotations

from enum import StrEnum

from ..core.roles import CROWN as CROWN
from ..core.roles import Role as Role


class Part(StrEnum):
    """What a member's figures are counted by: their role in the game (皇帝, 保子, 平民), and among
    their games as 平民 those in which they called rebellion (造反: an act, not a role — counted
    only for a seat that called it)."""

    EMPEROR = "emperor"
    GUARD = "guard"
    OTHER = "other"
    REBEL = "rebel"


class Side(StrEnum):
    CROWN = "crown"
    REBELS = "rebels"  # the others: every seat not on the crown's side
    ANY = "any"

    @classmethod
    def of_role(cls, role: str) -> Side:
        return cls.CROWN if Role.of(role).crown else cls.REBELS


def may_confirm(side: Side, entered_by: int | None, player_id: int, player_role: str) -> bool:
    """Whether a player of a table may confirm an entry: one of the other side than the one that
    entered it (for a void deal, which has no sides: anyone but the one who entered it)."""
    if player_id == entered_by:
        return False
    if side is Side.ANY:
        return True
    return Side.of_role(player_role) is not side


class EntryState(StrEnum):
    PENDING = "pending"  # waiting for a player of the other side
    DISPUTED = "disputed"  # the other side entered it differently: the director decides
    CONFIRMED = "confirmed"  # stored as a game
    REPLACED = "replaced"  # by a later entry of the same side
    OVERRULED = "overruled"  # the director chose or entered another version
    AGREED = "agreed"  # the other side's identical entry, which confirmed the first
    WITHDRAWN = "withdrawn"  # by the player who entered it, or the director


# The states of an entry that still decide its deal: the others are kept for the audit trail.
OPEN_STATES: tuple[EntryState, ...] = (EntryState.PENDING, EntryState.DISPUTED)


class DealState(StrEnum):
    MISSING = "missing"
    PENDING = "pending"
    DISPUTED = "disputed"
    CONFIRMED = "confirmed"


class WebhookEvent(StrEnum):
    """What a tournament's webhooks are told of (docs/tournaments.md, "Webhooks")."""

    GAME_STORED = "game.stored"
    GAME_CORRECTED = "game.corrected"
    ROUND_CREATED = "round.created"
    ROUND_REMOVED = "round.removed"
    TOURNAMENT_CLOSED = "tournament.closed"
    GAME_PENDING = "game.pending"
    GAME_CONFIRMED = "game.confirmed"
    GAME_DISPUTED = "game.disputed"
    GAME_WITHDRAWN = "game.withdrawn"
    ROUND_CLOSED = "round.closed"
    ROUND_REOPENED = "round.reopened"
    SEASON_UPDATED = "season.updated"
