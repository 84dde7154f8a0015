from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TableTournament")


@_attrs_define
class TableTournament:
    """
    Attributes:
        id (int):
        name (str):
        ruleset (str):
    """

    id: int
    name: str
    ruleset: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        ruleset = self.ruleset

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "ruleset": ruleset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        ruleset = d.pop("ruleset")

        table_tournament = cls(
            id=id,
            name=name,
            ruleset=ruleset,
        )

        return table_tournament
