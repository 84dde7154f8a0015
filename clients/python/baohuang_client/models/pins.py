from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_pin import PlayerPin


T = TypeVar("T", bound="Pins")


@_attrs_define
class Pins:
    """
    Attributes:
        tournament_id (int):
        round_ (int):
        pins (list[PlayerPin]):
    """

    tournament_id: int
    round_: int
    pins: list[PlayerPin]

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_ = self.round_

        pins = []
        for pins_item_data in self.pins:
            pins_item = pins_item_data.to_dict()
            pins.append(pins_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "round": round_,
                "pins": pins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.player_pin import PlayerPin

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        round_ = d.pop("round")

        pins = []
        _pins = d.pop("pins")
        for pins_item_data in _pins:
            pins_item = PlayerPin.from_dict(pins_item_data)

            pins.append(pins_item)

        pins = cls(
            tournament_id=tournament_id,
            round_=round_,
            pins=pins,
        )

        return pins
