from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerPin")


@_attrs_define
class PlayerPin:
    """
    Attributes:
        player_id (int):
        name (str):
        table (int):
        pin (str):
    """

    player_id: int
    name: str
    table: int
    pin: str

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        name = self.name

        table = self.table

        pin = self.pin

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "name": name,
                "table": table,
                "pin": pin,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        name = d.pop("name")

        table = d.pop("table")

        pin = d.pop("pin")

        player_pin = cls(
            player_id=player_id,
            name=name,
            table=table,
            pin=pin,
        )

        return player_pin
