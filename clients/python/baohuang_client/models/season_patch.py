from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.season_patch_counting import SeasonPatchCounting
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeasonPatch")


@_attrs_define
class SeasonPatch:
    """
    Attributes:
        name (str | Unset): Trimmed and NFC-normalised; no control or format characters.
        counting (SeasonPatchCounting | Unset):
        best (int | Unset):
        tournaments (list[int] | Unset):
    """

    name: str | Unset = UNSET
    counting: SeasonPatchCounting | Unset = UNSET
    best: int | Unset = UNSET
    tournaments: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        counting: str | Unset = UNSET
        if not isinstance(self.counting, Unset):
            counting = self.counting.value

        best = self.best

        tournaments: list[int] | Unset = UNSET
        if not isinstance(self.tournaments, Unset):
            tournaments = self.tournaments

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if counting is not UNSET:
            field_dict["counting"] = counting
        if best is not UNSET:
            field_dict["best"] = best
        if tournaments is not UNSET:
            field_dict["tournaments"] = tournaments

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _counting = d.pop("counting", UNSET)
        counting: SeasonPatchCounting | Unset
        if isinstance(_counting, Unset):
            counting = UNSET
        else:
            counting = SeasonPatchCounting(_counting)

        best = d.pop("best", UNSET)

        tournaments = cast(list[int], d.pop("tournaments", UNSET))

        season_patch = cls(
            name=name,
            counting=counting,
            best=best,
            tournaments=tournaments,
        )

        return season_patch
