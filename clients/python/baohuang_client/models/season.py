from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.season_tournament import SeasonTournament


T = TypeVar("T", bound="Season")


@_attrs_define
class Season:
    """
    Attributes:
        id (int):
        organizer_id (int):
        name (str):
        counting (str):
        best (int | None):
        tournaments (list[SeasonTournament]):
        created_at (datetime.datetime):
    """

    id: int
    organizer_id: int
    name: str
    counting: str
    best: int | None
    tournaments: list[SeasonTournament]
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        organizer_id = self.organizer_id

        name = self.name

        counting = self.counting

        best: int | None
        best = self.best

        tournaments = []
        for tournaments_item_data in self.tournaments:
            tournaments_item = tournaments_item_data.to_dict()
            tournaments.append(tournaments_item)

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "organizer_id": organizer_id,
                "name": name,
                "counting": counting,
                "best": best,
                "tournaments": tournaments,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.season_tournament import SeasonTournament

        d = dict(src_dict)
        id = d.pop("id")

        organizer_id = d.pop("organizer_id")

        name = d.pop("name")

        counting = d.pop("counting")

        def _parse_best(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        best = _parse_best(d.pop("best"))

        tournaments = []
        _tournaments = d.pop("tournaments")
        for tournaments_item_data in _tournaments:
            tournaments_item = SeasonTournament.from_dict(tournaments_item_data)

            tournaments.append(tournaments_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        season = cls(
            id=id,
            organizer_id=organizer_id,
            name=name,
            counting=counting,
            best=best,
            tournaments=tournaments,
            created_at=created_at,
        )

        return season
