from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DealRef")


@_attrs_define
class DealRef:
    """
    Attributes:
        table (int):
        deal (int):
    """

    table: int
    deal: int

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        deal = self.deal

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "deal": deal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        deal = d.pop("deal")

        deal_ref = cls(
            table=table,
            deal=deal,
        )

        return deal_ref
