"""The tournaments' repository: what changing a tournament (tournament/clubs.py
``change_tournament``) asks of the database, as one object the unit of work hands out
(``uow.tournaments``).

It loads a tournament as the club core's aggregate (``club.tournament.Tournament``) with the
facts a change decides on, read under the tournament's lock (its stored games, its waiting table
entries, the highest deal number of its games), keeps each one it loaded (``seen``: the unit of
work collects their events when it commits), and writes the change the aggregate decided. A fake
with the same methods in memory runs the use case without a database (``tests/use_cases``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.orm import Session

from ..club import records
from ..club import tournament as club_tournament
from ..club.events import Aggregate
from ..core.ruleset import Ruleset
from . import game_reads, tables, tournaments

__all__ = ["Tournaments"]


class Tournaments:
    def __init__(self, s: Session, seen: list[Aggregate]) -> None:
        self.s = s
        self.seen = seen  # the aggregates loaded in this unit of work (the unit of work's own list)

    def owned(self, organizer_id: int, tournament_id: int) -> club_tournament.Tournament:
        """The organizer's tournament (NotFound, Forbidden otherwise) with what a change to it
        decides on."""
        row = tournaments.owned_tournament(self.s, tournament_id, organizer_id)
        t = club_tournament.Tournament(
            row.id,
            row.organizer_id,
            status=row.status,
            private=row.private,
            deals_per_round=row.deals_per_round,
            has_games=tournaments.has_games(self.s, row.id),
            open_entries=tables.open_entries_of_tournament(self.s, row.id),
            highest_deal=game_reads.highest_deal(self.s, row.id),
        )
        self.seen.append(t)
        return t

    def save(
        self,
        t: club_tournament.Tournament,
        change: club_tournament.TournamentChange,
        changes: Mapping[str, Any],
        rs: Ruleset | None,
    ) -> None:
        """The change written: the settings and the ruleset; PINs for the players who have none
        where the tournament asks for PINs; its table links ended for good when it closes."""
        tournaments.change(self.s, t.id, changes, rs)
        row = self.row(t.id)
        if row.player_pins:
            tournaments.give_pins(self.s, row)
        if change.closing:
            tables.end_links(self.s, tournament_id=t.id)  # for good: reopening brings none back

    def row(self, tournament_id: int) -> records.Tournament:
        """The tournament as the answers show it (from the session: no query once loaded)."""
        return tournaments.get_tournament(self.s, tournament_id)

    def zone_of(self, t: records.Tournament) -> str:
        return tournaments.zone_of(self.s, t)
