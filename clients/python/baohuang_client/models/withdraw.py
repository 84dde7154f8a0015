from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Withdraw")


@_attrs_define
class Withdraw:
    """
    Attributes:
        entry (int): the id of the open entry to withdraw
        player (int | Unset): with the table token: the player who entered it (the director's key needs none)
        pin (str | Unset): the acting player's own PIN, where the tournament asks for it (player_pins)
    """

    entry: int
    player: int | Unset = UNSET
    pin: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        entry = self.entry

        player = self.player

        pin = self.pin

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entry": entry,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player
        if pin is not UNSET:
            field_dict["pin"] = pin

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entry = d.pop("entry")

        player = d.pop("player", UNSET)

        pin = d.pop("pin", UNSET)

        withdraw = cls(
            entry=entry,
            player=player,
            pin=pin,
        )

        return withdraw
