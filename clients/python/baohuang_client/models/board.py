from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.board_counts import BoardCounts
    from ..models.board_table import BoardTable


T = TypeVar("T", bound="Board")


@_attrs_define
class Board:
    """
    Attributes:
        tournament_id (int):
        round_ (int):
        closed_at (datetime.datetime | None):
        deals_per_round (int):
        counts (BoardCounts):
        version (str): changes whenever the board does (its ETag)
        tables (list[BoardTable]):
    """

    tournament_id: int
    round_: int
    closed_at: datetime.datetime | None
    deals_per_round: int
    counts: BoardCounts
    version: str
    tables: list[BoardTable]

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_ = self.round_

        closed_at: None | str
        if isinstance(self.closed_at, datetime.datetime):
            closed_at = self.closed_at.isoformat()
        else:
            closed_at = self.closed_at

        deals_per_round = self.deals_per_round

        counts = self.counts.to_dict()

        version = self.version

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "round": round_,
                "closed_at": closed_at,
                "deals_per_round": deals_per_round,
                "counts": counts,
                "version": version,
                "tables": tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.board_counts import BoardCounts
        from ..models.board_table import BoardTable

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        round_ = d.pop("round")

        def _parse_closed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_at_type_0 = datetime.datetime.fromisoformat(data)

                return closed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        closed_at = _parse_closed_at(d.pop("closed_at"))

        deals_per_round = d.pop("deals_per_round")

        counts = BoardCounts.from_dict(d.pop("counts"))

        version = d.pop("version")

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = BoardTable.from_dict(tables_item_data)

            tables.append(tables_item)

        board = cls(
            tournament_id=tournament_id,
            round_=round_,
            closed_at=closed_at,
            deals_per_round=deals_per_round,
            counts=counts,
            version=version,
            tables=tables,
        )

        return board
