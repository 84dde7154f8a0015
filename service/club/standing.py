"""A standing, by rule: what one seat of one game adds to its player's standing, the order the
standings are ranked in (with shared ranks), and a member's figures by role. Each rule once: the
maintained totals, the standings added up afresh, a season's rows and a member's page all come
from here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol, TypeVar

from ..names import sort_key
from .vocabulary import Part, Role


@dataclass(frozen=True, slots=True)
class Contribution:
    """What one seat of one game adds to its player's standing (or, added up, a standing's totals)."""

    games: int = 0
    total: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    emperor_games: int = 0
    emperor_total: int = 0
    emperor_wins: int = 0
    guard_games: int = 0
    guard_total: int = 0
    guard_wins: int = 0
    rebel_games: int = 0  # games in which the seat called rebellion (造反): some of its "other" games
    rebel_total: int = 0
    rebel_wins: int = 0

    def figures(self) -> tuple[int, ...]:
        """The figures in STAT_COLUMNS order."""
        return (
            self.games,
            self.total,
            self.wins,
            self.draws,
            self.losses,
            self.emperor_games,
            self.emperor_total,
            self.emperor_wins,
            self.guard_games,
            self.guard_total,
            self.guard_wins,
            self.rebel_games,
            self.rebel_total,
            self.rebel_wins,
        )

    def __add__(self, other: Contribution) -> Contribution:
        return Contribution(*(a + b for a, b in zip(self.figures(), other.figures(), strict=True)))

    def __neg__(self) -> Contribution:
        return Contribution(*(-a for a in self.figures()))

    def as_dict(self) -> dict[str, int]:
        return dict(zip(STAT_COLUMNS, self.figures(), strict=True))

    @classmethod
    def sum(cls, parts: Iterable[Contribution]) -> Contribution:
        """Contributions added up (in one pass: a season adds up thousands)."""
        columns = list(zip(*(p.figures() for p in parts), strict=True))
        return cls(*(sum(c) for c in columns)) if columns else cls()


# The totals a standing keeps, in this order (the columns of player_stats; Contribution.figures).
STAT_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(Contribution))
assert Contribution(*range(len(STAT_COLUMNS))).figures() == tuple(range(len(STAT_COLUMNS)))


def contribution(role: str, score: int, rebelled: bool = False) -> Contribution:
    """What one seat (its role, its score, whether it called rebellion) of one counted game adds to
    its player's standing: a game, its score, a win (score above 0), a draw (0) or a loss, and the
    same by role — and as a rebel (造反), only for a seat that called it."""
    r = Role.of(role)
    emperor, guard, win = r is Role.EMPEROR, r is Role.GUARD, score > 0
    rebel = rebelled and r is Role.OTHER
    return Contribution(
        games=1,
        total=score,
        wins=int(win),
        draws=int(score == 0),
        losses=int(score < 0),
        emperor_games=int(emperor),
        emperor_total=score if emperor else 0,
        emperor_wins=int(emperor and win),
        guard_games=int(guard),
        guard_total=score if guard else 0,
        guard_wins=int(guard and win),
        rebel_games=int(rebel),
        rebel_total=score if rebel else 0,
        rebel_wins=int(rebel and win),
    )


def evening_total(points: int, byes: int, bye_points: int) -> int:
    """A standing's total: the points of its games and ``bye_points`` for each round sat out."""
    return points + bye_points * byes


# --- a standing ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's standing in a tournament: the totals of their counted games (a Contribution's
    figures; ``points`` is the games' total), the rounds they sat out, the total with the byes'
    points, and the rank."""

    player_id: int
    name: str
    total: int  # the games' points and the byes'
    points: int = 0  # the games' points alone
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    emperor_games: int = 0
    emperor_total: int = 0
    emperor_wins: int = 0
    guard_games: int = 0
    guard_total: int = 0
    guard_wins: int = 0
    rebel_games: int = 0
    rebel_total: int = 0
    rebel_wins: int = 0
    byes: int = 0
    rank: int = 0

    @property
    def average(self) -> float:
        """Points a game (without the byes' points)."""
        return round(self.points / self.games, 3) if self.games else 0.0

    def totals(self) -> Contribution:
        """What the player's seats added up to (the byes aside)."""
        figures = {c: getattr(self, c) for c in STAT_COLUMNS if c != "total"}
        return Contribution(total=self.points, **figures)

    @classmethod
    def of(cls, player_id: int, name: str, totals: Contribution, byes: int, bye_points: int) -> StandingRow:
        """A player's standing from the sum of their seats' contributions and their byes."""
        figures = totals.as_dict()
        points = figures.pop("total")
        total = evening_total(points, byes, bye_points)
        return cls(player_id, name, total, points, **figures, byes=byes)


# --- the standings order ----------------------------------------------------------------------

# (field, highest first?). The first three decide a rank: rows equal on all three share it
# (competition ranking: 1, 2, 2, 4); name and id only list tied rows in a stable order (names by
# their pinyin, service/names.py).
RANKED_BY: tuple[tuple[str, bool], ...] = (("total", True), ("wins", True), ("games", False))
_ORDER_WORDS = {"total": "total score", "wins": "wins", "games": "fewer games"}
STANDINGS_ORDER = (
    ", then ".join(_ORDER_WORDS[f] for f, _ in RANKED_BY)
    + "; players equal on all of these share a rank (1, 2, 2, 4) and are listed by name"
)


class Rankable(Protocol):
    """A row of standings: what decides its rank, the name it is listed by, and its rank."""

    @property
    def total(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def games(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def rank(self) -> int: ...


Row = TypeVar("Row", bound=Rankable)


def decisive(row: Rankable) -> tuple[int, ...]:
    """What decides a row's rank (RANKED_BY): rows equal on it share a rank."""
    return tuple(getattr(row, f) for f, _ in RANKED_BY)


def order_key(row: Rankable, row_id: int) -> tuple[Any, ...]:
    """Where a row is listed: by what decides its rank, then its name (pinyin), then its id."""
    return (*((-getattr(row, f) if desc else getattr(row, f)) for f, desc in RANKED_BY), sort_key(row.name), row_id)


def ranked(rows: Iterable[Row], id_of: Callable[[Row], int]) -> list[Row]:
    """The rows (frozen dataclasses) in standings order, each given its competition rank: rows
    equal on everything :data:`RANKED_BY` names share it. ``id_of`` keeps rows equal on everything
    else in a stable order — a player's id, or a member's."""
    ordered = sorted(rows, key=lambda row: order_key(row, id_of(row)))
    out: list[Row] = []
    previous: tuple[int, ...] | None = None
    rank = 0
    for position, row in enumerate(ordered, start=1):
        if decisive(row) != previous:
            rank, previous = position, decisive(row)
        out.append(replace(row, rank=rank))  # type: ignore[type-var]
    return out


# --- figures by role ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoleFigures:
    """A member's games in one role (or as a rebel: Part): how many, how many won, the points, the
    points a game."""

    role: Part
    games: int = 0
    wins: int = 0
    total: int = 0

    @property
    def average(self) -> float:
        return round(self.total / self.games, 3) if self.games else 0.0

    def __add__(self, other: RoleFigures) -> RoleFigures:
        assert self.role is other.role
        return RoleFigures(self.role, self.games + other.games, self.wins + other.wins, self.total + other.total)


def role_figures_of(totals: Contribution) -> dict[Part, RoleFigures]:
    """The figures by role in a standing's totals (what the seats' contributions added up to): as
    emperor, as guard, the rest (neither), and among those as a rebel (造反)."""
    emperor = RoleFigures(Part.EMPEROR, totals.emperor_games, totals.emperor_wins, totals.emperor_total)
    guard = RoleFigures(Part.GUARD, totals.guard_games, totals.guard_wins, totals.guard_total)
    other = RoleFigures(
        Part.OTHER,
        totals.games - emperor.games - guard.games,
        totals.wins - emperor.wins - guard.wins,
        totals.total - emperor.total - guard.total,
    )
    rebel = RoleFigures(Part.REBEL, totals.rebel_games, totals.rebel_wins, totals.rebel_total)
    return {Part.EMPEROR: emperor, Part.GUARD: guard, Part.OTHER: other, Part.REBEL: rebel}


def role_figures(seats: Iterable[tuple[str, int] | tuple[str, int, bool]]) -> dict[Part, RoleFigures]:
    """Seats (role, score, and whether it called rebellion) of counted games, summed by role and as
    a rebel: every part, played or not (the same as role_figures_of their contributions)."""
    return role_figures_of(Contribution.sum(contribution(*seat) for seat in seats))
