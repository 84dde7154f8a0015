from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ruleset_ref_options import RulesetRefOptions


T = TypeVar("T", bound="RulesetRef")


@_attrs_define
class RulesetRef:
    """
    Attributes:
        name (str):
        options (RulesetRefOptions):
    """

    name: str
    options: RulesetRefOptions

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ruleset_ref_options import RulesetRefOptions

        d = dict(src_dict)
        name = d.pop("name")

        options = RulesetRefOptions.from_dict(d.pop("options"))

        ruleset_ref = cls(
            name=name,
            options=options,
        )

        return ruleset_ref
