from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.post_v1_positions_check_body_move import PostV1PositionsCheckBodyMove
    from ..models.record import Record


T = TypeVar("T", bound="PostV1PositionsCheckBody")


@_attrs_define
class PostV1PositionsCheckBody:
    """
    Attributes:
        record (Record | str): the game so far: a record (with or without the deal) or its notation
        move (PostV1PositionsCheckBodyMove): the next move: a play {"seat", "cards"} or {"seat", "pass": true} (the seat
            may be left out), or a call {"seat", "call"} (with "card" where the ruleset calls cards), before the first play
    """

    record: Record | str
    move: PostV1PositionsCheckBodyMove

    def to_dict(self) -> dict[str, Any]:
        from ..models.record import Record

        record: dict[str, Any] | str
        if isinstance(self.record, Record):
            record = self.record.to_dict()
        else:
            record = self.record

        move = self.move.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "record": record,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_v1_positions_check_body_move import (
            PostV1PositionsCheckBodyMove,
        )
        from ..models.record import Record

        d = dict(src_dict)

        def _parse_record(data: object) -> Record | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                record_type_0 = Record.from_dict(data)

                return record_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Record | str, data)

        record = _parse_record(d.pop("record"))

        move = PostV1PositionsCheckBodyMove.from_dict(d.pop("move"))

        post_v1_positions_check_body = cls(
            record=record,
            move=move,
        )

        return post_v1_positions_check_body
