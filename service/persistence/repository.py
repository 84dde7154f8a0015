"""Reading and writing tournaments. Every function takes a session; the caller commits.

Nothing here knows HTTP: errors are the exceptions below, which the HTTP layer
turns into problem documents.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, func, select, update
from sqlalchemy.orm import Session

from ..core.ruleset import Ruleset
from .models import ApiKey, Game, GameSeat, GameVersion, IdempotentRequest, Organizer, Player, Tournament, utcnow

KEY_PREFIX = "bh_"


class NotFound(Exception):
    pass


class Forbidden(Exception):
    pass


class Conflict(Exception):
    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def canonical_hash(value: Any) -> str:
    """The same JSON value, however it was spelled, has the same hash."""
    return _hash(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


# --- organizers and keys ---------------------------------------------------------------


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


def authenticate(s: Session, secret: str) -> ApiKey | None:
    key = s.scalar(select(ApiKey).where(ApiKey.secret_hash == _hash(secret)))
    if key is None or key.revoked_at is not None:
        return None
    return key


def list_keys(s: Session, organizer_id: int) -> Sequence[ApiKey]:
    return s.scalars(select(ApiKey).where(ApiKey.organizer_id == organizer_id).order_by(ApiKey.id)).all()


def revoke_key(s: Session, organizer_id: int, key_id: int) -> ApiKey:
    key = s.get(ApiKey, key_id)
    if key is None or key.organizer_id != organizer_id:
        raise NotFound(f"organizer {organizer_id} has no key {key_id}")
    if key.revoked_at is None:
        key.revoked_at = utcnow()
    return key


# --- tournaments and players --------------------------------------------------------------


def tournament_ruleset(t: Tournament) -> Ruleset:
    return Ruleset.from_options(t.ruleset_name, t.ruleset_options)


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
    t = s.scalar(stmt)
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


def add_player(s: Session, t: Tournament, name: str) -> Player:
    if s.scalar(select(Player.id).where(Player.tournament_id == t.id, Player.name == name)) is not None:
        raise Conflict(f"tournament {t.id} already has a player named {name!r}")
    p = Player(tournament_id=t.id, name=name)
    s.add(p)
    s.flush()
    return p


def list_players(s: Session, tournament_id: int, limit: int, offset: int) -> tuple[Sequence[Player], int]:
    total = s.scalar(select(func.count()).select_from(Player).where(Player.tournament_id == tournament_id)) or 0
    rows = s.scalars(
        select(Player).where(Player.tournament_id == tournament_id).order_by(Player.id).limit(limit).offset(offset)
    ).all()
    return rows, total


def players_by_id(s: Session, tournament_id: int, ids: Sequence[int]) -> dict[int, Player]:
    rows = s.scalars(select(Player).where(Player.tournament_id == tournament_id, Player.id.in_(ids))).all()
    return {p.id: p for p in rows}


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


def _seat_rows(t: Tournament, game: Game, version: GameVersion, sub: Submission) -> list[GameSeat]:
    order = sub.outcome.get("finishing_order") or []
    roles = _roles(sub.outcome)
    return [
        GameSeat(
            version_id=version.id,
            game_id=game.id,
            tournament_id=t.id,
            player_id=sub.players[seat],
            seat=seat,
            role=roles[seat],
            place=(order.index(seat) + 1) if seat in order else None,
            score=sub.outcome["scores"][seat],
            counted=True,
        )
        for seat in range(5)
    ]


def store_game(s: Session, t: Tournament, key: ApiKey, sub: Submission) -> Game:
    if sub.record_hash is not None:
        existing = s.scalar(select(Game.id).where(Game.tournament_id == t.id, Game.record_hash == sub.record_hash))
        if existing is not None:
            raise Conflict(f"this record is already stored as game {existing}", game_id=existing)
    game = Game(tournament_id=t.id, record_hash=sub.record_hash, current_version=1, played_at=sub.played_at or utcnow())
    s.add(game)
    s.flush()
    version = GameVersion(
        game_id=game.id, version=1, action="submit", kind=sub.kind, body=sub.body, outcome=sub.outcome, key_id=key.id
    )
    s.add(version)
    s.flush()
    s.add_all(_seat_rows(t, game, version, sub))
    s.flush()
    return game


def get_game(s: Session, t: Tournament, game_id: int) -> Game:
    game = s.get(Game, game_id)
    if game is None or game.tournament_id != t.id:
        raise NotFound(f"tournament {t.id} has no game {game_id}")
    return game


def current_version(s: Session, game: Game) -> GameVersion:
    v = s.scalar(select(GameVersion).where(GameVersion.game_id == game.id, GameVersion.version == game.current_version))
    assert v is not None
    return v


def game_seats(s: Session, version_id: int) -> Sequence[GameSeat]:
    return s.scalars(select(GameSeat).where(GameSeat.version_id == version_id).order_by(GameSeat.seat)).all()


def history(s: Session, game: Game) -> Sequence[GameVersion]:
    return s.scalars(select(GameVersion).where(GameVersion.game_id == game.id).order_by(GameVersion.version)).all()


def correct_game(
    s: Session, t: Tournament, game: Game, key: ApiKey, reason: str, replacement: Submission | None
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
            raise Conflict(f"this record is already stored as game {clash}", game_id=clash)
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
    else:
        game.record_hash = replacement.record_hash
        if replacement.played_at is not None:
            game.played_at = replacement.played_at
        s.add_all(_seat_rows(t, game, version, replacement))
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

STANDINGS_ORDER = "total score, then wins, then fewer games, then name, then player id"


def standings(s: Session, tournament_id: int) -> list[dict[str, Any]]:
    """Per player, aggregated in the database over the counted seat rows."""
    seat = GameSeat
    win = case((seat.score > 0, 1), else_=0)
    draw = case((seat.score == 0, 1), else_=0)
    loss = case((seat.score < 0, 1), else_=0)
    as_emperor = case((seat.role == "emperor", 1), else_=0)
    as_guard = case((seat.role == "guard", 1), else_=0)
    agg = (
        select(
            seat.player_id.label("player_id"),
            func.sum(seat.score).label("total"),
            func.count().label("games"),
            func.sum(win).label("wins"),
            func.sum(draw).label("draws"),
            func.sum(loss).label("losses"),
            func.sum(as_emperor).label("emperor_games"),
            func.sum(case((seat.role == "emperor", seat.score), else_=0)).label("emperor_total"),
            func.sum(case((and_(seat.role == "emperor", seat.score > 0), 1), else_=0)).label("emperor_wins"),
            func.sum(as_guard).label("guard_games"),
            func.sum(case((seat.role == "guard", seat.score), else_=0)).label("guard_total"),
            func.sum(case((and_(seat.role == "guard", seat.score > 0), 1), else_=0)).label("guard_wins"),
        )
        .where(seat.tournament_id == tournament_id, seat.counted.is_(True))
        .group_by(seat.player_id)
        .subquery()
    )
    total = func.coalesce(agg.c.total, 0)
    wins = func.coalesce(agg.c.wins, 0)
    games = func.coalesce(agg.c.games, 0)
    rows = s.execute(
        select(
            Player.id,
            Player.name,
            total.label("total"),
            games.label("games"),
            wins.label("wins"),
            func.coalesce(agg.c.draws, 0),
            func.coalesce(agg.c.losses, 0),
            func.coalesce(agg.c.emperor_games, 0),
            func.coalesce(agg.c.emperor_total, 0),
            func.coalesce(agg.c.emperor_wins, 0),
            func.coalesce(agg.c.guard_games, 0),
            func.coalesce(agg.c.guard_total, 0),
            func.coalesce(agg.c.guard_wins, 0),
        )
        .outerjoin(agg, agg.c.player_id == Player.id)
        .where(Player.tournament_id == tournament_id)
        .order_by(total.desc(), wins.desc(), games.asc(), Player.name, Player.id)
    ).all()
    out = []
    for rank, r in enumerate(rows, start=1):
        total_v, games_v = int(r[2]), int(r[3])
        out.append(
            {
                "rank": rank,
                "player_id": r[0],
                "name": r[1],
                "total": total_v,
                "games": games_v,
                "average": round(total_v / games_v, 3) if games_v else 0.0,
                "wins": int(r[4]),
                "draws": int(r[5]),
                "losses": int(r[6]),
                "emperor_games": int(r[7]),
                "emperor_total": int(r[8]),
                "emperor_wins": int(r[9]),
                "guard_games": int(r[10]),
                "guard_total": int(r[11]),
                "guard_wins": int(r[12]),
            }
        )
    return out


# --- idempotency --------------------------------------------------------------------------------------


def find_idempotent(s: Session, organizer_id: int, key: str) -> IdempotentRequest | None:
    return s.scalar(
        select(IdempotentRequest).where(IdempotentRequest.organizer_id == organizer_id, IdempotentRequest.key == key)
    )


def remember_idempotent(s: Session, organizer_id: int, key: str, request_hash: str, status: int, response: str) -> None:
    s.add(
        IdempotentRequest(
            organizer_id=organizer_id, key=key, request_hash=request_hash, status=status, response=response
        )
    )
    s.flush()
