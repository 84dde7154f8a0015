from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        rank (int): equal standings share a rank (1, 2, 2, 4)
        player_id (int):
        name (str):
        total (int):
        games (int):
        average (float):
        wins (int):
        draws (int):
        losses (int):
        emperor_games (int):
        emperor_total (int):
        emperor_wins (int):
        guard_games (int):
        guard_total (int):
        guard_wins (int):
        rebel_games (int): games in which the player called rebellion (造反), whatever came of it
        rebel_total (int):
        rebel_wins (int):
        byes (int): rounds sat out (their points are in total)
    """

    rank: int
    player_id: int
    name: str
    total: int
    games: int
    average: float
    wins: int
    draws: int
    losses: int
    emperor_games: int
    emperor_total: int
    emperor_wins: int
    guard_games: int
    guard_total: int
    guard_wins: int
    rebel_games: int
    rebel_total: int
    rebel_wins: int
    byes: int

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player_id = self.player_id

        name = self.name

        total = self.total

        games = self.games

        average = self.average

        wins = self.wins

        draws = self.draws

        losses = self.losses

        emperor_games = self.emperor_games

        emperor_total = self.emperor_total

        emperor_wins = self.emperor_wins

        guard_games = self.guard_games

        guard_total = self.guard_total

        guard_wins = self.guard_wins

        rebel_games = self.rebel_games

        rebel_total = self.rebel_total

        rebel_wins = self.rebel_wins

        byes = self.byes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "player_id": player_id,
                "name": name,
                "total": total,
                "games": games,
                "average": average,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "emperor_games": emperor_games,
                "emperor_total": emperor_total,
                "emperor_wins": emperor_wins,
                "guard_games": guard_games,
                "guard_total": guard_total,
                "guard_wins": guard_wins,
                "rebel_games": rebel_games,
                "rebel_total": rebel_total,
                "rebel_wins": rebel_wins,
                "byes": byes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rank = d.pop("rank")

        player_id = d.pop("player_id")

        name = d.pop("name")

        total = d.pop("total")

        games = d.pop("games")

        average = d.pop("average")

        wins = d.pop("wins")

        draws = d.pop("draws")

        losses = d.pop("losses")

        emperor_games = d.pop("emperor_games")

        emperor_total = d.pop("emperor_total")

        emperor_wins = d.pop("emperor_wins")

        guard_games = d.pop("guard_games")

        guard_total = d.pop("guard_total")

        guard_wins = d.pop("guard_wins")

        rebel_games = d.pop("rebel_games")

        rebel_total = d.pop("rebel_total")

        rebel_wins = d.pop("rebel_wins")

        byes = d.pop("byes")

        standing = cls(
            rank=rank,
            player_id=player_id,
            name=name,
            total=total,
            games=games,
            average=average,
            wins=wins,
            draws=draws,
            losses=losses,
            emperor_games=emperor_games,
            emperor_total=emperor_total,
            emperor_wins=emperor_wins,
            guard_games=guard_games,
            guard_total=guard_total,
            guard_wins=guard_wins,
            rebel_games=rebel_games,
            rebel_total=rebel_total,
            rebel_wins=rebel_wins,
            byes=byes,
        )

        return standing
