"""Webhooks and their outbox. ``add_event`` is the unit of work's, called in the transaction of
the change it tells of (a stored game's event may be part of the PostgreSQL statement that stores
it, games.py, with the row the unit of work made); the deliverer reads the outbox and keeps each
delivery's state here."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.orm import Session

from ..club import WebhookEvent as Event
from ..club import game_records
from ..club.errors import NotFound
from .models import SeasonTournament, Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent, utcnow

EVENTS: tuple[str, ...] = tuple(e.value for e in Event)  # the club core's list, in its order
# The events that change a season's standings: fanning one out tells the tournament's webhooks
# that each season it belongs to changed (season.updated, an event of its own in the outbox).
SEASON_CAUSES = (Event.GAME_STORED, Event.GAME_CORRECTED)


def add_event(s: Session, tournament_id: int, event: Event, payload: dict[str, Any]) -> None:
    s.add(WebhookEvent(tournament_id=tournament_id, event=Event(event).value, payload=payload, fanned_out=False))


def create_webhook(s: Session, tournament_id: int, url: str, events: Sequence[str]) -> game_records.Webhook:
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


def webhooks_of(s: Session, tournament_id: int) -> Sequence[game_records.Webhook]:
    return s.scalars(
        select(Webhook).where(Webhook.tournament_id == tournament_id, Webhook.active.is_(True)).order_by(Webhook.id)
    ).all()


def get_webhook(s: Session, tournament_id: int, webhook_id: int) -> game_records.Webhook:
    hook = s.get(Webhook, webhook_id)
    if hook is None or hook.tournament_id != tournament_id or not hook.active:
        raise NotFound(f"tournament {tournament_id} has no webhook {webhook_id}")
    return hook


def deactivate(s: Session, webhook_id: int) -> None:
    """A webhook removed: it stays (its deliveries are the audit trail), inactive."""
    s.get_one(Webhook, webhook_id).active = False


def deliveries_of(
    s: Session, webhook_id: int, limit: int = 200
) -> list[tuple[game_records.WebhookDelivery, game_records.OutboxEvent, list[game_records.WebhookAttempt]]]:
    rows = s.execute(
        select(WebhookDelivery, WebhookEvent)
        .join(WebhookEvent, WebhookEvent.id == WebhookDelivery.event_id)
        .where(WebhookDelivery.webhook_id == webhook_id)
        .order_by(WebhookDelivery.event_id.desc())
        .limit(limit)
    ).all()
    ids = [d.id for d, _ in rows]
    attempts: dict[int, list[game_records.WebhookAttempt]] = {i: [] for i in ids}
    if ids:
        for a in s.scalars(
            select(WebhookAttempt).where(WebhookAttempt.delivery_id.in_(ids)).order_by(WebhookAttempt.id)
        ):
            attempts[a.delivery_id].append(a)
    return [(d, e, attempts[d.id]) for d, e in rows]


def redeliver(s: Session, webhook_id: int, delivery_id: int) -> game_records.WebhookDelivery:
    d = s.get(WebhookDelivery, delivery_id)
    if d is None or d.webhook_id != webhook_id:
        raise NotFound(f"webhook {webhook_id} has no delivery {delivery_id}")
    d.state, d.next_at, d.delivered_at = "pending", utcnow(), None
    s.flush()
    return d


# --- the deliverer's side ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FannedOut:
    """A pass of the fan-out: how many events it fanned out (the caller repeats until none are
    left), and the (tournament, season) pairs whose standings those events changed (each is a
    ``season.updated`` event of its own, for the caller to record)."""

    events: int
    seasons: tuple[tuple[int, int], ...] = ()


def fan_out(s: Session, limit: int = 500) -> FannedOut:
    """Give each new event a delivery for every webhook of its tournament that wants it and was
    registered before it; events of tournaments without a webhook are marked done in one
    statement."""
    hooked = select(Webhook.tournament_id).where(Webhook.active.is_(True))
    quiet = s.execute(
        update(WebhookEvent)
        .where(WebhookEvent.fanned_out.is_(False), WebhookEvent.tournament_id.not_in(hooked))
        .values(fanned_out=True)
        .execution_options(synchronize_session=False)
    )
    events = s.scalars(
        select(WebhookEvent)
        .where(WebhookEvent.fanned_out.is_(False))
        .order_by(WebhookEvent.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    ).all()
    hooks: dict[int, Sequence[game_records.Webhook]] = {}
    seasons: dict[int, list[int]] = {}
    changed: set[tuple[int, int]] = set()
    for e in events:
        if e.tournament_id not in hooks:
            hooks[e.tournament_id] = webhooks_of(s, e.tournament_id)
        for hook in hooks[e.tournament_id]:
            if e.event in hook.events and hook.created_at <= e.created_at:
                s.add(
                    WebhookDelivery(
                        webhook_id=hook.id, event_id=e.id, state="pending", attempts=0, next_at=e.created_at
                    )
                )
        if e.event in SEASON_CAUSES:
            if e.tournament_id not in seasons:
                seasons[e.tournament_id] = list(
                    s.scalars(
                        select(SeasonTournament.season_id).where(SeasonTournament.tournament_id == e.tournament_id)
                    )
                )
            changed |= {(e.tournament_id, season) for season in seasons[e.tournament_id]}
        e.fanned_out = True
    s.flush()
    return FannedOut(len(events) + int(getattr(quiet, "rowcount", 0) or 0), tuple(sorted(changed)))


Due = tuple[WebhookDelivery, WebhookEvent, Webhook]


def _next_pending(s: Session, webhook_id: int) -> tuple[WebhookDelivery, WebhookEvent] | None:
    row = s.execute(
        select(WebhookDelivery, WebhookEvent)
        .join(WebhookEvent, WebhookEvent.id == WebhookDelivery.event_id)
        .where(WebhookDelivery.webhook_id == webhook_id, WebhookDelivery.state == "pending")
        .order_by(WebhookDelivery.event_id)
        .limit(1)
    ).first()
    return None if row is None else (row[0], row[1])


def due_webhooks(s: Session, now: datetime, exclude: Collection[int] = (), limit: int = 100) -> list[int]:
    """Active webhooks that no deliverer holds and whose next pending delivery is due (a webhook
    gets its tournament's events in order, one at a time: a later one waits for the one before)."""
    first = (
        select(WebhookDelivery.webhook_id, func.min(WebhookDelivery.event_id).label("event_id"))
        .where(WebhookDelivery.state == "pending")
        .group_by(WebhookDelivery.webhook_id)
        .subquery()
    )
    q = (
        select(Webhook.id)
        .join(first, first.c.webhook_id == Webhook.id)
        .join(
            WebhookDelivery,
            and_(WebhookDelivery.webhook_id == Webhook.id, WebhookDelivery.event_id == first.c.event_id),
        )
        .where(
            Webhook.active.is_(True),
            or_(Webhook.lease_until.is_(None), Webhook.lease_until < now),
            WebhookDelivery.next_at <= now,
        )
        .order_by(WebhookDelivery.next_at, Webhook.id)
        .limit(limit + len(exclude))
    )
    return [i for i in s.scalars(q) if i not in exclude][:limit]


def take_lease(s: Session, webhook_id: int, owner: str, now: datetime, until: datetime) -> Due | None:
    """Take the webhook for one post, if no other deliverer holds it and its next delivery is
    still due: the delivery to post, or None. On PostgreSQL the row is locked with SKIP LOCKED
    (a deliverer never waits for another); on every database the lease is set only where it is
    free, so two deliverers never hold the same webhook. The caller commits."""
    locked = s.scalar(
        select(Webhook.id)
        .where(Webhook.id == webhook_id, or_(Webhook.lease_until.is_(None), Webhook.lease_until < now))
        .with_for_update(skip_locked=True)
    )
    if locked is None:
        return None
    taken = s.execute(
        update(Webhook)
        .where(
            Webhook.id == webhook_id,
            Webhook.active.is_(True),
            or_(Webhook.lease_until.is_(None), Webhook.lease_until < now),
        )
        .values(lease_owner=owner, lease_until=until)
        .execution_options(synchronize_session=False)
    )
    if getattr(taken, "rowcount", 0) != 1:
        return None
    nxt = _next_pending(s, webhook_id)
    if nxt is None or nxt[0].next_at > now:
        release(s, webhook_id, owner)
        return None
    hook = s.get(Webhook, webhook_id, populate_existing=True)
    assert hook is not None
    return nxt[0], nxt[1], hook


def release(s: Session, webhook_id: int, owner: str) -> None:
    s.execute(
        update(Webhook)
        .where(Webhook.id == webhook_id, Webhook.lease_owner == owner)
        .values(lease_owner=None, lease_until=None)
        .execution_options(synchronize_session=False)
    )


def record_attempt(
    s: Session,
    delivery_id: int,
    status: int | None,
    error: str | None,
    state: str,
    next_at: datetime,
    webhook_id: int | None = None,
    owner: str | None = None,
) -> None:
    """An attempt and the delivery's new state; with ``owner``, the webhook's lease is given back
    in the same transaction (so whoever takes it next sees this attempt)."""
    s.add(WebhookAttempt(delivery_id=delivery_id, status=status, error=(error or "")[:500] or None))
    values: dict[str, Any] = {"state": state, "attempts": WebhookDelivery.attempts + 1, "next_at": next_at}
    if state == "delivered":
        values["delivered_at"] = utcnow()
    s.execute(update(WebhookDelivery).where(WebhookDelivery.id == delivery_id).values(**values))
    if webhook_id is not None and owner is not None:
        release(s, webhook_id, owner)
