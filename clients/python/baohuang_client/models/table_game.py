from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TableGame")


@_attrs_define
class TableGame:
    """
    Attributes:
        deal (int):
        game_id (int):
    """

    deal: int
    game_id: int

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        game_id = self.game_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "game_id": game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        deal = d.pop("deal")

        game_id = d.pop("game_id")

        table_game = cls(
            deal=deal,
            game_id=game_id,
        )

        return table_game
