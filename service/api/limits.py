"""Rate limits: by client address, before anything else of a request is read.

Three limits, each counted per client address (the peer's, or with ``BAOHUANG_TRUSTED_PROXIES``
set to N, the address the N proxies in front of the service report in X-Forwarded-For):

* every request but health and metrics: ``BAOHUANG_RATE_LIMIT_PER_MINUTE`` a minute (default
  1200; 0 turns every limit off);
* sign-ups (POST /v1/organizers, and the pages' /signup): ``BAOHUANG_SIGNUP_LIMIT`` (default 10
  per hour);
* failed API keys: after ``BAOHUANG_FAILED_KEY_LIMIT`` unknown or revoked keys from one address
  (default 20 per 10 minutes), every request of that address that carries a key is refused
  until the window has passed, right or wrong key alike: guessing costs time. Keys typed into
  the pages' sign-in form count the same, and the form refuses likewise.

Each is a fixed window (a count per address per window; the window's end is the Retry-After).
The counts live where ``BAOHUANG_RATE_LIMIT_STORAGE`` says: ``memory://`` (the default) keeps
them in each worker process, so N workers let up to N times the rate through; ``redis://host:
6379/0`` holds one count for every worker and every instance (one round trip a request: INCR
and EXPIRE in one pipeline). If that store stops answering, requests are let through (and it is
logged) rather than refused.

Why not flask-limiter (used here before): its checks cost 170–245 µs a request, two to three
times the adjudication of a game, and its memory store starts a timer thread to expire counts
(52 threads per 500 requests). Counting an address in a window is a dictionary update here
(a few µs, no thread).
"""

from __future__ import annotations

import math
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from flask import Flask, Response, request
from werkzeug.middleware.proxy_fix import ProxyFix

from ..problems import problem_document
from .responses import problem_response

EXEMPT = {"ops.Livez", "ops.Readyz", "ops.Metrics"}  # endpoints: blueprint.ViewClass
# In a request's environ: its count under the limit of every request, where it was counted before
# the app saw it (service/api/hot_route.py), so that it is not counted twice.
COUNTED = "baohuang.rate_limit_counted"
SIGNUP = ("organizers.Organizers", "POST")


def client_address() -> str:
    return request.remote_addr or "unknown"


@dataclass(frozen=True, slots=True)
class Rule:
    """``amount`` a ``window`` (seconds), under a name of its own (its counts are its own)."""

    name: str
    amount: int
    window: int

    @classmethod
    def parse(cls, name: str, text: str) -> Rule:
        """A limit as the settings write it: "10 per hour", "20 per 10 minutes", "5/minute"."""
        m = _LIMIT.fullmatch(text.strip().lower())
        if m is None:
            raise ValueError(f"a rate limit is written like '10 per hour' or '20 per 10 minutes', not {text!r}")
        amount, count, unit = int(m["amount"]), int(m["count"] or 1), m["unit"]
        return cls(name, amount, count * _UNITS[unit])


_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT = re.compile(r"(?P<amount>[0-9]+)\s*(?:/|per)\s*(?P<count>[0-9]+)?\s*(?P<unit>second|minute|hour|day)s?")


class Counts(Protocol):
    """Counts by key in fixed windows: ``hit`` adds one and answers the count in the window
    ``now`` falls in; ``count`` answers it without adding."""

    def hit(self, rule: Rule, who: str, now: float) -> int: ...

    def add(self, rule: Rule, who: str, now: float, amount: int) -> int: ...

    def count(self, rule: Rule, who: str, now: float) -> int: ...


class MemoryCounts:
    """This process's counts: a dictionary, swept of ended windows once a minute."""

    def __init__(self) -> None:
        self._counts: dict[tuple[str, str], tuple[int, int]] = {}  # (rule, who) -> (window index, count)
        self._windows: dict[str, int] = {}
        self._lock = threading.Lock()  # sync or threaded workers; free under gevent
        self._sweep_at = 0.0

    def hit(self, rule: Rule, who: str, now: float) -> int:
        return self.add(rule, who, now, 1)

    def add(self, rule: Rule, who: str, now: float, amount: int) -> int:
        index = int(now // rule.window)
        key = (rule.name, who)
        with self._lock:
            got = self._counts.get(key)
            n = got[1] + amount if got is not None and got[0] == index else amount
            self._counts[key] = (index, n)
            self._windows[rule.name] = rule.window
            if now >= self._sweep_at:
                self._sweep(now)
        return n

    def count(self, rule: Rule, who: str, now: float) -> int:
        got = self._counts.get((rule.name, who))
        return got[1] if got is not None and got[0] == int(now // rule.window) else 0

    def _sweep(self, now: float) -> None:
        self._sweep_at = now + 60
        ended = [k for k, (index, _) in self._counts.items() if (index + 1) * self._windows[k[0]] <= now]
        for k in ended:
            del self._counts[k]


class RedisCounts:
    """Counts shared by every worker and instance: a key a window, expiring with it."""

    def __init__(self, url: str, prefix: str = "baohuang") -> None:
        import redis

        self._redis = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        self._prefix = prefix

    def _key(self, rule: Rule, who: str, now: float) -> str:
        return f"{self._prefix}:{rule.name}:{who}:{int(now // rule.window)}"

    def hit(self, rule: Rule, who: str, now: float) -> int:
        return self.add(rule, who, now, 1)

    def add(self, rule: Rule, who: str, now: float, amount: int) -> int:
        key = self._key(rule, who, now)
        pipe = self._redis.pipeline(transaction=False)
        pipe.incrby(key, amount)
        pipe.expire(key, rule.window + 1)
        n, _ = pipe.execute()
        return int(n)

    def count(self, rule: Rule, who: str, now: float) -> int:
        got = self._redis.get(self._key(rule, who, now))
        return int(got) if got is not None else 0


def counts_at(uri: str) -> Counts:
    if uri.startswith("memory://"):
        return MemoryCounts()
    if uri.startswith(("redis://", "rediss://", "unix://")):
        return RedisCounts(uri)
    raise ValueError(f"BAOHUANG_RATE_LIMIT_STORAGE is memory:// or redis://host:port/db, not {uri!r}")


def _too_many(wait: float, what: str) -> Response:
    retry = str(max(1, math.ceil(wait)))
    doc = problem_document(429, "too-many-requests", "Too Many Requests", f"{what}: try again in {retry} s")
    return problem_response(doc, {"Retry-After": retry})


def _wait(rule: Rule, now: float) -> int:
    """Seconds until the window ``now`` falls in ends."""
    return max(1, math.ceil((int(now // rule.window) + 1) * rule.window - now))


class RateLimits:
    """The three limits of a running app, over one store of counts."""

    def __init__(self, app: Flask, counts: Counts, per_minute: int) -> None:
        cfg = app.config
        self.app, self.counts = app, counts
        self.enabled = per_minute > 0
        self.every = Rule("every", per_minute, 60)
        self.signup = Rule.parse(
            "signup", cfg.get("SIGNUP_LIMIT") or os.environ.get("BAOHUANG_SIGNUP_LIMIT") or "10 per hour"
        )
        self.failed = Rule.parse(
            "failed-key",
            cfg.get("FAILED_KEY_LIMIT") or os.environ.get("BAOHUANG_FAILED_KEY_LIMIT") or "20 per 10 minutes",
        )

    def _safely(self, what: str, step: Callable[[], Any]) -> Any:
        try:
            return step()
        except Exception:  # the store is away: let the request through (it is logged)
            self.app.logger.warning("rate-limit store unreachable: %s let through", what)
            return None

    def check(self) -> Response | None:
        """Before anything else of a request: 429 for an address over the limit of every
        request, for a sign-up over the sign-up limit, and for a request carrying a key from an
        address that sent too many wrong ones."""
        if not self.enabled or request.endpoint in EXEMPT:
            return None
        address, now = client_address(), time.time()
        answer: Response | None = self._safely("request", lambda: self._check(address, now))
        return answer

    def hit_every(self, address: str, now: float) -> int | None:
        """Count a request under the limit of every request: its count in the window (None
        where the store is away, and the request is let through)."""
        n: int | None = self._safely("request", lambda: self.counts.hit(self.every, address, now))
        return n

    def _check(self, address: str, now: float) -> Response | None:
        environ = request.environ
        n = environ[COUNTED] if COUNTED in environ else self.counts.hit(self.every, address, now)
        if n is not None and n > self.every.amount:
            return _too_many(_wait(self.every, now), "too many requests from this address")
        if (request.endpoint, request.method) == SIGNUP and self.counts.hit(
            self.signup, address, now
        ) > self.signup.amount:
            return _too_many(_wait(self.signup, now), "too many sign-ups from this address")
        keyed = "Authorization" in request.headers or "X-Table-Token" in request.headers
        if keyed and self.counts.count(self.failed, address, now) >= self.failed.amount:
            return _too_many(_wait(self.failed, now), "too many unknown or revoked API keys from this address")
        return None

    def count_failed_key(self) -> None:
        if self.enabled:
            address, now = client_address(), time.time()
            self._safely("a failed key", lambda: self.counts.hit(self.failed, address, now))

    def wait(self) -> int | None:
        """Seconds this address must wait before another key is tried (None: it may try now).
        The pages' sign-in form asks this, and counts its failures with count_failed_key: keys
        guessed through a form and through the API are one count."""
        if not self.enabled:
            return None
        address, now = client_address(), time.time()
        n = self._safely("a key", lambda: self.counts.count(self.failed, address, now))
        return None if n is None or n < self.failed.amount else _wait(self.failed, now)

    def signup_wait(self) -> int | None:
        """A sign-up from the pages' form counts as one through the API: None while this address
        may sign up, else the seconds until it may again."""
        if not self.enabled:
            return None
        address, now = client_address(), time.time()
        n = self._safely("sign-up", lambda: self.counts.hit(self.signup, address, now))
        return None if n is None or n <= self.signup.amount else _wait(self.signup, now)


def install(app: Flask) -> None:
    """Rate limits for ``app``: checked right after the request is given its id, before its key
    or its body is read."""
    cfg = app.config
    proxies = int(cfg.get("TRUSTED_PROXIES", os.environ.get("BAOHUANG_TRUSTED_PROXIES", "0")))
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)  # type: ignore[method-assign]
    per_minute = int(cfg["RATE_LIMIT_PER_MINUTE"])
    storage = cfg.get("RATE_LIMIT_STORAGE") or os.environ.get("BAOHUANG_RATE_LIMIT_STORAGE") or "memory://"
    limits = RateLimits(app, counts_at(storage), per_minute)
    app.extensions["baohuang_limits"] = limits
    app.extensions["baohuang_failed_key"] = limits.count_failed_key
    app.extensions["baohuang_guessing"] = limits.wait
    app.extensions["baohuang_signup_wait"] = limits.signup_wait
    app.before_request(limits.check)  # after the request's id and clock (observability), before the key
