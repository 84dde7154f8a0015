"""The tables' repository: what a table's use cases (entering, confirming and withdrawing a deal,
the table's page) ask of the database, as one object the unit of work hands out (``uow.tables``).

Each method is one question or one write, in the club core's shapes (``club/records.py``); the
use cases reach the database through it and the deals repository (``uow.deals``) alone, so a
fake unit of work with these methods in memory runs them without a database
(``tests/use_cases``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from ..club import records
from ..club.events import Aggregate
from . import game_reads, games, keys, rounds, tables, tournaments
from .game_store import store_new
from .keys import KeyRef
from .models import Round

__all__ = ["Tables"]


class Tables:
    def __init__(self, s: Session, seen: list[Aggregate]) -> None:
        self.s = s
        self.seen = seen  # the unit of work's: what a game stored here records joins it

    # --- a table's link, tournament and players --------------------------------------------

    def link_by_token(self, token: str) -> tuple[records.TableLink, records.Round] | None:
        return tables.link_by_token(self.s, token)

    def tournament(self, tournament_id: int) -> records.Tournament:
        return tournaments.get_tournament(self.s, tournament_id)

    def round_again(self, r: records.Round) -> records.Round:
        """The round read afresh (under the tournament's lock: closed since, or not)."""
        row = self.s.get_one(Round, r.id)
        self.s.refresh(row)
        return row

    def key(self, key_id: int) -> records.ApiKey | None:
        return keys.get_key(self.s, key_id)

    def table_players(self, tournament_id: int, number: int, table: int) -> list[int] | None:
        return rounds.table_players(self.s, tournament_id, number, table)

    def player_names(self, tournament_id: int) -> dict[int, str]:
        return game_reads.player_names(self.s, tournament_id)

    def players_by_id(self, tournament_id: int, ids: Sequence[int]) -> dict[int, records.Player]:
        return game_reads.players_by_id(self.s, tournament_id, ids)

    def player_pin(self, player_id: int) -> str | None:
        return tournaments.player_pin(self.s, player_id)

    def zone_of(self, t: records.Tournament | tournaments.TournamentRef) -> str:
        return tournaments.zone_of(self.s, t)

    # --- the round's deals: entries and games ----------------------------------------------

    def entries_of_round(self, tournament_id: int, number: int, table: int) -> list[records.TableEntry]:
        return tables.entries_of_round(self.s, tournament_id, number, table)

    def games_of_round(self, tournament_id: int, number: int) -> list[tuple[int, int, int, datetime]]:
        return tables.games_of_round(self.s, tournament_id, number)

    def deals_entered(self, tournament_id: int, number: int, table: int) -> dict[int, int]:
        return game_reads.deals_entered(self.s, tournament_id, number, table)

    def entry_by_nonce(self, link_id: int, nonce: str) -> records.TableEntry | None:
        return tables.entry_by_nonce(self.s, link_id, nonce)

    def latest_other_deal(self, tournament_id: int, number: int, table: int, deal: int) -> records.TableEntry | None:
        return tables.latest_other_deal(self.s, tournament_id, number, table, deal)

    def store_game(self, t: records.Tournament, key: KeyRef, sub: games.Submission, reason: str) -> games.NewGame:
        """A deal's game stored (``games.store_game``), saying how it came to be."""
        stored = store_new(self.s, self.seen, t, key, sub)
        games.set_reason(self.s, stored.id, reason)
        return stored
