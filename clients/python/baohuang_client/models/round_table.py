from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.round_seat import RoundSeat


T = TypeVar("T", bound="RoundTable")


@_attrs_define
class RoundTable:
    """
    Attributes:
        table (int):
        seats (list[RoundSeat]):
    """

    table: int
    seats: list[RoundSeat]

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_seat import RoundSeat

        d = dict(src_dict)
        table = d.pop("table")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = RoundSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        round_table = cls(
            table=table,
            seats=seats,
        )

        return round_table
