from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.version import Version


T = TypeVar("T", bound="History")


@_attrs_define
class History:
    """
    Attributes:
        game_id (int):
        versions (list[Version]):
    """

    game_id: int
    versions: list[Version]

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "versions": versions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.version import Version

        d = dict(src_dict)
        game_id = d.pop("game_id")

        versions = []
        _versions = d.pop("versions")
        for versions_item_data in _versions:
            versions_item = Version.from_dict(versions_item_data)

            versions.append(versions_item)

        history = cls(
            game_id=game_id,
            versions=versions,
        )

        return history
