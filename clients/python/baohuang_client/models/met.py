from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Met")


@_attrs_define
class Met:
    """
    Attributes:
        member_id (int):
        name (None | str):
        games (int):
    """

    member_id: int
    name: None | str
    games: int

    def to_dict(self) -> dict[str, Any]:
        member_id = self.member_id

        name: None | str
        name = self.name

        games = self.games

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member_id": member_id,
                "name": name,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        member_id = d.pop("member_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        games = d.pop("games")

        met = cls(
            member_id=member_id,
            name=name,
            games=games,
        )

        return met
