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

__all__ = ["Aggregate", "Announced", "ClubEvent", "RatingsChanged", "deal_announced"]


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
    mark in the transaction; none of them: the write marked it itself (a game stored)."""

    organizer_id: int
    since: tuple[datetime, int] | None = None
    tournament_id: int | None = None
    player_ids: tuple[int, ...] = ()


ClubEvent = Announced | RatingsChanged


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
