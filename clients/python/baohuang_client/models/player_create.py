from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerCreate")


@_attrs_define
class PlayerCreate:
    """
    Attributes:
        name (str): Unique in the tournament, ignoring case, full-width forms and runs of spaces. Trimmed and NFC-
            normalised; no control or format characters.
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        player_create = cls(
            name=name,
        )

        return player_create
