from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostV1PositionsResponse200LegalPlaysType0Item")


@_attrs_define
class PostV1PositionsResponse200LegalPlaysType0Item:
    """
    Attributes:
        size (int): cards in each set of the group
        sets (list[str]): the legal sets of this size on this page, lowest first, each once
        count (int | None): how many legal sets of this size there are in all
        complete (bool): this page lists every legal set of this size
    """

    size: int
    sets: list[str]
    count: int | None
    complete: bool

    def to_dict(self) -> dict[str, Any]:
        size = self.size

        sets = self.sets

        count: int | None
        count = self.count

        complete = self.complete

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "size": size,
                "sets": sets,
                "count": count,
                "complete": complete,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        size = d.pop("size")

        sets = cast(list[str], d.pop("sets"))

        def _parse_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        count = _parse_count(d.pop("count"))

        complete = d.pop("complete")

        post_v1_positions_response_200_legal_plays_type_0_item = cls(
            size=size,
            sets=sets,
            count=count,
            complete=complete,
        )

        return post_v1_positions_response_200_legal_plays_type_0_item
