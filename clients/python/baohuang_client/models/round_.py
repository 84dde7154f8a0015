from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.round_method import RoundMethod

if TYPE_CHECKING:
    from ..models.round_table import RoundTable
    from ..models.sitting_out import SittingOut


T = TypeVar("T", bound="Round")


@_attrs_define
class Round:
    """
    Attributes:
        number (int):
        method (RoundMethod):
        created_at (datetime.datetime):
        tables (list[RoundTable]):
        sitting_out (list[SittingOut]):
    """

    number: int
    method: RoundMethod
    created_at: datetime.datetime
    tables: list[RoundTable]
    sitting_out: list[SittingOut]

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        method = self.method.value

        created_at = self.created_at.isoformat()

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        sitting_out = []
        for sitting_out_item_data in self.sitting_out:
            sitting_out_item = sitting_out_item_data.to_dict()
            sitting_out.append(sitting_out_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "method": method,
                "created_at": created_at,
                "tables": tables,
                "sitting_out": sitting_out,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_table import RoundTable
        from ..models.sitting_out import SittingOut

        d = dict(src_dict)
        number = d.pop("number")

        method = RoundMethod(d.pop("method"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = RoundTable.from_dict(tables_item_data)

            tables.append(tables_item)

        sitting_out = []
        _sitting_out = d.pop("sitting_out")
        for sitting_out_item_data in _sitting_out:
            sitting_out_item = SittingOut.from_dict(sitting_out_item_data)

            sitting_out.append(sitting_out_item)

        round_ = cls(
            number=number,
            method=method,
            created_at=created_at,
            tables=tables,
            sitting_out=sitting_out,
        )

        return round_
