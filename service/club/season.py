"""A season, by rule: the evenings of a member that count (all of them, or the member's best N
by total), and the member's season row as the sum of those evenings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from .standing import STAT_COLUMNS, Contribution, RoleFigures, evening_total, role_figures_of
from .vocabulary import Part


class Counting(StrEnum):
    ALL = "all"  # every evening counts
    BEST = "best"  # each member's best N evenings by total (ties: the earlier evening)


class Evening(NamedTuple):
    """One member's standing in one tournament of a season: the seats' totals (a Contribution's
    figures: games, points, wins and the same by role), the rounds sat out, and the total with
    their points. A light row (a season of 500 evenings has tens of thousands of them)."""

    tournament_id: int
    position: int  # the evening's place in the season, from 0
    figures: tuple[int, ...]  # Contribution.figures(): STAT_COLUMNS
    byes: int = 0
    bye_points: int = 0

    @classmethod
    def of(cls, tournament_id: int, position: int, totals: Contribution, byes: int = 0, bye_points: int = 0) -> Evening:
        return cls(tournament_id, position, totals.figures(), byes, bye_points)

    @property
    def totals(self) -> Contribution:
        return Contribution(*self.figures)

    @property
    def total(self) -> int:
        return evening_total(self.figures[_TOTAL], self.byes, self.bye_points)

    @property
    def games(self) -> int:
        return self.figures[_GAMES]

    @property
    def wins(self) -> int:
        return self.figures[_WINS]

    @property
    def points(self) -> int:
        """The games' points, without the byes'."""
        return self.figures[_TOTAL]


_GAMES, _TOTAL, _WINS = (STAT_COLUMNS.index(c) for c in ("games", "total", "wins"))


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A member's season: the sums of the evenings that count, how many there were, and the
    member's rank in the season's standings."""

    member_id: int
    name: str
    total: int
    games: int
    wins: int
    byes: int
    average: float  # points a game, without byes' points
    evenings: int
    evenings_counted: int
    counted_tournaments: tuple[int, ...]
    roles: Mapping[Part, RoleFigures]
    rank: int = 0

    # The figures by role, one by one (as the standings' columns list them).
    @property
    def emperor_games(self) -> int:
        return self.roles[Part.EMPEROR].games

    @property
    def emperor_wins(self) -> int:
        return self.roles[Part.EMPEROR].wins

    @property
    def emperor_average(self) -> float:
        return self.roles[Part.EMPEROR].average

    @property
    def guard_games(self) -> int:
        return self.roles[Part.GUARD].games

    @property
    def guard_wins(self) -> int:
        return self.roles[Part.GUARD].wins

    @property
    def guard_average(self) -> float:
        return self.roles[Part.GUARD].average

    @property
    def other_games(self) -> int:
        return self.roles[Part.OTHER].games

    @property
    def other_wins(self) -> int:
        return self.roles[Part.OTHER].wins

    @property
    def other_average(self) -> float:
        return self.roles[Part.OTHER].average

    @property
    def rebel_games(self) -> int:
        return self.roles[Part.REBEL].games

    @property
    def rebel_wins(self) -> int:
        return self.roles[Part.REBEL].wins

    @property
    def rebel_average(self) -> float:
        return self.roles[Part.REBEL].average


def _chooses(counting: str, best: int | None) -> bool:
    return Counting(counting) is Counting.BEST and bool(best)


def counted_evenings(evenings: Sequence[Evening], counting: str, best: int | None) -> list[Evening]:
    """The evenings that count: all of them, or the ``best`` N by total (an earlier evening first
    among equal totals), in the season's order."""
    if not _chooses(counting, best):
        return list(evenings)
    chosen = sorted(evenings, key=lambda e: (-e.total, e.position))[:best]
    return sorted(chosen, key=lambda e: e.position)


def season_row(member_id: int, name: str, evenings: Sequence[Evening], counting: str, best: int | None) -> SeasonRow:
    """A member's season row: the sums over the evenings that count (unranked: ``ranked``)."""
    counted = counted_evenings(evenings, counting, best)
    columns = list(zip(*(e.figures for e in counted), strict=True))
    totals = Contribution(*(sum(c) for c in columns)) if columns else Contribution()
    games = totals.games
    return SeasonRow(
        member_id=member_id,
        name=name,
        total=sum(e.total for e in counted),
        games=games,
        wins=totals.wins,
        byes=sum(e.byes for e in counted),
        average=round(totals.total / games, 3) if games else 0.0,
        evenings=len(evenings),
        evenings_counted=len(counted),
        # the evenings that count, where the season chooses them (every evening counts otherwise)
        counted_tournaments=tuple(sorted(e.tournament_id for e in counted)) if _chooses(counting, best) else (),
        roles=role_figures_of(totals),
    )


def thinned(n: int, most: int) -> list[int]:
    """The indexes of ``n`` points a chart draws: all of them, or ``most`` spread evenly with the
    first and the last.

    >>> thinned(5, 3), len(thinned(1000, 120)), thinned(1000, 120)[-1]
    ([0, 2, 4], 120, 999)
    """
    if n <= most:
        return list(range(n))
    return sorted({round(k * (n - 1) / (most - 1)) for k in range(most)})
