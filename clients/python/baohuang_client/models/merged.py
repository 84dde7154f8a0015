from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Merged")


@_attrs_define
class Merged:
    """
    Attributes:
        id (int):
        organizer_id (int):
        name (str):
        merged_into (int | None):
        moved_players (int):
        merged (int):
    """

    id: int
    organizer_id: int
    name: str
    merged_into: int | None
    moved_players: int
    merged: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        organizer_id = self.organizer_id

        name = self.name

        merged_into: int | None
        merged_into = self.merged_into

        moved_players = self.moved_players

        merged = self.merged

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "organizer_id": organizer_id,
                "name": name,
                "merged_into": merged_into,
                "moved_players": moved_players,
                "merged": merged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        organizer_id = d.pop("organizer_id")

        name = d.pop("name")

        def _parse_merged_into(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        merged_into = _parse_merged_into(d.pop("merged_into"))

        moved_players = d.pop("moved_players")

        merged = d.pop("merged")

        merged = cls(
            id=id,
            organizer_id=organizer_id,
            name=name,
            merged_into=merged_into,
            moved_players=moved_players,
            merged=merged,
        )

        return merged
