from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerPatch")


@_attrs_define
class PlayerPatch:
    """
    Attributes:
        name (str | Unset): Trimmed and NFC-normalised; no control or format characters.
        withdrawn (bool | Unset): true withdraws the player; false takes them back
        member_id (int | Unset): link the player (and every game of theirs) to another member of the club
        reason (str | Unset): why, for the audit trail Trimmed and NFC-normalised; no control or format characters.
    """

    name: str | Unset = UNSET
    withdrawn: bool | Unset = UNSET
    member_id: int | Unset = UNSET
    reason: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        withdrawn = self.withdrawn

        member_id = self.member_id

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if withdrawn is not UNSET:
            field_dict["withdrawn"] = withdrawn
        if member_id is not UNSET:
            field_dict["member_id"] = member_id
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        withdrawn = d.pop("withdrawn", UNSET)

        member_id = d.pop("member_id", UNSET)

        reason = d.pop("reason", UNSET)

        player_patch = cls(
            name=name,
            withdrawn=withdrawn,
            member_id=member_id,
            reason=reason,
        )

        return player_patch
