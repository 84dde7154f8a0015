from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.version_action import VersionAction

if TYPE_CHECKING:
    from ..models.outcome import Outcome


T = TypeVar("T", bound="Version")


@_attrs_define
class Version:
    """
    Attributes:
        version (int):
        action (VersionAction):
        kind (None | str):
        reason (None | str):
        key_id (int | None): the API key that made this version; shown to the tournament's organizer only
        key_label (None | str): that key's label; shown to the tournament's organizer only
        created_at (datetime.datetime):
        body (None | str): the submission, byte for byte
        outcome (None | Outcome):
    """

    version: int
    action: VersionAction
    kind: None | str
    reason: None | str
    key_id: int | None
    key_label: None | str
    created_at: datetime.datetime
    body: None | str
    outcome: None | Outcome

    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome import Outcome

        version = self.version

        action = self.action.value

        kind: None | str
        kind = self.kind

        reason: None | str
        reason = self.reason

        key_id: int | None
        key_id = self.key_id

        key_label: None | str
        key_label = self.key_label

        created_at = self.created_at.isoformat()

        body: None | str
        body = self.body

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "action": action,
                "kind": kind,
                "reason": reason,
                "key_id": key_id,
                "key_label": key_label,
                "created_at": created_at,
                "body": body,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.outcome import Outcome

        d = dict(src_dict)
        version = d.pop("version")

        action = VersionAction(d.pop("action"))

        def _parse_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        kind = _parse_kind(d.pop("kind"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        def _parse_key_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        key_id = _parse_key_id(d.pop("key_id"))

        def _parse_key_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key_label = _parse_key_label(d.pop("key_label"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        body = _parse_body(d.pop("body"))

        def _parse_outcome(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = Outcome.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        version = cls(
            version=version,
            action=action,
            kind=kind,
            reason=reason,
            key_id=key_id,
            key_label=key_label,
            created_at=created_at,
            body=body,
            outcome=outcome,
        )

        return version
