from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Player")


@_attrs_define
class Player:
    """
    Attributes:
        id (int):
        tournament_id (int):
        member_id (int | None): the club member this player is
        name (str):
        withdrawn (bool):
        withdrawn_at (datetime.datetime | None):
        created_at (datetime.datetime):
    """

    id: int
    tournament_id: int
    member_id: int | None
    name: str
    withdrawn: bool
    withdrawn_at: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        tournament_id = self.tournament_id

        member_id: int | None
        member_id = self.member_id

        name = self.name

        withdrawn = self.withdrawn

        withdrawn_at: None | str
        if isinstance(self.withdrawn_at, datetime.datetime):
            withdrawn_at = self.withdrawn_at.isoformat()
        else:
            withdrawn_at = self.withdrawn_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "tournament_id": tournament_id,
                "member_id": member_id,
                "name": name,
                "withdrawn": withdrawn,
                "withdrawn_at": withdrawn_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        tournament_id = d.pop("tournament_id")

        def _parse_member_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        member_id = _parse_member_id(d.pop("member_id"))

        name = d.pop("name")

        withdrawn = d.pop("withdrawn")

        def _parse_withdrawn_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                withdrawn_at_type_0 = datetime.datetime.fromisoformat(data)

                return withdrawn_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        withdrawn_at = _parse_withdrawn_at(d.pop("withdrawn_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        player = cls(
            id=id,
            tournament_id=tournament_id,
            member_id=member_id,
            name=name,
            withdrawn=withdrawn,
            withdrawn_at=withdrawn_at,
            created_at=created_at,
        )

        return player
