from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TableTournament")


@_attrs_define
class TableTournament:
    """
    Attributes:
        id (int):
        name (str):
        ruleset (str):
        player_pins (bool): entering, confirming and withdrawing carry the player's own pin
    """

    id: int
    name: str
    ruleset: str
    player_pins: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        ruleset = self.ruleset

        player_pins = self.player_pins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "ruleset": ruleset,
                "player_pins": player_pins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        ruleset = d.pop("ruleset")

        player_pins = d.pop("player_pins")

        table_tournament = cls(
            id=id,
            name=name,
            ruleset=ruleset,
            player_pins=player_pins,
        )

        return table_tournament
