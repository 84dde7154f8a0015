from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.role_figures_role import RoleFiguresRole

T = TypeVar("T", bound="RoleFigures")


@_attrs_define
class RoleFigures:
    """
    Attributes:
        role (RoleFiguresRole): emperor, guard, other (平民); rebel: the games in which the member called rebellion (造反)
        games (int):
        wins (int):
        total (int):
        average (float):
    """

    role: RoleFiguresRole
    games: int
    wins: int
    total: int
    average: float

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        games = self.games

        wins = self.wins

        total = self.total

        average = self.average

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
                "games": games,
                "wins": wins,
                "total": total,
                "average": average,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = RoleFiguresRole(d.pop("role"))

        games = d.pop("games")

        wins = d.pop("wins")

        total = d.pop("total")

        average = d.pop("average")

        role_figures = cls(
            role=role,
            games=games,
            wins=wins,
            total=total,
            average=average,
        )

        return role_figures
