"""The JSON API: flask-smorest on the service's Flask application (service/app.py makes it),
answering every error as an RFC 9457 problem document."""

from __future__ import annotations

import http
import json
from typing import Any

from flask import Flask, Response, current_app, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as SATimeoutError
from werkzeug.exceptions import HTTPException

from ..core.errors import Problem, RecordError
from ..core.notation import MEDIA_TYPE as NOTATION_TYPE
from ..cpu_deadline import CpuDeadlineExceeded
from ..problems import PROBLEM_CONTENT_TYPE, invalid_record, problem_document, unsupported_media_type
from ..tournament.unit_of_work import may_run_again
from .apidoc import ServiceDocPlugin, component_headers
from .responses import flatten_messages, problem_response
from .schemas import ProblemSchema
from .strict import JSON_TYPES, IdConverter, has_body, id_schema, is_json


def _not_json(exc: object) -> Problem:
    if isinstance(exc, json.JSONDecodeError):
        return Problem("", "invalid_json", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    return Problem(
        "",
        "invalid_json",
        "not JSON: the body is not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else "not JSON",
    )


def _what() -> str:
    """What the body of the current request should have been, for problem titles."""
    endpoint = request.endpoint or ""
    if endpoint.startswith("scores."):
        return "result sheet"
    if endpoint.startswith("adjudications."):
        return "record"
    if endpoint == "positions.Positions":
        return "record"
    if endpoint.startswith("positions."):
        return "move check"
    return "request"


class ProblemApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, answering every error as application/problem+json."""

    ERROR_SCHEMA = ProblemSchema
    DEFAULT_ERROR_RESPONSE_NAME = "DEFAULT_ERROR"

    def _register_responses(self) -> None:
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
                response["headers"] = component_headers(status)
            prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {
            "description": "Default error response",
            "schema": self.ERROR_SCHEMA,
            "headers": component_headers(500),
        }
        prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Response:
        code = error.code or 500
        page = current_app.extensions.get("baohuang_error_page")  # the pages' own, for a browser
        if page is not None and _wants_a_page():
            return page(error)  # type: ignore[no-any-return]
        data = getattr(error, "data", None) or {}
        messages = data.get("messages")
        if code == 400 and messages == {"json": ["Invalid JSON body."]}:  # webargs could not decode the body
            return problem_response(invalid_record([_not_json(getattr(error, "exc", None))], _what()))
        if code == 422 and messages is not None:
            # webargs: {"json": {...}}: the body's location is not part of the pointer; a query
            # parameter keeps "/query" in front of its name.
            if isinstance(messages, dict) and list(messages) == ["json"]:
                messages = messages["json"]
            return problem_response(invalid_record(flatten_messages(messages), _what()))
        phrase = http.HTTPStatus(code).phrase if code in http.HTTPStatus._value2member_map_ else "Error"
        detail = data.get("message") or (error.description if code != 500 else "an internal error; it has been logged")
        slug = phrase.lower().replace(" ", "-").replace("'", "")
        doc = problem_document(code, slug, phrase, detail, **(data.get("extra") or {}))
        return problem_response(doc, data.get("headers"))


def _wants_a_page() -> bool:
    """A browser asking for an address outside the API (a mistyped page) is answered a page."""
    if request.path.startswith(("/v1/", "/docs/", "/openapi")) or request.path in ("/v1", "/docs"):
        return False
    return (
        request.accept_mimetypes.best_match(["application/problem+json", "application/json", "text/html"])
        == "text/html"
    )


def install(app: Flask) -> None:
    """The JSON API on ``app``: its blueprints (flask-smorest, answering errors as problem
    documents), then — in this order — the request's id and clock, the rate limits, the key, and
    the answer's language; the body's type gate; and the errors every operation shares."""
    db = app.extensions["baohuang_db"]
    app.url_map.converters["id"] = IdConverter
    api = ProblemApi(app, spec_kwargs={"extra_plugins": [ServiceDocPlugin()]})
    api.register_converter(IdConverter, id_schema)
    from . import (
        adjudications,
        auth,
        club,
        games,
        hot_route,
        language,
        limits,
        observability,
        ops,
        organizers,
        positions,
        rulesets,
        scores,
        tables,
        tournaments,
        webhooks,
    )

    for bp in (
        adjudications.blp,
        positions.blp,
        scores.blp,
        rulesets.blp,
        organizers.blp,
        tournaments.blp,
        games.blp,
        webhooks.blp,
        tables.blp,
        club.blp,
        ops.blp,
    ):
        api.register_blueprint(bp)
    hot_route.install(app)  # the plain POST /v1/adjudications, outside the hooks below (and inside ProxyFix)
    observability.install(app)  # first: the request's id and clock
    limits.install(app)  # then rate limits, before anything of the request is read
    auth.install(app)  # then the key, before the body
    language.install(app)  # answers in the language asked (Accept-Language)
    _install_body_gate(app)
    app.extensions["baohuang_api"] = api
    _install_error_answers(app)

    @app.before_request
    def _ensure_schema() -> None:
        if app.extensions.get("baohuang_schema_pending") and (request.endpoint or "").split(".")[0] in _DB_BLUEPRINTS:
            db.upgrade()
            app.extensions.pop("baohuang_schema_pending", None)


def _install_body_gate(app: Flask) -> None:
    """A body of a type the operation does not read is 415, before the view."""

    @app.before_request
    def _content_type() -> Response | None:
        if request.method not in _BODY_METHODS or request.blueprint == "web":  # pages read forms
            return None
        reads = BODY_TYPES.get(request.endpoint or "", JSON_TYPES)
        if request.endpoint == STREAM_ENDPOINT:  # games streamed to the referee, read a line at a time
            request.max_content_length = app.config["MAX_STREAM_BYTES"]
        elif reads is NDJSON_TYPES:  # a season of games, one a line: a larger bound
            request.max_content_length = app.config["MAX_BATCH_BYTES"]
        declared = request.environ.get("CONTENT_TYPE", "")
        if "application/json" in reads and (
            declared == "application/json" or declared.startswith("application/json;") or is_json(request.mimetype)
        ):
            return None
        if request.mimetype in reads or not has_body(request):
            return None
        doc = unsupported_media_type(request.headers.get("Content-Type", ""), reads)
        return problem_response(doc, {f"Accept-{request.method.title()}": ", ".join(reads)})


def _install_error_answers(app: Flask) -> None:
    """The errors every operation shares, as problem documents."""

    @app.errorhandler(RecordError)
    def _record_error(exc: RecordError) -> Response:
        return problem_response(invalid_record(exc.problems, _what()))

    @app.errorhandler(TimeoutError)
    def _body_too_slow(exc: TimeoutError) -> Response:
        # Only reading a body that stalls gets here (the worker's socket deadline).
        doc = problem_document(408, "request-timeout", "Request Timeout", "the request body did not arrive in time")
        return problem_response(doc, {"Connection": "close"})

    @app.errorhandler(CpuDeadlineExceeded)
    def _cpu_deadline(exc: CpuDeadlineExceeded) -> Response:
        app.logger.warning("cpu deadline: %s %s stopped after %s s of CPU", request.method, request.path, exc.seconds)
        doc = problem_document(
            503, "cpu-deadline", "Service Unavailable", f"{exc}: it was stopped; a record this costly is not a game"
        )
        return problem_response(doc, {"Retry-After": "5"})

    @app.errorhandler(RecursionError)
    def _too_deep(exc: RecursionError) -> Response:
        # Only a body nested thousands deep gets here (the JSON decoder recurses).
        problem = Problem("", "invalid_json", "not JSON this service accepts: nested too deeply")
        return problem_response(invalid_record([problem], _what()))

    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    @app.errorhandler(SATimeoutError)
    def _database_down(exc: Exception) -> Response:
        if may_run_again(exc):  # ended to break a deadlock, and run again as often as it may be
            app.logger.warning("database busy: %s, after every retry", getattr(exc, "orig", exc).__class__.__name__)
            detail = "the database was busy with other writes; try again shortly"
        else:
            app.logger.warning("database unavailable: %s", exc.__class__.__name__)
            detail = "the database is not reachable; try again shortly"
        doc = problem_document(503, "service-unavailable", "Service Unavailable", detail)
        return problem_response(doc, {"Retry-After": "2"})


_DB_BLUEPRINTS = {"organizers", "tournaments", "games", "webhooks"}
_BODY_METHODS = {"POST", "PUT", "PATCH"}
# What each operation's body may be, where it is not JSON alone: a game in the notation
# (docs/notation.md) beside JSON, or a season's import as NDJSON.
NDJSON_TYPES = ("application/x-ndjson",)
STREAM_ENDPOINT = "adjudications.AdjudicationStream"  # NDJSON too, with its own bound (MAX_STREAM_BYTES)
BODY_TYPES: dict[str, tuple[str, ...]] = {
    STREAM_ENDPOINT: NDJSON_TYPES,
    "adjudications.Adjudications": (*JSON_TYPES, NOTATION_TYPE),
    "positions.Positions": (*JSON_TYPES, NOTATION_TYPE),
    "games.Games": (*JSON_TYPES, NOTATION_TYPE),
    "games.Import": NDJSON_TYPES,
}


def openapi_yaml(app: Flask) -> str:
    api: Api = app.extensions["baohuang_api"]
    with app.app_context():
        return str(api.spec.to_yaml(yaml_dump_kwargs={"allow_unicode": True, "sort_keys": False}))
