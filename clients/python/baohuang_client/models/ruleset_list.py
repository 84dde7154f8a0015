from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ruleset import Ruleset


T = TypeVar("T", bound="RulesetList")


@_attrs_define
class RulesetList:
    """
    Attributes:
        rulesets (list[Ruleset]):
    """

    rulesets: list[Ruleset]

    def to_dict(self) -> dict[str, Any]:
        rulesets = []
        for rulesets_item_data in self.rulesets:
            rulesets_item = rulesets_item_data.to_dict()
            rulesets.append(rulesets_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rulesets": rulesets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ruleset import Ruleset

        d = dict(src_dict)
        rulesets = []
        _rulesets = d.pop("rulesets")
        for rulesets_item_data in _rulesets:
            rulesets_item = Ruleset.from_dict(rulesets_item_data)

            rulesets.append(rulesets_item)

        ruleset_list = cls(
            rulesets=rulesets,
        )

        return ruleset_list
