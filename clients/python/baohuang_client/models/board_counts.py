from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BoardCounts")


@_attrs_define
class BoardCounts:
    """
    Attributes:
        missing (int):
        pending (int):
        disputed (int):
        confirmed (int):
    """

    missing: int
    pending: int
    disputed: int
    confirmed: int

    def to_dict(self) -> dict[str, Any]:
        missing = self.missing

        pending = self.pending

        disputed = self.disputed

        confirmed = self.confirmed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "missing": missing,
                "pending": pending,
                "disputed": disputed,
                "confirmed": confirmed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        missing = d.pop("missing")

        pending = d.pop("pending")

        disputed = d.pop("disputed")

        confirmed = d.pop("confirmed")

        board_counts = cls(
            missing=missing,
            pending=pending,
            disputed=disputed,
            confirmed=confirmed,
        )

        return board_counts
