"""The webhooks' repository: what a tournament's webhooks (registered, listed, removed, their
deliveries read and sent again) and the deliverer (the outbox fanned out, a webhook's next
delivery leased, an attempt recorded) ask of the database, as one object the unit of work hands
out (``uow.webhooks``). Each method is one question or one write (persistence/webhooks.py)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from ..club import game_records
from . import webhooks
from .webhooks import Due

__all__ = ["Webhooks"]


class Webhooks:
    def __init__(self, s: Session) -> None:
        self.s = s

    # --- a tournament's webhooks -------------------------------------------------------------------

    def of(self, tournament_id: int) -> Sequence[game_records.Webhook]:
        """The tournament's webhooks still active."""
        return webhooks.webhooks_of(self.s, tournament_id)

    def create(self, tournament_id: int, url: str, events: Sequence[str]) -> game_records.Webhook:
        """A new webhook, its secret made (shown once)."""
        return webhooks.create_webhook(self.s, tournament_id, url, events)

    def get(self, tournament_id: int, webhook_id: int) -> game_records.Webhook:
        """The tournament's webhook (NotFound otherwise)."""
        return webhooks.get_webhook(self.s, tournament_id, webhook_id)

    def deactivate(self, webhook_id: int) -> None:
        webhooks.deactivate(self.s, webhook_id)

    def deliveries(
        self, webhook_id: int
    ) -> list[tuple[game_records.WebhookDelivery, game_records.OutboxEvent, list[game_records.WebhookAttempt]]]:
        """The webhook's deliveries, newest event first, each with its event and attempts."""
        return webhooks.deliveries_of(self.s, webhook_id)

    def redeliver(self, webhook_id: int, delivery_id: int) -> game_records.WebhookDelivery:
        """A delivery sent again: pending, due now (NotFound for another webhook's)."""
        return webhooks.redeliver(self.s, webhook_id, delivery_id)

    # --- delivering ------------------------------------------------------------------------------------

    def fan_out(self) -> webhooks.FannedOut:
        """New outbox events fanned out to their webhooks' deliveries (a batch): how many events,
        and the seasons whose standings they changed."""
        return webhooks.fan_out(self.s)

    def due(self, now: datetime, exclude: Collection[int], limit: int) -> list[int]:
        """Webhooks with a delivery due and no lease, the longest waiting first."""
        return webhooks.due_webhooks(self.s, now, exclude, limit)

    def take_lease(self, webhook_id: int, owner: str, now: datetime, until: datetime) -> Due | None:
        """The webhook's lease for one post, and its next delivery, if it is still due."""
        return webhooks.take_lease(self.s, webhook_id, owner, now, until)

    def record_attempt(
        self,
        delivery_id: int,
        status: int | None,
        error: str | None,
        state: str,
        next_at: datetime,
        webhook_id: int,
        owner: str,
    ) -> None:
        """A post's outcome recorded, and the webhook's lease given back."""
        webhooks.record_attempt(self.s, delivery_id, status, error, state, next_at, webhook_id, owner)
