from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rating_step import RatingStep


T = TypeVar("T", bound="RatingHistory")


@_attrs_define
class RatingHistory:
    """
    Attributes:
        member_id (int):
        steps (list[RatingStep]):
        total (int):
        limit (int):
        offset (int):
        next_ (None | str): the next page, if any
    """

    member_id: int
    steps: list[RatingStep]
    total: int
    limit: int
    offset: int
    next_: None | str

    def to_dict(self) -> dict[str, Any]:
        member_id = self.member_id

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        total = self.total

        limit = self.limit

        offset = self.offset

        next_: None | str
        next_ = self.next_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member_id": member_id,
                "steps": steps,
                "total": total,
                "limit": limit,
                "offset": offset,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rating_step import RatingStep

        d = dict(src_dict)
        member_id = d.pop("member_id")

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = RatingStep.from_dict(steps_item_data)

            steps.append(steps_item)

        total = d.pop("total")

        limit = d.pop("limit")

        offset = d.pop("offset")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        rating_history = cls(
            member_id=member_id,
            steps=steps,
            total=total,
            limit=limit,
            offset=offset,
            next_=next_,
        )

        return rating_history
