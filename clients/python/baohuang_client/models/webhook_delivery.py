from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_delivery_state import WebhookDeliveryState

if TYPE_CHECKING:
    from ..models.webhook_attempt import WebhookAttempt


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (int):
        event_id (int):
        event (str):
        state (WebhookDeliveryState):
        attempts (list[WebhookAttempt]):
        next_at (datetime.datetime | None):
        delivered_at (datetime.datetime | None):
    """

    id: int
    event_id: int
    event: str
    state: WebhookDeliveryState
    attempts: list[WebhookAttempt]
    next_at: datetime.datetime | None
    delivered_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event_id = self.event_id

        event = self.event

        state = self.state.value

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        next_at: None | str
        if isinstance(self.next_at, datetime.datetime):
            next_at = self.next_at.isoformat()
        else:
            next_at = self.next_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "event_id": event_id,
                "event": event,
                "state": state,
                "attempts": attempts,
                "next_at": next_at,
                "delivered_at": delivered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_attempt import WebhookAttempt

        d = dict(src_dict)
        id = d.pop("id")

        event_id = d.pop("event_id")

        event = d.pop("event")

        state = WebhookDeliveryState(d.pop("state"))

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = WebhookAttempt.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        def _parse_next_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_at = _parse_next_at(d.pop("next_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        webhook_delivery = cls(
            id=id,
            event_id=event_id,
            event=event,
            state=state,
            attempts=attempts,
            next_at=next_at,
            delivered_at=delivered_at,
        )

        return webhook_delivery
