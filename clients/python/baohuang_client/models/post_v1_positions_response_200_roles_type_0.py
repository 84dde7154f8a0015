from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.post_v1_positions_response_200_roles_type_0_mode import (
    PostV1PositionsResponse200RolesType0Mode,
)

T = TypeVar("T", bound="PostV1PositionsResponse200RolesType0")


@_attrs_define
class PostV1PositionsResponse200RolesType0:
    """
    Attributes:
        mode (PostV1PositionsResponse200RolesType0Mode):
        emperor (int | None):
        guard (int | None): null in a solo game
        guard_revealed (bool):
        rebels (list[int]):
        kicked_by (int | None):
    """

    mode: PostV1PositionsResponse200RolesType0Mode
    emperor: int | None
    guard: int | None
    guard_revealed: bool
    rebels: list[int]
    kicked_by: int | None

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        emperor: int | None
        emperor = self.emperor

        guard: int | None
        guard = self.guard

        guard_revealed = self.guard_revealed

        rebels = self.rebels

        kicked_by: int | None
        kicked_by = self.kicked_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "emperor": emperor,
                "guard": guard,
                "guard_revealed": guard_revealed,
                "rebels": rebels,
                "kicked_by": kicked_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mode = PostV1PositionsResponse200RolesType0Mode(d.pop("mode"))

        def _parse_emperor(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        emperor = _parse_emperor(d.pop("emperor"))

        def _parse_guard(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        guard = _parse_guard(d.pop("guard"))

        guard_revealed = d.pop("guard_revealed")

        rebels = cast(list[int], d.pop("rebels"))

        def _parse_kicked_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        kicked_by = _parse_kicked_by(d.pop("kicked_by"))

        post_v1_positions_response_200_roles_type_0 = cls(
            mode=mode,
            emperor=emperor,
            guard=guard,
            guard_revealed=guard_revealed,
            rebels=rebels,
            kicked_by=kicked_by,
        )

        return post_v1_positions_response_200_roles_type_0
