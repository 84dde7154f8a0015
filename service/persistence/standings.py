"""The standings: per-player totals kept beside the games (player_stats), updated in the same
transaction as every game written, and the order they are ranked in, written once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.orm import Session

from ..club import RANKED_BY, STANDINGS_ORDER, STAT_COLUMNS, Contribution, StandingRow, contribution, ranked
from . import season_totals
from .models import Game, GameSeat, Player, PlayerStats
from .rounds import byes

_STATS = cast(Table, PlayerStats.__table__)

# The standings' rules are the club core's (service/club/standing.py): what a seat adds, the order
# and its shared ranks. Here: keeping the totals beside the games, and reading them.
__all__ = ["RANKED_BY", "STANDINGS_ORDER", "STAT_COLUMNS", "ranked"]


Seat = tuple[int, str, int, bool]  # player, role, score, whether the seat called rebellion


def stat_deltas(seats: Sequence[Seat], sign: int) -> dict[int, dict[str, int]]:
    """What these (player, role, score, rebelled) seats add (sign +1) or take away (-1), per
    player."""
    deltas: dict[int, dict[str, int]] = {}
    for player_id, role, score, rebelled in seats:
        d = deltas.setdefault(player_id, dict.fromkeys(STAT_COLUMNS, 0))
        for k, v in contribution(role, score, rebelled).as_dict().items():
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


def update_totals(s: Session, tournament_id: int, seats: Sequence[Seat], sign: int) -> None:
    deltas = stat_deltas(seats, sign)
    if not deltas:
        return
    season_totals.changed(s, [tournament_id])
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
    update_totals(s, tournament_id, [(x.player_id, x.role, x.score, x.rebelled) for x in seats], sign)


def standings(s: Session, tournament_id: int, bye_points: int = 0) -> list[StandingRow]:
    """Per player, from the maintained totals (one row a player), with the points of the rounds
    they sat out, ranked (the club core's ``ranked``)."""
    st = PlayerStats
    rows = s.execute(
        select(Player.id, Player.name, *(getattr(st, c) for c in STAT_COLUMNS))
        .join(st, st.player_id == Player.id)
        .where(Player.tournament_id == tournament_id)
    ).all()
    sat_out = byes(s, tournament_id)
    return ranked(
        (
            StandingRow.of(r[0], r[1], Contribution(*(int(v) for v in r[2:])), sat_out.get(r[0], 0), bye_points)
            for r in rows
        ),
        _player,
    )


def totals_in(s: Session, tournament_ids: Sequence[int]) -> dict[int, list[tuple[int, int, tuple[int, ...]]]]:
    """Every player's kept totals in these tournaments (one query, whatever their number): by
    tournament, each player with their member and the figures of the sum of their seats'
    contributions (Contribution.figures, in STAT_COLUMNS order)."""
    st = PlayerStats
    rows = s.execute(
        select(st.tournament_id, st.player_id, Player.member_id, *(getattr(st, c) for c in STAT_COLUMNS))
        .join(Player, Player.id == st.player_id)
        .where(st.tournament_id.in_(list(tournament_ids) or [0]))
    ).all()
    out: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
    for r in rows:
        out.setdefault(r[0], []).append((r[1], r[2] or 0, tuple(r[3:])))
    return out


def _player(row: StandingRow) -> int:
    return row.player_id


def standings_from_games(
    s: Session, tournament_id: int, bye_points: int = 0, up_to_round: int | None = None
) -> list[StandingRow]:
    """The same standings added up afresh from every counted seat, by the same contribution rule
    as the maintained totals (slower; for checks and repairs, and for the standings after a
    round: ``up_to_round`` counts only the games entered against that round or an earlier one)."""
    players = s.execute(
        select(Player.id, Player.name).where(Player.tournament_id == tournament_id).order_by(Player.id)
    ).all()
    q = select(GameSeat.player_id, GameSeat.role, GameSeat.score, GameSeat.rebelled).where(
        GameSeat.tournament_id == tournament_id, GameSeat.counted.is_(True)
    )
    if up_to_round is not None:
        q = q.join(Game, Game.id == GameSeat.game_id).where(Game.round_number <= up_to_round)
    totals: dict[int, Contribution] = {}
    for pid, role, score, rebelled in s.execute(q).all():
        totals[pid] = totals.get(pid, Contribution()) + contribution(role, score, rebelled)
    sat_out = byes(s, tournament_id, up_to_round)
    return ranked(
        (
            StandingRow.of(pid, name, totals.get(pid, Contribution()), sat_out.get(pid, 0), bye_points)
            for pid, name in players
        ),
        _player,
    )


def rebuild_stats(s: Session, tournament_id: int) -> None:
    """Recompute the maintained totals from the games (after a bulk load, or to repair)."""
    season_totals.changed(s, [tournament_id])
    for row in standings_from_games(s, tournament_id):
        figures = {c: getattr(row, c) for c in STAT_COLUMNS if c != "total"}
        s.execute(update(PlayerStats).where(PlayerStats.player_id == row.player_id).values(total=row.points, **figures))
