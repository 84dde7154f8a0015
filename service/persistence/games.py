"""Games: a submission's first look-up, storing a game with its seats, corrections (new versions;
the old ones stay), and reading them back."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, insert, update
from sqlalchemy.orm import Session

from ..club import records
from ..core.scoring import SeatResult
from . import season_totals
from .fastpath import Prepared, is_postgresql

# The games' repository answers the reads too (game_reads.py), as its own names (__all__).
from .game_reads import (
    current_version,
    current_versions,
    deals_entered,
    entered_by_table,
    export_games,
    game_seats,
    game_with_record,
    games_page,
    get_game,
    highest_deal,
    history,
    list_games,
    player_names,
    players_by_id,
    seats_of_versions,
    tournament_of_game,
)
from .game_target import GameTarget, game_target
from .keys import KeyRef
from .models import (
    Game,
    GameSeat,
    GameVersion,
    utcnow,
)
from .standings import STAT_COLUMNS, stat_deltas, update_totals
from .tournaments import TournamentRef

__all__ = [
    "GameTarget",
    "NewGame",
    "RowsWithTheGame",
    "Submission",
    "canonical_hash",
    "current_version",
    "current_versions",
    "deals_entered",
    "entered_by_table",
    "export_games",
    "game_seats",
    "game_target",
    "game_with_record",
    "games_page",
    "get_game",
    "highest_deal",
    "history",
    "list_games",
    "player_names",
    "players_by_id",
    "seat_values",
    "seats_of_versions",
    "set_reason",
    "store_game",
    "tournament_of_game",
]

_GAMES = cast(Table, Game.__table__)
_VERSIONS = cast(Table, GameVersion.__table__)
_SEATS = cast(Table, GameSeat.__table__)


def canonical_hash(value: Any) -> str:
    """The same JSON value, however it was spelled, has the same hash. (``value`` comes from a
    JSON decoder, so it has no cycles and the encoder need not look for them: 20 % faster.)"""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, check_circular=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- games ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Submission:
    """A game as the HTTP layer hands it over: already adjudicated and legal."""

    players: tuple[int, ...]
    kind: str  # record or sheet
    body: str  # the request body, byte for byte
    outcome: dict[str, Any]  # as the answer shows it (stored as JSON beside the rows)
    results: tuple[SeatResult, ...]  # the rows: each seat's role, place and score
    record_hash: str | None
    played_at: datetime | None = None
    round_number: int | None = None  # entered against a round's seating: its round and table
    table_no: int | None = None
    deal_no: int | None = None  # and which of the round's deals at that table


def seat_values(sub: Submission) -> list[dict[str, Any]]:
    """The five seats of a submitted game as rows: who sat there, their role, place and score, and
    whether they called rebellion."""
    return [
        {
            "player_id": sub.players[r.seat],
            "seat": r.seat,
            "role": r.role,
            "place": r.place,
            "score": r.score,
            "rebelled": r.rebelled,
        }
        for r in sub.results
    ]


def _seat_tuple(x: dict[str, Any]) -> tuple[int, str, int, bool]:
    return x["player_id"], x["role"], x["score"], x["rebelled"]


# One statement on PostgreSQL for everything a new game writes: the game, its first version, its
# five seats and its players' totals, and (on the autocommit pool, where nothing is written after
# it) the outbox rows and ratings marks the unit of work made of the game's ``GameStored``: each
# is given the new game's id (a payload's ``game_id``, a mark's game). It takes the locks in the service's one order
# (UnitOfWork.lock_tournaments): the tournament's write lock first ("tlock": the game is inserted
# from it and the totals are joined to it, so nothing is written before it is held), then the
# totals' rows in player order (the "locked" CTE feeds the UPDATE). One round trip instead of six;
# see docs/benchmarks.md.
_STAT_DELTAS = ", ".join(f"{c} bigint" for c in ("player_id", *STAT_COLUMNS))
_PG_STORE_GAME = Prepared(
    "baohuang_store_game",
    [
        ("tournament_id", "integer"),
        ("record_hash", "varchar"),
        ("played_at", "timestamptz"),
        ("now", "timestamptz"),
        ("kind", "varchar"),
        ("body", "text"),
        ("outcome", "json"),
        ("key_id", "integer"),
        ("seats", "json"),
        ("player_ids", "integer[]"),
        ("deltas", "json"),
        ("round_number", "integer"),
        ("table_no", "integer"),
        ("deal_no", "integer"),
        ("organizer_id", "integer"),
        ("outbox", "json"),
        ("marks", "json"),
    ],
    f"""
WITH tlock AS (
    SELECT id FROM tournaments WHERE id = :tournament_id FOR NO KEY UPDATE
), g AS (
    INSERT INTO games (tournament_id, organizer_id, record_hash, current_version, voided, played_at, created_at,
        round_number, table_no, deal_no)
    SELECT :tournament_id, :organizer_id, :record_hash, 1, false, :played_at, :now, :round_number, :table_no, :deal_no
    FROM tlock
    RETURNING id
), v AS (
    INSERT INTO game_versions (game_id, version, action, kind, body, outcome, key_id, created_at)
    SELECT g.id, 1, 'submit', :kind, :body, :outcome, :key_id, :now FROM g
    RETURNING id, game_id
), seats AS (
    INSERT INTO game_seats (version_id, game_id, tournament_id, player_id, seat, role, place, score, rebelled,
        counted)
    SELECT v.id, v.game_id, :tournament_id, x.player_id, x.seat, x.role, x.place, x.score, x.rebelled, true
    FROM v, json_to_recordset(:seats)
        AS x(player_id integer, seat smallint, role varchar, place smallint, score integer, rebelled boolean)
), locked AS (
    SELECT player_id FROM player_stats, tlock
    WHERE player_stats.tournament_id = tlock.id AND player_id = ANY(:player_ids)
    ORDER BY player_id
    FOR UPDATE OF player_stats
), totals AS (
    UPDATE player_stats AS p
    SET {", ".join(f"{c} = p.{c} + d.{c}" for c in STAT_COLUMNS)}
    FROM json_to_recordset(:deltas) AS d({_STAT_DELTAS})
    JOIN locked ON locked.player_id = d.player_id
    WHERE p.tournament_id = :tournament_id AND p.player_id = d.player_id
), event AS (
    INSERT INTO webhook_events (tournament_id, event, payload, created_at, fanned_out)
    SELECT x.tournament_id, x.event,
        (SELECT json_object_agg(e.key, CASE WHEN e.key = 'game_id' THEN to_json(v.game_id) ELSE e.value END)
         FROM json_each(x.payload) AS e),
        :now, false
    FROM v, json_to_recordset(:outbox) AS x(tournament_id integer, event varchar, payload json)
), mark AS (
    INSERT INTO rating_marks (organizer_id, played_at, game_id, created_at)
    SELECT x.organizer_id, x.played_at, v.game_id, :now
    FROM v, json_to_recordset(:marks) AS x(organizer_id integer, played_at timestamptz)
), season_mark AS (
    INSERT INTO season_marks (tournament_id, changes)
    SELECT :tournament_id, 1 FROM v
    ON CONFLICT (tournament_id) DO UPDATE SET changes = season_marks.changes + 1
)
SELECT v.game_id FROM v
""",
    writes=True,
)


@dataclass(frozen=True, slots=True)
class RowsWithTheGame:
    """Outbox rows (tournament, event, payload) and ratings marks (organizer, played_at) that the
    statement storing a new game writes with it, each given the game's id: what the unit of work
    made of the game's events when that statement is its commit (PostgreSQL's autocommit pool)."""

    outbox: tuple[tuple[int, str, dict[str, Any]], ...] = ()
    marks: tuple[tuple[int, datetime], ...] = ()


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game just stored: version 1 of it, with its seats as rows."""

    id: int
    tournament_id: int
    played_at: datetime
    created_at: datetime
    kind: str
    outcome: dict[str, Any]
    seats: list[dict[str, Any]]  # seat, player_id, role, place, score
    round_number: int | None = None
    table_no: int | None = None
    deal_no: int | None = None


def store_game(
    s: Session,
    t: records.Tournament | TournamentRef,
    key: records.ApiKey | KeyRef,
    sub: Submission,
    *,
    now: datetime | None = None,
    rows: RowsWithTheGame | None = None,
) -> NewGame:
    """Insert a game, its first version and its seats, and add them to the players' totals.
    A game already stored in the tournament fails on the unique (tournament, record hash)
    constraint: IntegrityError. On PostgreSQL this is one statement, atomic by itself, so it
    may run outside a transaction (``Database.session(single_statement=True)``), writing ``rows``
    with it; in a transaction the game's events are the unit of work's to write when it commits."""
    now = now or utcnow()
    played_at = sub.played_at or now
    seats = seat_values(sub)
    if is_postgresql(s):
        game_id = _store_postgresql(s, t, key.id, sub, seats, played_at, now, rows or RowsWithTheGame())
    else:
        assert rows is None, "SQLite stores a game in the unit of work's transaction"
        game_id = _store_sqlite(s, t, key.id, sub, seats, played_at, now)
    return NewGame(
        game_id, t.id, played_at, now, sub.kind, sub.outcome, seats, sub.round_number, sub.table_no, sub.deal_no
    )


def _store_postgresql(
    s: Session,
    t: records.Tournament | TournamentRef,
    key_id: int,
    sub: Submission,
    seat_values: list[dict[str, Any]],
    played_at: datetime,
    now: datetime,
    rows: RowsWithTheGame,
) -> int:
    """The game, its version, its seats, the totals and the rows given: one prepared statement."""
    deltas = stat_deltas([_seat_tuple(x) for x in seat_values], +1)
    players = sorted(deltas)
    values = {
        "tournament_id": t.id,
        "organizer_id": t.organizer_id,
        "record_hash": sub.record_hash,
        "played_at": played_at,
        "now": now,
        "kind": sub.kind,
        "body": sub.body,
        "outcome": json.dumps(sub.outcome),
        "key_id": key_id,
        "seats": json.dumps(seat_values),
        "player_ids": players,
        "deltas": json.dumps([{"player_id": pid, **deltas[pid]} for pid in players]),
        "round_number": sub.round_number,
        "table_no": sub.table_no,
        "deal_no": sub.deal_no,
        "outbox": json.dumps(
            [{"tournament_id": tid, "event": event, "payload": payload} for tid, event, payload in rows.outbox]
        ),
        "marks": json.dumps([{"organizer_id": oid, "played_at": at.isoformat()} for oid, at in rows.marks]),
    }
    game_id = int(_PG_STORE_GAME.run(s, values)[0])
    season_totals.marked_too(s, t.id)  # the statement marked it
    return game_id


def _store_sqlite(
    s: Session,
    t: records.Tournament | TournamentRef,
    key_id: int,
    sub: Submission,
    seat_values: list[dict[str, Any]],
    played_at: datetime,
    now: datetime,
) -> int:
    """The same as _store_postgresql, in ordinary statements of the session's transaction."""
    tournament_id = t.id
    game_id = s.execute(
        insert(_GAMES)
        .values(
            tournament_id=tournament_id,
            organizer_id=t.organizer_id,
            record_hash=sub.record_hash,
            played_at=played_at,
            created_at=now,
            round_number=sub.round_number,
            table_no=sub.table_no,
            deal_no=sub.deal_no,
        )
        .returning(_GAMES.c.id)
    ).scalar_one()
    version_id = s.execute(
        insert(_VERSIONS)
        .values(
            game_id=game_id,
            version=1,
            action="submit",
            kind=sub.kind,
            body=sub.body,
            outcome=sub.outcome,
            key_id=key_id,
            created_at=now,
        )
        .returning(_VERSIONS.c.id)
    ).scalar_one()
    s.execute(
        insert(_SEATS),
        [{"version_id": version_id, "game_id": game_id, "tournament_id": tournament_id, **x} for x in seat_values],
    )
    update_totals(s, tournament_id, [_seat_tuple(x) for x in seat_values], +1)
    return int(game_id)


def set_reason(s: Session, game_id: int, reason: str) -> None:
    """Say how a game just stored came to be (its first version's reason: who entered and who
    confirmed it at the table, or the director's choice)."""
    s.execute(
        update(GameVersion).where(GameVersion.game_id == game_id, GameVersion.version == 1).values(reason=reason[:500])
    )
