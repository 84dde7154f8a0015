from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.season import Season


T = TypeVar("T", bound="SeasonList")


@_attrs_define
class SeasonList:
    """
    Attributes:
        seasons (list[Season]):
    """

    seasons: list[Season]

    def to_dict(self) -> dict[str, Any]:
        seasons = []
        for seasons_item_data in self.seasons:
            seasons_item = seasons_item_data.to_dict()
            seasons.append(seasons_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seasons": seasons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.season import Season

        d = dict(src_dict)
        seasons = []
        _seasons = d.pop("seasons")
        for seasons_item_data in _seasons:
            seasons_item = Season.from_dict(seasons_item_data)

            seasons.append(seasons_item)

        season_list = cls(
            seasons=seasons,
        )

        return season_list
