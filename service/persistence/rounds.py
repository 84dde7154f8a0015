"""Rounds: their tables and seats, and who sat out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, delete, func, select
from sqlalchemy.orm import Session

from ..club import records
from ..club.errors import NotFound
from . import season_totals
from .models import Game, Round, RoundSeat


def rounds_of(s: Session, tournament_id: int) -> list[tuple[records.Round, Sequence[records.RoundSeat]]]:
    """Every round of the tournament with its seats, first round first (two queries)."""
    rounds = s.scalars(select(Round).where(Round.tournament_id == tournament_id).order_by(Round.number)).all()
    seats: dict[int, list[RoundSeat]] = {r.id: [] for r in rounds}
    if rounds:
        rows = s.scalars(
            select(RoundSeat)
            .where(RoundSeat.round_id.in_(list(seats)))
            .order_by(RoundSeat.table_no, RoundSeat.seat, RoundSeat.id)
        )
        for seat in rows:
            seats[seat.round_id].append(seat)
    return [(r, seats[r.id]) for r in rounds]


def get_round(s: Session, tournament_id: int, number: int) -> tuple[records.Round, Sequence[records.RoundSeat]]:
    r = s.scalar(select(Round).where(Round.tournament_id == tournament_id, Round.number == number))
    if r is None:
        raise NotFound(f"tournament {tournament_id} has no round {number}")
    seats = s.scalars(
        select(RoundSeat).where(RoundSeat.round_id == r.id).order_by(RoundSeat.table_no, RoundSeat.seat, RoundSeat.id)
    ).all()
    return r, list(seats)


def table_players(s: Session, tournament_id: int, number: int, table: int) -> list[int] | None:
    """The players round ``number`` seated at ``table``, seat 0 first (empty: no such table);
    None where the tournament has no such round."""
    round_id = s.scalar(select(Round.id).where(Round.tournament_id == tournament_id, Round.number == number))
    if round_id is None:
        return None
    rows = s.scalars(
        select(RoundSeat.player_id)
        .where(RoundSeat.round_id == round_id, RoundSeat.table_no == table)
        .order_by(RoundSeat.seat)
    )
    return list(rows)


def next_number(s: Session, tournament_id: int) -> int:
    return (
        int(s.scalar(select(func.coalesce(func.max(Round.number), 0)).where(Round.tournament_id == tournament_id)) or 0)
        + 1
    )


def store_round(
    s: Session,
    tournament_id: int,
    number: int,
    method: str,
    tables: Sequence[Sequence[int]],
    sitting_out: Sequence[int],
) -> tuple[records.Round, Sequence[records.RoundSeat]]:
    """A new round (a second one with the same number fails on the unique constraint)."""
    r = Round(tournament_id=tournament_id, number=number, method=method)
    s.add(r)
    s.flush()
    seats = [
        RoundSeat(round_id=r.id, player_id=p, table_no=t, seat=k)
        for t, table in enumerate(tables, start=1)
        for k, p in enumerate(table)
    ]
    seats += [RoundSeat(round_id=r.id, player_id=p, table_no=None, seat=None) for p in sitting_out]
    s.add_all(seats)
    s.flush()
    if sitting_out:  # a bye counts in the standings
        season_totals.changed(s, [tournament_id])
    return r, seats


def byes(s: Session, tournament_id: int, up_to: int | None = None) -> Counter[int]:
    """How many rounds each player sat out (up to round ``up_to``)."""
    q = (
        select(RoundSeat.player_id, func.count())
        .join(Round, Round.id == RoundSeat.round_id)
        .where(Round.tournament_id == tournament_id, RoundSeat.table_no.is_(None))
        .group_by(RoundSeat.player_id)
    )
    if up_to is not None:
        q = q.where(Round.number <= up_to)
    return Counter({pid: int(n) for pid, n in s.execute(q).all()})


def byes_in(s: Session, tournament_ids: Sequence[int]) -> Counter[int]:
    """How many rounds each player of these tournaments sat out (one query)."""
    q = (
        select(RoundSeat.player_id, func.count())
        .join(Round, Round.id == RoundSeat.round_id)
        .where(Round.tournament_id.in_(list(tournament_ids) or [0]), RoundSeat.table_no.is_(None))
        .group_by(RoundSeat.player_id)
    )
    return Counter({pid: int(n) for pid, n in s.execute(q).all()})


_BYES = (
    select(RoundSeat.player_id, func.count())
    .where(RoundSeat.player_id.in_(bindparam("ids", expanding=True)), RoundSeat.table_no.is_(None))
    .group_by(RoundSeat.player_id)
)  # built once: a member page's ETag reads it


def byes_of_players(s: Session, player_ids: list[int]) -> Counter[int]:
    """How many rounds each of these players (of any tournaments) sat out."""
    return Counter({pid: int(n) for pid, n in s.execute(_BYES, {"ids": player_ids or [0]}).all()})


def remove_round(s: Session, tournament_id: int, number: int) -> None:
    """Delete a round and its seats (the caller checks that no game was entered against it)."""
    r = s.scalar(select(Round).where(Round.tournament_id == tournament_id, Round.number == number))
    if r is None:
        raise NotFound(f"tournament {tournament_id} has no round {number}")
    s.execute(delete(RoundSeat).where(RoundSeat.round_id == r.id))
    s.delete(r)
    s.flush()
    season_totals.changed(s, [tournament_id])  # its byes no longer count


def games_in_round(s: Session, tournament_id: int, number: int) -> int:
    """How many games (void ones too) were entered against round ``number``."""
    return int(
        s.scalar(
            select(func.count())
            .select_from(Game)
            .where(Game.tournament_id == tournament_id, Game.round_number == number)
        )
        or 0
    )


def set_closed(s: Session, round_id: int, at: datetime | None) -> None:
    """A round closed by the director at ``at`` (None: the close taken back)."""
    s.get_one(Round, round_id).closed_at = at
