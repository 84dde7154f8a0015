"""A season's kept rows (persistence/season_totals.py): brought up to date after the writes that
change a tournament's standings, by the background worker for whatever a write left, and read
as the season's standings — one row a member, and each member's best N evenings where the
season counts those: never a sum over the season's history."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence

from ..club import Contribution, Counting, Evening, SeasonRow, season_row
from ..club.game_records import Season
from ..club.standing import STAT_COLUMNS, role_figures_of
from ..persistence.db import DATABASE_AWAY, Database
from .unit_of_work import UnitOfWork

log = logging.getLogger(__name__)


def catch_up(db: Database, tournament_ids: Sequence[int]) -> int:
    """The season rows of these tournaments brought up to date, each tournament in its own short
    transaction: how many were marked."""
    done = 0
    for tournament_id in tournament_ids:
        with UnitOfWork(db) as uow:
            if uow.seasons.catch_up(tournament_id):
                uow.commit()
                done += 1
    return done


def after_write(db: Database, tournament_ids: Sequence[int]) -> None:
    """What a write that marked tournaments does once it has committed: their seasons brought up
    to date. The write is stored whatever happens here; a mark left is the worker's."""
    try:
        catch_up(db, tournament_ids)
    except DATABASE_AWAY:
        log.warning("season rows of tournaments %s left to the worker: the database went away", list(tournament_ids))
    except Exception:
        log.exception("season rows of tournaments %s left to the worker: the update failed", list(tournament_ids))


def catch_up_marked(db: Database) -> int:
    """Every tournament still marked brought up to date (the background worker's turn)."""
    with UnitOfWork(db) as uow:
        marked = uow.seasons.marked()
    return catch_up(db, marked)


def standings_rows(uow: UnitOfWork, season: Season) -> list[SeasonRow]:
    """Each member's season row, unranked, from the kept rows: one a member, and where the season
    counts each member's best N, those N evenings."""
    seasons = uow.seasons
    kept = seasons.kept_members(season.id)
    names = seasons.names_of([m for m, _, _ in kept])
    if Counting(season.counting) is Counting.BEST and season.best:
        best = seasons.best_evenings(season.id, season.best)
        return [
            dataclasses.replace(
                season_row(m, names.get(m, "?"), [_evening(r) for r in best.get(m, ())], Counting.BEST, season.best),
                evenings=n,
            )
            for m, n, _ in kept
        ]
    return [_row(m, names.get(m, "?"), n, sums) for m, n, sums in kept]


def _evening(r: Sequence[int]) -> Evening:
    """A kept evening (tournament, position, its total with the byes' points, byes, figures) as
    the club core's Evening (the points a bye was worth: the total's part beyond the games')."""
    tournament_id, position, total, byes, *figures = (int(v) for v in r)
    bye_points = (total - figures[_POINTS]) // byes if byes else 0
    return Evening(tournament_id, position, tuple(figures), byes, bye_points)


_POINTS = STAT_COLUMNS.index("total")


def _row(member_id: int, name: str, evenings: int, sums: Sequence[int]) -> SeasonRow:
    total, byes, *figures = sums
    totals = Contribution(*figures)
    return SeasonRow(
        member_id=member_id,
        name=name,
        total=total,
        games=totals.games,
        wins=totals.wins,
        byes=byes,
        average=round(totals.total / totals.games, 3) if totals.games else 0.0,
        evenings=evenings,
        evenings_counted=evenings,
        counted_tournaments=(),
        roles=role_figures_of(totals),
    )
