"""Reading and writing tournaments. Every function takes a session; the caller commits.

Nothing here knows HTTP: errors are the exceptions below, which the HTTP layer
turns into problem documents.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, TypeVar, cast

from sqlalchemy import Table, and_, bindparam, case, func, insert, select, update
from sqlalchemy.orm import Session

from ..core.ruleset import Ruleset
from ..names import name_key
from .models import (
    ApiKey,
    Game,
    GameSeat,
    GameVersion,
    IdempotentRequest,
    Organizer,
    Player,
    PlayerStats,
    Tournament,
    utcnow,
)

KEY_PREFIX = "bh_"
# The tables behind the models, for Core statements (typed as tables: a model's __table__ is not).
_GAMES = cast(Table, Game.__table__)
_VERSIONS = cast(Table, GameVersion.__table__)
_SEATS = cast(Table, GameSeat.__table__)
_STATS = cast(Table, PlayerStats.__table__)


class NotFound(Exception):
    pass


class Forbidden(Exception):
    pass


class Conflict(Exception):
    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


class Prepared:
    """A PostgreSQL statement parsed and planned once per connection (PREPARE) and then run
    with EXECUTE: for the statements every game submission runs, planning them each time costs
    more database time than running them.

    ``sql`` names its parameters ``:name``; ``params`` lists them in order with their SQL types.
    A connection prepares the statement the first time it runs it there (a prepared statement
    outlives a rolled-back transaction, and goes with the connection)."""

    def __init__(self, name: str, params: Sequence[tuple[str, str]], sql: str) -> None:
        self.name = name
        position = {p: i + 1 for i, (p, _) in enumerate(params)}
        body = re.sub(r"(?<![:\w]):(\w+)", lambda m: f"${position[m.group(1)]}", sql)
        self.prepare = f"PREPARE {name} ({', '.join(t for _, t in params)}) AS {body}"
        self.execute = f"EXECUTE {name} ({', '.join(f'%({p})s' for p, _ in params)})"

    def run(self, s: Session, values: dict[str, Any]) -> Any:
        """Run it in the session's connection; the first row of its result (None if none).

        It runs on the driver's cursor: these statements are the whole of a submission's
        database work, and SQLAlchemy's result objects cost more than the statement's Python
        side. A driver error goes through SQLAlchemy's own handling all the same (wrapped as
        sqlalchemy.exc.*, and a lost connection invalidated)."""
        conn = s.connection()
        pooled = conn.connection
        done = pooled.info.setdefault("baohuang_prepared", set())
        cursor = pooled.cursor()
        statement = self.prepare
        try:
            if self.name not in done:
                cursor.execute(statement)
                done.add(self.name)
            statement = self.execute
            cursor.execute(statement, values)
            return cursor.fetchone()
        except conn.dialect.loaded_dbapi.Error as exc:
            conn._handle_dbapi_exception(exc, statement, values, cursor, None)  # raises
            raise
        finally:
            cursor.close()


def _is_postgresql(s: Session) -> bool:
    return s.get_bind().dialect.name == "postgresql"


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def canonical_hash(value: Any) -> str:
    """The same JSON value, however it was spelled, has the same hash. (``value`` comes from a
    JSON decoder, so it has no cycles and the encoder need not look for them: 20 % faster.)"""
    return _hash(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, check_circular=False))


# --- organizers and keys ---------------------------------------------------------------


def get_organizer(s: Session, organizer_id: int) -> Organizer:
    org = s.get(Organizer, organizer_id)
    if org is None:
        raise NotFound(f"no organizer {organizer_id}")
    return org


def create_organizer(s: Session, name: str) -> tuple[Organizer, ApiKey, str]:
    org = Organizer(name=name)
    s.add(org)
    s.flush()
    key, secret = new_key(s, org.id, "first key")
    return org, key, secret


def new_key(s: Session, organizer_id: int, label: str | None) -> tuple[ApiKey, str]:
    secret = KEY_PREFIX + secrets.token_urlsafe(24)
    key = ApiKey(
        organizer_id=organizer_id, prefix=secret[: len(KEY_PREFIX) + 6], secret_hash=_hash(secret), label=label
    )
    s.add(key)
    s.flush()
    return key, secret


def authenticate_ref(s: Session, secret: str) -> KeyRef | None:
    """The usable key behind ``secret`` as plain values (None: unknown or revoked)."""
    row = s.execute(
        select(ApiKey.id, ApiKey.organizer_id, ApiKey.revoked_at).where(ApiKey.secret_hash == _hash(secret))
    ).first()
    return None if row is None or row[2] is not None else KeyRef(*row)


def list_keys(s: Session, organizer_id: int) -> Sequence[ApiKey]:
    return s.scalars(select(ApiKey).where(ApiKey.organizer_id == organizer_id).order_by(ApiKey.id)).all()


def revoke_key(s: Session, organizer_id: int, key_id: int) -> ApiKey:
    """Revoke a key; never the organizer's last usable one (Conflict). The organizer's keys are
    locked first, so two parallel revocations cannot each leave the other as the last."""
    s.execute(select(Organizer.id).where(Organizer.id == organizer_id).with_for_update())
    key = s.get(ApiKey, key_id)
    if key is None or key.organizer_id != organizer_id:
        raise NotFound(f"organizer {organizer_id} has no key {key_id}")
    if key.revoked_at is None:
        others = s.scalar(
            select(func.count())
            .select_from(ApiKey)
            .where(ApiKey.organizer_id == organizer_id, ApiKey.id != key_id, ApiKey.revoked_at.is_(None))
        )
        if not others:
            raise Conflict(
                f"key {key_id} is organizer {organizer_id}'s last usable key: issue another before revoking it, "
                "or nobody could act for this organizer again"
            )
        key.revoked_at = utcnow()
    return key


# --- tournaments and players --------------------------------------------------------------


_RULESETS: dict[str, Ruleset] = {}


def tournament_ruleset(t: Tournament | TournamentRef) -> Ruleset:
    """The tournament's ruleset (read once per process for each name and options: a Ruleset
    is an immutable value)."""
    key = json.dumps([t.ruleset_name, t.ruleset_options], sort_keys=True)
    rs = _RULESETS.get(key)
    if rs is None:
        rs = Ruleset.from_options(t.ruleset_name, t.ruleset_options)
        if len(_RULESETS) < 1000:
            _RULESETS[key] = rs
    return rs


def set_ruleset(t: Tournament, rs: Ruleset) -> None:
    """Store the ruleset as its name and the options that differ from the preset."""
    base = Ruleset.from_options(rs.name)
    t.ruleset_name = rs.name
    t.ruleset_options = {k: v for k, v in rs.options().items() if base.options()[k] != v}


def create_tournament(s: Session, organizer_id: int, name: str, rs: Ruleset, private: bool) -> Tournament:
    t = Tournament(organizer_id=organizer_id, name=name, private=private)
    set_ruleset(t, rs)
    s.add(t)
    s.flush()
    return t


def visible_tournament(s: Session, tournament_id: int, viewer: int | None) -> Tournament:
    """A tournament the viewer (an organizer id, or None) may read; private ones only to their owner."""
    t = s.get(Tournament, tournament_id)
    if t is None or (t.private and t.organizer_id != viewer):
        raise NotFound(f"no tournament {tournament_id}")
    return t


def owned_tournament(s: Session, tournament_id: int, organizer_id: int, *, lock: bool = False) -> Tournament:
    stmt = select(Tournament).where(Tournament.id == tournament_id)
    if lock:
        stmt = stmt.with_for_update()
    return _owned(s.scalar(stmt), tournament_id, organizer_id)


T = TypeVar("T", Tournament, "TournamentRef")


def _owned(t: T | None, tournament_id: int, organizer_id: int) -> T:
    if t is None or (t.private and t.organizer_id != organizer_id):
        raise NotFound(f"no tournament {tournament_id}")
    if t.organizer_id != organizer_id:
        raise Forbidden(f"tournament {tournament_id} belongs to another organizer")
    return t


def list_tournaments(s: Session, viewer: int | None, limit: int, offset: int) -> tuple[Sequence[Tournament], int]:
    cond = (
        Tournament.private.is_(False)
        if viewer is None
        else (Tournament.private.is_(False) | (Tournament.organizer_id == viewer))
    )
    total = s.scalar(select(func.count()).select_from(Tournament).where(cond)) or 0
    rows = s.scalars(select(Tournament).where(cond).order_by(Tournament.id).limit(limit).offset(offset)).all()
    return rows, total


def has_games(s: Session, tournament_id: int) -> bool:
    return s.scalar(select(Game.id).where(Game.tournament_id == tournament_id).limit(1)) is not None


def with_games(s: Session, tournament_ids: Sequence[int]) -> set[int]:
    """Which of these tournaments have a stored game (their ruleset is frozen)."""
    if not tournament_ids:
        return set()
    return set(s.scalars(select(Game.tournament_id).where(Game.tournament_id.in_(tournament_ids)).distinct()))


def add_player(s: Session, t: Tournament, name: str) -> Player:
    key = name_key(name)
    _name_free(s, t.id, key, name)
    p = Player(tournament_id=t.id, name=name, name_key=key)
    s.add(p)
    s.flush()
    s.add(PlayerStats(player_id=p.id, tournament_id=t.id))
    s.flush()
    return p


def _name_free(s: Session, tournament_id: int, key: str, name: str, player_id: int | None = None) -> None:
    other = s.execute(
        select(Player.id, Player.name).where(Player.tournament_id == tournament_id, Player.name_key == key)
    ).first()
    if other is not None and other[0] != player_id:
        same = "" if other[1] == name else f" ({other[1]!r} is the same name to a reader)"
        raise Conflict(f"tournament {tournament_id} already has a player named {name!r}{same}", player_id=other[0])


def get_player(s: Session, tournament_id: int, player_id: int) -> Player:
    p = s.get(Player, player_id)
    if p is None or p.tournament_id != tournament_id:
        raise NotFound(f"tournament {tournament_id} has no player {player_id}")
    return p


def update_player(s: Session, p: Player, *, name: str | None = None, withdrawn: bool | None = None) -> Player:
    """Rename a player, withdraw them or take them back. Their games stay as they are."""
    if name is not None and name != p.name:
        key = name_key(name)
        _name_free(s, p.tournament_id, key, name, p.id)
        p.name, p.name_key = name, key
    if withdrawn is not None and withdrawn != (p.withdrawn_at is not None):
        p.withdrawn_at = utcnow() if withdrawn else None
    s.flush()
    return p


def list_players(s: Session, tournament_id: int, limit: int, offset: int) -> tuple[Sequence[Player], int]:
    total = s.scalar(select(func.count()).select_from(Player).where(Player.tournament_id == tournament_id)) or 0
    rows = s.scalars(
        select(Player).where(Player.tournament_id == tournament_id).order_by(Player.id).limit(limit).offset(offset)
    ).all()
    return rows, total


@dataclass(frozen=True, slots=True)
class KeyRef:
    """An API key as a game submission reads it: plain values, not an ORM object (an ORM
    object costs about ten times as much to build; docs/benchmarks.md)."""

    id: int
    organizer_id: int
    revoked_at: datetime | None


@dataclass(frozen=True, slots=True)
class TournamentRef:
    """A tournament as a game submission reads it (see KeyRef)."""

    id: int
    organizer_id: int
    ruleset_name: str
    ruleset_options: dict[str, Any]
    status: str
    private: bool


@dataclass(frozen=True, slots=True)
class GameTarget:
    """What a game submission checks before it is adjudicated, read in one query."""

    key: KeyRef | None  # None: no such key, or revoked
    tournament: TournamentRef | None  # None: no such tournament
    players_known: int  # how many of the given player ids are players of that tournament, not withdrawn

    def owned(self, tournament_id: int, organizer_id: int) -> TournamentRef:
        """The tournament, if this organizer may write to it (else NotFound or Forbidden)."""
        return _owned(self.tournament, tournament_id, organizer_id)


_KEY_COLUMNS = tuple(f.name for f in fields(KeyRef))
_TOURNAMENT_COLUMNS = tuple(f.name for f in fields(TournamentRef))
_PG_GAME_TARGET = Prepared(
    "baohuang_game_target",
    [("tournament_id", "integer"), ("player_ids", "integer[]"), ("secret_hash", "varchar")],
    f"""
SELECT {", ".join(f"k.{c}" for c in _KEY_COLUMNS)}, {", ".join(f"t.{c}" for c in _TOURNAMENT_COLUMNS)},
    (SELECT count(*) FROM players AS p
     WHERE p.tournament_id = :tournament_id AND p.id = ANY(:player_ids) AND p.withdrawn_at IS NULL)
FROM api_keys AS k LEFT JOIN tournaments AS t ON t.id = :tournament_id
WHERE k.secret_hash = :secret_hash
""",
)
_GAME_TARGET = (
    select(
        *(ApiKey.__table__.c[c] for c in _KEY_COLUMNS),
        *(Tournament.__table__.c[c] for c in _TOURNAMENT_COLUMNS),
        select(func.count())
        .select_from(Player)
        .where(
            Player.tournament_id == bindparam("tournament_id"),
            Player.id.in_(bindparam("player_ids", expanding=True)),
            Player.withdrawn_at.is_(None),
        )
        .scalar_subquery(),
    )
    .select_from(ApiKey.__table__)
    .outerjoin(Tournament.__table__, Tournament.id == bindparam("tournament_id"))
    .where(ApiKey.secret_hash == bindparam("secret_hash"))
)


def game_target(s: Session, secret: str, tournament_id: int, player_ids: Sequence[int]) -> GameTarget:
    """The key behind ``secret``, the tournament and how many of ``player_ids`` play in it:
    one round trip for what would otherwise be three (every game submission asks)."""
    values = {"tournament_id": tournament_id, "player_ids": list(player_ids), "secret_hash": _hash(secret)}
    pg = _is_postgresql(s)
    row = _PG_GAME_TARGET.run(s, values) if pg else s.connection().execute(_GAME_TARGET, values).first()
    if row is None:
        return GameTarget(None, None, 0)
    nk = len(_KEY_COLUMNS)
    key = KeyRef(*row[:nk])
    t = None if row[nk] is None else TournamentRef(*row[nk : nk + len(_TOURNAMENT_COLUMNS)])
    return GameTarget(None if key.revoked_at is not None else key, t, row[-1])


def players_by_id(s: Session, tournament_id: int, ids: Sequence[int]) -> dict[int, Player]:
    rows = s.scalars(select(Player).where(Player.tournament_id == tournament_id, Player.id.in_(ids))).all()
    return {p.id: p for p in rows}


# The per-player totals kept in player_stats (see apply_stats and standings).
STAT_COLUMNS = (
    "games",
    "total",
    "wins",
    "draws",
    "losses",
    "emperor_games",
    "emperor_total",
    "emperor_wins",
    "guard_games",
    "guard_total",
    "guard_wins",
)


# --- games ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Submission:
    """A game as the HTTP layer hands it over: already adjudicated and legal."""

    players: tuple[int, ...]
    kind: str  # record or sheet
    body: str  # the request body, byte for byte
    outcome: dict[str, Any]
    record_hash: str | None
    played_at: datetime | None = None


def _roles(outcome: dict[str, Any]) -> list[str]:
    roles = ["other"] * 5
    if outcome.get("guard") is not None:
        roles[outcome["guard"]] = "guard"
    if outcome.get("emperor") is not None:
        roles[outcome["emperor"]] = "emperor"
    return roles


def _seat_values(sub: Submission) -> list[dict[str, Any]]:
    """The five seats of a submitted game: who sat there, their role, place and score."""
    order = sub.outcome.get("finishing_order") or []
    roles = _roles(sub.outcome)
    return [
        {
            "player_id": sub.players[seat],
            "seat": seat,
            "role": roles[seat],
            "place": (order.index(seat) + 1) if seat in order else None,
            "score": sub.outcome["scores"][seat],
        }
        for seat in range(5)
    ]


def _seat_rows(t: Tournament, game: Game, version: GameVersion, sub: Submission) -> list[GameSeat]:
    return [
        GameSeat(version_id=version.id, game_id=game.id, tournament_id=t.id, counted=True, **seat)
        for seat in _seat_values(sub)
    ]


# One statement on PostgreSQL for everything a new game writes: the game, its first version, its
# five seats and its players' totals. The totals' rows are locked in player order first (the
# "locked" CTE feeds the UPDATE), so two games sharing players wait for each other and never
# deadlock. One round trip instead of six; see docs/benchmarks.md.
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
    ],
    f"""
WITH g AS (
    INSERT INTO games (tournament_id, record_hash, current_version, voided, played_at, created_at)
    VALUES (:tournament_id, :record_hash, 1, false, :played_at, :now)
    RETURNING id
), v AS (
    INSERT INTO game_versions (game_id, version, action, kind, body, outcome, key_id, created_at)
    SELECT g.id, 1, 'submit', :kind, :body, :outcome, :key_id, :now FROM g
    RETURNING id, game_id
), seats AS (
    INSERT INTO game_seats (version_id, game_id, tournament_id, player_id, seat, role, place, score, counted)
    SELECT v.id, v.game_id, :tournament_id, x.player_id, x.seat, x.role, x.place, x.score, true
    FROM v, json_to_recordset(:seats)
        AS x(player_id integer, seat smallint, role varchar, place smallint, score integer)
), locked AS (
    SELECT player_id FROM player_stats
    WHERE tournament_id = :tournament_id AND player_id = ANY(:player_ids)
    ORDER BY player_id
    FOR UPDATE
), totals AS (
    UPDATE player_stats AS p
    SET {", ".join(f"{c} = p.{c} + d.{c}" for c in STAT_COLUMNS)}
    FROM json_to_recordset(:deltas) AS d({_STAT_DELTAS})
    JOIN locked ON locked.player_id = d.player_id
    WHERE p.tournament_id = :tournament_id AND p.player_id = d.player_id
)
SELECT v.game_id FROM v
""",
)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game just stored: version 1 of it, as the answer to its submission shows it."""

    id: int
    tournament_id: int
    played_at: datetime
    created_at: datetime
    kind: str
    outcome: dict[str, Any]
    seats: list[dict[str, Any]]  # seat, player_id, role, place, score


def store_game(s: Session, t: Tournament | TournamentRef, key: ApiKey | KeyRef, sub: Submission) -> StoredGame:
    """Insert a game, its first version and its seats, and add them to the players' totals.
    A game already stored in the tournament fails on the unique (tournament, record hash)
    constraint: IntegrityError. On PostgreSQL this is one statement, atomic by itself, so it
    may run outside a transaction (``Database.session(single_statement=True)``)."""
    now = utcnow()
    played_at = sub.played_at or now
    seat_values = _seat_values(sub)
    scored = [(x["player_id"], x["role"], x["score"]) for x in seat_values]
    if _is_postgresql(s):
        deltas = _stat_deltas(scored, +1)
        players = sorted(deltas)
        game_id = _PG_STORE_GAME.run(
            s,
            {
                "tournament_id": t.id,
                "record_hash": sub.record_hash,
                "played_at": played_at,
                "now": now,
                "kind": sub.kind,
                "body": sub.body,
                "outcome": json.dumps(sub.outcome),
                "key_id": key.id,
                "seats": json.dumps(seat_values),
                "player_ids": players,
                "deltas": json.dumps([{"player_id": pid, **deltas[pid]} for pid in players]),
            },
        )[0]
    else:
        game_id = s.execute(
            insert(_GAMES)
            .values(tournament_id=t.id, record_hash=sub.record_hash, played_at=played_at, created_at=now)
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
                key_id=key.id,
                created_at=now,
            )
            .returning(_VERSIONS.c.id)
        ).scalar_one()
        s.execute(
            insert(_SEATS),
            [{"version_id": version_id, "game_id": game_id, "tournament_id": t.id, **x} for x in seat_values],
        )
        _update_totals(s, t.id, scored, +1)
    return StoredGame(game_id, t.id, played_at, now, sub.kind, sub.outcome, seat_values)


def game_with_record(s: Session, tournament_id: int, record_hash: str) -> int | None:
    return s.scalar(select(Game.id).where(Game.tournament_id == tournament_id, Game.record_hash == record_hash))


def get_game(s: Session, t: Tournament, game_id: int) -> Game:
    game = s.get(Game, game_id)
    if game is None or game.tournament_id != t.id:
        raise NotFound(f"tournament {t.id} has no game {game_id}")
    return game


def current_version(s: Session, game: Game) -> GameVersion:
    v = s.scalar(select(GameVersion).where(GameVersion.game_id == game.id, GameVersion.version == game.current_version))
    assert v is not None
    return v


def current_versions(s: Session, games: Sequence[Game]) -> dict[int, GameVersion]:
    """The current version of each game, in one query."""
    if not games:
        return {}
    rows = s.scalars(select(GameVersion).where(GameVersion.game_id.in_([g.id for g in games]))).all()
    wanted = {(g.id, g.current_version) for g in games}
    return {v.game_id: v for v in rows if (v.game_id, v.version) in wanted}


def seats_of_versions(s: Session, version_ids: Sequence[int]) -> dict[int, list[GameSeat]]:
    """The seats of each version, in one query."""
    out: dict[int, list[GameSeat]] = {v: [] for v in version_ids}
    if version_ids:
        for seat in s.scalars(select(GameSeat).where(GameSeat.version_id.in_(version_ids)).order_by(GameSeat.seat)):
            out[seat.version_id].append(seat)
    return out


def game_seats(s: Session, version_id: int) -> Sequence[GameSeat]:
    return s.scalars(select(GameSeat).where(GameSeat.version_id == version_id).order_by(GameSeat.seat)).all()


def history(s: Session, game: Game) -> Sequence[GameVersion]:
    return s.scalars(select(GameVersion).where(GameVersion.game_id == game.id).order_by(GameVersion.version)).all()


def correct_game(
    s: Session, t: Tournament, game: Game, key: ApiKey | KeyRef, reason: str, replacement: Submission | None
) -> GameVersion:
    """Void the game (replacement None) or replace it; the old versions stay."""
    s.execute(select(Game.id).where(Game.id == game.id).with_for_update())
    if game.voided:
        raise Conflict(f"game {game.id} is void; a void game is not corrected again")
    if replacement is not None and replacement.record_hash is not None:
        clash = s.scalar(
            select(Game.id).where(
                Game.tournament_id == t.id, Game.record_hash == replacement.record_hash, Game.id != game.id
            )
        )
        if clash is not None:
            raise Conflict(
                f"this game (the same deal, calls and plays) is already stored as game {clash}", game_id=clash
            )
    counted = s.scalars(select(GameSeat).where(GameSeat.game_id == game.id, GameSeat.counted.is_(True))).all()
    apply_stats(s, t.id, counted, -1)
    s.execute(update(GameSeat).where(GameSeat.game_id == game.id).values(counted=False))
    number = game.current_version + 1
    version = GameVersion(
        game_id=game.id,
        version=number,
        action="void" if replacement is None else "replace",
        kind=None if replacement is None else replacement.kind,
        body=None if replacement is None else replacement.body,
        outcome=None if replacement is None else replacement.outcome,
        reason=reason,
        key_id=key.id,
    )
    s.add(version)
    s.flush()
    game.current_version = number
    if replacement is None:
        game.voided = True
        game.record_hash = None  # a void game no longer holds its record: it may be submitted anew
    else:
        game.record_hash = replacement.record_hash
        if replacement.played_at is not None:
            game.played_at = replacement.played_at
        seats = _seat_rows(t, game, version, replacement)
        s.add_all(seats)
        s.flush()
        apply_stats(s, t.id, seats, +1)
    s.flush()
    return version


def list_games(
    s: Session,
    tournament_id: int,
    *,
    player_id: int | None,
    since: datetime | None,
    until: datetime | None,
    include_void: bool,
    limit: int,
    offset: int,
) -> tuple[Sequence[Game], int]:
    conds = [Game.tournament_id == tournament_id]
    if player_id is not None:
        conds.append(
            Game.id.in_(select(GameSeat.game_id).where(GameSeat.player_id == player_id, GameSeat.counted.is_(True)))
        )
    if since is not None:
        conds.append(Game.played_at >= since)
    if until is not None:
        conds.append(Game.played_at < until)
    if not include_void:
        conds.append(Game.voided.is_(False))
    where = and_(*conds)
    total = s.scalar(select(func.count()).select_from(Game).where(where)) or 0
    rows = s.scalars(select(Game).where(where).order_by(Game.played_at, Game.id).limit(limit).offset(offset)).all()
    return rows, total


def export_games(s: Session, tournament_id: int, batch: int = 500) -> Iterator[tuple[Game, GameVersion]]:
    """Every game of the tournament with its current version, oldest first, in batches."""
    last = 0
    while True:
        rows = s.execute(
            select(Game, GameVersion)
            .join(GameVersion, and_(GameVersion.game_id == Game.id, GameVersion.version == Game.current_version))
            .where(Game.tournament_id == tournament_id, Game.id > last)
            .order_by(Game.id)
            .limit(batch)
        ).all()
        if not rows:
            return
        yield from ((game, version) for game, version in rows)
        last = rows[-1][0].id


# --- standings -----------------------------------------------------------------------------------

# The standings order, written once: (field, highest first?). The SQL of `standings`, the sort of
# `standings_from_games` and the sentence the answer shows are all made from it.
STANDINGS_ORDER_BY: tuple[tuple[str, bool], ...] = (
    ("total", True),
    ("wins", True),
    ("games", False),
    ("name", False),
    ("player_id", False),
)
_ORDER_WORDS = {
    "total": "total score",
    "wins": "wins",
    "games": "fewer games",
    "name": "name",
    "player_id": "player id",
}
STANDINGS_ORDER = ", then ".join(_ORDER_WORDS[f] for f, _ in STANDINGS_ORDER_BY)


def _standing_sort_key(row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(-row[f] if desc else row[f] for f, desc in STANDINGS_ORDER_BY)


def _contribution(role: str, score: int) -> dict[str, int]:
    """What one seat of one game adds to its player's standing."""
    emperor, guard, win = role == "emperor", role == "guard", score > 0
    return {
        "games": 1,
        "total": score,
        "wins": int(win),
        "draws": int(score == 0),
        "losses": int(score < 0),
        "emperor_games": int(emperor),
        "emperor_total": score if emperor else 0,
        "emperor_wins": int(emperor and win),
        "guard_games": int(guard),
        "guard_total": score if guard else 0,
        "guard_wins": int(guard and win),
    }


def _stat_deltas(seats: Sequence[tuple[int, str, int]], sign: int) -> dict[int, dict[str, int]]:
    """What these (player, role, score) seats add (sign +1) or take away (-1), per player."""
    deltas: dict[int, dict[str, int]] = {}
    for player_id, role, score in seats:
        d = deltas.setdefault(player_id, dict.fromkeys(STAT_COLUMNS, 0))
        for k, v in _contribution(role, score).items():
            d[k] += sign * v
    return deltas


_UPDATE_TOTALS = (
    update(_STATS)
    .where(
        PlayerStats.__table__.c.tournament_id == bindparam("t_id"),
        PlayerStats.__table__.c.player_id == bindparam("p_id"),
    )
    .values({c: PlayerStats.__table__.c[c] + bindparam("d_" + c) for c in STAT_COLUMNS})
)


def _update_totals(s: Session, tournament_id: int, seats: Sequence[tuple[int, str, int]], sign: int) -> None:
    deltas = _stat_deltas(seats, sign)
    if not deltas:
        return
    # One UPDATE a player, in player order: two transactions sharing players lock their rows in
    # the same order and wait for each other instead of deadlocking.
    s.execute(
        _UPDATE_TOTALS,
        [
            {"t_id": tournament_id, "p_id": pid, **{"d_" + c: v for c, v in deltas[pid].items()}}
            for pid in sorted(deltas)
        ],
    )


def apply_stats(s: Session, tournament_id: int, seats: Sequence[GameSeat], sign: int) -> None:
    """Add (sign +1) or take away (sign -1) these seats in their players' standings."""
    _update_totals(s, tournament_id, [(x.player_id, x.role, x.score) for x in seats], sign)


def standings(s: Session, tournament_id: int) -> list[dict[str, Any]]:
    """Per player, ordered in the database; one row a player from the maintained totals."""
    st = PlayerStats
    rows = s.execute(
        select(Player.id, Player.name, *(getattr(st, c) for c in STAT_COLUMNS))
        .join(st, st.player_id == Player.id)
        .where(Player.tournament_id == tournament_id)
        .order_by(*_standings_sql_order())
    ).all()
    return [_standing(rank, r) for rank, r in enumerate(rows, start=1)]


def _standings_sql_order() -> list[Any]:
    columns = {"name": Player.name, "player_id": Player.id}
    out = []
    for f, desc in STANDINGS_ORDER_BY:
        column = columns.get(f) or getattr(PlayerStats, f)
        out.append(column.desc() if desc else column.asc())
    return out


def _standing(rank: int, r: Any) -> dict[str, Any]:
    stats = {c: int(v) for c, v in zip(STAT_COLUMNS, r[2:], strict=True)}
    games = stats["games"]
    return {
        "rank": rank,
        "player_id": r[0],
        "name": r[1],
        **stats,
        "average": round(stats["total"] / games, 3) if games else 0.0,
    }


def _aggregate_columns() -> list[Any]:
    seat = GameSeat
    emperor, guard, win = seat.role == "emperor", seat.role == "guard", seat.score > 0

    def count_if(cond: Any) -> Any:
        return func.coalesce(func.sum(case((cond, 1), else_=0)), 0)

    def sum_if(cond: Any) -> Any:
        return func.coalesce(func.sum(case((cond, seat.score), else_=0)), 0)

    return [
        func.count(seat.id),
        func.coalesce(func.sum(seat.score), 0),
        count_if(win),
        count_if(seat.score == 0),
        count_if(seat.score < 0),
        count_if(emperor),
        sum_if(emperor),
        count_if(and_(emperor, win)),
        count_if(guard),
        sum_if(guard),
        count_if(and_(guard, win)),
    ]


def standings_from_games(s: Session, tournament_id: int) -> list[dict[str, Any]]:
    """The same standings aggregated afresh from every counted seat (slower; for checks and repairs)."""
    rows = s.execute(
        select(Player.id, Player.name, *_aggregate_columns())
        .outerjoin(GameSeat, and_(GameSeat.player_id == Player.id, GameSeat.counted.is_(True)))
        .where(Player.tournament_id == tournament_id)
        .group_by(Player.id, Player.name)
    ).all()
    out = [_standing(0, r) for r in rows]
    out.sort(key=_standing_sort_key)
    for rank, row in enumerate(out, start=1):
        row["rank"] = rank
    return out


def rebuild_stats(s: Session, tournament_id: int) -> None:
    """Recompute the maintained totals from the games (after a bulk load, or to repair)."""
    for row in standings_from_games(s, tournament_id):
        s.execute(
            update(PlayerStats)
            .where(PlayerStats.player_id == row["player_id"])
            .values(**{c: row[c] for c in STAT_COLUMNS})
        )


# --- idempotency --------------------------------------------------------------------------------------


def find_idempotent(s: Session, organizer_id: int, key: str) -> IdempotentRequest | None:
    return s.scalar(
        select(IdempotentRequest).where(IdempotentRequest.organizer_id == organizer_id, IdempotentRequest.key == key)
    )


def remember_idempotent(
    s: Session,
    organizer_id: int,
    key: str,
    request: tuple[str, str, str],
    status: int,
    response: str,
    headers: dict[str, str],
) -> None:
    """Remember the answer to a write made with an Idempotency-Key. ``request`` is the method,
    the path and the hash of the body it answered."""
    method, path, request_hash = request
    s.add(
        IdempotentRequest(
            organizer_id=organizer_id,
            key=key,
            method=method,
            path=path,
            request_hash=request_hash,
            status=status,
            response=response,
            headers=headers,
        )
    )
    s.flush()
