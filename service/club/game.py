"""A stored game as the club keeps it: the one place that decides what may happen to it.

A game is stored once in its tournament (the same deal, calls and plays once), corrected with a
reason — replaced by another record or sheet, or voided — and never deleted: each correction is a
new version, the earlier ones kept. ``Game`` holds what those decisions read (its version, void
or not, the record it holds, when it was played, whether its tournament is rated), changes
itself as a correction decides, and records what the change means for after it (``events``:
the webhook event, the ratings that change from it) instead of writing an outbox row or bringing
ratings up to date itself. The games' repository (``uow.games``: ``persistence/game_store.py``)
loads it and saves a ``Correction`` to the rows; the unit of work turns its events into rows when
it commits, as cosmicpython's ``Product.allocate`` leaves its events for ``collect_new_events``.

>>> from datetime import datetime, timezone
>>> g = Game(7, 3, 1, version=1, voided=False, record_hash="ab", played_at=datetime(2026, 1, 5, tzinfo=timezone.utc))
>>> c = g.void("wrong table")
>>> c.version, c.action.value, g.voided, g.record_hash
(2, 'void', True, None)
>>> [type(e).__name__ for e in g.events]
['Announced', 'RatingsChanged']
>>> g.void("again")
Traceback (most recent call last):
...
service.club.errors.Conflict: game 7 is void; a void game is not corrected again
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from . import game_records, rules
from .events import Announced, ClubEvent, GameStored, RatingsChanged, Recording
from .vocabulary import WebhookEvent

__all__ = ["Correction", "Game", "GameAction", "Replacement", "stored"]


class GameAction(enum.StrEnum):
    """How a version of a game came to be (a version's ``action``)."""

    SUBMIT = "submit"
    REPLACE = "replace"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class Replacement:
    """What a replacing record or sheet changes of the game itself: the record it holds (None: a
    sheet) and, where it says, when it was played."""

    record_hash: str | None
    played_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Correction:
    """A correction decided: the game's new version, void or a replacement, and why."""

    game_id: int
    version: int
    action: GameAction
    reason: str
    record_hash: str | None  # what the game holds after it
    played_at: datetime


class Game(Recording):
    """A stored game: its identity, what its corrections decide on, and the events they record."""

    def __init__(
        self,
        id: int,
        tournament_id: int,
        organizer_id: int,
        *,
        version: int,
        voided: bool,
        record_hash: str | None,
        played_at: datetime,
        rated: bool = True,
    ) -> None:
        self.id = id
        self.tournament_id = tournament_id
        self.organizer_id = organizer_id
        self.version = version
        self.voided = voided
        self.record_hash = record_hash
        self.played_at = played_at
        self.rated = rated  # its tournament is public: its games are rated
        self.events: list[ClubEvent] = []

    @classmethod
    def of(cls, row: game_records.Game, *, rated: bool) -> Game:
        """The aggregate of a stored game's row (``rated``: its tournament is public)."""
        return cls(
            row.id,
            row.tournament_id,
            row.organizer_id,
            version=row.current_version,
            voided=row.voided,
            record_hash=row.record_hash,
            played_at=row.played_at,
            rated=rated,
        )

    def __repr__(self) -> str:
        return f"Game({self.id}, version {self.version}{', void' if self.voided else ''})"

    def void(self, reason: str) -> Correction:
        """The game no longer counts; it no longer holds its record (the record may be submitted
        anew). A void game is not corrected again (Conflict)."""
        return self._correct(GameAction.VOID, reason, None, None)

    def replace(self, reason: str, replacement: Replacement, clash: int | None) -> Correction:
        """The game is now another record or sheet. ``clash``: another game of the tournament
        that holds the replacement's record already (DuplicateGame naming it)."""
        return self._correct(GameAction.REPLACE, reason, replacement, clash)

    def _correct(
        self, action: GameAction, reason: str, replacement: Replacement | None, clash: int | None
    ) -> Correction:
        rules.correctable(self.id, voided=self.voided)
        if replacement is not None and replacement.record_hash is not None:
            rules.stored_once(clash)
        was = (self.played_at, self.id)
        self.version += 1
        if replacement is None:
            self.voided, self.record_hash = True, None
        else:
            self.record_hash = replacement.record_hash
            if replacement.played_at is not None:
                self.played_at = replacement.played_at
        payload: dict[str, Any] = {"tournament_id": self.tournament_id, "game_id": self.id, "version": self.version}
        payload |= {"action": action.value, "reason": reason}
        self.events.append(Announced(self.tournament_id, WebhookEvent.GAME_CORRECTED, payload))
        if self.rated:  # the ratings change from the game on: from where it was, or is now, if earlier
            self.events.append(RatingsChanged(self.organizer_id, since=min(was, (self.played_at, self.id))))
        return Correction(self.id, self.version, action, reason, self.record_hash, self.played_at)


def stored(
    tournament_id: int, organizer_id: int, played_at: datetime, *, private: bool, game_id: int | None = None
) -> GameStored:
    """What storing a game means for after it: its tournament's ``game.stored`` event and, unless
    the tournament is private (a private tournament's games are not rated), its organizer's
    ratings changed from it on. (The games' repository records it with every game it stores.)"""
    return GameStored(tournament_id, organizer_id, played_at, rated=not private, game_id=game_id)
