"""Rate limits, with flask-limiter: by client address, before anything else of a request is read.

Three limits, each counted per client address (the peer's, or with ``BAOHUANG_TRUSTED_PROXIES``
set to N, the address the N proxies in front of the service report in X-Forwarded-For):

* every request but health and metrics: ``BAOHUANG_RATE_LIMIT_PER_MINUTE`` a minute (default
  1200; 0 turns every limit off);
* sign-ups (POST /v1/organizers): ``BAOHUANG_SIGNUP_LIMIT`` (default 10 per hour);
* failed API keys: after ``BAOHUANG_FAILED_KEY_LIMIT`` unknown or revoked keys from one address
  (default 20 per 10 minutes), every request of that address that carries a key is refused
  until the window has passed, right or wrong key alike: guessing costs time. Keys typed into
  the pages' sign-in form count the same, and the form refuses likewise.

The counts live where ``BAOHUANG_RATE_LIMIT_STORAGE`` says: ``memory://`` (the default) keeps
them in each worker process, so N workers let up to N times the rate through; a shared store
such as ``redis://host:6379/0`` holds one count for every worker and every instance. If that
store stops answering, requests are let through (and it is logged) rather than refused.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any

from flask import Flask, Response, request
from flask_limiter import Limiter, RequestLimit
from limits import parse as parse_limit
from werkzeug.middleware.proxy_fix import ProxyFix

from ..problems import problem_document
from .responses import problem_response

EXEMPT = {"ops.Livez", "ops.Readyz", "ops.Metrics"}  # endpoints: blueprint.ViewClass
SIGNUP = ("organizers.Organizers", "POST")


def client_address() -> str:
    return request.remote_addr or "unknown"


def _too_many(wait: float, what: str) -> Response:
    retry = str(max(1, math.ceil(wait)))
    doc = problem_document(429, "too-many-requests", "Too Many Requests", f"{what}: try again in {retry} s")
    return problem_response(doc, {"Retry-After": retry})


def _on_breach(limit: RequestLimit) -> Response:
    return _too_many(limit.reset_at - time.time(), "too many requests from this address")


def install(app: Flask) -> None:
    """Rate limits for ``app``, checked before every other request hook runs."""
    cfg = app.config
    proxies = int(cfg.get("TRUSTED_PROXIES", os.environ.get("BAOHUANG_TRUSTED_PROXIES", "0")))
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)  # type: ignore[method-assign]
    per_minute = int(cfg["RATE_LIMIT_PER_MINUTE"])
    storage = cfg.get("RATE_LIMIT_STORAGE") or os.environ.get("BAOHUANG_RATE_LIMIT_STORAGE") or "memory://"
    limiter = Limiter(
        client_address,
        app=app,
        application_limits=[f"{per_minute} per minute"] if per_minute else [],
        storage_uri=storage,
        strategy="fixed-window",
        headers_enabled=False,
        swallow_errors=True,
        on_breach=_on_breach,
        key_prefix="baohuang",
        enabled=bool(per_minute),
    )
    limiter.request_filter(lambda: request.endpoint in EXEMPT)
    app.extensions["baohuang_limiter"] = limiter
    guard = _Guessing(app, limiter, enabled=bool(per_minute))
    app.extensions["baohuang_failed_key"] = guard.count_failed_key
    app.extensions["baohuang_guessing"] = guard.wait
    app.extensions["baohuang_signup_wait"] = guard.signup_wait
    app.before_request(guard.refuse_guessers)


class _Guessing:
    """The limits on guessing: failed keys and sign-ups, by client address."""

    def __init__(self, app: Flask, limiter: Limiter, *, enabled: bool) -> None:
        cfg = app.config
        self.app, self.limiter, self.enabled = app, limiter, enabled
        self.signup = parse_limit(cfg.get("SIGNUP_LIMIT") or os.environ.get("BAOHUANG_SIGNUP_LIMIT") or "10 per hour")
        self.failed = parse_limit(
            cfg.get("FAILED_KEY_LIMIT") or os.environ.get("BAOHUANG_FAILED_KEY_LIMIT") or "20 per 10 minutes"
        )

    def count_failed_key(self) -> None:
        if self.enabled:
            try:
                self.limiter.limiter.hit(self.failed, "failed-key", client_address())
            except Exception:  # the store is away: the request is refused anyway (401)
                self.app.logger.warning("rate-limit store unreachable: a failed key was not counted")

    def refuse_guessers(self) -> Any:
        """Before a request is authenticated: 429 for an address that has sent too many wrong
        keys (if it carries a key), or signed up too often (if it is a sign-up)."""
        if not self.enabled:
            return None
        address = client_address()
        limits = self.limiter.limiter
        try:
            if (request.endpoint, request.method) == SIGNUP and not limits.hit(self.signup, "signup", address):
                reset, _ = limits.get_window_stats(self.signup, "signup", address)
                return _too_many(reset - time.time(), "too many sign-ups from this address")
            keyed = "Authorization" in request.headers or "X-Table-Token" in request.headers
            if not keyed or limits.test(self.failed, "failed-key", address):
                return None
            reset, _ = limits.get_window_stats(self.failed, "failed-key", address)
        except Exception:  # the store is away: let the request through (it is logged)
            self.app.logger.warning("rate-limit store unreachable: request let through")
            return None
        return _too_many(reset - time.time(), "too many unknown or revoked API keys from this address")

    def signup_wait(self) -> int | None:
        """A sign-up from the pages' form counts as one through the API: None while this address
        may sign up, else the seconds until it may again."""
        if not self.enabled:
            return None
        address = client_address()
        try:
            if self.limiter.limiter.hit(self.signup, "signup", address):
                return None
            reset, _ = self.limiter.limiter.get_window_stats(self.signup, "signup", address)
        except Exception:  # the store is away: let the request through (it is logged)
            self.app.logger.warning("rate-limit store unreachable: sign-up let through")
            return None
        return max(1, int(reset - time.time()) + 1)

    def wait(self) -> int | None:
        """Seconds this address must wait before another key is tried (None: it may try now).
        The pages' sign-in form asks this, and counts its failures with count_failed_key: keys
        guessed through a form and through the API are one count."""
        if not self.enabled:
            return None
        address = client_address()
        try:
            if self.limiter.limiter.test(self.failed, "failed-key", address):
                return None
            reset, _ = self.limiter.limiter.get_window_stats(self.failed, "failed-key", address)
        except Exception:  # the store is away: let the request through (it is logged)
            self.app.logger.warning("rate-limit store unreachable: request let through")
            return None
        return max(1, math.ceil(reset - time.time()))
