from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Redelivery")


@_attrs_define
class Redelivery:
    """
    Attributes:
        id (int):
        state (str):
        next_at (datetime.datetime):
    """

    id: int
    state: str
    next_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        state = self.state

        next_at = self.next_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "state": state,
                "next_at": next_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        state = d.pop("state")

        next_at = datetime.datetime.fromisoformat(d.pop("next_at"))

        redelivery = cls(
            id=id,
            state=state,
            next_at=next_at,
        )

        return redelivery
