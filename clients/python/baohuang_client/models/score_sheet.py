from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.score_sheet_mode import ScoreSheetMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.score_sheet_ruleset_type_1 import ScoreSheetRulesetType1


T = TypeVar("T", bound="ScoreSheet")


@_attrs_define
class ScoreSheet:
    """
    Attributes:
        mode (ScoreSheetMode):
        emperor (int | None):
        ruleset (ScoreSheetRulesetType1 | str | Unset): A ruleset name, or {name, options} with options from GET
            /v1/rulesets/{name}. Default 'weihai'.
        guard (int | None | Unset):
        rebels (list[int] | Unset):
        guard_revealed (bool | Unset):
        kicked_by (int | None | Unset):
        finishing_order (list[int] | Unset): seats, 1st first
    """

    mode: ScoreSheetMode
    emperor: int | None
    ruleset: ScoreSheetRulesetType1 | str | Unset = UNSET
    guard: int | None | Unset = UNSET
    rebels: list[int] | Unset = UNSET
    guard_revealed: bool | Unset = UNSET
    kicked_by: int | None | Unset = UNSET
    finishing_order: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.score_sheet_ruleset_type_1 import ScoreSheetRulesetType1

        mode = self.mode.value

        emperor: int | None
        emperor = self.emperor

        ruleset: dict[str, Any] | str | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, ScoreSheetRulesetType1):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        guard: int | None | Unset
        if isinstance(self.guard, Unset):
            guard = UNSET
        else:
            guard = self.guard

        rebels: list[int] | Unset = UNSET
        if not isinstance(self.rebels, Unset):
            rebels = self.rebels

        guard_revealed = self.guard_revealed

        kicked_by: int | None | Unset
        if isinstance(self.kicked_by, Unset):
            kicked_by = UNSET
        else:
            kicked_by = self.kicked_by

        finishing_order: list[int] | Unset = UNSET
        if not isinstance(self.finishing_order, Unset):
            finishing_order = self.finishing_order

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "emperor": emperor,
            }
        )
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if guard is not UNSET:
            field_dict["guard"] = guard
        if rebels is not UNSET:
            field_dict["rebels"] = rebels
        if guard_revealed is not UNSET:
            field_dict["guard_revealed"] = guard_revealed
        if kicked_by is not UNSET:
            field_dict["kicked_by"] = kicked_by
        if finishing_order is not UNSET:
            field_dict["finishing_order"] = finishing_order

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.score_sheet_ruleset_type_1 import ScoreSheetRulesetType1

        d = dict(src_dict)
        mode = ScoreSheetMode(d.pop("mode"))

        def _parse_emperor(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        emperor = _parse_emperor(d.pop("emperor"))

        def _parse_ruleset(data: object) -> ScoreSheetRulesetType1 | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_1 = ScoreSheetRulesetType1.from_dict(data)

                return ruleset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ScoreSheetRulesetType1 | str | Unset, data)

        ruleset = _parse_ruleset(d.pop("ruleset", UNSET))

        def _parse_guard(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        guard = _parse_guard(d.pop("guard", UNSET))

        rebels = cast(list[int], d.pop("rebels", UNSET))

        guard_revealed = d.pop("guard_revealed", UNSET)

        def _parse_kicked_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        kicked_by = _parse_kicked_by(d.pop("kicked_by", UNSET))

        finishing_order = cast(list[int], d.pop("finishing_order", UNSET))

        score_sheet = cls(
            mode=mode,
            emperor=emperor,
            ruleset=ruleset,
            guard=guard,
            rebels=rebels,
            guard_revealed=guard_revealed,
            kicked_by=kicked_by,
            finishing_order=finishing_order,
        )

        return score_sheet
