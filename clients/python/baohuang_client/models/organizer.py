from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Organizer")


@_attrs_define
class Organizer:
    """
    Attributes:
        id (int):
        name (str):
        created_at (datetime.datetime):
        time_zone (str): the club's IANA time zone
    """

    id: int
    name: str
    created_at: datetime.datetime
    time_zone: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created_at = self.created_at.isoformat()

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_at": created_at,
                "time_zone": time_zone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        time_zone = d.pop("time_zone")

        organizer = cls(
            id=id,
            name=name,
            created_at=created_at,
            time_zone=time_zone,
        )

        return organizer
