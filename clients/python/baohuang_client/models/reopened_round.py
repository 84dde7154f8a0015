from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.left import Left


T = TypeVar("T", bound="ReopenedRound")


@_attrs_define
class ReopenedRound:
    """
    Attributes:
        tournament_id (int):
        round_ (int):
        closed_at (datetime.datetime | None): null: the round is open
        left (Left):
    """

    tournament_id: int
    round_: int
    closed_at: datetime.datetime | None
    left: Left

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_ = self.round_

        closed_at: None | str
        if isinstance(self.closed_at, datetime.datetime):
            closed_at = self.closed_at.isoformat()
        else:
            closed_at = self.closed_at

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

        left = Left.from_dict(d.pop("left"))

        reopened_round = cls(
            tournament_id=tournament_id,
            round_=round_,
            closed_at=closed_at,
            left=left,
        )

        return reopened_round
