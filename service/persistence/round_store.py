"""The rounds' repository: what the director's round use cases (the board, the table links,
closing and reopening a round: tournament/round_board.py, tournament/round_closing.py) ask of the
database, as one object the unit of work hands out (``uow.rounds``).

It loads a round as the club core's aggregate (``club.round.Round``, with its place in the
tournament), keeps each one it loaded (``seen``: the unit of work collects their events when it
commits) and saves what the aggregate decided to the rows: its close, and with it its tables'
links. The other methods are one question or one write each, in the club core's shapes. A fake
with the same methods in memory runs the use cases without a database (``tests/use_cases``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from ..club import records
from ..club import round as club_round
from ..club.events import Aggregate
from . import game_reads, rounds, tables, tournaments
from .models import Round as RoundRow

__all__ = ["Rounds"]


class Rounds:
    def __init__(self, s: Session, seen: list[Aggregate]) -> None:
        self.s = s
        self.seen = seen  # the aggregates loaded in this unit of work (the unit of work's own list)

    def owned(
        self, organizer_id: int, tournament_id: int, number: int
    ) -> tuple[records.Tournament, club_round.Round, Sequence[records.RoundSeat]]:
        """The organizer's tournament, its round ``number`` as the aggregate, and the round's
        seats (NotFound otherwise)."""
        t = tournaments.owned_tournament(self.s, tournament_id, organizer_id)
        row, seats = rounds.get_round(self.s, t.id, number)
        seated = rounds.next_number(self.s, t.id) - 1
        r = club_round.Round.of(row, seated=seated, tournament_open=t.status == "open")
        self.seen.append(r)
        return t, r, seats

    def save(self, r: club_round.Round) -> None:
        """The round's close as the aggregate has it, and its tables' links with it: a close ends
        them, a close taken back brings back those it ended."""
        row = self.s.get_one(RoundRow, r.id)
        if row.closed_at == r.closed_at:
            return
        rounds.set_closed(self.s, r.id, r.closed_at)
        if r.closed_at is not None:
            tables.end_links(self.s, r.id)
        else:
            tables.reopen_links(self.s, r.id)

    # --- seating a round, and the rounds seated ----------------------------------------------

    def players(self, tournament_id: int) -> Sequence[records.Player]:
        """Every player of the tournament, withdrawn ones too."""
        return tournaments.list_players(self.s, tournament_id, 100_000, 0)[0]

    def rounds_of(self, tournament_id: int) -> list[tuple[records.Round, Sequence[records.RoundSeat]]]:
        """Every round seated, in order, each with its seats."""
        return rounds.rounds_of(self.s, tournament_id)

    def get_round(self, tournament_id: int, number: int) -> tuple[records.Round, Sequence[records.RoundSeat]]:
        """Round ``number`` with its seats (NotFound otherwise)."""
        return rounds.get_round(self.s, tournament_id, number)

    def next_number(self, tournament_id: int) -> int:
        return rounds.next_number(self.s, tournament_id)

    def store_round(
        self, tournament_id: int, number: int, method: str, tables_: Sequence[Sequence[int]], sitting_out: Sequence[int]
    ) -> tuple[records.Round, Sequence[records.RoundSeat]]:
        """A new round seated (a second one of the same number fails on the unique constraint)."""
        return rounds.store_round(self.s, tournament_id, number, method, tables_, sitting_out)

    def entered_by_table(self, tournament_id: int) -> dict[tuple[int, int], dict[int, int]]:
        """Every round's tables' deals with their games: (round, table) → {deal: game id}."""
        return game_reads.entered_by_table(self.s, tournament_id)

    def open_deals(self, tournament_id: int) -> set[tuple[int, int, int]]:
        """(round, table, deal) of every deal entered at its table and still waiting."""
        return tables.open_deals(self.s, tournament_id)

    def pins_of(self, tournament_id: int) -> dict[int, str | None]:
        """Each player's own PIN (None: none made)."""
        return tournaments.pins_of(self.s, tournament_id)

    def games_in_round(self, tournament_id: int, number: int) -> int:
        """How many games (void ones too) were entered against the round."""
        return rounds.games_in_round(self.s, tournament_id, number)

    def remove(self, r: club_round.Round) -> None:
        """The round taken back: its links go with it (its entries, if any, stay in the audit trail),
        then its seats and itself."""
        tables.remove_links(self.s, r.id)
        rounds.remove_round(self.s, r.tournament_id, r.number)

    # --- a round's links --------------------------------------------------------------------------

    def issue_links(
        self, t: records.Tournament, r: club_round.Round, tables_: Sequence[int], key_id: int, secret: str
    ) -> tuple[datetime, list[tuple[int, str]]]:
        """New links for the round's tables, the earlier ones ended: when they expire, and each
        table's token."""
        return tables.issue_links(self.s, t.id, r, tables_, key_id, t.table_link_hours, secret)

    def links_of_round(self, round_id: int) -> list[records.TableLink]:
        return tables.links_of_round(self.s, round_id)

    def token_of(self, link: records.TableLink, secret: str) -> str | None:
        return tables.token_of(link, secret)

    # --- what the round's board shows ---------------------------------------------------------------

    def player_names(self, tournament_id: int) -> dict[int, str]:
        return game_reads.player_names(self.s, tournament_id)

    def entries_of_round(self, tournament_id: int, number: int) -> list[records.TableEntry]:
        return tables.entries_of_round(self.s, tournament_id, number)

    def games_of_round(self, tournament_id: int, number: int) -> list[tuple[int, int, int, datetime]]:
        return tables.games_of_round(self.s, tournament_id, number)

    def round_changed(self, tournament_id: int, number: int) -> tuple[int, datetime | None, int, int]:
        """What changes whenever the round's board does (entries: count, last change; games:
        count, highest id)."""
        return tables.round_changed(self.s, tournament_id, number)

    def zone_of(self, t: records.Tournament) -> str:
        return tournaments.zone_of(self.s, t)
