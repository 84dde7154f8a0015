"""The ratings of a club's members, as rows: the rated games in played order, each member's step
after each game, the ratings now, and the marks the writes leave for the update to take in.

A position in the played order is (played_at, game id). A write that changes what the ratings
are made of marks the first position it affects (``mark``, ``mark_games_of_players``,
``mark_tournament``); the update (tournament/ratings.py) deletes the steps from the earliest mark
on and rates the games from there, starting each member from their last step before it."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import psycopg2.extensions  # type: ignore[import-untyped]
from sqlalchemy import ColumnElement, Table, delete, func, insert, select, text, tuple_, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from ..club import game_records
from .models import (
    Game,
    GameSeat,
    MemberRating,
    Organizer,
    Player,
    RatingMark,
    RatingProgress,
    RatingStep,
    Tournament,
    utcnow,
)

Position = tuple[datetime, int]  # (played_at, game id): where a game is in the played order
State = tuple[float, float, int]  # a member's mu, sigma and rated games


@dataclass(frozen=True, slots=True)
class RatedGame:
    game_id: int
    tournament_id: int
    played_at: datetime
    seats: tuple[tuple[int, str, int], ...]  # member, role, score


@dataclass(frozen=True, slots=True)
class Pending:
    """Changes the ratings have not taken in yet: since when, and from which game on."""

    since: datetime
    from_played_at: datetime


# --- marks: what the writes leave -----------------------------------------------------------------


def mark(s: Session, organizer_id: int, played_at: datetime, game_id: int) -> None:
    """The ratings change from this game on (in played order)."""
    s.add(RatingMark(organizer_id=organizer_id, played_at=played_at, game_id=game_id, created_at=utcnow()))
    s.flush()


def _public(organizer_id: int) -> list[ColumnElement[bool]]:
    return [Game.organizer_id == organizer_id, Tournament.private.is_(False)]


def mark_games_of_players(s: Session, organizer_id: int, player_ids: Sequence[int]) -> None:
    """These players' rated games change (their member did): from the first of them on."""
    first = s.execute(
        select(Game.played_at, Game.id)
        .join(GameSeat, GameSeat.game_id == Game.id)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(*_public(organizer_id), GameSeat.player_id.in_(list(player_ids) or [0]), GameSeat.counted.is_(True))
        .order_by(Game.played_at, Game.id)
        .limit(1)
    ).first()
    if first is not None:
        mark(s, organizer_id, first[0], first[1])


def mark_tournament(s: Session, organizer_id: int, tournament_id: int) -> None:
    """A tournament's games join the ratings or leave them (made public or private)."""
    first = s.execute(
        select(Game.played_at, Game.id)
        .where(Game.tournament_id == tournament_id, Game.voided.is_(False))
        .order_by(Game.played_at, Game.id)
        .limit(1)
    ).first()
    if first is not None:
        mark(s, organizer_id, first[0], first[1])


def marks(s: Session, organizer_id: int) -> tuple[int, Position] | None:
    """The organizer's marks not taken in: the last one's id and the earliest position of all."""
    rows = s.execute(
        select(RatingMark.id, RatingMark.played_at, RatingMark.game_id).where(RatingMark.organizer_id == organizer_id)
    ).all()
    if not rows:
        return None
    return max(r[0] for r in rows), min((r[1], r[2]) for r in rows)


def take_marks(s: Session, organizer_id: int, up_to: int) -> None:
    """The marks up to ``up_to`` are taken in (a mark written since stays)."""
    s.execute(delete(RatingMark).where(RatingMark.organizer_id == organizer_id, RatingMark.id <= up_to))


def pending(s: Session, organizer_id: int) -> Pending | None:
    """Since when the ratings have changes not taken in (marks, or a catch-up under way), and
    from which game's time on."""
    row = s.execute(
        select(func.min(RatingMark.created_at), func.min(RatingMark.played_at)).where(
            RatingMark.organizer_id == organizer_id
        )
    ).first()
    found = [] if row is None or row[0] is None else [(row[0], row[1])]
    progress = s.get(RatingProgress, organizer_id)
    if progress is not None:
        found.append((progress.since, progress.start_played_at))
    if not found:
        return None
    return Pending(min(x[0] for x in found), min(x[1] for x in found))


def marked_organizers(s: Session) -> list[int]:
    """Organizers whose ratings have changes not taken in yet (oldest first)."""
    rows = s.execute(
        select(RatingMark.organizer_id, func.min(RatingMark.id))
        .group_by(RatingMark.organizer_id)
        .order_by(func.min(RatingMark.id))
    ).all()
    catching_up = list(s.scalars(select(RatingProgress.organizer_id).order_by(RatingProgress.since)))
    return list(dict.fromkeys([*catching_up, *(int(r[0]) for r in rows)]))


def try_lock(s: Session, organizer_id: int) -> bool:
    """The organizer's ratings, for this transaction's update alone: an update already running
    keeps them (False; it takes in every mark it finds when it ends). PostgreSQL: an advisory
    lock (no row is locked: readers and the organizer's other writes never wait for it). SQLite:
    the database's write lock (SQLite writes one at a time anyway)."""
    if s.get_bind().dialect.name == "sqlite":
        s.execute(update(Organizer).where(Organizer.id == organizer_id).values(id=Organizer.id))
        return True
    return bool(s.scalar(text("SELECT pg_try_advisory_xact_lock(:space, :key)"), {"space": 4242, "key": organizer_id}))


# --- the games and the steps --------------------------------------------------------------------------


def games_from(
    s: Session, organizer_id: int, start: Position, batch: int = 20_000, *, at_most: int | None = None
) -> Iterator[RatedGame]:
    """The counted games of the organizer's public tournaments from ``start`` on, in played
    order, each with its members' roles and scores (read as they are rated: bounded memory).
    ``at_most``: no more than that many games and one (a write asks whether its update is small),
    read at once."""
    q = (
        select(Game.id, Game.tournament_id, Game.played_at, Player.member_id, GameSeat.role, GameSeat.score)
        .join(GameSeat, GameSeat.game_id == Game.id)
        .join(Player, Player.id == GameSeat.player_id)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(*_public(organizer_id), tuple_(Game.played_at, Game.id) >= tuple_(*start), GameSeat.counted.is_(True))
        .order_by(Game.played_at, Game.id, GameSeat.seat)
    )
    if at_most is not None:  # the batch's games first, by the organizer's index in played order
        first = (
            select(Game.id)
            .join(Tournament, Tournament.id == Game.tournament_id)
            .where(*_public(organizer_id), Game.voided.is_(False), tuple_(Game.played_at, Game.id) >= tuple_(*start))
            .order_by(Game.played_at, Game.id)
            .limit(at_most + 1)
        )
        q = q.where(Game.id.in_(first.scalar_subquery()))
    else:
        q = q.execution_options(yield_per=batch)
    current: tuple[int, int, datetime] | None = None
    seats: list[tuple[int, str, int]] = []
    for game_id, tournament_id, at, member, role, points in s.execute(q):
        if current is None or game_id != current[0]:
            if current is not None:
                yield RatedGame(current[0], current[1], current[2], tuple(seats))
            current, seats = (game_id, tournament_id, at), []
        seats.append((int(member or 0), role, int(points)))
    if current is not None:
        yield RatedGame(current[0], current[1], current[2], tuple(seats))


def delete_steps_from(s: Session, organizer_id: int, start: Position) -> set[int]:
    """Delete the organizer's steps from ``start`` on; the members who had any."""
    gone = s.execute(
        delete(RatingStep)
        .where(
            RatingStep.organizer_id == organizer_id,
            tuple_(RatingStep.played_at, RatingStep.game_id) >= tuple_(*start),
        )
        .returning(RatingStep.member_id)
    ).all()
    return {int(m) for (m,) in gone}


def states_before(s: Session, member_ids: Iterable[int], start: Position) -> dict[int, State]:
    """Each member's rating just before ``start``: their last step before it (a member without
    one is not in the answer). One index look-up a member."""
    wanted = sorted(set(member_ids))
    if not wanted:
        return {}
    out: dict[int, State] = {}
    for chunk in range(0, len(wanted), 200):
        parts = [
            select(RatingStep.member_id, RatingStep.mu, RatingStep.sigma, RatingStep.games)
            .where(RatingStep.member_id == m, tuple_(RatingStep.played_at, RatingStep.game_id) < tuple_(*start))
            .order_by(RatingStep.played_at.desc(), RatingStep.game_id.desc())
            .limit(1)
            .subquery()
            for m in wanted[chunk : chunk + 200]
        ]
        union = select(*parts[0].c).union_all(*(select(*p.c) for p in parts[1:]))
        for m, mu, sigma, games in s.execute(union):
            out[int(m)] = (float(mu), float(sigma), int(games))
    return out


_STEPS = cast(Table, RatingStep.__table__)
_STEP_COLUMNS = ("organizer_id", "member_id", "game_id", "tournament_id", "played_at", "mu", "sigma", "games")


def add_steps(s: Session, rows: list[tuple[Any, ...]]) -> None:
    """Write steps (each: organizer, member, game, tournament, played_at, mu, sigma, games). On
    PostgreSQL with COPY, in the session's transaction (ten times an INSERT's speed); else, and
    where psycopg2 waits through a callback (gevent workers: COPY cannot run there), INSERTs of
    many rows each."""
    if not rows:
        return
    if s.get_bind().dialect.name != "postgresql" or psycopg2.extensions.get_wait_callback() is not None:
        s.execute(insert(_STEPS), [dict(zip(_STEP_COLUMNS, r, strict=True)) for r in rows])
        return
    text_rows = "".join(
        f"{o}\t{m}\t{g}\t{t}\t{at.isoformat()}\t{mu!r}\t{sigma!r}\t{n}\n" for o, m, g, t, at, mu, sigma, n in rows
    )
    raw = s.connection().connection.driver_connection
    with raw.cursor() as cur:  # type: ignore[union-attr]
        cur.copy_expert(f"COPY rating_steps ({', '.join(_STEP_COLUMNS)}) FROM STDIN", io.StringIO(text_rows))


def set_current(s: Session, organizer_id: int, states: dict[int, State | None]) -> None:
    """The members' ratings now (None: no rated game left), each version raised."""
    gone = [m for m, x in states.items() if x is None]
    if gone:
        s.execute(delete(MemberRating).where(MemberRating.member_id.in_(gone)))
    rows = [
        {"member_id": m, "organizer_id": organizer_id, "mu": x[0], "sigma": x[1], "games": x[2], "version": 1}
        for m, x in sorted(states.items())
        if x is not None
    ]
    if not rows:
        return
    make = sqlite_insert if s.get_bind().dialect.name == "sqlite" else pg_insert
    stmt = make(MemberRating)
    s.execute(
        stmt.on_conflict_do_update(
            index_elements=[MemberRating.member_id],
            set_={
                "mu": stmt.excluded.mu,
                "sigma": stmt.excluded.sigma,
                "games": stmt.excluded.games,
                "version": MemberRating.version + 1,
            },
        ),
        rows,
    )


def clear(s: Session, organizer_id: int) -> None:
    """Every rating of the organizer gone (a from-scratch update follows)."""
    s.execute(delete(RatingStep).where(RatingStep.organizer_id == organizer_id))
    s.execute(delete(MemberRating).where(MemberRating.organizer_id == organizer_id))


def rated_organizers(s: Session) -> list[int]:
    rows = s.execute(
        select(Game.organizer_id)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(Tournament.private.is_(False), Game.voided.is_(False))
        .distinct()
        .order_by(Game.organizer_id)
    ).all()
    return [int(r[0]) for r in rows]


def first_game(s: Session, organizer_id: int) -> Position | None:
    """The organizer's first rated game."""
    row = s.execute(
        select(Game.played_at, Game.id)
        .join(Tournament, Tournament.id == Game.tournament_id)
        .where(*_public(organizer_id), Game.voided.is_(False))
        .order_by(Game.played_at, Game.id)
        .limit(1)
    ).first()
    return None if row is None else (row[0], int(row[1]))


# --- reading ---------------------------------------------------------------------------------------------


def current(
    s: Session, organizer_id: int, member_ids: Sequence[int] | None = None
) -> dict[int, game_records.MemberRating]:
    q = select(MemberRating).where(MemberRating.organizer_id == organizer_id)
    if member_ids is not None:
        q = q.where(MemberRating.member_id.in_(list(member_ids) or [0]))
    return {r.member_id: r for r in s.scalars(q)}


def history_page(s: Session, member_id: int, limit: int, offset: int) -> Sequence[game_records.RatingStep]:
    """A page of a member's steps in played order. A member's steps count its rated games, one
    more each (``games``: 1, 2, 3, … in played order), so the page from ``offset`` is the steps
    with ``games`` above it: a range of an index, not a scan past ``offset`` rows."""
    q = select(RatingStep).where(RatingStep.member_id == member_id, RatingStep.games > offset)
    return s.scalars(q.order_by(RatingStep.games).limit(limit)).all()


def steps_at(s: Session, member_id: int, places: Sequence[int]) -> Sequence[game_records.RatingStep]:
    """A member's steps at these places of their history (``games``: 1 the first), in played
    order: one index look-up each, however long the history."""
    q = select(RatingStep).where(RatingStep.member_id == member_id, RatingStep.games.in_(list(places) or [0]))
    return s.scalars(q.order_by(RatingStep.games)).all()


def history_by_evening(
    s: Session, member_id: int, tournament_ids: Sequence[int]
) -> list[tuple[int, datetime, float, float]]:
    """A member's rating at the end of each of these evenings (tournaments), in played order: the
    last step of each, as (game, played_at, mu, sigma). The steps of these evenings alone are read
    (an index on (member, tournament))."""
    last = func.row_number().over(
        partition_by=RatingStep.tournament_id, order_by=(RatingStep.played_at.desc(), RatingStep.game_id.desc())
    )
    steps = (
        select(RatingStep.game_id, RatingStep.played_at, RatingStep.mu, RatingStep.sigma, last.label("n"))
        .where(RatingStep.member_id == member_id, RatingStep.tournament_id.in_(list(tournament_ids) or [0]))
        .subquery()
    )
    rows = s.execute(
        select(steps.c.game_id, steps.c.played_at, steps.c.mu, steps.c.sigma)
        .where(steps.c.n == 1)
        .order_by(steps.c.played_at, steps.c.game_id)
    ).all()
    return [(int(g), at, float(mu), float(sigma)) for g, at, mu, sigma in rows]


def steps_count(s: Session, member_id: int) -> int:
    """How many steps a member has: the last one's ``games`` (one index look-up, not a count)."""
    return int(s.scalar(select(func.max(RatingStep.games)).where(RatingStep.member_id == member_id)) or 0)
