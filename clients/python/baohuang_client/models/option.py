from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Option")


@_attrs_define
class Option:
    """
    Attributes:
        key (str):
        default (Any):
        choices (list[Any]):
        description (str):
    """

    key: str
    default: Any
    choices: list[Any]
    description: str

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        default = self.default

        choices = self.choices

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "default": default,
                "choices": choices,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        default = d.pop("default")

        choices = cast(list[Any], d.pop("choices"))

        description = d.pop("description")

        option = cls(
            key=key,
            default=default,
            choices=choices,
            description=description,
        )

        return option
