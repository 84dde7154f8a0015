"""Problem responses and marshmallow messages as problems."""

from __future__ import annotations

from typing import Any

from flask import Response, json

from ..core.errors import Problem
from ..problems import PROBLEM_CONTENT_TYPE


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
            # marshmallow's "_schema" is the object itself, not a field
            out.extend(flatten_messages(value, path if key == "_schema" else [*path, str(key)]))
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
