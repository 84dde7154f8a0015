from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostV1PositionsResponse200TrickType0")


@_attrs_define
class PostV1PositionsResponse200TrickType0:
    """
    Attributes:
        cards (str): the set on the table, e.g. '9 9'
        seat (int): the seat that played it
    """

    cards: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cards = d.pop("cards")

        seat = d.pop("seat")

        post_v1_positions_response_200_trick_type_0 = cls(
            cards=cards,
            seat=seat,
        )

        return post_v1_positions_response_200_trick_type_0
