"""Webhooks: an organizer registers URLs per tournament for its events (game.stored,
game.corrected, round.created, tournament.closed); ``deliver_once`` (run by ``baohuang webhooks
deliver``, a process of its own) posts them.

Each event is written to the outbox in the transaction of its change, so there is no event
without its change and no change without its event. A delivery is signed — header
``X-Baohuang-Signature: sha256=<hex>``, the HMAC-SHA256 of ``<timestamp>.<body>`` with the
webhook's secret, and ``X-Baohuang-Timestamp`` — and retried with backoff (10 s, 20 s, 40 s, …,
at most an hour apart) for a day after the event, then given up. A webhook gets its tournament's
events in order: the next waits until the one before is delivered or given up.

Posts go only to public addresses, checked at registration and again at every post, within one
deadline for the whole exchange, never following a redirect (egress.py). Different webhooks are
posted to at once, so a slow receiver delays only its own events. Any number of deliverers may
run against one database: each takes a lease on a webhook for one post (FOR UPDATE SKIP LOCKED on
PostgreSQL, a conditional update everywhere), so each delivery is posted once; a deliverer that
dies mid-post lets its lease run out, and the post is made again (at least once across a crash,
with the same X-Baohuang-Delivery id). The state lives in the database, so a deliverer that
stops and starts again loses nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable, Collection
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from ..club import WebhookEvent
from ..club.errors import Conflict
from ..club.events import Announced
from ..club.game_records import Webhook
from ..core.errors import Problem
from ..persistence.db import DATABASE_AWAY, Database
from . import egress
from .errors import Rejected
from .unit_of_work import UnitOfWork

EVENTS: tuple[str, ...] = tuple(e.value for e in WebhookEvent)  # the club core's list, in its order
RETRY_FOR = timedelta(days=1)
# Seconds an attempt may take in all: connecting, sending and the receiver's answer.
TIMEOUT = float(os.environ.get("BAOHUANG_WEBHOOK_TIMEOUT", "10"))
# Webhooks posted to at once by one deliverer.
WORKERS = int(os.environ.get("BAOHUANG_WEBHOOK_WORKERS", "16"))
log = logging.getLogger("baohuang.webhooks")

Post = Callable[[str, bytes, dict[str, str]], tuple[int | None, str | None]]


@dataclass(frozen=True, slots=True)
class WebhookInfo:
    """A tournament's webhook: where it posts, and which events."""

    id: int
    url: str
    events: tuple[str, ...]
    created_at: datetime

    @classmethod
    def of(cls, hook: Webhook) -> WebhookInfo:
        return cls(hook.id, hook.url, tuple(hook.events), hook.created_at)


@dataclass(frozen=True, slots=True)
class NewWebhook(WebhookInfo):
    """A webhook just registered, with the secret that signs its deliveries (shown this once)."""

    secret: str


@dataclass(frozen=True, slots=True)
class Attempt:
    at: datetime
    status: int | None
    error: str | None


@dataclass(frozen=True, slots=True)
class DeliveryInfo:
    """An event's delivery to a webhook: its state, every attempt, when it is next tried."""

    id: int
    event_id: int
    event: str
    state: str
    attempts: tuple[Attempt, ...]
    next_at: datetime | None
    delivered_at: datetime | None


@dataclass(frozen=True, slots=True)
class Redelivery:
    id: int
    state: str
    next_at: datetime | None


def register(uow: UnitOfWork, acting: int, tournament_id: int, url: str, events: list[str]) -> NewWebhook:
    hooks = uow.webhooks
    t = uow.tournaments.owned_row(acting, tournament_id)
    try:
        egress.check_url(url)
    except egress.AddressRefused as exc:
        raise Rejected([Problem("/url", "url_not_allowed", str(exc))], "webhook") from None
    if len(hooks.of(t.id)) >= 10:
        raise Conflict(f"tournament {t.id} has ten webhooks already; remove one first")
    hook = hooks.create(t.id, url, events or list(EVENTS))
    uow.commit()
    return NewWebhook(hook.id, hook.url, tuple(hook.events), hook.created_at, hook.secret)


def list_webhooks(uow: UnitOfWork, acting: int, tournament_id: int) -> list[WebhookInfo]:
    t = uow.tournaments.owned_row(acting, tournament_id)
    return [WebhookInfo.of(h) for h in uow.webhooks.of(t.id)]


def remove(uow: UnitOfWork, acting: int, tournament_id: int, webhook_id: int) -> WebhookInfo:
    hooks = uow.webhooks
    hook = hooks.get(uow.tournaments.owned_row(acting, tournament_id).id, webhook_id)
    hooks.deactivate(hook.id)
    uow.commit()
    return WebhookInfo.of(hook)


def deliveries(uow: UnitOfWork, acting: int, tournament_id: int, webhook_id: int) -> list[DeliveryInfo]:
    """The webhook's deliveries, newest event first, each with every attempt."""
    hooks = uow.webhooks
    hook = hooks.get(uow.tournaments.owned_row(acting, tournament_id).id, webhook_id)
    return [
        DeliveryInfo(
            id=d.id,
            event_id=e.id,
            event=e.event,
            state=d.state,
            attempts=tuple(Attempt(a.at, a.status, a.error) for a in attempts),
            next_at=d.next_at if d.state == "pending" else None,
            delivered_at=d.delivered_at,
        )
        for d, e, attempts in hooks.deliveries(hook.id)
    ]


def redeliver(uow: UnitOfWork, acting: int, tournament_id: int, webhook_id: int, delivery_id: int) -> Redelivery:
    """Send a delivery again (delivered or given up alike): pending, due now."""
    hooks = uow.webhooks
    hook = hooks.get(uow.tournaments.owned_row(acting, tournament_id).id, webhook_id)
    d = hooks.redeliver(hook.id, delivery_id)
    uow.commit()
    return Redelivery(d.id, d.state, d.next_at)


# --- delivering ----------------------------------------------------------------------------------


def sign(secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(10 * 2**attempts, 3600))


def http_post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int | None, str | None]:
    """POST the body (egress.py: public addresses only, the address checked, no redirect, one
    deadline of TIMEOUT seconds for the whole exchange); the status, or None and why not."""
    return egress.post(url, body, headers, TIMEOUT)


def _fan_out(db: Database) -> int:
    """Fan every new event out, in batches, until none is left. A batch whose events changed a
    season's standings tells that season's webhooks too: ``season.updated``, once a batch for each
    season and tournament (fanned out by the next batch)."""
    total = 0
    while True:
        try:
            with UnitOfWork(db) as uow:
                done = uow.webhooks.fan_out()
                for tournament_id, season in done.seasons:
                    payload = {"season_id": season, "tournament_id": tournament_id}
                    uow.record(Announced(tournament_id, WebhookEvent.SEASON_UPDATED, payload))
                uow.commit()
                n = done.events
        except Conflict:  # another deliverer fanned the same events out first (SQLite)
            n = 1
        total += n
        if not n:
            return total


@dataclass(frozen=True, slots=True)
class _Leased:
    delivery_id: int
    attempts: int
    webhook_id: int
    body: bytes
    headers: dict[str, str]
    url: str
    created_at: datetime


def _lease(db: Database, owner: str, now: datetime, exclude: Collection[int], limit: int) -> list[_Leased]:
    """Take up to ``limit`` due webhooks (each for one post) that this deliverer is not posting to."""
    out: list[_Leased] = []
    with UnitOfWork(db) as uow:
        candidates = uow.webhooks.due(now, exclude, limit)
    for webhook_id in candidates:
        with UnitOfWork(db) as uow:
            due = uow.webhooks.take_lease(webhook_id, owner, now, now + LEASE_FOR())
            if due is None:
                uow.commit()  # a lease taken and given back (nothing due after all)
                continue
            d, e, h = due
            leased = _prepared(d.id, d.attempts, e.id, e.event, e.payload, e.created_at, h.id, h.url, h.secret, now)
            uow.commit()
        out.append(leased)
    return out


def _prepared(
    delivery_id: int,
    attempts: int,
    event_id: int,
    event: str,
    payload: dict[str, Any],
    created_at: datetime,
    webhook_id: int,
    url: str,
    secret: str,
    now: datetime,
) -> _Leased:
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
    return _Leased(delivery_id, attempts, webhook_id, body, headers, url, created_at)


def _post_and_record(db: Database, post: Post, owner: str, job: _Leased, now: datetime | None) -> None:
    status, error = post(job.url, job.body, job.headers)
    at = now or datetime.now(UTC)
    if status is not None and 200 <= status < 300:
        state, next_at = "delivered", at
    elif at - job.created_at >= RETRY_FOR:
        state, next_at = "gave_up", at
    else:
        state, next_at = "pending", at + backoff(job.attempts)
    with UnitOfWork(db) as uow:
        uow.webhooks.record_attempt(job.delivery_id, status, error, state, next_at, job.webhook_id, owner)
        uow.commit()


def LEASE_FOR() -> timedelta:
    """How long a deliverer holds a webhook: its post's deadline and a margin; a deliverer that
    dies mid-post lets the webhook go after this (at least once across a crash)."""
    return timedelta(seconds=TIMEOUT + 30)


def new_owner() -> str:
    """A deliverer's name in the leases it takes: host, process and a random part."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"


def deliver_once(
    db: Database,
    post: Post = http_post,
    now: datetime | None = None,
    *,
    owner: str | None = None,
    workers: int = WORKERS,
) -> int:
    """One pass: fan every new event out, then post every due delivery, different webhooks at
    once (``workers`` at a time), each within its deadline, and each webhook's events in order
    (its next is posted once the one before is delivered). A failed post waits for its backoff,
    so the pass ends. Returns how many posts were made. ``now`` fixes the clock (tests); by
    default it is read as the pass goes."""
    owner = owner or new_owner()
    _fan_out(db)
    posted = 0
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="webhook") as pool:
        while True:
            jobs = _lease(db, owner, now or datetime.now(UTC), (), workers)
            if not jobs:
                return posted
            for f in [pool.submit(_post_and_record, db, post, owner, job, now) for job in jobs]:
                f.result()
            posted += len(jobs)  # and again: each webhook's next event may be due now


def drain(db: Database, post: Post = http_post, now: datetime | None = None, *, workers: int = WORKERS) -> int:
    """Everything that is due, then stop (``baohuang webhooks deliver --once``): one pass, and
    another for the events that arrived during it."""
    owner = new_owner()
    total = 0
    while posted := deliver_once(db, post, now, owner=owner, workers=workers):
        total += posted
    return total


def run(
    db: Database,
    stop: threading.Event,
    post: Post = http_post,
    *,
    interval: float = 1.0,
    workers: int = WORKERS,
) -> None:
    """Deliver until ``stop`` is set: every ``interval`` seconds (sooner when a post finishes),
    fan new events out and start a post for every due webhook not already being posted to, up
    to ``workers`` at once. A slow or dead receiver holds one worker for at most its deadline
    and delays only its own webhook's events; fanning out never waits for a post. Once ``stop``
    is set no post is started, and the posts under way end within their deadline."""
    owner = new_owner()
    running: dict[Future[None], int] = {}
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="webhook")
    try:
        while not stop.is_set():
            for f in [f for f in running if f.done()]:
                running.pop(f)
                if f.exception() is not None:
                    log.warning("webhook delivery failed: %s", f.exception())
            try:
                _fan_out(db)
                free = workers - len(running)
                jobs = _lease(db, owner, datetime.now(UTC), set(running.values()), free) if free else []
            except DATABASE_AWAY as exc:
                log.warning("webhooks: the database is not reachable (%s); trying again", exc.__class__.__name__)
                jobs = []
            for job in jobs:
                running[pool.submit(_post_and_record, db, post, owner, job, None)] = job.webhook_id
            if not jobs:
                wait(list(running), timeout=interval, return_when=FIRST_COMPLETED) if running else stop.wait(interval)
    finally:
        pool.shutdown(wait=True)  # the posts under way: each ends within its deadline
