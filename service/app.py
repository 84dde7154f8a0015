"""The service's Flask application: its settings and database, then the JSON API (service/api) and
the pages (service/web) beside each other. This is the one place that knows both."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from inspect import iscoroutinefunction
from typing import Any

from flask import Flask, request
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import OperationalError

from . import __version__, api, web
from .cpu_deadline import cpu_deadline
from .links import valid_embed_ancestors, valid_public_url
from .persistence.db import Database, may_run_again, writes_so_far

__all__ = ["create_app", "openapi_yaml"]


# The blueprints whose views are the referee's work alone (no database): under a CPU deadline.
REFEREE_BLUEPRINTS = frozenset({"adjudications", "positions", "scores"})


class RefereeFlask(Flask):
    """Flask, remembering which views and hooks are coroutines.

    Flask asks that of every hook and view on every request (``ensure_sync``), and the answer
    never changes for a function: here it is worked out once per function."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._is_sync: dict[Any, bool] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        key = getattr(func, "__func__", func)  # a bound method: its function (bounded cache)
        sync = self._is_sync.get(key)
        if sync is None:
            sync = self._is_sync[key] = not iscoroutinefunction(func)
        return func if sync else super().ensure_sync(func)

    # How often a request the database ended to break a deadlock (or a serialization failure) is
    # run again, whole, before the client sees a 503. One lock order (UnitOfWork.lock_tournaments)
    # leaves none to break in the service's own writes; this covers what no order can (a
    # database's own maintenance, an operator's statement holding locks).
    RUN_AGAIN = 3

    def dispatch_request(self) -> ResponseReturnValue:
        """The view, run again if the database ended its transaction to break a deadlock and the
        request had committed nothing yet (so running it again is as if it ran once). Its body
        is kept for that (streamed bodies, the NDJSON stream and import, cannot be read twice:
        each of their lines is its own transaction and answers for itself)."""
        streamed = request.mimetype == "application/x-ndjson"
        if request.method in ("POST", "PUT", "PATCH", "DELETE") and not streamed:
            request.get_data(cache=True)
        if request.blueprint in REFEREE_BLUEPRINTS and not streamed:
            # The referee's own work: the body is read, nothing waits on the database, so nothing
            # yields to another request while it runs: a CPU deadline can bound it (503 past it).
            with cpu_deadline(self.config["REQUEST_CPU_SECONDS"]):
                return super().dispatch_request()
        for attempt in range(self.RUN_AGAIN + 1):
            mark = writes_so_far()
            try:
                return super().dispatch_request()
            except OperationalError as exc:
                if attempt == self.RUN_AGAIN or not may_run_again(exc) or writes_so_far() != mark:
                    raise
                self.logger.warning("run again: the database ended the transaction (%s)", exc.orig.__class__.__name__)
                time.sleep(random.uniform(0.005, 0.02) * 2**attempt)
        raise AssertionError("unreachable")


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The application. ``config`` may set DATABASE_URL (else the environment's, else SQLite)
    and AUTO_UPGRADE (default true: bring the schema to the latest migration on start)."""
    app = RefereeFlask("baohuang")
    app.config.update(
        API_TITLE="Baohuang referee",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        AUTO_UPGRADE=os.environ.get("BAOHUANG_AUTO_UPGRADE", "1") != "0",
        # Whether anyone may register an organizer (POST /v1/organizers). Off by default: the
        # operator creates organizers with `baohuang organizers create NAME`.
        OPEN_SIGNUP=os.environ.get("BAOHUANG_OPEN_SIGNUP", "0") == "1",
        MAX_CONTENT_LENGTH=int(os.environ.get("BAOHUANG_MAX_BODY_BYTES", 1024 * 1024)),
        MAX_BATCH_BYTES=int(os.environ.get("BAOHUANG_MAX_BATCH_BYTES", 32 * 1024 * 1024)),
        MAX_STREAM_BYTES=int(os.environ.get("BAOHUANG_MAX_STREAM_BYTES", 1024 * 1024 * 1024)),
        REQUEST_CPU_SECONDS=float(os.environ.get("BAOHUANG_REQUEST_CPU_SECONDS", "2")),  # cpu_deadline.py
        RATE_LIMIT_PER_MINUTE=int(os.environ.get("BAOHUANG_RATE_LIMIT_PER_MINUTE", 1200)),
        # The address the club's phones reach the service by, for printed and sent table links.
        PUBLIC_URL=valid_public_url(os.environ.get("BAOHUANG_PUBLIC_URL", "")),
        EMBED_ANCESTORS=valid_embed_ancestors(os.environ.get("BAOHUANG_EMBED_ANCESTORS", "")),
        API_SPEC_OPTIONS={
            "info": {
                "description": "Referee for 保皇 (Baohuang), the five-player Shandong card game: adjudicates recorded "
                "games call by call and play by play, works out the finishing order and scores each seat, and "
                "keeps club tournaments. Errors are RFC 9457 problem documents (application/problem+json) "
                "whose `errors` list every problem with a JSON pointer.",
                "license": {"name": "MIT", "identifier": "MIT"},
            },
            "components": {
                "securitySchemes": {
                    "bearerAuth": {"type": "http", "scheme": "bearer", "description": "an organizer's API key"},
                    "tableToken": {
                        "type": "apiKey",
                        "in": "header",
                        "name": "X-Table-Token",
                        "description": "a table's token for one round (from POST …/rounds/{number}/table-links): it "
                        "reads and writes only that table of that round",
                    },
                }
            },
        },
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    if config:
        app.config.update(config)
    db = Database(app.config.get("DATABASE_URL"))
    app.extensions["baohuang_db"] = db
    if app.config["AUTO_UPGRADE"]:
        try:
            db.upgrade()
        except OperationalError:
            # The database is not reachable yet: serve what needs no database, answer 503
            # for the rest, and upgrade when it is back (see _ensure_schema).
            app.extensions["baohuang_schema_pending"] = True
    api.install(app)
    web.install(app)  # the pages beside the API (service/web)
    return app


openapi_yaml = api.openapi_yaml
