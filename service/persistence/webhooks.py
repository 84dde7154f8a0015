"""Webhooks and their outbox. ``add_event`` is called in the transaction of the change it tells
of (a stored game's event is part of the PostgreSQL statement that stores it, games.py); the
deliverer reads the outbox and keeps each delivery's state here."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from .errors import NotFound
from .models import Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent, utcnow

EVENTS = ("game.stored", "game.corrected", "round.created", "tournament.closed")


def add_event(s: Session, tournament_id: int, event: str, payload: dict[str, Any]) -> None:
    assert event in EVENTS
    s.add(WebhookEvent(tournament_id=tournament_id, event=event, payload=payload, fanned_out=False))


def create_webhook(s: Session, tournament_id: int, url: str, events: Sequence[str]) -> Webhook:
    hook = Webhook(
        tournament_id=tournament_id,
        url=url,
        secret="whsec_" + secrets.token_urlsafe(24),
        events=list(events),
        active=True,
    )
    s.add(hook)
    s.flush()
    return hook


def webhooks_of(s: Session, tournament_id: int) -> Sequence[Webhook]:
    return s.scalars(
        select(Webhook).where(Webhook.tournament_id == tournament_id, Webhook.active.is_(True)).order_by(Webhook.id)
    ).all()


def get_webhook(s: Session, tournament_id: int, webhook_id: int) -> Webhook:
    hook = s.get(Webhook, webhook_id)
    if hook is None or hook.tournament_id != tournament_id or not hook.active:
        raise NotFound(f"tournament {tournament_id} has no webhook {webhook_id}")
    return hook


def deliveries_of(
    s: Session, webhook_id: int, limit: int = 200
) -> list[tuple[WebhookDelivery, WebhookEvent, list[WebhookAttempt]]]:
    rows = s.execute(
        select(WebhookDelivery, WebhookEvent)
        .join(WebhookEvent, WebhookEvent.id == WebhookDelivery.event_id)
        .where(WebhookDelivery.webhook_id == webhook_id)
        .order_by(WebhookDelivery.event_id.desc())
        .limit(limit)
    ).all()
    ids = [d.id for d, _ in rows]
    attempts: dict[int, list[WebhookAttempt]] = {i: [] for i in ids}
    if ids:
        for a in s.scalars(
            select(WebhookAttempt).where(WebhookAttempt.delivery_id.in_(ids)).order_by(WebhookAttempt.id)
        ):
            attempts[a.delivery_id].append(a)
    return [(d, e, attempts[d.id]) for d, e in rows]


def redeliver(s: Session, webhook_id: int, delivery_id: int) -> WebhookDelivery:
    d = s.get(WebhookDelivery, delivery_id)
    if d is None or d.webhook_id != webhook_id:
        raise NotFound(f"webhook {webhook_id} has no delivery {delivery_id}")
    d.state, d.next_at, d.delivered_at = "pending", utcnow(), None
    s.flush()
    return d


# --- the deliverer's side ------------------------------------------------------------------------


def fan_out(s: Session, limit: int = 500) -> int:
    """Give each new event a delivery for every webhook of its tournament that wants it and was
    registered before it. Returns how many events were fanned out."""
    events = s.scalars(
        select(WebhookEvent)
        .where(WebhookEvent.fanned_out.is_(False))
        .order_by(WebhookEvent.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    ).all()
    for e in events:
        for hook in webhooks_of(s, e.tournament_id):
            if e.event in hook.events and hook.created_at <= e.created_at:
                s.add(
                    WebhookDelivery(
                        webhook_id=hook.id, event_id=e.id, state="pending", attempts=0, next_at=e.created_at
                    )
                )
        e.fanned_out = True
    s.flush()
    return len(events)


def next_deliveries(s: Session, now: datetime) -> list[tuple[WebhookDelivery, WebhookEvent, Webhook]]:
    """For each active webhook, its oldest pending delivery, if it is due: a webhook gets its
    tournament's events in order, one at a time."""
    out = []
    hooks = s.scalars(select(Webhook).where(Webhook.active.is_(True)).order_by(Webhook.id)).all()
    for hook in hooks:
        row = s.execute(
            select(WebhookDelivery, WebhookEvent)
            .join(WebhookEvent, WebhookEvent.id == WebhookDelivery.event_id)
            .where(WebhookDelivery.webhook_id == hook.id, WebhookDelivery.state == "pending")
            .order_by(WebhookDelivery.event_id)
            .limit(1)
        ).first()
        if row is not None and row[0].next_at <= now:
            out.append((row[0], row[1], hook))
    return out


def record_attempt(
    s: Session, delivery_id: int, status: int | None, error: str | None, state: str, next_at: datetime
) -> None:
    s.add(WebhookAttempt(delivery_id=delivery_id, status=status, error=(error or "")[:500] or None))
    values: dict[str, Any] = {"state": state, "attempts": WebhookDelivery.attempts + 1, "next_at": next_at}
    if state == "delivered":
        values["delivered_at"] = utcnow()
    s.execute(update(WebhookDelivery).where(WebhookDelivery.id == delivery_id).values(**values))
