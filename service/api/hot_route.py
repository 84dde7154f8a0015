"""``POST /v1/adjudications`` answered without Flask's request machinery, for the common request.

The referee's route is the one programs call in bulk, and Flask's handling of a request — the
request context, the URL map, the hooks that give the request its id and clock, count its rate
limit, look for a key, gate the body's type, and set the answer's language and headers — cost
more CPU than adjudicating the game (docs/benchmarks.md). This WSGI layer sits inside the app
(after ProxyFix, so the client's address is the one the rate limit counts) and answers the plain
form of that route itself: JSON in and JSON out, no key, no query, a body of declared length
within the bound, a record the referee can read. It does what the hooks do for such a request —
the id, the rate limit, the verdict and request metrics, the access log line, the language — and
answers exactly what the view answers, header for header (tests/api/test_hot_route.py compares
the two on every kind of request).

Every other request goes to the app unchanged; so does one this layer cannot answer 200 (not
JSON, not a record, an error reading the body): the body it read is put back, and the rate limit
it counted is passed on (``COUNTED``) rather than counted again, so the app answers it as it
always did.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable, Iterable
from typing import Any

import orjson
from flask import Flask

from ..core import adjudicate
from ..core.jsonio import loads
from .adjudications import count_verdict
from .language import answer_language, in_language
from .limits import COUNTED, RateLimits
from .observability import HTTP_LATENCY, HTTP_REQUESTS, log_access, request_id_of

PATH = "/v1/adjudications"
_JSON = "application/json"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _Unread(io.RawIOBase):
    """A body whose reading failed here: the app reads the same failure."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise self.error


class AdjudicationRoute:
    """The WSGI middleware: the plain ``POST /v1/adjudications`` here, everything else to ``app``."""

    def __init__(self, app: WSGIApp, flask_app: Flask) -> None:
        self.app, self.extensions = app, flask_app.extensions
        self.max_body = int(flask_app.config["MAX_CONTENT_LENGTH"] or 1 << 20)
        self.requests = HTTP_REQUESTS.labels("POST", PATH, "200")
        self.latency = HTTP_LATENCY.labels(PATH)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        size = _plain_size(environ, self.max_body)
        if size is None:
            return self.app(environ, start_response)
        t0 = time.perf_counter()
        request_id = request_id_of(environ)
        limits: RateLimits = self.extensions["baohuang_limits"]
        if limits.enabled:
            n = limits.hit_every(environ.get("REMOTE_ADDR") or "unknown", time.time())
            environ[COUNTED] = n
            if n is not None and n > limits.every.amount:  # the app answers 429 from the count
                return self.app(environ, start_response)
        try:
            body = environ["wsgi.input"].read(size) if size else b""
        except Exception as exc:  # a body that stalls or breaks off: the app answers it
            environ["wsgi.input"] = io.BufferedReader(_Unread(exc))
            return self.app(environ, start_response)
        made = _answer(body, size, environ)
        if made is None:  # not a record, or anything unforeseen: the app answers it as it always did
            environ["wsgi.input"] = io.BytesIO(body)
            return self.app(environ, start_response)
        data, lang = made
        start_response(
            "200 OK",
            [
                ("Content-Type", _JSON),
                ("Content-Length", str(len(data))),
                ("X-Content-Type-Options", "nosniff"),
                ("Content-Language", lang),
                ("Vary", "Accept-Language"),
                ("X-Request-ID", request_id),
            ],
        )
        self._record(request_id, time.perf_counter() - t0)
        return [data]

    def _record(self, request_id: str, elapsed: float) -> None:
        """The request's metrics and access line, as the app's hooks write them."""
        self.requests.inc()
        self.latency.observe(elapsed)
        log_access(request_id, "POST", PATH, PATH, 200, elapsed, None)


def _plain_size(environ: dict[str, Any], max_body: int) -> int | None:
    """The body's declared length, where the request is the route's plain form; else None."""
    if (
        environ.get("PATH_INFO") != PATH
        or environ.get("REQUEST_METHOD") != "POST"
        or environ.get("QUERY_STRING")
        or "HTTP_AUTHORIZATION" in environ
        or "HTTP_X_TABLE_TOKEN" in environ
        or "x-baohuang" in environ.get("HTTP_ACCEPT", "")
        or "HTTP_TRANSFER_ENCODING" in environ
    ):
        return None
    declared = environ.get("CONTENT_TYPE", "")
    length = environ.get("CONTENT_LENGTH", "")
    if (declared != _JSON and not declared.startswith(_JSON + ";")) or not length.isdigit():
        return None
    size = int(length)
    return size if size <= max_body else None


def _answer(body: bytes, size: int, environ: dict[str, Any]) -> tuple[bytes, str] | None:
    """The answer's bytes and language, counted in the metrics; None where the app must answer."""
    try:
        if len(body) != size:
            raise ValueError("the body is shorter than its Content-Length")
        result = adjudicate(loads(body))
        data = orjson.dumps(result.to_json())
        lang = answer_language(environ)
        if lang != "en":  # as the app's language hook makes it from the English answer
            data = in_language(json.loads(data), lang).encode()
    except Exception:
        return None
    count_verdict(result.verdict)
    return data, lang


def install(app: Flask) -> None:
    """The route's plain form served by ``AdjudicationRoute``; installed before the rate limits, so
    that a proxy's X-Forwarded-For (ProxyFix, limits.install) is read before it."""
    route = AdjudicationRoute(app.wsgi_app, app)
    app.wsgi_app = route  # type: ignore[method-assign]
    app.extensions["baohuang_hot_route"] = route
