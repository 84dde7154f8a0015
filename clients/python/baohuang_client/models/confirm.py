from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Confirm")


@_attrs_define
class Confirm:
    """
    Attributes:
        player (int): the player id of a player of the other side
    """

    player: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        confirm = cls(
            player=player,
        )

        return confirm
