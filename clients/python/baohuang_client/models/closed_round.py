from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClosedRound")


@_attrs_define
class ClosedRound:
    """
    Attributes:
        tournament_id (int):
        round_ (int):
        closed_at (datetime.datetime):
    """

    tournament_id: int
    round_: int
    closed_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_ = self.round_

        closed_at = self.closed_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "round": round_,
                "closed_at": closed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        round_ = d.pop("round")

        closed_at = datetime.datetime.fromisoformat(d.pop("closed_at"))

        closed_round = cls(
            tournament_id=tournament_id,
            round_=round_,
            closed_at=closed_at,
        )

        return closed_round
