"""What a club's writes record for after them: the unit of work turns each into what it means,
once, when it commits (cosmicpython's ``collect_new_events``). A use case records; it never
writes an outbox row or brings ratings up to date by hand.

>>> Announced(3, WebhookEvent.ROUND_CLOSED, {"tournament_id": 3, "round": 2}).event.value
'round.closed'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from .vocabulary import WebhookEvent

__all__ = ["Aggregate", "Announced", "ClubEvent", "GameStored", "RatingsChanged", "Recorded", "deal_announced"]


@dataclass(frozen=True, slots=True)
class Announced:
    """A tournament's webhook event: written to its outbox in the transaction that caused it."""

    tournament_id: int
    event: WebhookEvent
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RatingsChanged:
    """An organizer's rated games changed: its ratings are brought up to date once the write has
    committed (inline when the update is small, else by the worker). From where: ``since``, the
    first game whose rating changes (played_at, id); or the first game of ``tournament_id`` (made
    public or private), or of ``player_ids`` (now another member's). The unit of work writes that
    mark in the transaction; none of them: nothing to mark (a deal whose game is stored: its
    ``GameStored`` marks it)."""

    organizer_id: int
    since: tuple[datetime, int] | None = None
    tournament_id: int | None = None
    player_ids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameStored:
    """A new game of a tournament: its ``game.stored`` event in the outbox and, when the
    tournament is rated, the organizer's ratings changed from it on (``club.game.stored``).
    ``game_id`` is None only while the one statement that stores the game (PostgreSQL's autocommit
    pool) is being written: the statement gives the id to the rows the unit of work made."""

    tournament_id: int
    organizer_id: int
    played_at: datetime
    rated: bool
    game_id: int | None = None

    def announced(self) -> Announced:
        """Its webhook event."""
        payload = {"tournament_id": self.tournament_id, "game_id": self.game_id, "version": 1}
        return Announced(self.tournament_id, WebhookEvent.GAME_STORED, payload)

    def ratings(self) -> RatingsChanged | None:
        """What it changes of the ratings: from it on, where the tournament is rated."""
        if not self.rated:
            return None
        since = None if self.game_id is None else (self.played_at, self.game_id)
        return RatingsChanged(self.organizer_id, since=since)


ClubEvent = Announced | RatingsChanged | GameStored


class Aggregate(Protocol):
    """What the club core's aggregates (``game.Game``, ``round.Round``, ``member.Member``,
    ``deal.TableDeal``) have in common for the unit of work: the events their changes recorded,
    pulled once when it commits."""

    def pull_events(self) -> list[ClubEvent]: ...


class Recording:
    """An aggregate that records its events as they happen (``events``), pulled once."""

    events: list[ClubEvent]

    def pull_events(self) -> list[ClubEvent]:
        out, self.events = self.events, []
        return out


class Recorded(Recording):
    """Events a repository's write recorded that no aggregate holds (a new game's ``GameStored``),
    pulled with the aggregates' when the unit of work commits."""

    def __init__(self, *events: ClubEvent) -> None:
        self.events = list(events)


def deal_announced(
    tournament_id: int, event: WebhookEvent, number: int, table: int, deal: int, entry_id: int, game_id: int | None
) -> Announced:
    """A table's deal event (game.pending, game.confirmed, game.disputed, game.withdrawn) with
    where it happened; ``game_id`` once the deal is a game."""
    payload: dict[str, Any] = {
        "tournament_id": tournament_id,
        "round": number,
        "table": table,
        "deal": deal,
        "entry_id": entry_id,
    }
    if game_id is not None:
        payload["game_id"] = game_id
    return Announced(tournament_id, event, payload)
