"""Request ids, structured logs, Prometheus metrics, rate limits: what runs around every request."""

from __future__ import annotations

import json
import logging
import math
import os
import re
import sys
import threading
import time
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest

from ..problems import problem_document
from .responses import problem_response

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_CONVERTER = re.compile(r"<[^<>:]+:")  # "<int(min=1, max=…):id>" -> "<id>" in route labels

HTTP_REQUESTS = Counter("baohuang_http_requests_total", "HTTP requests answered", ["method", "route", "status"])
HTTP_LATENCY = Histogram(
    "baohuang_http_request_duration_seconds",
    "time to answer an HTTP request",
    ["route"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
ADJUDICATIONS = Counter("baohuang_adjudications_total", "records adjudicated, by verdict", ["verdict"])
GAMES_STORED = Counter("baohuang_games_stored_total", "games stored in tournaments")

EXEMPT = {"ops.livez", "ops.readyz", "ops.metrics"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        doc.update(getattr(record, "fields", {}))
        if record.exc_info:
            doc["exception"] = self.formatException(record.exc_info)
        return json.dumps(doc, ensure_ascii=False)


def configure_logging(level: str | None = None) -> None:
    """One JSON object per line on stdout, for the service's own loggers."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(JsonFormatter())
    for name in ("baohuang", "baohuang.access"):
        log = logging.getLogger(name)
        log.handlers[:] = [handler]
        log.setLevel((level or os.environ.get("LOG_LEVEL", "INFO")).upper())
        log.propagate = False


class RateLimiter:
    """Token buckets per client (an API key, or the address of an anonymous writer).

    Each process keeps its own buckets: with N gunicorn workers a client may get up to N times the
    rate before every worker has seen it. Good enough to stop a runaway script; a shared limiter
    (a proxy in front) is the tool for hard quotas."""

    def __init__(self, per_minute: int, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, client: str) -> float:
        """0 if the request may go on, else the seconds until it may."""
        now = time.monotonic()
        with self.lock:
            tokens, stamp = self.buckets.get(client, (self.burst, now))
            tokens = min(self.burst, tokens + (now - stamp) * self.rate)
            if tokens >= 1:
                self.buckets[client] = (tokens - 1, now)
                return 0.0
            self.buckets[client] = (tokens, now)
            if len(self.buckets) > 100_000:
                self.buckets.clear()
            return (1 - tokens) / self.rate if self.rate else 60.0


def _client_key() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return "key:" + token.strip()[:64]
    if request.endpoint == "organizers.Organizers" and request.method == "POST":
        return "addr:" + (request.remote_addr or "?")  # sign-ups, by address
    return None


def install(app: Flask) -> None:
    access = logging.getLogger("baohuang.access")
    limiter = RateLimiter(int(app.config["RATE_LIMIT_PER_MINUTE"]), int(app.config["RATE_LIMIT_BURST"]))
    app.extensions["baohuang_limiter"] = limiter

    limited = bool(app.config["RATE_LIMIT_PER_MINUTE"])
    routes: dict[str, str] = {}  # url rule -> route label
    counters: dict[tuple[str, str, int], Any] = {}  # (method, route, status) -> its counter
    timers: dict[str, Any] = {}  # route -> its latency histogram

    @app.before_request
    def _start() -> Response | None:
        ctx = g._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
        ctx.t0 = time.perf_counter()
        incoming = request.headers.get("X-Request-ID", "")
        ctx.request_id = incoming if REQUEST_ID.match(incoming) else os.urandom(16).hex()
        if not limited or request.endpoint in EXEMPT:
            return None
        client = _client_key()
        if client is None:
            return None
        wait = limiter.take(client)
        if wait > 0:
            retry = str(max(1, math.ceil(wait)))
            doc = problem_document(429, "too-many-requests", "Too Many Requests", f"slow down: try again in {retry} s")
            return problem_response(doc, {"Retry-After": retry})
        return None

    @app.after_request
    def _finish(resp: Response) -> Response:
        # Runs for every request: the labelled metrics are looked up once per route and status.
        ctx, req = g._get_current_object(), request._get_current_object()  # type: ignore[attr-defined]
        request_id = ctx.get("request_id", "")
        resp.headers["X-Request-ID"] = request_id
        rule = req.url_rule
        if rule is None:
            route = "unmatched"
        else:
            route = routes.get(rule.rule) or routes.setdefault(rule.rule, _CONVERTER.sub("<", rule.rule))
        elapsed = time.perf_counter() - ctx.get("t0", time.perf_counter())
        method, status = req.method, resp.status_code
        counter = counters.get((method, route, status))
        if counter is None:
            counter = counters.setdefault((method, route, status), HTTP_REQUESTS.labels(method, route, str(status)))
        counter.inc()
        timer = timers.get(route) or timers.setdefault(route, HTTP_LATENCY.labels(route))
        timer.observe(elapsed)
        if access.isEnabledFor(logging.INFO):
            access.info(
                "request",
                extra={
                    "fields": {
                        "request_id": request_id,
                        "method": method,
                        "route": route,
                        "path": req.path,
                        "status": status,
                        "duration_ms": round(elapsed * 1000, 2),
                        "organizer": ctx.get("organizer_id"),
                    }
                },
            )
        return resp


def metrics_response() -> Response:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        data = generate_latest(registry)
    else:
        data = generate_latest()
    return Response(data, mimetype=CONTENT_TYPE_LATEST)
