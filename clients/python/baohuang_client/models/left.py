from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deal_ref import DealRef


T = TypeVar("T", bound="Left")


@_attrs_define
class Left:
    """
    Attributes:
        pending (list[DealRef]):
        disputed (list[DealRef]):
        missing (list[DealRef]):
    """

    pending: list[DealRef]
    disputed: list[DealRef]
    missing: list[DealRef]

    def to_dict(self) -> dict[str, Any]:
        pending = []
        for pending_item_data in self.pending:
            pending_item = pending_item_data.to_dict()
            pending.append(pending_item)

        disputed = []
        for disputed_item_data in self.disputed:
            disputed_item = disputed_item_data.to_dict()
            disputed.append(disputed_item)

        missing = []
        for missing_item_data in self.missing:
            missing_item = missing_item_data.to_dict()
            missing.append(missing_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pending": pending,
                "disputed": disputed,
                "missing": missing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deal_ref import DealRef

        d = dict(src_dict)
        pending = []
        _pending = d.pop("pending")
        for pending_item_data in _pending:
            pending_item = DealRef.from_dict(pending_item_data)

            pending.append(pending_item)

        disputed = []
        _disputed = d.pop("disputed")
        for disputed_item_data in _disputed:
            disputed_item = DealRef.from_dict(disputed_item_data)

            disputed.append(disputed_item)

        missing = []
        _missing = d.pop("missing")
        for missing_item_data in _missing:
            missing_item = DealRef.from_dict(missing_item_data)

            missing.append(missing_item)

        left = cls(
            pending=pending,
            disputed=disputed,
            missing=missing,
        )

        return left
