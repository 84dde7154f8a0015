"""A season, by rule: the evenings of a member that count (all of them, or the member's best N
by total), and the member's season row as the sum of those evenings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .standing import RoleFigures
from .vocabulary import Role


class Counting(StrEnum):
    ALL = "all"  # every evening counts
    BEST = "best"  # each member's best N evenings by total (ties: the earlier evening)


@dataclass(frozen=True, slots=True)
class Evening:
    """One member's standing in one tournament of a season: the total (with byes' points), the
    games, wins and rounds sat out, the points without byes, and the figures by role."""

    tournament_id: int
    position: int  # the evening's place in the season, from 0
    total: int
    games: int
    wins: int
    byes: int
    points: int
    roles: dict[Role, RoleFigures] = field(default_factory=lambda: {r: RoleFigures(r) for r in Role})


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
    roles: Mapping[Role, RoleFigures]
    rank: int = 0

    # The figures by role, one by one (as the standings' columns list them).
    @property
    def emperor_games(self) -> int:
        return self.roles[Role.EMPEROR].games

    @property
    def emperor_wins(self) -> int:
        return self.roles[Role.EMPEROR].wins

    @property
    def emperor_average(self) -> float:
        return self.roles[Role.EMPEROR].average

    @property
    def guard_games(self) -> int:
        return self.roles[Role.GUARD].games

    @property
    def guard_wins(self) -> int:
        return self.roles[Role.GUARD].wins

    @property
    def guard_average(self) -> float:
        return self.roles[Role.GUARD].average

    @property
    def other_games(self) -> int:
        return self.roles[Role.OTHER].games

    @property
    def other_wins(self) -> int:
        return self.roles[Role.OTHER].wins

    @property
    def other_average(self) -> float:
        return self.roles[Role.OTHER].average


def counted_evenings(evenings: Sequence[Evening], counting: str, best: int | None) -> list[Evening]:
    """The evenings that count: all of them, or the ``best`` N by total (an earlier evening first
    among equal totals), in the season's order."""
    if Counting(counting) is Counting.ALL or not best:
        return list(evenings)
    chosen = sorted(evenings, key=lambda e: (-e.total, e.position))[:best]
    return sorted(chosen, key=lambda e: e.position)


def season_row(member_id: int, name: str, evenings: Sequence[Evening], counting: str, best: int | None) -> SeasonRow:
    """A member's season row: the sums over the evenings that count (unranked: ``ranked``)."""
    counted = counted_evenings(evenings, counting, best)
    games = sum(e.games for e in counted)
    roles = {r: RoleFigures(r) for r in Role}
    for e in counted:
        for r in Role:
            roles[r] = roles[r] + e.roles[r]
    return SeasonRow(
        member_id=member_id,
        name=name,
        total=sum(e.total for e in counted),
        games=games,
        wins=sum(e.wins for e in counted),
        byes=sum(e.byes for e in counted),
        average=round(sum(e.points for e in counted) / games, 3) if games else 0.0,
        evenings=len(evenings),
        evenings_counted=len(counted),
        counted_tournaments=tuple(sorted(e.tournament_id for e in counted)),
        roles=roles,
    )
