"""The gunicorn worker the service runs in: gevent, with deadlines for slow clients, and every
error gunicorn answers by itself written as a problem document.

Why gevent: a sync worker serves one connection at a time, so three clients that send a
header line every two seconds held all three workers and the service stopped answering. Here
each connection is a greenlet; one that trickles its request waits without holding anything
but a little memory, and the rest go on. Two deadlines bound it:

* the request head (request line and headers) must arrive within ``BAOHUANG_HEAD_TIMEOUT``
  seconds (default 10) of the connection being ready for it, or it is answered 408;
* every read of the body, and every write, must make progress within
  ``BAOHUANG_BODY_TIMEOUT`` seconds (default 30): a stalled body is answered 408 by the app.

psycopg2 is made cooperative (psycogreen), so a request waiting on PostgreSQL lets the others
run. The work itself is CPU and not shared across greenlets: throughput is the sync worker's
(docs/benchmarks.md).

Errors that gunicorn answers before the app sees the request (a malformed request line, a
line or headers too long, a timeout) are ``application/problem+json`` like every other error
of the service, not gunicorn's HTML page.
"""

from __future__ import annotations

import json
import os
from typing import Any

import gevent
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.sync import SyncWorker

HEAD_TIMEOUT = float(os.environ.get("BAOHUANG_HEAD_TIMEOUT", "10"))
BODY_TIMEOUT = float(os.environ.get("BAOHUANG_BODY_TIMEOUT", "30"))
# Whether a connection serves more than one request. Off (the default): each answer closes its
# connection, so every request is accepted afresh by whichever worker is free, as sync workers do.
# On: a client keeps its connection, and with it its worker, for as long as it keeps it busy; with
# 20 busy clients on 3 workers that spread them unevenly, and the slowest answers took twice as
# long (docs/benchmarks.md).
REUSE = os.environ.get("BAOHUANG_CONNECTION_REUSE", "0") == "1"


class RequestHeadTimeout(Exception):
    """The request line and headers did not arrive in time."""


def _status_for(exc: BaseException) -> tuple[int, str, str]:
    if isinstance(exc, RequestHeadTimeout):
        return 408, "Request Timeout", f"the request line and headers did not arrive within {HEAD_TIMEOUT:g} s"
    if isinstance(exc, LimitRequestLine):
        return 414, "URI Too Long", "the request line is too long"
    if isinstance(exc, LimitRequestHeaders):
        return 431, "Request Header Fields Too Large", f"the request headers are too large: {exc}"
    from gunicorn.http.errors import ParseException

    if isinstance(exc, ParseException):
        return 400, "Bad Request", f"not an HTTP request this server reads: {exc}"
    return 500, "Internal Server Error", "an internal error; it has been logged"


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    """A whole HTTP/1.1 answer carrying a problem document, closing the connection."""
    slug = reason.lower().replace(" ", "-")
    body = json.dumps(
        {"type": f"/problems/{slug}", "title": reason, "status": status, "detail": detail}, ensure_ascii=False
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode("latin-1")
    return head + body


class ProblemErrors:
    """gunicorn's own error answers as problem documents (mixed into a worker class)."""

    log: Any

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        status, reason, detail = _status_for(exc)
        if status == 500:
            self.log.exception("Error handling request")
        else:
            self.log.info("answered %s before the app: %s", status, detail)
        try:
            client.sendall(problem_bytes(status, reason, detail))
        except Exception:
            self.log.debug("could not send the error answer")


class Worker(ProblemErrors, GeventWorker):
    """The service's worker: gevent, psycopg2 made cooperative, deadlines for slow clients."""

    def patch(self) -> None:
        super().patch()
        from psycogreen.gevent import patch_psycopg

        patch_psycopg()

    def timeout_ctx(self) -> Any:
        """gunicorn reads each request's head inside this context. The first request of a
        connection has HEAD_TIMEOUT for its head, then 408; a kept-alive connection waiting for
        its next request is closed without a word after the keep-alive time, as gunicorn does."""
        me = gevent.getcurrent()
        if getattr(me, "baohuang_served", False):
            return gevent.Timeout(self.cfg.keepalive, False)
        me.baohuang_served = True
        return gevent.Timeout(HEAD_TIMEOUT, RequestHeadTimeout)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        if not REUSE:
            req.must_close = True  # answered with Connection: close
        return super().handle_request(listener_name, req, sock, addr)

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        client.settimeout(BODY_TIMEOUT)  # every later read and write must make progress in time
        gevent.getcurrent().baohuang_served = False
        super(GeventWorker, self).handle(listener, client, addr)  # AsyncWorker.handle


class Sync(ProblemErrors, SyncWorker):
    """gunicorn's sync worker with problem documents for its errors
    (GUNICORN_WORKER_CLASS=sync; a slow client holds a whole worker)."""
