from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.member_event_action import MemberEventAction

T = TypeVar("T", bound="MemberEvent")


@_attrs_define
class MemberEvent:
    """
    Attributes:
        action (MemberEventAction):
        member_id (int):
        from_member_id (int | None):
        player_id (int | None):
        reason (None | str):
        at (datetime.datetime):
    """

    action: MemberEventAction
    member_id: int
    from_member_id: int | None
    player_id: int | None
    reason: None | str
    at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        member_id = self.member_id

        from_member_id: int | None
        from_member_id = self.from_member_id

        player_id: int | None
        player_id = self.player_id

        reason: None | str
        reason = self.reason

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "member_id": member_id,
                "from_member_id": from_member_id,
                "player_id": player_id,
                "reason": reason,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = MemberEventAction(d.pop("action"))

        member_id = d.pop("member_id")

        def _parse_from_member_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        from_member_id = _parse_from_member_id(d.pop("from_member_id"))

        def _parse_player_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        player_id = _parse_player_id(d.pop("player_id"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        member_event = cls(
            action=action,
            member_id=member_id,
            from_member_id=from_member_id,
            player_id=player_id,
            reason=reason,
            at=at,
        )

        return member_event
