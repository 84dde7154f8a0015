from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OrganizerPatch")


@_attrs_define
class OrganizerPatch:
    """
    Attributes:
        name (str | Unset): Trimmed and NFC-normalised; no control or format characters.
        time_zone (str | Unset): an IANA time zone, e.g. Asia/Shanghai Example: Asia/Shanghai.
    """

    name: str | Unset = UNSET
    time_zone: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        time_zone = d.pop("time_zone", UNSET)

        organizer_patch = cls(
            name=name,
            time_zone=time_zone,
        )

        return organizer_patch
