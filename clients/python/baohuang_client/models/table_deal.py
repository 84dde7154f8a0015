from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.table_deal_state import TableDealState

if TYPE_CHECKING:
    from ..models.table_entry import TableEntry


T = TypeVar("T", bound="TableDeal")


@_attrs_define
class TableDeal:
    """
    Attributes:
        deal (int):
        state (TableDealState):
        game_id (int | None):
        entries (list[TableEntry]): what decides the deal: the pending entry, both versions of a dispute, the confirmed
            one
    """

    deal: int
    state: TableDealState
    game_id: int | None
    entries: list[TableEntry]

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        state = self.state.value

        game_id: int | None
        game_id = self.game_id

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "state": state,
                "game_id": game_id,
                "entries": entries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_entry import TableEntry

        d = dict(src_dict)
        deal = d.pop("deal")

        state = TableDealState(d.pop("state"))

        def _parse_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        game_id = _parse_game_id(d.pop("game_id"))

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = TableEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        table_deal = cls(
            deal=deal,
            state=state,
            game_id=game_id,
            entries=entries,
        )

        return table_deal
