from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.left import Left


T = TypeVar("T", bound="ClosedRound")


@_attrs_define
class ClosedRound:
    """
    Attributes:
        tournament_id (int):
        round_ (int):
        closed_at (datetime.datetime):
        left (Left):
    """

    tournament_id: int
    round_: int
    closed_at: datetime.datetime
    left: Left

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_ = self.round_

        closed_at = self.closed_at.isoformat()

        left = self.left.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "round": round_,
                "closed_at": closed_at,
                "left": left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.left import Left

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        round_ = d.pop("round")

        closed_at = datetime.datetime.fromisoformat(d.pop("closed_at"))

        left = Left.from_dict(d.pop("left"))

        closed_round = cls(
            tournament_id=tournament_id,
            round_=round_,
            closed_at=closed_at,
            left=left,
        )

        return closed_round
