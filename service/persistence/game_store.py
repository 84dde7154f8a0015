"""The games' repository: what the game use cases (submitting, correcting: tournament/games.py,
tournament/corrections.py) ask of the database, as one object the unit of work hands out
(``uow.games``).

It loads a stored game as the club core's aggregate (``club.game.Game``), keeps each one it
loaded (``seen``: the unit of work collects their events when it commits) and saves what the
aggregate decided (a ``Correction``) to the rows; the other methods are one question or one
write each, in the club core's shapes. A fake with the same methods in memory runs the use cases
without a database (``tests/use_cases/fakes.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..club import game as club_game
from ..club import game_records, records
from ..club.events import Aggregate, GameStored, Recorded
from ..club.game import Correction, GameAction
from . import game_reads, games, idempotency, keys, tournaments
from .keys import KeyRef
from .models import Game as GameRow
from .models import GameSeat, GameVersion, utcnow
from .standings import apply_stats

__all__ = ["AtOnce", "Games", "store_new"]

# The unit of work's, when its commit is the statement that stores a new game (PostgreSQL's
# autocommit pool): the rows it makes of the game's event, for that statement to write.
AtOnce = Callable[[GameStored], games.RowsWithTheGame]


def store_new(
    s: Session,
    seen: list[Aggregate],
    t: records.Tournament | tournaments.TournamentRef,
    key: KeyRef,
    sub: games.Submission,
    at_once: AtOnce | None = None,
) -> games.NewGame:
    """A new game stored (``games.store_game``), and what that means recorded with the unit of
    work's events (``club.game.stored``: its ``game.stored`` event, its ratings' mark) — or, where
    the store is the unit of work's commit itself, the rows the unit of work made of it written by
    the same statement. Every repository that stores a game stores it here."""
    now = utcnow()
    stored = club_game.stored(t.id, t.organizer_id, sub.played_at or now, private=t.private)
    if at_once is not None:
        return games.store_game(s, t, key, sub, now=now, rows=at_once(stored))
    new = games.store_game(s, t, key, sub, now=now)
    seen.append(Recorded(replace(stored, game_id=new.id)))
    return new


class Games:
    def __init__(self, s: Session, seen: list[Aggregate], at_once: AtOnce | None = None) -> None:
        self.s = s
        self.seen = seen  # the aggregates loaded in this unit of work (the unit of work's own list)
        self.at_once = at_once

    # --- a submission -----------------------------------------------------------------------

    def target(self, secret: str, tournament_id: int, players: Sequence[int], *, hashed: bool) -> games.GameTarget:
        """The key behind the secret, the tournament and its players named: one round trip."""
        return games.game_target(self.s, secret, tournament_id, players, hashed=hashed)

    def remembered(self, organizer_id: int, idempotency_key: str) -> game_records.IdempotentRequest | None:
        return idempotency.find(self.s, organizer_id, idempotency_key)

    def remember(
        self, organizer_id: int, idempotency_key: str, tournament_id: int, request_hash: str, answer: dict[str, Any]
    ) -> None:
        idempotency.remember(self.s, organizer_id, idempotency_key, tournament_id, request_hash, answer)

    def store(
        self, t: records.Tournament | tournaments.TournamentRef, key: KeyRef, sub: games.Submission
    ) -> games.NewGame:
        """A new game, its first version, seats and totals, and what storing it means (``store_new``)."""
        return store_new(self.s, self.seen, t, key, sub, self.at_once)

    def deals_entered(self, tournament_id: int, number: int, table: int) -> dict[int, int]:
        """The round's deals at the table that have their game: deal → game id."""
        return game_reads.deals_entered(self.s, tournament_id, number, table)

    def with_record(self, tournament_id: int, record_hash: str) -> int | None:
        """The game of the tournament that holds this record, if any."""
        return game_reads.game_with_record(self.s, tournament_id, record_hash)

    # --- a stored game --------------------------------------------------------------------------

    def get(self, t: records.Tournament, game_id: int) -> club_game.Game:
        """The tournament's game as the club core's aggregate (NotFound otherwise), its row locked:
        a correction is decided on what no other writer changes meanwhile."""
        row = game_reads.get_game(self.s, t, game_id)
        self.s.execute(select(GameRow.id).where(GameRow.id == row.id).with_for_update())
        game = club_game.Game.of(row, rated=not t.private)
        self.seen.append(game)
        return game

    def row(self, game_id: int) -> game_records.Game:
        """The game's row, as the answers show it (from the session: no query once loaded)."""
        return self.s.get_one(GameRow, game_id)

    def players_now(self, game: club_game.Game) -> list[int]:
        """Who sits in the game's current version, seat 0 first (none: a void version)."""
        version = game_reads.current_version(self.s, self.row(game.id))
        return [x.player_id for x in game_reads.game_seats(self.s, version.id)]

    def holding(self, tournament_id: int, record_hash: str, other_than: int) -> int | None:
        """Another game of the tournament that holds this record, if any."""
        return self.s.scalar(
            select(GameRow.id).where(
                GameRow.tournament_id == tournament_id, GameRow.record_hash == record_hash, GameRow.id != other_than
            )
        )

    def save(
        self, t: records.Tournament, c: Correction, key: KeyRef | records.ApiKey, replacement: games.Submission | None
    ) -> game_records.GameVersion:
        """The correction written: the old seats out of the totals and no longer counted, the new
        version (and its seats, into the totals), the game's row as the aggregate now has it."""
        s = self.s
        row = s.get_one(GameRow, c.game_id)
        counted = s.scalars(select(GameSeat).where(GameSeat.game_id == row.id, GameSeat.counted.is_(True))).all()
        apply_stats(s, t.id, counted, -1)
        s.execute(update(GameSeat).where(GameSeat.game_id == row.id).values(counted=False))
        version = GameVersion(
            game_id=row.id,
            version=c.version,
            action=c.action.value,
            kind=None if replacement is None else replacement.kind,
            body=None if replacement is None else replacement.body,
            outcome=None if replacement is None else replacement.outcome,
            reason=c.reason,
            key_id=key.id,
        )
        s.add(version)
        s.flush()
        row.current_version, row.record_hash, row.played_at = c.version, c.record_hash, c.played_at
        row.voided = c.action == GameAction.VOID
        if replacement is not None:
            seats = [
                GameSeat(version_id=version.id, game_id=row.id, tournament_id=t.id, counted=True, **x)
                for x in games.seat_values(replacement)
            ]
            s.add_all(seats)
            s.flush()
            apply_stats(s, t.id, seats, +1)
        s.flush()
        return version

    # --- reading a tournament's games -------------------------------------------------------------

    def zone_of_tournament(self, tournament_id: int) -> str:
        return tournaments.zone_of_id(self.s, tournament_id)

    def list_games(
        self,
        tournament_id: int,
        *,
        player_id: int | None,
        since: datetime | None,
        until: datetime | None,
        include_void: bool,
        limit: int,
        offset: int,
    ) -> tuple[Sequence[game_records.Game], int]:
        """A page of the tournament's games, oldest first, and how many there are."""
        return game_reads.list_games(
            self.s,
            tournament_id,
            player_id=player_id,
            since=since,
            until=until,
            include_void=include_void,
            limit=limit,
            offset=offset,
        )

    def games_page(
        self, tournament_id: int, *, before: int | None, after: int | None, limit: int
    ) -> tuple[Sequence[game_records.Game], bool, bool]:
        """A page in the order played, and whether games come before and after it."""
        return game_reads.games_page(self.s, tournament_id, before=before, after=after, limit=limit)

    def current_versions(self, rows: Sequence[game_records.Game]) -> dict[int, game_records.GameVersion]:
        return game_reads.current_versions(self.s, rows)

    def seats_of_versions(self, version_ids: Sequence[int]) -> dict[int, list[game_records.GameSeat]]:
        return game_reads.seats_of_versions(self.s, version_ids)

    def game_of(self, t: records.Tournament, game_id: int) -> game_records.Game:
        """The tournament's game as the answers show it (NotFound otherwise)."""
        return game_reads.get_game(self.s, t, game_id)

    def tournament_of_game(self, game_id: int) -> int:
        """The tournament a game belongs to (NotFound for no such game)."""
        return game_reads.tournament_of_game(self.s, game_id)

    def key_labels(self, organizer_id: int) -> dict[int, str | None]:
        """The organizer's keys' labels, by key."""
        return {k.id: k.label for k in keys.list_keys(self.s, organizer_id)}

    def export_games(self, tournament_id: int) -> Iterator[tuple[game_records.Game, game_records.GameVersion]]:
        """Every game of the tournament with its current version, oldest first, in batches."""
        return game_reads.export_games(self.s, tournament_id)

    # --- what the answers show of a game ----------------------------------------------------------

    def current_version(self, game: game_records.Game) -> game_records.GameVersion:
        return game_reads.current_version(self.s, game)

    def player_names(self, tournament_id: int) -> dict[int, str]:
        return game_reads.player_names(self.s, tournament_id)

    def game_seats(self, version_id: int) -> Sequence[game_records.GameSeat]:
        return game_reads.game_seats(self.s, version_id)

    def history(self, game: game_records.Game) -> Sequence[game_records.GameVersion]:
        return game_reads.history(self.s, game)
