from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.table_deal import TableDeal
    from ..models.table_player import TablePlayer


T = TypeVar("T", bound="BoardTable")


@_attrs_define
class BoardTable:
    """
    Attributes:
        table (int):
        players (list[TablePlayer]):
        last_activity (datetime.datetime | None):
        silent_seconds (int | None): since the table's last entry
        link_expires_at (datetime.datetime | None):
        deals (list[TableDeal]):
    """

    table: int
    players: list[TablePlayer]
    last_activity: datetime.datetime | None
    silent_seconds: int | None
    link_expires_at: datetime.datetime | None
    deals: list[TableDeal]

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        last_activity: None | str
        if isinstance(self.last_activity, datetime.datetime):
            last_activity = self.last_activity.isoformat()
        else:
            last_activity = self.last_activity

        silent_seconds: int | None
        silent_seconds = self.silent_seconds

        link_expires_at: None | str
        if isinstance(self.link_expires_at, datetime.datetime):
            link_expires_at = self.link_expires_at.isoformat()
        else:
            link_expires_at = self.link_expires_at

        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "players": players,
                "last_activity": last_activity,
                "silent_seconds": silent_seconds,
                "link_expires_at": link_expires_at,
                "deals": deals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_deal import TableDeal
        from ..models.table_player import TablePlayer

        d = dict(src_dict)
        table = d.pop("table")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = TablePlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_last_activity(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_activity_type_0 = datetime.datetime.fromisoformat(data)

                return last_activity_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_activity = _parse_last_activity(d.pop("last_activity"))

        def _parse_silent_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        silent_seconds = _parse_silent_seconds(d.pop("silent_seconds"))

        def _parse_link_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                link_expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return link_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        link_expires_at = _parse_link_expires_at(d.pop("link_expires_at"))

        deals = []
        _deals = d.pop("deals")
        for deals_item_data in _deals:
            deals_item = TableDeal.from_dict(deals_item_data)

            deals.append(deals_item)

        board_table = cls(
            table=table,
            players=players,
            last_activity=last_activity,
            silent_seconds=silent_seconds,
            link_expires_at=link_expires_at,
            deals=deals,
        )

        return board_table
