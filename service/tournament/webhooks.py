"""Webhooks: an organizer registers URLs per tournament for its events (game.stored,
game.corrected, round.created, tournament.closed); ``deliver_once`` (run by ``baohuang webhooks
deliver``, a process of its own) posts them.

Each event is written to the outbox in the transaction of its change, so there is no event
without its change and no change without its event. A delivery is signed — header
``X-Baohuang-Signature: sha256=<hex>``, the HMAC-SHA256 of ``<timestamp>.<body>`` with the
webhook's secret, and ``X-Baohuang-Timestamp`` — and retried with backoff (10 s, 20 s, 40 s, …,
at most an hour apart) for a day after the event, then given up. A webhook gets its tournament's
events in order: the next waits until the one before is delivered or given up. The state lives
in the database, so a deliverer that stops and starts again loses nothing (an event being posted
when it stopped is posted again: at least once, with the same X-Baohuang-Delivery id).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from ..persistence import tournaments as tournaments_repo
from ..persistence import webhooks as webhooks_repo
from ..persistence.db import Database
from ..persistence.errors import Conflict
from ..persistence.models import Webhook
from .unit_of_work import UnitOfWork

EVENTS = webhooks_repo.EVENTS
RETRY_FOR = timedelta(days=1)
TIMEOUT = 10.0  # seconds a receiver has to answer

Post = Callable[[str, bytes, dict[str, str]], tuple[int | None, str | None]]


def webhook_json(hook: Webhook, secret: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"id": hook.id, "url": hook.url, "events": list(hook.events), "created_at": hook.created_at}
    if secret:
        out["secret"] = hook.secret  # shown once, when the webhook is registered
    return out


def register(uow: UnitOfWork, acting: int, tournament_id: int, url: str, events: list[str]) -> dict[str, Any]:
    t = tournaments_repo.owned_tournament(uow.session, tournament_id, acting)
    if len(webhooks_repo.webhooks_of(uow.session, t.id)) >= 10:
        raise Conflict(f"tournament {t.id} has ten webhooks already; remove one first")
    hook = webhooks_repo.create_webhook(uow.session, t.id, url, events or list(EVENTS))
    uow.commit()
    return webhook_json(hook, secret=True)


def list_webhooks(uow: UnitOfWork, acting: int, tournament_id: int) -> list[dict[str, Any]]:
    t = tournaments_repo.owned_tournament(uow.session, tournament_id, acting)
    return [webhook_json(h) for h in webhooks_repo.webhooks_of(uow.session, t.id)]


def remove(uow: UnitOfWork, acting: int, tournament_id: int, webhook_id: int) -> dict[str, Any]:
    t = tournaments_repo.owned_tournament(uow.session, tournament_id, acting)
    hook = webhooks_repo.get_webhook(uow.session, t.id, webhook_id)
    hook.active = False
    uow.commit()
    return webhook_json(hook)


def deliveries(uow: UnitOfWork, acting: int, tournament_id: int, webhook_id: int) -> list[dict[str, Any]]:
    """The webhook's deliveries, newest event first, each with every attempt."""
    t = tournaments_repo.owned_tournament(uow.session, tournament_id, acting)
    hook = webhooks_repo.get_webhook(uow.session, t.id, webhook_id)
    return [
        {
            "id": d.id,
            "event_id": e.id,
            "event": e.event,
            "state": d.state,
            "attempts": [{"at": a.at, "status": a.status, "error": a.error} for a in attempts],
            "next_at": d.next_at if d.state == "pending" else None,
            "delivered_at": d.delivered_at,
        }
        for d, e, attempts in webhooks_repo.deliveries_of(uow.session, hook.id)
    ]


def redeliver(uow: UnitOfWork, acting: int, tournament_id: int, webhook_id: int, delivery_id: int) -> dict[str, Any]:
    """Send a delivery again (delivered or given up alike): pending, due now."""
    t = tournaments_repo.owned_tournament(uow.session, tournament_id, acting)
    hook = webhooks_repo.get_webhook(uow.session, t.id, webhook_id)
    d = webhooks_repo.redeliver(uow.session, hook.id, delivery_id)
    uow.commit()
    return {"id": d.id, "state": d.state, "next_at": d.next_at}


# --- delivering ----------------------------------------------------------------------------------


def sign(secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(10 * 2**attempts, 3600))


def http_post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int | None, str | None]:
    """POST the body; the status (None with the reason when there was no answer)."""
    req = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
            return r.status, None
    except urllib.error.HTTPError as exc:
        return exc.code, None
    except (OSError, ValueError) as exc:
        return None, f"{exc.__class__.__name__}: {exc}"[:500]


def deliver_once(db: Database, post: Post = http_post, now: datetime | None = None) -> int:
    """One pass: fan new events out to their webhooks, then post each webhook's next due
    delivery. Returns how many posts were made."""
    now = now or datetime.now(UTC)
    with UnitOfWork(db) as uow:
        webhooks_repo.fan_out(uow.session)
        uow.commit()
    with UnitOfWork(db) as uow:
        due = [
            (d.id, d.attempts, e.id, e.event, e.payload, e.created_at, h.url, h.secret)
            for d, e, h in webhooks_repo.next_deliveries(uow.session, now)
        ]
    for delivery_id, attempts, event_id, event, payload, created_at, url, secret in due:
        body = json.dumps(
            {"id": event_id, "event": event, "created_at": created_at.isoformat(), "data": payload},
            ensure_ascii=False,
            sort_keys=True,
        ).encode()
        timestamp = int(now.timestamp())
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "baohuang-webhooks",
            "X-Baohuang-Event": event,
            "X-Baohuang-Delivery": str(delivery_id),
            "X-Baohuang-Timestamp": str(timestamp),
            "X-Baohuang-Signature": sign(secret, timestamp, body),
        }
        status, error = post(url, body, headers)
        if status is not None and 200 <= status < 300:
            state, next_at = "delivered", now
        elif now - created_at >= RETRY_FOR:
            state, next_at = "gave_up", now
        else:
            state, next_at = "pending", now + backoff(attempts)
        with UnitOfWork(db) as uow:
            webhooks_repo.record_attempt(uow.session, delivery_id, status, error, state, next_at)
            uow.commit()
    return len(due)
