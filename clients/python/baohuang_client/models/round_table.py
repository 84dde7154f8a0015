from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.round_seat import RoundSeat
    from ..models.table_game import TableGame


T = TypeVar("T", bound="RoundTable")


@_attrs_define
class RoundTable:
    """
    Attributes:
        table (int):
        seats (list[RoundSeat]):
        games (list[TableGame]): the deals entered, with their games
        missing_deals (list[int]): the deals of this table not entered yet
    """

    table: int
    seats: list[RoundSeat]
    games: list[TableGame]
    missing_deals: list[int]

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        missing_deals = self.missing_deals

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "seats": seats,
                "games": games,
                "missing_deals": missing_deals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_seat import RoundSeat
        from ..models.table_game import TableGame

        d = dict(src_dict)
        table = d.pop("table")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = RoundSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = TableGame.from_dict(games_item_data)

            games.append(games_item)

        missing_deals = cast(list[int], d.pop("missing_deals"))

        round_table = cls(
            table=table,
            seats=seats,
            games=games,
            missing_deals=missing_deals,
        )

        return round_table
