from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="Standings")


@_attrs_define
class Standings:
    """
    Attributes:
        tournament_id (int):
        round_ (int | None): the standings after this round (null: now)
        order (str): how ties are broken
        standings (list[Standing]):
    """

    tournament_id: int
    round_: int | None
    order: str
    standings: list[Standing]

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_: int | None
        round_ = self.round_

        order = self.order

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "round": round_,
                "order": order,
                "standings": standings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.standing import Standing

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        order = d.pop("order")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        standings = cls(
            tournament_id=tournament_id,
            round_=round_,
            order=order,
            standings=standings,
        )

        return standings
