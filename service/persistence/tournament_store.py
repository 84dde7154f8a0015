"""The tournaments' repository: what making and changing a tournament, adding its players and
reading its standings (tournament/clubs.py) ask of the database, as one object the unit of work hands out
(``uow.tournaments``).

It loads a tournament as the club core's aggregate (``club.tournament.Tournament``) with the
facts a change decides on, read under the tournament's lock (its stored games, its waiting table
entries, the highest deal number of its games), keeps each one it loaded (``seen``: the unit of
work collects their events when it commits), and writes the change the aggregate decided. A fake
with the same methods in memory runs the use case without a database (``tests/use_cases``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session

from ..club import StandingRow, records
from ..club import tournament as club_tournament
from ..club.events import Aggregate
from ..core.ruleset import Ruleset
from . import game_reads, rounds, standings, tables, tournaments

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
            players=tournaments.count_players(self.s, row.id),
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

    def create(self, organizer_id: int, name: str, rs: Ruleset, private: bool, **settings: Any) -> records.Tournament:
        """A new tournament of the organizer's."""
        return tournaments.create_tournament(self.s, organizer_id, name, rs, private, **settings)

    def owned_row(self, organizer_id: int, tournament_id: int) -> records.Tournament:
        """The organizer's tournament as the answers show it (NotFound, Forbidden otherwise)."""
        return tournaments.owned_tournament(self.s, tournament_id, organizer_id)

    def visible(self, tournament_id: int, viewer: int | None) -> records.Tournament:
        """A tournament the viewer (an organizer, or None) may read (NotFound otherwise)."""
        return tournaments.visible_tournament(self.s, tournament_id, viewer)

    def page(
        self, viewer: int | None, limit: int, offset: int
    ) -> tuple[list[tuple[records.Tournament, bool, str]], int]:
        """A page of the tournaments the viewer may read, newest first: each with whether its
        ruleset is frozen and its time zone; and how many there are."""
        rows, total = tournaments.list_tournaments(self.s, viewer, limit, offset)
        frozen = tournaments.with_games(self.s, [t.id for t in rows])
        zones = tournaments.zones_of(self.s, rows)
        return [(t, t.id in frozen, zones[t.id]) for t in rows], total

    def players(self, tournament_id: int, limit: int, offset: int) -> tuple[Sequence[records.Player], int]:
        """A page of the tournament's players, and how many there are."""
        return tournaments.list_players(self.s, tournament_id, limit, offset)

    def player(self, tournament_id: int, player_id: int) -> records.Player:
        """The tournament's player (NotFound otherwise)."""
        return tournaments.get_player(self.s, tournament_id, player_id)

    def change_player(self, p: records.Player, *, name: str | None, withdrawn: bool | None) -> records.Player:
        """A player renamed (under the name rules), withdrawn or taken back."""
        return tournaments.update_player(self.s, p, name=name, withdrawn=withdrawn)

    def has_games(self, tournament_id: int) -> bool:
        return tournaments.has_games(self.s, tournament_id)

    def add_player(self, t: club_tournament.Tournament, name: str, member_id: int | None) -> records.Player:
        """A new player of the tournament, and the club member they are (the name rules: no name a
        reader takes for another's; a member plays once a tournament)."""
        return tournaments.add_player(self.s, self.row(t.id), name, member_id)

    def standings(self, t: records.Tournament, after_round: int | None = None) -> list[StandingRow]:
        """The standings now (the kept totals), or after a round (added up from the games entered
        against it and the rounds before; NotFound for no such round)."""
        if after_round is None:
            return standings.standings(self.s, t.id, t.bye_points)
        rounds.get_round(self.s, t.id, after_round)  # NotFound
        return standings.standings_from_games(self.s, t.id, t.bye_points, up_to_round=after_round)

    def row(self, tournament_id: int) -> records.Tournament:
        """The tournament as the answers show it (from the session: no query once loaded)."""
        return tournaments.get_tournament(self.s, tournament_id)

    def zone_of(self, t: records.Tournament) -> str:
        return tournaments.zone_of(self.s, t)
