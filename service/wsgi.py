"""WSGI entry point for gunicorn: ``gunicorn service.wsgi:app``.

A worker answers ``/livez`` from its first moment and builds the app beside it: importing Flask,
SQLAlchemy, the schemas and the views and registering them takes about a second, and a
supervisor that asks whether the process lives should not wait for that. Every other request —
``/readyz`` included — waits until the app is built and is then served by it, so a worker is
*ready* only once it can answer everything; after the build ``/livez`` is the app's own too.

Under gunicorn, ``service.gunicorn_conf.post_worker_init`` starts the build as soon as the
worker runs: the imports in a thread of gevent's pool (the worker keeps answering meanwhile),
the app itself then made in the worker's own loop. Served any other way, the first request
builds it. A build that fails ends the worker with gunicorn's "failed to boot" code, which
stops the service as a failing import did.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any

from . import schema_gate

# The process exits with this when the app cannot be built; gunicorn then stops (WORKER_BOOT_ERROR).
BOOT_ERROR = 3
LIVE = b'{"status":"ok"}\n'


def _import_the_app() -> None:
    """Everything the app imports, without making it (no thread, socket or lock is made here)."""
    import service.api.observability  # imported for its cost, not used here
    import service.app  # noqa: F401


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
        migrates it beside the start (service/schema_gate.py)."""
        with self._lock:
            if self._app is None:
                try:
                    _import_the_app()
                    schema_gate.wait(notify)
                    from .api.observability import configure_logging
                    from .app import create_app

                    configure_logging()
                    self._app = create_app()
                except schema_gate.SchemaNotReady as exc:  # said in one line by the migrating process
                    print(f"baohuang: {exc}; this worker stops", file=sys.stderr, flush=True)
                    os._exit(BOOT_ERROR)
                except BaseException:
                    import traceback

                    traceback.print_exc()
                    print("baohuang: the app could not be built; this worker stops", file=sys.stderr, flush=True)
                    os._exit(BOOT_ERROR)
                # Everything made so far lives as long as the process: out of the garbage
                # collector's sight, so that collections set off by request garbage do not walk it.
                gc.freeze()
        return self._app

    def build_in_background(self) -> None:
        """Under a gevent worker: import in a thread of gevent's pool, so the worker's loop goes on
        answering ``/livez``; then make the app in the loop (a short step, ~0.3 s)."""
        import gevent

        imported = gevent.get_hub().threadpool.spawn(_import_the_app)

        def finish() -> None:
            with contextlib.suppress(BaseException):  # the build below reports it and stops the worker
                imported.get()
            self.build()

        gevent.spawn(finish)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        app = self._app
        if app is None:
            if environ.get("PATH_INFO") == "/livez" and environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
                start_response(
                    "200 OK",
                    [
                        ("Content-Type", "application/json"),
                        ("Content-Length", str(len(LIVE))),
                        ("Cache-Control", "no-store"),
                    ],
                )
                return [LIVE]
            app = self.build()  # waits for a build under way (the lock), or makes it
        return app(environ, start_response)


app = WorkerApp()
