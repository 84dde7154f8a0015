"""A standing, by rule: what one seat of one game adds to its player's standing, the order the
standings are ranked in (with shared ranks), and a member's figures by role. Each rule once: the
maintained totals, the standings added up afresh, a season's rows and a member's page all come
from here."""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from dataclasses import astuple, dataclass, fields
from typing import Any, TypeVar

from ..names import sort_key
from .vocabulary import Role


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

    def __add__(self, other: Contribution) -> Contribution:
        return Contribution(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))

    def __neg__(self) -> Contribution:
        return Contribution(*(-a for a in astuple(self)))

    def as_dict(self) -> dict[str, int]:
        return dict(zip(STAT_COLUMNS, astuple(self), strict=True))


# The totals a standing keeps, in this order (the columns of player_stats).
STAT_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(Contribution))


def contribution(role: str, score: int) -> Contribution:
    """What one seat (its role, its score) of one counted game adds to its player's standing: a
    game, its score, a win (score above 0), a draw (0) or a loss, and the same by role."""
    r = Role.of(role)
    emperor, guard, win = r is Role.EMPEROR, r is Role.GUARD, score > 0
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
    )


def evening_total(points: int, byes: int, bye_points: int) -> int:
    """A standing's total: the points of its games and ``bye_points`` for each round sat out."""
    return points + bye_points * byes


# --- the standings order ----------------------------------------------------------------------

# (field, highest first?). The first three decide a rank: rows equal on all three share it
# (competition ranking: 1, 2, 2, 4); name and id only list tied rows in a stable order (names by
# their pinyin, service/names.py).
RANKED_BY: tuple[tuple[str, bool], ...] = (("total", True), ("wins", True), ("games", False))
ORDER_BY: tuple[tuple[str, bool], ...] = (*RANKED_BY, ("name", False), ("id", False))
_ORDER_WORDS = {"total": "total score", "wins": "wins", "games": "fewer games"}
STANDINGS_ORDER = (
    ", then ".join(_ORDER_WORDS[f] for f, _ in RANKED_BY)
    + "; players equal on all of these share a rank (1, 2, 2, 4) and are listed by name"
)

Row = TypeVar("Row", bound=MutableMapping[str, Any])


def order_key(row: MutableMapping[str, Any], id_field: str = "player_id") -> tuple[Any, ...]:
    key: list[Any] = []
    for f, desc in ORDER_BY:
        value = row[id_field if f == "id" else f]
        key.append(sort_key(value) if f == "name" else (-value if desc else value))
    return tuple(key)


def ranked(rows: list[Row], id_field: str = "player_id") -> list[Row]:
    """The rows in standings order, each given its competition rank (``rank``): rows equal on
    everything :data:`RANKED_BY` names share it. ``id_field`` keeps rows equal on everything
    else in a stable order — a player's id, or a member's."""
    rows.sort(key=lambda row: order_key(row, id_field))
    previous: tuple[Any, ...] | None = None
    rank = 0
    for position, row in enumerate(rows, start=1):
        decisive = tuple(row[f] for f, _ in RANKED_BY)
        if decisive != previous:
            rank, previous = position, decisive
        row["rank"] = rank
    return rows


# --- figures by role ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoleFigures:
    """A member's games in one role: how many, how many won, the points, the points a game."""

    role: Role
    games: int = 0
    wins: int = 0
    total: int = 0

    @property
    def average(self) -> float:
        return round(self.total / self.games, 3) if self.games else 0.0

    def __add__(self, other: RoleFigures) -> RoleFigures:
        assert self.role is other.role
        return RoleFigures(self.role, self.games + other.games, self.wins + other.wins, self.total + other.total)


def role_figures(seats: Iterable[tuple[str, int]]) -> dict[Role, RoleFigures]:
    """Seats (role, score) of counted games, summed by role: every role, played or not."""
    out = {r: RoleFigures(r) for r in Role}
    for role, score in seats:
        r = Role.of(role)
        out[r] = out[r] + RoleFigures(r, 1, int(score > 0), score)
    return out
