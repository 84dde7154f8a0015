from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Resolved")


@_attrs_define
class Resolved:
    """
    Attributes:
        round_ (int):
        table (int):
        deal (int):
        game_id (int):
        entry_id (int):
    """

    round_: int
    table: int
    deal: int
    game_id: int
    entry_id: int

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        table = self.table

        deal = self.deal

        game_id = self.game_id

        entry_id = self.entry_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "table": table,
                "deal": deal,
                "game_id": game_id,
                "entry_id": entry_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        round_ = d.pop("round")

        table = d.pop("table")

        deal = d.pop("deal")

        game_id = d.pop("game_id")

        entry_id = d.pop("entry_id")

        resolved = cls(
            round_=round_,
            table=table,
            deal=deal,
            game_id=game_id,
            entry_id=entry_id,
        )

        return resolved
