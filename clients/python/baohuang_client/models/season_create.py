from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.season_create_counting import SeasonCreateCounting
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeasonCreate")


@_attrs_define
class SeasonCreate:
    """
    Attributes:
        name (str): Trimmed and NFC-normalised; no control or format characters.
        counting (SeasonCreateCounting | Unset): all evenings count, or each member's best N (best) Default:
            SeasonCreateCounting.ALL.
        best (int | Unset): N, with counting best
        tournaments (list[int] | Unset): in order
    """

    name: str
    counting: SeasonCreateCounting | Unset = SeasonCreateCounting.ALL
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

        field_dict.update(
            {
                "name": name,
            }
        )
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
        name = d.pop("name")

        _counting = d.pop("counting", UNSET)
        counting: SeasonCreateCounting | Unset
        if isinstance(_counting, Unset):
            counting = UNSET
        else:
            counting = SeasonCreateCounting(_counting)

        best = d.pop("best", UNSET)

        tournaments = cast(list[int], d.pop("tournaments", UNSET))

        season_create = cls(
            name=name,
            counting=counting,
            best=best,
            tournaments=tournaments,
        )

        return season_create
