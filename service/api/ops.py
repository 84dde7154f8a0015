"""Health and metrics: /livez, /readyz, /metrics (no key, no rate limit)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields

from .common import Blueprint, database, refusals
from .observability import metrics_response

blp = Blueprint("ops", __name__, url_prefix="", description="Health checks and metrics for operators.")


class HealthSchema(Schema):
    status = fields.String(required=True)
    database = fields.String()
    schema = fields.String()


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
        return {"status": "ok", "database": db.engine.dialect.name, "schema": "head"}


@blp.route("/metrics")
class Metrics(MethodView):
    @blp.response(200, description="Prometheus text format", content_type="text/plain")
    def get(self) -> Response:
        """Prometheus metrics: requests, latency, adjudications by verdict, games stored"""
        return metrics_response()
