"""Health and metrics: /livez, /readyz, /metrics (no key, no rate limit)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields

from ..background_watch import heartbeat_age, stale_after
from .common import Blueprint, database, refusals
from .observability import metrics_response

blp = Blueprint("ops", __name__, url_prefix="", description="Health checks and metrics for operators.")


class HealthSchema(Schema):
    status = fields.String(required=True)
    database = fields.String()
    schema = fields.String()
    background = fields.String(
        metadata={"description": "ok: the background work beats its heartbeat; off: not run by this instance"}
    )


@blp.route("/livez")
class Livez(MethodView):
    @blp.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """The process is up (the database is not asked)"""
        return {"status": "ok"}


@blp.route("/readyz")
class Readyz(MethodView):
    @blp.response(200, HealthSchema)
    @refusals(blp, 503)
    def get(self) -> dict[str, Any]:
        """Ready to serve: the database answers and its schema is at the latest migration"""
        db = database()
        try:
            db.ping()
            at_head = db.at_head()
        except Exception:
            abort(503, message="the database is not reachable", headers={"Retry-After": "2"})
        if not at_head:
            abort(503, message="the database schema is not at the latest migration", headers={"Retry-After": "5"})
        age = heartbeat_age()
        if age is not None and age > stale_after():
            late = "never" if age == float("inf") else f"{age:.0f} s ago"
            abort(
                503,
                message=f"the background work (webhooks, ratings) last beat its heartbeat {late}",
                headers={"Retry-After": "5"},
            )
        background = "off" if age is None else "ok"
        return {"status": "ok", "database": db.engine.dialect.name, "schema": "head", "background": background}


@blp.route("/metrics")
class Metrics(MethodView):
    @blp.response(200, description="Prometheus text format", content_type="text/plain")
    def get(self) -> Response:
        """Prometheus metrics: requests, latency, adjudications by verdict, games stored"""
        return metrics_response()
