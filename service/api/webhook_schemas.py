"""The schemas of a tournament's webhooks: registering one, its deliveries and their attempts."""

from __future__ import annotations

from marshmallow import fields, validate

from ..tournament.webhooks import EVENTS
from .schemas import StrictSchema
from .strict import BoundedList, Integer

WEBHOOK_EVENTS = list(EVENTS)


class WebhookCreateSchema(StrictSchema):
    url = fields.Url(required=True, schemes={"http", "https"}, validate=validate.Length(max=2000))
    events = BoundedList(
        fields.String(validate=validate.OneOf(WEBHOOK_EVENTS)),
        max_items=len(WEBHOOK_EVENTS),
        load_default=list,
        metadata={"description": "the events to send (default: all of them)"},
    )


class WebhookSchema(StrictSchema):
    id = Integer(required=True)
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    created_at = fields.DateTime(required=True)
    secret = fields.String(
        metadata={
            "description": "signs every delivery (X-Baohuang-Signature); shown once, when the webhook is registered"
        }
    )


class WebhookListSchema(StrictSchema):
    webhooks = fields.List(fields.Nested(WebhookSchema), required=True)


class WebhookAttemptSchema(StrictSchema):
    at = fields.DateTime(required=True)
    status = Integer(allow_none=True, required=True, metadata={"description": "the receiver's status; null: no answer"})
    error = fields.String(allow_none=True, required=True)


class WebhookDeliverySchema(StrictSchema):
    id = Integer(required=True)
    event_id = Integer(required=True)
    event = fields.String(required=True)
    state = fields.String(required=True, validate=validate.OneOf(["pending", "delivered", "gave_up"]))
    attempts = fields.List(fields.Nested(WebhookAttemptSchema), required=True)
    next_at = fields.DateTime(allow_none=True, required=True)
    delivered_at = fields.DateTime(allow_none=True, required=True)


class WebhookDeliveryListSchema(StrictSchema):
    deliveries = fields.List(fields.Nested(WebhookDeliverySchema), required=True)


class RedeliverySchema(StrictSchema):
    id = Integer(required=True)
    state = fields.String(required=True)
    next_at = fields.DateTime(required=True)
