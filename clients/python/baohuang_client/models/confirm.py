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
        entry (int): the id of the version shown and accepted; if it was replaced since, 409 entry_replaced with the
            version now waiting
    """

    player: int
    entry: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        entry = self.entry

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "entry": entry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        entry = d.pop("entry")

        confirm = cls(
            player=player,
            entry=entry,
        )

        return confirm
