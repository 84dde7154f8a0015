from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="EntrySeat")


@_attrs_define
class EntrySeat:
    """
    Attributes:
        seat (int):
        player_id (int):
        name (None | str):
        role (str):
        place (int | None):
        score (int):
    """

    seat: int
    player_id: int
    name: None | str
    role: str
    place: int | None
    score: int

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player_id = self.player_id

        name: None | str
        name = self.name

        role = self.role

        place: int | None
        place = self.place

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "player_id": player_id,
                "name": name,
                "role": role,
                "place": place,
                "score": score,
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

        role = d.pop("role")

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        score = d.pop("score")

        entry_seat = cls(
            seat=seat,
            player_id=player_id,
            name=name,
            role=role,
            place=place,
            score=score,
        )

        return entry_seat
