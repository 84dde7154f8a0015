from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Evening")


@_attrs_define
class Evening:
    """
    Attributes:
        tournament_id (int):
        tournament (str):
        player_id (int):
        name (str):
        at (datetime.datetime):
        games (int):
        byes (int): rounds sat out (their points are in total)
        total (int): the evening's total, as its standings give it
        cumulative (int):
    """

    tournament_id: int
    tournament: str
    player_id: int
    name: str
    at: datetime.datetime
    games: int
    byes: int
    total: int
    cumulative: int

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        tournament = self.tournament

        player_id = self.player_id

        name = self.name

        at = self.at.isoformat()

        games = self.games

        byes = self.byes

        total = self.total

        cumulative = self.cumulative

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "tournament": tournament,
                "player_id": player_id,
                "name": name,
                "at": at,
                "games": games,
                "byes": byes,
                "total": total,
                "cumulative": cumulative,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        tournament = d.pop("tournament")

        player_id = d.pop("player_id")

        name = d.pop("name")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        games = d.pop("games")

        byes = d.pop("byes")

        total = d.pop("total")

        cumulative = d.pop("cumulative")

        evening = cls(
            tournament_id=tournament_id,
            tournament=tournament,
            player_id=player_id,
            name=name,
            at=at,
            games=games,
            byes=byes,
            total=total,
            cumulative=cumulative,
        )

        return evening
