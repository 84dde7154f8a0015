from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.table_entry import TableEntry


T = TypeVar("T", bound="Entries")


@_attrs_define
class Entries:
    """
    Attributes:
        tournament_id (int):
        round_ (int):
        entries (list[TableEntry]):
    """

    tournament_id: int
    round_: int
    entries: list[TableEntry]

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_ = self.round_

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "round": round_,
                "entries": entries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_entry import TableEntry

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        round_ = d.pop("round")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = TableEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        entries = cls(
            tournament_id=tournament_id,
            round_=round_,
            entries=entries,
        )

        return entries
