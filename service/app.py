"""The service's Flask application: its settings and database, then the JSON API (service/api) and
the pages (service/web) beside each other. This is the one place that knows both."""

from __future__ import annotations

import os
from collections.abc import Callable
from inspect import iscoroutinefunction
from typing import Any

from flask import Flask
from sqlalchemy.exc import OperationalError

from . import __version__, api, web
from .links import valid_embed_ancestors, valid_public_url
from .persistence.db import Database

__all__ = ["create_app", "openapi_yaml"]


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
