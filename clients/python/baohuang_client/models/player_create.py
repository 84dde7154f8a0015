from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerCreate")


@_attrs_define
class PlayerCreate:
    """
    Attributes:
        name (str): Unique in the tournament, ignoring case, full-width forms and runs of spaces. Trimmed and NFC-
            normalised; no control or format characters.
        member_id (int | Unset): the club member this player is (default: the member of the same name under the same
            name rules, or a new member)
    """

    name: str
    member_id: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        member_id = self.member_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if member_id is not UNSET:
            field_dict["member_id"] = member_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        member_id = d.pop("member_id", UNSET)

        player_create = cls(
            name=name,
            member_id=member_id,
        )

        return player_create
