"""The Flask application: the HTTP face of the referee."""

from __future__ import annotations

import http
from typing import Any

from flask import Flask, Response, json, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from .. import __version__
from ..core.errors import Problem, RecordError
from ..problems import PROBLEM_CONTENT_TYPE, invalid_record, problem_document
from .schemas import ProblemSchema


def problem_response(doc: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    body = json.dumps(doc, ensure_ascii=False)
    resp = Response(body, status=doc["status"], mimetype=PROBLEM_CONTENT_TYPE)
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def _pointer(path: list[str]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def flatten_messages(messages: Any, path: list[str] | None = None) -> list[Problem]:
    """marshmallow's nested error messages as problems with JSON pointers."""
    path = path or []
    out: list[Problem] = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            out.extend(flatten_messages(value, [*path, str(key)]))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        for m in messages:
            code = "unknown_field" if m == "Unknown field." else "invalid_value"
            out.append(Problem(_pointer(path), code, m))
    elif isinstance(messages, list):
        for i, m in enumerate(messages):
            out.extend(flatten_messages(m, [*path, str(i)]))
    else:
        out.append(Problem(_pointer(path), "invalid_value", str(messages)))
    return out


def _what() -> str:
    """What the body of the current request should have been, for problem titles."""
    endpoint = request.endpoint or ""
    return "result sheet" if endpoint.startswith("scores.") else "record"


class ProblemApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, answering every error as application/problem+json."""

    ERROR_SCHEMA = ProblemSchema
    DEFAULT_ERROR_RESPONSE_NAME = "DEFAULT_ERROR"

    def _register_responses(self) -> None:
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Response:
        code = error.code or 500
        data = getattr(error, "data", None) or {}
        messages = data.get("messages")
        if code == 422 and messages is not None:
            # webargs: {"json": {...}}: the location is not part of the pointer.
            if isinstance(messages, dict) and len(messages) == 1 and next(iter(messages)) in ("json", "query"):
                messages = next(iter(messages.values()))
            return problem_response(invalid_record(flatten_messages(messages), _what()))
        phrase = http.HTTPStatus(code).phrase if code in http.HTTPStatus._value2member_map_ else "Error"
        detail = data.get("message") or (error.description if code != 500 else "an internal error; it has been logged")
        slug = phrase.lower().replace(" ", "-").replace("'", "")
        return problem_response(problem_document(code, slug, phrase, detail), data.get("headers"))


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask("baohuang")
    app.config.update(
        API_TITLE="Baohuang referee",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        JSON_SORT_KEYS=False,
        API_SPEC_OPTIONS={
            "info": {
                "description": "Referee for 保皇 (Baohuang), the five-player Shandong card game: adjudicates recorded "
                "games call by call and play by play, works out the finishing order and scores each seat. "
                "Errors are RFC 9457 problem documents (application/problem+json) whose `errors` list every "
                "problem with a JSON pointer.",
                "license": {"name": "MIT", "identifier": "MIT"},
            },
        },
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    if config:
        app.config.update(config)
    api = ProblemApi(app)
    from . import adjudications, rulesets, scores

    for bp in (adjudications.blp, scores.blp, rulesets.blp):
        api.register_blueprint(bp)
    app.extensions["baohuang_api"] = api

    @app.errorhandler(RecordError)
    def _record_error(exc: RecordError) -> Response:
        return problem_response(invalid_record(exc.problems, _what()))

    return app


def openapi_yaml(app: Flask) -> str:
    api: Api = app.extensions["baohuang_api"]
    with app.app_context():
        return str(api.spec.to_yaml(yaml_dump_kwargs={"allow_unicode": True, "sort_keys": False}))
