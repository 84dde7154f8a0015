"""A tournament as the club decides what its director may change: the one place its settings are
changed, its ruleset frozen and its close announced.

A director renames a tournament, closes or reopens it, makes it private or public, changes how
many deals a round plays, and — before its first game — its ruleset. What a table was shown is
what its confirmation stores, so nothing that scores changes while a table's entry waits; a
ruleset is frozen once a game is stored under it; a round's deals are never fewer than a stored
game's deal number. ``Tournament`` holds these facts (read under the tournament's lock by
``uow.tournaments``: ``persistence/tournament_store.py``), decides a change, changes itself and
records what the change means: ``tournament.closed``, and the ratings (a tournament made private
leaves them, made public joins them).

>>> t = Tournament(3, 1, status="open", private=False, deals_per_round=4, has_games=True, open_entries=0, highest_deal=3)
>>> c = t.change({"status": "closed", "private": True})
>>> (c.closing, c.rated), [type(e).__name__ for e in t.events]
((True, True), ['Announced', 'RatingsChanged'])
>>> t.change({"deals_per_round": 2})
Traceback (most recent call last):
...
service.club.errors.Conflict: tournament 3 has games entered as deal 3 of a round: keep at least 3 deals
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import Conflict, Rejected
from .events import Announced, RatingsChanged, Recording
from .vocabulary import WebhookEvent

__all__ = ["Tournament", "TournamentChange"]


@dataclass(frozen=True, slots=True)
class TournamentChange:
    """A change decided: whether it closes the tournament (its table links end for good) and
    whether it moves the tournament into or out of the ratings."""

    closing: bool
    rated: bool


class Tournament(Recording):
    """A tournament: what a change to it decides on, and the events its changes recorded."""

    def __init__(
        self,
        id: int,
        organizer_id: int,
        *,
        status: str,
        private: bool,
        deals_per_round: int,
        has_games: bool,
        open_entries: int,
        highest_deal: int,
        players: int = 0,
    ) -> None:
        self.id = id
        self.organizer_id = organizer_id
        self.status = status
        self.private = private
        self.deals_per_round = deals_per_round
        self.has_games = has_games  # its ruleset is frozen
        self.open_entries = open_entries  # table entries waiting (pending or disputed)
        self.highest_deal = highest_deal  # the highest deal number of its stored games (0: none)
        self.players = players  # how many players it has (withdrawn ones count)
        self.events = []

    def __repr__(self) -> str:
        return f"Tournament({self.id}, {self.status}{', private' if self.private else ''})"

    def may_add_player(self, limit: int) -> None:
        """A tournament has at most ``limit`` players (Rejected ``too_many_players``)."""
        if self.players >= limit:
            raise Rejected.one(
                "",
                "too_many_players",
                f"tournament {self.id} has {self.players:,} players, the most a tournament may have here "
                f"(BAOHUANG_MAX_PLAYERS is {limit:,})",
                "player",
                limit=limit,
            )

    def may_add_players(self, more: int, limit: int) -> None:
        """A list of ``more`` players fits under the bound ``limit`` (Rejected ``too_many_players``)."""
        if self.players + more > limit:
            raise Rejected.one(
                "/names",
                "too_many_players",
                f"tournament {self.id} has {self.players:,} players and may have {limit:,} (BAOHUANG_MAX_PLAYERS): "
                f"{more:,} more is too many",
                "player",
                limit=limit,
            )

    def change(self, changes: Mapping[str, Any], *, new_ruleset: bool = False) -> TournamentChange:
        """Change its settings (``changes``: status, private, deals_per_round and the rest as
        given) and, with ``new_ruleset``, its ruleset. Refused (Conflict): anything that scores
        (the ruleset, the deals a round) while a table's entry waits (``entries_open``), a new
        ruleset once a game is stored, fewer deals a round than a stored game's deal number."""
        deals = changes.get("deals_per_round", self.deals_per_round)
        if (new_ruleset or deals != self.deals_per_round) and self.open_entries:
            # What a table was shown is what its confirmation stores: no scoring changes under it.
            raise Conflict(
                f"{self.open_entries} table entr(y/ies) wait for confirmation or the director: the ruleset, its "
                "options and the deals a round cannot change until they are confirmed, settled or withdrawn",
                code="entries_open",
                open_entries=self.open_entries,
            )
        if new_ruleset and self.has_games:
            raise Conflict("the ruleset is frozen: games are stored under it")
        if "deals_per_round" in changes and deals < self.highest_deal:
            raise Conflict(
                f"tournament {self.id} has games entered as deal {self.highest_deal} of a round: "
                f"keep at least {self.highest_deal} deals"
            )
        closing = changes.get("status") == "closed" and self.status != "closed"
        rated = "private" in changes and changes["private"] != self.private
        self.status = changes.get("status", self.status)
        self.private = changes.get("private", self.private)
        self.deals_per_round = deals
        if closing:
            self.events.append(Announced(self.id, WebhookEvent.TOURNAMENT_CLOSED, {"tournament_id": self.id}))
        if rated:  # the ratings count public tournaments only: its games join them or leave them
            self.events.append(RatingsChanged(self.organizer_id, tournament_id=self.id))
        return TournamentChange(closing, rated)
