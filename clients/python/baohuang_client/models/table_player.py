from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TablePlayer")


@_attrs_define
class TablePlayer:
    """
    Attributes:
        seat (int):
        player_id (int):
        name (None | str):
    """

    seat: int
    player_id: int
    name: None | str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player_id = self.player_id

        name: None | str
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "player_id": player_id,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        player_id = d.pop("player_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        table_player = cls(
            seat=seat,
            player_id=player_id,
            name=name,
        )

        return table_player
