from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.season_standing import SeasonStanding


T = TypeVar("T", bound="SeasonStandings")


@_attrs_define
class SeasonStandings:
    """
    Attributes:
        season_id (int):
        counting (str):
        best (int | None):
        after (int | None):
        tournaments (list[int]):
        order (str):
        standings (list[SeasonStanding]):
    """

    season_id: int
    counting: str
    best: int | None
    after: int | None
    tournaments: list[int]
    order: str
    standings: list[SeasonStanding]

    def to_dict(self) -> dict[str, Any]:
        season_id = self.season_id

        counting = self.counting

        best: int | None
        best = self.best

        after: int | None
        after = self.after

        tournaments = self.tournaments

        order = self.order

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "season_id": season_id,
                "counting": counting,
                "best": best,
                "after": after,
                "tournaments": tournaments,
                "order": order,
                "standings": standings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.season_standing import SeasonStanding

        d = dict(src_dict)
        season_id = d.pop("season_id")

        counting = d.pop("counting")

        def _parse_best(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        best = _parse_best(d.pop("best"))

        def _parse_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        after = _parse_after(d.pop("after"))

        tournaments = cast(list[int], d.pop("tournaments"))

        order = d.pop("order")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = SeasonStanding.from_dict(standings_item_data)

            standings.append(standings_item)

        season_standings = cls(
            season_id=season_id,
            counting=counting,
            best=best,
            after=after,
            tournaments=tournaments,
            order=order,
            standings=standings,
        )

        return season_standings
