from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.table_deal import TableDeal
    from ..models.table_player import TablePlayer
    from ..models.table_tournament import TableTournament


T = TypeVar("T", bound="Table")


@_attrs_define
class Table:
    """
    Attributes:
        tournament (TableTournament):
        round_ (int):
        table (int):
        deals_per_round (int):
        expires_at (datetime.datetime):
        players (list[TablePlayer]):
        next_deal (int | None): the deal a new entry is for
        deals (list[TableDeal]):
    """

    tournament: TableTournament
    round_: int
    table: int
    deals_per_round: int
    expires_at: datetime.datetime
    players: list[TablePlayer]
    next_deal: int | None
    deals: list[TableDeal]

    def to_dict(self) -> dict[str, Any]:
        tournament = self.tournament.to_dict()

        round_ = self.round_

        table = self.table

        deals_per_round = self.deals_per_round

        expires_at = self.expires_at.isoformat()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        next_deal: int | None
        next_deal = self.next_deal

        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament": tournament,
                "round": round_,
                "table": table,
                "deals_per_round": deals_per_round,
                "expires_at": expires_at,
                "players": players,
                "next_deal": next_deal,
                "deals": deals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_deal import TableDeal
        from ..models.table_player import TablePlayer
        from ..models.table_tournament import TableTournament

        d = dict(src_dict)
        tournament = TableTournament.from_dict(d.pop("tournament"))

        round_ = d.pop("round")

        table = d.pop("table")

        deals_per_round = d.pop("deals_per_round")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = TablePlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_next_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_deal = _parse_next_deal(d.pop("next_deal"))

        deals = []
        _deals = d.pop("deals")
        for deals_item_data in _deals:
            deals_item = TableDeal.from_dict(deals_item_data)

            deals.append(deals_item)

        table = cls(
            tournament=tournament,
            round_=round_,
            table=table,
            deals_per_round=deals_per_round,
            expires_at=expires_at,
            players=players,
            next_deal=next_deal,
            deals=deals,
        )

        return table
