"""gunicorn settings. Every one can be changed by an environment variable; the top-level
gunicorn.conf.py loads this file, and so do ``baohuang serve`` and the container."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import shutil
import tempfile
from typing import Any

bind = os.environ.get("BIND") or f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
# One worker a core and one more: a request spends little time waiting for the database, so more
# workers only take turns on the same cores. Measured on 2 cores with PostgreSQL beside the
# service: 3 workers took 620-640 game submissions/s, 4 took ~500/s, 6 took ~420/s (docs/benchmarks.md).
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() + 1)
# gevent workers (service.gunicorn_worker.Worker): a slow client holds a greenlet, not a worker,
# and its request head has a deadline (BAOHUANG_HEAD_TIMEOUT, BAOHUANG_BODY_TIMEOUT). "sync" is
# service.gunicorn_worker.Sync (slow clients can hold it; only behind a buffering proxy).
worker_class = {
    "gevent": "service.gunicorn_worker.Worker",
    "sync": "service.gunicorn_worker.Sync",
}.get(os.environ.get("GUNICORN_WORKER_CLASS", "gevent"), os.environ.get("GUNICORN_WORKER_CLASS", "gevent"))
# Connections one gevent worker serves at once (slow ones included).
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "1000"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))  # a request running longer is killed
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))  # SIGTERM: finish what is running
keepalive = max(1, int(os.environ.get("GUNICORN_KEEPALIVE", "5")))  # gevent: also bounds a kept-alive head
# Recycle a worker now and then (a guard against slow leaks), but not often: a new worker imports
# and builds the app again (docs/benchmarks.md has what that costs at full load).
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "100000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "10000"))
limit_request_line = 8190
limit_request_fields = 100
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
# The service writes its own access log: one JSON object per request on stdout, with the request
# id, route, status, duration and organizer. GUNICORN_ACCESS_LOG=1 adds gunicorn's plain one.
accesslog = "-" if os.environ.get("GUNICORN_ACCESS_LOG") == "1" else None
errorlog = "-"
# gunicorn's control socket (for gunicornc) defaults to one path for every master a user runs
# ($XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl): two services on one host would
# share it, and one's commands would reach the other. Off, unless BAOHUANG_CONTROL_SOCKET names
# this instance's own path.
control_socket_disable = not os.environ.get("BAOHUANG_CONTROL_SOCKET")
if os.environ.get("BAOHUANG_CONTROL_SOCKET"):
    control_socket = os.environ["BAOHUANG_CONTROL_SOCKET"]
# Workers must not all migrate the schema at once: the master does it (baohuang serve, the
# container's entrypoint) and tells the workers not to.
raw_env = ["BAOHUANG_AUTO_UPGRADE=0"]


def on_starting(server: Any) -> None:
    """In the master, before any worker starts: a clean folder where every worker keeps its
    Prometheus metrics, so /metrics adds them up."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or tempfile.mkdtemp(prefix="baohuang-metrics-")
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
    if os.environ.get("BAOHUANG_BACKGROUND", "1") != "0" and not os.environ.get("BAOHUANG_HEARTBEAT_FILE"):
        # Where the background work beats its heartbeat, for the workers' /readyz to read.
        os.environ["BAOHUANG_HEARTBEAT_FILE"] = os.path.join(tempfile.mkdtemp(prefix="baohuang-beat-"), "background")


def post_worker_init(worker: Any) -> None:
    """The worker answers /livez at once and builds the app beside it (service/wsgi.py); what
    only some pages need (pypinyin's dictionary, to list names; pygal, to draw charts) loads a
    moment after the app, between requests."""
    from service.wsgi import WorkerApp

    def warm() -> None:
        from service.names import reading
        from service.web.charts import _style

        reading("张伟")
        _style()

    app = getattr(worker, "wsgi", None)
    if isinstance(app, WorkerApp):
        from gunicorn.workers.ggevent import GeventWorker

        if isinstance(worker, GeventWorker):
            app.build_in_background(worker.notify, then=warm)  # warmed once built: never beside the imports
        else:
            app.build(worker.notify)  # a sync worker answers nothing meanwhile: build now


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


# The background work (webhooks' deliveries, large ratings updates) runs beside the web workers in
# a process of its own, started by the master once it is ready, started again whenever it exits
# (service/background_watch.py) and stopped with it. Where another process does it (a deliverer of
# its own, as compose.yaml runs one), BAOHUANG_BACKGROUND=0.
_background: Any = None


def when_ready(server: Any) -> None:
    global _background
    if os.environ.get("BAOHUANG_BACKGROUND", "1") == "0":
        return
    from service.background_watch import Keeper, background_command

    _background = Keeper(background_command(), server.log)
    _background.start()


def on_exit(server: Any) -> None:
    gate = os.environ.get("BAOHUANG_SCHEMA_GATE")  # serve's schema outcome (service/schema_gate.py)
    if gate:
        for path in (gate, gate + ".tmp"):
            with contextlib.suppress(OSError):
                os.unlink(path)
    if _background is not None:
        _background.stop()
