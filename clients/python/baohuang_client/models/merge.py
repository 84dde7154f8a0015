from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Merge")


@_attrs_define
class Merge:
    """
    Attributes:
        member_id (int): the member merged into this one (its players move)
        reason (str | Unset): Trimmed and NFC-normalised; no control or format characters.
    """

    member_id: int
    reason: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        member_id = self.member_id

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member_id": member_id,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        member_id = d.pop("member_id")

        reason = d.pop("reason", UNSET)

        merge = cls(
            member_id=member_id,
            reason=reason,
        )

        return merge
