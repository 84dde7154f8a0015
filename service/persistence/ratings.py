"""The ratings of a club's members: the games they are made of, what they were made from (the
basis), the ratings now and each member's history."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, delete, func, insert, select
from sqlalchemy.orm import Session

from .models import (
    Game,
    GameSeat,
    GameVersion,
    MemberRating,
    Organizer,
    Player,
    RatingBasis,
    RatingStep,
    Tournament,
    utcnow,
)


@dataclass(frozen=True, slots=True)
class RatedGame:
    game_id: int
    played_at: datetime
    seats: tuple[tuple[int, str, int], ...]  # member, role, score


def _public(organizer_id: int) -> list[ColumnElement[bool]]:
    return [Tournament.organizer_id == organizer_id, Tournament.private.is_(False)]


def games(s: Session, organizer_id: int, after_version: int = 0, batch: int = 20_000) -> Iterator[RatedGame]:
    """The counted games of the organizer's public tournaments (those stored after version
    ``after_version``), in the order they were played, each with its members' roles and scores."""
    q = (
        select(GameSeat.game_id, Game.played_at, Player.member_id, GameSeat.role, GameSeat.score)
        .join(Game, Game.id == GameSeat.game_id)
        .join(Player, Player.id == GameSeat.player_id)
        .join(Tournament, Tournament.id == GameSeat.tournament_id)
        .where(*_public(organizer_id), GameSeat.counted.is_(True), GameSeat.version_id > after_version)
        .order_by(Game.played_at, Game.id, GameSeat.seat)
        .execution_options(yield_per=batch)
    )
    current: int | None = None
    played: datetime | None = None
    seats: list[tuple[int, str, int]] = []
    for game_id, at, member, role, points in s.execute(q):
        if game_id != current:
            if current is not None and played is not None:
                yield RatedGame(current, played, tuple(seats))
            current, played, seats = game_id, at, []
        seats.append((int(member or 0), role, int(points)))
    if current is not None and played is not None:
        yield RatedGame(current, played, tuple(seats))


@dataclass(frozen=True, slots=True)
class State:
    """What the ratings depend on: the last game version, the counted games, the last played."""

    last_version: int
    games: int
    last_played: datetime | None


def state(s: Session, organizer_id: int) -> State:
    last = s.scalar(
        select(func.coalesce(func.max(GameVersion.id), 0))
        .join(Game, Game.id == GameVersion.game_id)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(*_public(organizer_id))
    )
    counted, played = s.execute(
        select(func.count(), func.max(Game.played_at))
        .select_from(Game)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(*_public(organizer_id), Game.voided.is_(False))
    ).one()
    return State(int(last or 0), int(counted or 0), played)


def changed_since(s: Session, organizer_id: int, last_version: int, probe: int = 1000) -> bool:
    """Whether any game version of the organizer's public tournaments came after
    ``last_version``. The versions after it are read by their primary key first (a club with
    nothing new costs one probe however many games it has: every store, correction and void
    writes a version); more than ``probe`` of them anywhere counts as a change (the caller then
    compares the whole state)."""
    newer = list(
        s.scalars(
            select(GameVersion.game_id).where(GameVersion.id > last_version).order_by(GameVersion.id).limit(probe + 1)
        )
    )
    if not newer:
        return False
    if len(newer) > probe:
        return True
    found = s.scalar(
        select(Game.id)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(Game.id.in_(set(newer)), *_public(organizer_id))
        .limit(1)
    )
    return found is not None


def only_new_submissions(s: Session, organizer_id: int, after_version: int) -> tuple[int, datetime | None] | None:
    """Whether every version since ``after_version`` is a first submission (no correction, no
    void): then how many there are and the earliest played among them; else None."""
    rows = s.execute(
        select(GameVersion.action, func.count(), func.min(Game.played_at))
        .join(Game, Game.id == GameVersion.game_id)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(*_public(organizer_id), GameVersion.id > after_version)
        .group_by(GameVersion.action)
    ).all()
    if any(action != "submit" for action, _, _ in rows):
        return None
    return (int(rows[0][1]), rows[0][2]) if rows else (0, None)


def lock(s: Session, organizer_id: int) -> None:
    """Hold the organizer's row while its ratings are written: two readers refreshing at once
    take turns (on SQLite the write lock does this already)."""
    s.execute(select(Organizer.id).where(Organizer.id == organizer_id).with_for_update())


def basis(s: Session, organizer_id: int) -> RatingBasis | None:
    return s.get(RatingBasis, organizer_id)


def set_basis(s: Session, organizer_id: int, now: State) -> None:
    row = s.get(RatingBasis, organizer_id)
    if row is None:
        row = RatingBasis(organizer_id=organizer_id)
        s.add(row)
    row.last_version_id, row.games, row.last_played_at, row.computed_at = (
        now.last_version,
        now.games,
        now.last_played,
        utcnow(),
    )
    s.flush()


def current(s: Session, organizer_id: int) -> dict[int, MemberRating]:
    return {r.member_id: r for r in s.scalars(select(MemberRating).where(MemberRating.organizer_id == organizer_id))}


def clear(s: Session, organizer_id: int) -> None:
    s.execute(delete(RatingStep).where(RatingStep.organizer_id == organizer_id))
    s.execute(delete(MemberRating).where(MemberRating.organizer_id == organizer_id))


def write(
    s: Session,
    organizer_id: int,
    ratings: dict[int, tuple[float, float, int]],
    steps: Sequence[tuple[int, int, datetime, float, float]],
    known: dict[int, MemberRating],
) -> None:
    """Store the ratings now (member → mu, sigma, games) and the steps that led there."""
    fresh = [
        {"member_id": m, "organizer_id": organizer_id, "mu": mu, "sigma": sg, "games": n}
        for m, (mu, sg, n) in ratings.items()
        if m not in known
    ]
    for m, (mu, sg, n) in ratings.items():
        if m in known:
            known[m].mu, known[m].sigma, known[m].games = mu, sg, n
    if fresh:
        s.execute(insert(MemberRating), fresh)
    if steps:
        s.execute(
            insert(RatingStep),
            [
                {"organizer_id": organizer_id, "member_id": m, "game_id": g, "played_at": at, "mu": mu, "sigma": sg}
                for m, g, at, mu, sg in steps
            ],
        )
    s.flush()


def history(s: Session, member_id: int) -> Sequence[RatingStep]:
    return s.scalars(select(RatingStep).where(RatingStep.member_id == member_id).order_by(RatingStep.id)).all()
