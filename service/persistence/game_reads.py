"""Games read back: a tournament's players by name, a game and its versions and seats, its
history, the deals a round's tables have entered, the list and the export. (Storing and
correcting a game: games.py, which re-exports these.)"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime

from sqlalchemy import and_, func, select, tuple_
from sqlalchemy.orm import Session

from ..club import game_records, records
from ..club.errors import NotFound
from .models import Game, GameSeat, GameVersion, Player

__all__ = [
    "current_version",
    "current_versions",
    "deals_entered",
    "entered_by_table",
    "export_games",
    "game_seats",
    "game_with_record",
    "games_page",
    "get_game",
    "highest_deal",
    "history",
    "list_games",
    "player_names",
    "players_by_id",
    "seats_of_versions",
]


def player_names(s: Session, tournament_id: int) -> dict[int, str]:
    """Every player's name in the tournament, by id (one query)."""
    rows = s.execute(select(Player.id, Player.name).where(Player.tournament_id == tournament_id)).all()
    return {pid: name for pid, name in rows}


def players_by_id(s: Session, tournament_id: int, ids: Sequence[int]) -> dict[int, records.Player]:
    rows = s.scalars(select(Player).where(Player.tournament_id == tournament_id, Player.id.in_(ids))).all()
    return {p.id: p for p in rows}


def deals_entered(s: Session, tournament_id: int, number: int, table: int) -> dict[int, int]:
    """The deals of round ``number`` at ``table`` already entered (and not void): deal → game id."""
    rows = s.execute(
        select(Game.deal_no, Game.id).where(
            Game.tournament_id == tournament_id,
            Game.round_number == number,
            Game.table_no == table,
            Game.voided.is_(False),
            Game.deal_no.is_not(None),
        )
    ).all()
    return {int(d or 0): int(g) for d, g in rows}


def entered_by_table(s: Session, tournament_id: int) -> dict[tuple[int, int], dict[int, int]]:
    """Every round's tables' deals entered (and not void): (round, table) → {deal: game id}."""
    rows = s.execute(
        select(Game.round_number, Game.table_no, Game.deal_no, Game.id).where(
            Game.tournament_id == tournament_id, Game.voided.is_(False), Game.deal_no.is_not(None)
        )
    ).all()
    out: dict[tuple[int, int], dict[int, int]] = {}
    for number, table, deal, game_id in rows:
        out.setdefault((int(number or 0), int(table or 0)), {})[int(deal or 0)] = int(game_id)
    return out


def highest_deal(s: Session, tournament_id: int) -> int:
    """The highest deal number of the tournament's games that are not void (0: none)."""
    found = s.scalar(select(func.max(Game.deal_no)).where(Game.tournament_id == tournament_id, Game.voided.is_(False)))
    return int(found or 0)


def game_with_record(s: Session, tournament_id: int, record_hash: str) -> int | None:
    return s.scalar(select(Game.id).where(Game.tournament_id == tournament_id, Game.record_hash == record_hash))


def get_game(s: Session, t: records.Tournament, game_id: int) -> game_records.Game:
    game = s.get(Game, game_id)
    if game is None or game.tournament_id != t.id:
        raise NotFound(f"tournament {t.id} has no game {game_id}")
    return game


def tournament_of_game(s: Session, game_id: int) -> int:
    """The tournament a game belongs to (NotFound for no such game)."""
    tid = s.scalar(select(Game.tournament_id).where(Game.id == game_id))
    if tid is None:
        raise NotFound(f"no game {game_id}")
    return int(tid)


def current_version(s: Session, game: game_records.Game) -> game_records.GameVersion:
    v = s.scalar(select(GameVersion).where(GameVersion.game_id == game.id, GameVersion.version == game.current_version))
    assert v is not None
    return v


def current_versions(s: Session, games: Sequence[game_records.Game]) -> dict[int, game_records.GameVersion]:
    """The current version of each game, in one query."""
    if not games:
        return {}
    rows = s.scalars(select(GameVersion).where(GameVersion.game_id.in_([g.id for g in games]))).all()
    wanted = {(g.id, g.current_version) for g in games}
    return {v.game_id: v for v in rows if (v.game_id, v.version) in wanted}


def seats_of_versions(s: Session, version_ids: Sequence[int]) -> dict[int, list[game_records.GameSeat]]:
    """The seats of each version, in one query."""
    out: dict[int, list[game_records.GameSeat]] = {v: [] for v in version_ids}
    if version_ids:
        for seat in s.scalars(select(GameSeat).where(GameSeat.version_id.in_(version_ids)).order_by(GameSeat.seat)):
            out[seat.version_id].append(seat)
    return out


def game_seats(s: Session, version_id: int) -> Sequence[game_records.GameSeat]:
    return s.scalars(select(GameSeat).where(GameSeat.version_id == version_id).order_by(GameSeat.seat)).all()


def history(s: Session, game: game_records.Game) -> Sequence[game_records.GameVersion]:
    return s.scalars(select(GameVersion).where(GameVersion.game_id == game.id).order_by(GameVersion.version)).all()


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
) -> tuple[Sequence[game_records.Game], int]:
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


def games_page(
    s: Session, tournament_id: int, *, before: int | None, after: int | None, limit: int
) -> tuple[Sequence[game_records.Game], bool, bool]:
    """A page of the tournament's games in the order they were played (played_at, then id): the
    ``limit`` latest, or those just before or just after the game ``before`` / ``after`` (a key
    that holds as games come in, read along the index however long the tournament) — with whether
    there are games earlier and later than the page."""
    order = tuple_(Game.played_at, Game.id)
    conds = [Game.tournament_id == tournament_id]
    mark = before if before is not None else after
    at = None if mark is None else s.scalar(select(Game.played_at).where(Game.id == mark, *conds))
    if at is None:  # no mark, or a game of another tournament: the latest games
        before = after = mark = None
    else:
        conds.append(order > tuple_(at, mark) if before is None else order < tuple_(at, mark))
    forward = before is None and after is not None
    sort = (Game.played_at, Game.id) if forward else (Game.played_at.desc(), Game.id.desc())
    rows = list(s.scalars(select(Game).where(*conds).order_by(*sort).limit(limit + 1)).all())
    more = len(rows) > limit
    rows = rows[:limit]
    if not forward:
        rows.reverse()
    if forward:
        return rows, True, more
    return rows, more, mark is not None


def export_games(
    s: Session, tournament_id: int, batch: int = 500
) -> Iterator[tuple[game_records.Game, game_records.GameVersion]]:
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
