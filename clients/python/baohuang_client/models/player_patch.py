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
    """

    name: str | Unset = UNSET
    withdrawn: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        withdrawn = self.withdrawn

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if withdrawn is not UNSET:
            field_dict["withdrawn"] = withdrawn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        withdrawn = d.pop("withdrawn", UNSET)

        player_patch = cls(
            name=name,
            withdrawn=withdrawn,
        )

        return player_patch
