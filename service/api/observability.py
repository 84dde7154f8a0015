"""Request ids, structured logs, Prometheus metrics: what runs around every request."""

from __future__ import annotations

import atexit
import json
import logging
import logging.handlers
import os
import queue
import re
import sys
import time
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_CONVERTER = re.compile(r"<[^<>:]+:")  # "<int(min=1, max=…):id>" -> "<id>" in route labels

HTTP_REQUESTS = Counter("baohuang_http_requests_total", "HTTP requests answered", ["method", "route", "status"])
HTTP_LATENCY = Histogram(
    "baohuang_http_request_duration_seconds",
    "time to answer an HTTP request",
    ["route"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)


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


class QueuedLines(logging.handlers.QueueHandler):
    """A log record handed to a queue as it is (not formatted: its fields are plain values), and
    written by a listener of this process's own: a request does not wait for stdout. The listener
    starts with the first record a process logs, so a worker forked from a master that logged
    has its own (a thread does not survive a fork; under gevent it is a greenlet)."""

    def __init__(self, target: logging.Handler) -> None:
        super().__init__(queue.SimpleQueue())
        self.target = target
        self._pid = 0
        self._listener: logging.handlers.QueueListener | None = None

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record

    def emit(self, record: logging.LogRecord) -> None:
        if self._pid != os.getpid():
            self._start()
        self.queue.put_nowait(record)

    def _start(self) -> None:
        self._pid = os.getpid()
        self.queue = queue.SimpleQueue()  # a queue of the parent's is not this process's
        self._listener = logging.handlers.QueueListener(self.queue, self.target)
        self._listener.start()
        atexit.register(self.flush_and_stop)

    def flush_and_stop(self) -> None:
        """Every record queued is written (at exit, and in tests)."""
        if self._listener is not None and self._pid == os.getpid():
            self._listener.stop()
            self._listener = None
            self._pid = 0


def configure_logging(level: str | None = None) -> None:
    """One JSON object per line on stdout, for the service's own loggers, written off the
    request's path (QueuedLines)."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(JsonFormatter())
    queued = QueuedLines(handler)
    for name in ("baohuang", "baohuang.access"):
        log = logging.getLogger(name)
        log.handlers[:] = [queued]
        log.setLevel((level or os.environ.get("LOG_LEVEL", "INFO")).upper())
        log.propagate = False


def install(app: Flask) -> None:
    routes: dict[str, str] = {}  # url rule -> route label
    counters: dict[tuple[str, str, int], Any] = {}  # (method, route, status) -> its counter
    timers: dict[str, Any] = {}  # route -> its latency histogram

    @app.before_request
    def _start() -> Response | None:
        ctx = g._get_current_object()  # one proxy lookup
        ctx.t0 = time.perf_counter()
        ctx.request_id = request_id_of(request.environ)
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
        log_access(request_id, method, route, req.path, status, elapsed, ctx.get("organizer_id"))
        return resp


def request_id_of(environ: dict[str, Any]) -> str:
    """The request's id: the client's X-Request-ID where it is a usable one, else a new one."""
    incoming = environ.get("HTTP_X_REQUEST_ID", "")
    return incoming if REQUEST_ID.match(incoming) else os.urandom(16).hex()


def log_access(
    request_id: str, method: str, route: str, path: str, status: int, elapsed: float, organizer: object
) -> None:
    """A request's access line (written off the request's path: QueuedLines)."""
    if _ACCESS.isEnabledFor(logging.INFO):
        _ACCESS.info(
            "request",
            extra={
                "fields": {
                    "request_id": request_id,
                    "method": method,
                    "route": route,
                    "path": path,
                    "status": status,
                    "duration_ms": round(elapsed * 1000, 2),
                    "organizer": organizer,
                }
            },
        )


_ACCESS = logging.getLogger("baohuang.access")


def metrics_response() -> Response:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        data = generate_latest(registry)
    else:
        data = generate_latest()
    return Response(data, content_type=CONTENT_TYPE_LATEST)  # it names its charset already
