from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.post_v1_positions_response_200_legal_plays_type_0_item import (
        PostV1PositionsResponse200LegalPlaysType0Item,
    )


T = TypeVar("T", bound="PostV1PositionsResponse200Legal")


@_attrs_define
class PostV1PositionsResponse200Legal:
    """pass: whether the seat may pass (null where it depends on hidden cards); plays: every legal set, by size, at most
    200 a page (null without the deal or in the crown); next_cursor: the `cursor` of the next page, null on the last

        Attributes:
            pass_ (bool | None):
            plays (list[PostV1PositionsResponse200LegalPlaysType0Item] | None):
            next_cursor (int | None):
    """

    pass_: bool | None
    plays: list[PostV1PositionsResponse200LegalPlaysType0Item] | None
    next_cursor: int | None

    def to_dict(self) -> dict[str, Any]:
        pass_: bool | None
        pass_ = self.pass_

        plays: list[dict[str, Any]] | None
        if isinstance(self.plays, list):
            plays = []
            for plays_type_0_item_data in self.plays:
                plays_type_0_item = plays_type_0_item_data.to_dict()
                plays.append(plays_type_0_item)

        else:
            plays = self.plays

        next_cursor: int | None
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pass": pass_,
                "plays": plays,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_v1_positions_response_200_legal_plays_type_0_item import (
            PostV1PositionsResponse200LegalPlaysType0Item,
        )

        d = dict(src_dict)

        def _parse_pass_(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        pass_ = _parse_pass_(d.pop("pass"))

        def _parse_plays(
            data: object,
        ) -> list[PostV1PositionsResponse200LegalPlaysType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                plays_type_0 = []
                _plays_type_0 = data
                for plays_type_0_item_data in _plays_type_0:
                    plays_type_0_item = (
                        PostV1PositionsResponse200LegalPlaysType0Item.from_dict(
                            plays_type_0_item_data
                        )
                    )

                    plays_type_0.append(plays_type_0_item)

                return plays_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                list[PostV1PositionsResponse200LegalPlaysType0Item] | None, data
            )

        plays = _parse_plays(d.pop("plays"))

        def _parse_next_cursor(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        post_v1_positions_response_200_legal = cls(
            pass_=pass_,
            plays=plays,
            next_cursor=next_cursor,
        )

        return post_v1_positions_response_200_legal
