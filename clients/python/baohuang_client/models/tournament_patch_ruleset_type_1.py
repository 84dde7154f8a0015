from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_patch_ruleset_type_1_options import (
        TournamentPatchRulesetType1Options,
    )


T = TypeVar("T", bound="TournamentPatchRulesetType1")


@_attrs_define
class TournamentPatchRulesetType1:
    """
    Attributes:
        name (str | Unset):
        options (TournamentPatchRulesetType1Options | Unset):
    """

    name: str | Unset = UNSET
    options: TournamentPatchRulesetType1Options | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament_patch_ruleset_type_1_options import (
            TournamentPatchRulesetType1Options,
        )

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _options = d.pop("options", UNSET)
        options: TournamentPatchRulesetType1Options | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = TournamentPatchRulesetType1Options.from_dict(_options)

        tournament_patch_ruleset_type_1 = cls(
            name=name,
            options=options,
        )

        return tournament_patch_ruleset_type_1
