"""WSGI entry point for gunicorn: ``gunicorn service.wsgi:app``.

A worker answers ``/livez`` from its first moment and builds the app beside it: importing Flask,
SQLAlchemy, the schemas and the views and registering them takes about a second, and a
supervisor that asks whether the process lives should not wait for that. ``/readyz`` answers 503
("starting") until the app is built — what a balancer's health check reads — and every other
request waits for the build and is then served by it; after the build ``/livez`` and ``/readyz``
are the app's own.

Under gunicorn, ``service.gunicorn_conf.post_worker_init`` starts the build as soon as the
worker runs: the imports in a thread of gevent's pool (the worker keeps answering meanwhile),
the app itself then made in the worker's own loop. Served any other way, the first request
builds it. Starting never stops the instance:

* the build is not a request: while it runs, a thread of its own tells gunicorn's master the
  worker lives, so a build slowed by a loaded host is given the time it needs (GUNICORN_TIMEOUT
  bounds requests, not the boot);
* a build that fails is logged and tried again in the worker, after 1, 2, 4 … 30 s;
* only a schema that could not be brought to head ends the worker with gunicorn's "failed to
  boot" code, which stops the service (the migrating process said why).

``BAOHUANG_TEST_SLOW_BUILD`` (seconds: the loop held that long, as a starved host would) and
``BAOHUANG_TEST_FAILED_BUILDS`` (how many builds fail first) are hooks for the tests, off by
default.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import schema_gate

# The process exits with this when the app cannot be built; gunicorn then stops (WORKER_BOOT_ERROR).
BOOT_ERROR = 3
LIVE = b'{"status":"ok"}\n'
STARTING = b'{"status":"starting"}\n'


def _import_the_app() -> None:
    """Everything the app imports, without making it (no thread, socket or lock is made here)."""
    import service.api.observability  # imported for its cost, not used here
    import service.app  # noqa: F401


def _make_the_app() -> Callable[..., Iterable[bytes]]:
    _import_the_app()
    schema_gate.wait()
    from .api.observability import configure_logging
    from .app import create_app

    _test_hooks()
    configure_logging()
    return create_app()


_failed_builds = 0


def _test_hooks() -> None:
    """A build held up or failing, for the tests (off unless the variables are set)."""
    global _failed_builds
    slow = float(os.environ.get("BAOHUANG_TEST_SLOW_BUILD") or 0)
    if slow:
        from gevent import monkey

        monkey.get_original("time", "sleep")(slow)  # the whole loop held, as on a starved host
    if _failed_builds < int(os.environ.get("BAOHUANG_TEST_FAILED_BUILDS") or 0):
        _failed_builds += 1
        raise RuntimeError(f"a failed build, for the tests ({_failed_builds})")


def _build_until_built() -> Callable[..., Iterable[bytes]]:
    """The app, built; a failed build logged and tried again after 1, 2, 4 … 30 s. A schema not
    brought to head stops the worker with gunicorn's "failed to boot" code (and so the service)."""
    delay = 1.0
    for attempt in itertools.count(1):
        try:
            return _make_the_app()
        except schema_gate.SchemaNotReady as exc:  # said in one line by the migrating process
            print(f"baohuang: {exc}; this worker stops", file=sys.stderr, flush=True)
            os._exit(BOOT_ERROR)
        except Exception:
            traceback.print_exc()
            print(
                f"baohuang: the app could not be built (attempt {attempt}); trying again in {delay:g} s",
                file=sys.stderr,
                flush=True,
            )
            time.sleep(delay)  # under gevent, the loop goes on meanwhile
            delay = min(30.0, delay * 2)
    raise AssertionError("unreachable")


@contextlib.contextmanager
def _beating(notify: Callable[[], object] | None) -> Iterator[None]:
    """Call ``notify`` every second from a thread of the system's own (not a greenlet: the build
    may hold the worker's loop) until the block ends."""
    if notify is None:
        yield
        return
    from gevent import monkey

    sleep = monkey.get_original("time", "sleep")
    done: list[bool] = []

    def beat() -> None:
        while not done:
            with contextlib.suppress(Exception):
                notify()
            sleep(1.0)

    monkey.get_original("_thread", "start_new_thread")(beat, ())
    try:
        yield
    finally:
        done.append(True)


class WorkerApp:
    """The WSGI callable gunicorn serves: ``/livez`` at once, the rest by the app once built."""

    def __init__(self) -> None:
        self._app: Callable[..., Iterable[bytes]] | None = None
        self._lock = threading.Lock()

    @property
    def built(self) -> bool:
        return self._app is not None

    def build(self, notify: Callable[[], object] | None = None) -> Callable[..., Iterable[bytes]]:
        """Make the app (once; later calls return it), the schema at head first where ``serve``
        migrates it beside the start (service/schema_gate.py); ``notify`` (the worker's heartbeat)
        is called from a thread of its own while the build runs."""
        with self._lock:
            if self._app is None:
                with _beating(notify):
                    self._app = _build_until_built()
                # Everything made so far lives as long as the process: out of the garbage
                # collector's sight, so that collections set off by request garbage do not walk it.
                gc.freeze()
        return self._app

    def build_in_background(
        self, notify: Callable[[], object] | None = None, then: Callable[[], object] | None = None
    ) -> None:
        """Under a gevent worker: import in a thread of gevent's pool, so the worker's loop goes on
        answering ``/livez``; then make the app in the loop (a short step, ~0.3 s); ``then`` runs
        two seconds after the app is built (never beside its imports)."""
        import gevent

        imported = gevent.get_hub().threadpool.spawn(_import_the_app)

        def finish() -> None:
            with contextlib.suppress(Exception):  # the build below reports it and tries again
                imported.get()
            self.build(notify)
            if then is not None:
                gevent.spawn_later(2.0, then)

        gevent.spawn(finish)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        app = self._app
        if app is None:
            path, method = environ.get("PATH_INFO"), environ.get("REQUEST_METHOD")
            if path in ("/livez", "/readyz") and method in ("GET", "HEAD"):
                live = path == "/livez"
                body = LIVE if live else STARTING
                start_response(
                    "200 OK" if live else "503 Service Unavailable",
                    [
                        ("Content-Type", "application/json"),
                        ("Content-Length", str(len(body))),
                        ("Cache-Control", "no-store"),
                        *([] if live else [("Retry-After", "1")]),
                    ],
                )
                return [body]
            app = self.build()  # waits for a build under way (the lock), or makes it
        return app(environ, start_response)


app = WorkerApp()
