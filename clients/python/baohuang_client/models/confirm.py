from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Confirm")


@_attrs_define
class Confirm:
    """
    Attributes:
        player (int): the player id of a player of the other side
        entry (int): the id of the version shown and accepted; if it was replaced since, 409 entry_replaced with the
            version now waiting
        pin (str | Unset): the acting player's own PIN, where the tournament asks for it (player_pins)
    """

    player: int
    entry: int
    pin: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        entry = self.entry

        pin = self.pin

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "entry": entry,
            }
        )
        if pin is not UNSET:
            field_dict["pin"] = pin

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        entry = d.pop("entry")

        pin = d.pop("pin", UNSET)

        confirm = cls(
            player=player,
            entry=entry,
            pin=pin,
        )

        return confirm
