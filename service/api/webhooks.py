"""Webhooks: an organizer registers URLs for a tournament's events and reads their deliveries.
The events are delivered by `baohuang webhooks deliver` (service/tournament/webhooks.py)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ..tournament import webhooks
from ..tournament.scopes import Scope
from .common import Blueprint, acting_organizer, needs, refusals, unit_of_work
from .webhook_schemas import (
    RedeliverySchema,
    WebhookCreateSchema,
    WebhookDeliveryListSchema,
    WebhookListSchema,
    WebhookSchema,
)

blp = Blueprint(
    "webhooks",
    __name__,
    url_prefix="/v1/tournaments",
    description="Webhooks: game.stored, game.corrected, round.created, round.removed, tournament.closed, the table's "
    "game.pending, game.confirmed, game.disputed and game.withdrawn, round.closed, round.reopened and season.updated, posted to the "
    "organizer's URLs, signed (X-Baohuang-Signature: sha256=HMAC of '<X-Baohuang-Timestamp>.<body>'), "
    "retried for a day.",
)


@blp.route("/<id:tournament_id>/webhooks")
class Webhooks(MethodView):
    @blp.arguments(WebhookCreateSchema)
    @blp.response(201, WebhookSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def post(self, body: dict[str, Any], tournament_id: int) -> webhooks.NewWebhook:
        """Register a webhook (its secret is shown once, in this answer)"""
        with unit_of_work() as uow:
            return webhooks.register(uow, acting_organizer(), tournament_id, body["url"], body["events"])

    @blp.response(200, WebhookListSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404)
    def get(self, tournament_id: int) -> dict[str, Any]:
        """The tournament's webhooks"""
        with unit_of_work() as uow:
            return {"webhooks": webhooks.list_webhooks(uow, acting_organizer(), tournament_id)}


@blp.route("/<id:tournament_id>/webhooks/<id:webhook_id>")
class WebhookById(MethodView):
    @blp.response(200, WebhookSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404)
    def delete(self, tournament_id: int, webhook_id: int) -> webhooks.WebhookInfo:
        """Remove a webhook (nothing more is sent to it); the answer is the webhook removed"""
        with unit_of_work() as uow:
            return webhooks.remove(uow, acting_organizer(), tournament_id, webhook_id)


@blp.route("/<id:tournament_id>/webhooks/<id:webhook_id>/deliveries")
class Deliveries(MethodView):
    @blp.response(200, WebhookDeliveryListSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404)
    def get(self, tournament_id: int, webhook_id: int) -> dict[str, Any]:
        """The webhook's deliveries, newest first, each with every attempt"""
        with unit_of_work() as uow:
            return {"deliveries": webhooks.deliveries(uow, acting_organizer(), tournament_id, webhook_id)}


@blp.route("/<id:tournament_id>/webhooks/<id:webhook_id>/deliveries/<id:delivery_id>/redeliver")
class Redeliver(MethodView):
    @blp.response(202, RedeliverySchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404)
    def post(self, tournament_id: int, webhook_id: int, delivery_id: int) -> webhooks.Redelivery:
        """Send a delivery again (the deliverer posts it on its next pass)"""
        with unit_of_work() as uow:
            return webhooks.redeliver(uow, acting_organizer(), tournament_id, webhook_id, delivery_id)
