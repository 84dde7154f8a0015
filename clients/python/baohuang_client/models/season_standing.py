from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeasonStanding")


@_attrs_define
class SeasonStanding:
    """
    Attributes:
        rank (int):
        member_id (int):
        name (str):
        total (int):
        games (int):
        wins (int):
        byes (int):
        average (float): points per game (byes aside)
        evenings (int): evenings played
        evenings_counted (int):
        counted_tournaments (list[int]): the evenings that count, where the season counts each member's best N; empty
            where every evening counts (the member's evenings are their page's)
        emperor_games (int):
        emperor_wins (int):
        emperor_average (float):
        guard_games (int):
        guard_wins (int):
        guard_average (float):
        other_games (int): games as neither emperor nor guard (平民)
        other_wins (int):
        other_average (float):
        rebel_games (int): of those, the games in which the member called rebellion (造反)
        rebel_wins (int):
        rebel_average (float):
    """

    rank: int
    member_id: int
    name: str
    total: int
    games: int
    wins: int
    byes: int
    average: float
    evenings: int
    evenings_counted: int
    counted_tournaments: list[int]
    emperor_games: int
    emperor_wins: int
    emperor_average: float
    guard_games: int
    guard_wins: int
    guard_average: float
    other_games: int
    other_wins: int
    other_average: float
    rebel_games: int
    rebel_wins: int
    rebel_average: float

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        member_id = self.member_id

        name = self.name

        total = self.total

        games = self.games

        wins = self.wins

        byes = self.byes

        average = self.average

        evenings = self.evenings

        evenings_counted = self.evenings_counted

        counted_tournaments = self.counted_tournaments

        emperor_games = self.emperor_games

        emperor_wins = self.emperor_wins

        emperor_average = self.emperor_average

        guard_games = self.guard_games

        guard_wins = self.guard_wins

        guard_average = self.guard_average

        other_games = self.other_games

        other_wins = self.other_wins

        other_average = self.other_average

        rebel_games = self.rebel_games

        rebel_wins = self.rebel_wins

        rebel_average = self.rebel_average

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "member_id": member_id,
                "name": name,
                "total": total,
                "games": games,
                "wins": wins,
                "byes": byes,
                "average": average,
                "evenings": evenings,
                "evenings_counted": evenings_counted,
                "counted_tournaments": counted_tournaments,
                "emperor_games": emperor_games,
                "emperor_wins": emperor_wins,
                "emperor_average": emperor_average,
                "guard_games": guard_games,
                "guard_wins": guard_wins,
                "guard_average": guard_average,
                "other_games": other_games,
                "other_wins": other_wins,
                "other_average": other_average,
                "rebel_games": rebel_games,
                "rebel_wins": rebel_wins,
                "rebel_average": rebel_average,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rank = d.pop("rank")

        member_id = d.pop("member_id")

        name = d.pop("name")

        total = d.pop("total")

        games = d.pop("games")

        wins = d.pop("wins")

        byes = d.pop("byes")

        average = d.pop("average")

        evenings = d.pop("evenings")

        evenings_counted = d.pop("evenings_counted")

        counted_tournaments = cast(list[int], d.pop("counted_tournaments"))

        emperor_games = d.pop("emperor_games")

        emperor_wins = d.pop("emperor_wins")

        emperor_average = d.pop("emperor_average")

        guard_games = d.pop("guard_games")

        guard_wins = d.pop("guard_wins")

        guard_average = d.pop("guard_average")

        other_games = d.pop("other_games")

        other_wins = d.pop("other_wins")

        other_average = d.pop("other_average")

        rebel_games = d.pop("rebel_games")

        rebel_wins = d.pop("rebel_wins")

        rebel_average = d.pop("rebel_average")

        season_standing = cls(
            rank=rank,
            member_id=member_id,
            name=name,
            total=total,
            games=games,
            wins=wins,
            byes=byes,
            average=average,
            evenings=evenings,
            evenings_counted=evenings_counted,
            counted_tournaments=counted_tournaments,
            emperor_games=emperor_games,
            emperor_wins=emperor_wins,
            emperor_average=emperor_average,
            guard_games=guard_games,
            guard_wins=guard_wins,
            guard_average=guard_average,
            other_games=other_games,
            other_wins=other_wins,
            other_average=other_average,
            rebel_games=rebel_games,
            rebel_wins=rebel_wins,
            rebel_average=rebel_average,
        )

        return season_standing
