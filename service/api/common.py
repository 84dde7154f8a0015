"""Small pieces the blueprints share: the database session, pagination, error mapping."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from enum import Enum
from typing import Any, NoReturn, TypeVar
from urllib.parse import urlencode

import flask_smorest
from flask import current_app, g, request
from flask_smorest import abort
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import abort as werkzeug_abort

from ..problems import missing_scope, refusal_document
from ..tournament import UnitOfWork
from ..tournament.errors import Conflict, Forbidden, MissingScope, NotFound, Rejected, Unauthenticated
from ..tournament.pins import WRONG_PIN
from ..tournament.scopes import Scope
from ..tournament.unit_of_work import Database, KeyRef
from .responses import problem_response
from .strict import QueryInteger, StrictParser


def needs(scope: Scope) -> list[dict[str, list[str]]]:
    """An operation's documented security: an organizer's key with ``scope`` (OpenAPI 3.1 lists
    a scheme's required roles; openapi.yaml shows the scope per operation). auth.py enforces it."""
    return [{"bearerAuth": [scope.value]}]


# Reads that take a key if one comes (a private tournament's data): the key needs ``read``.
READ_IF_KEYED: list[dict[str, list[str]]] = [{}, {"bearerAuth": [Scope.READ.value]}]


def fail(status: int, **kwargs: Any) -> NoReturn:
    """flask-smorest's abort (a problem document for ``status``), typed as never returning."""
    abort(status, **kwargs)
    raise AssertionError("abort returned")


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    """flask-smorest's Blueprint, reading bodies and queries strictly (see .strict)."""

    ARGUMENTS_PARSER = StrictParser()


F = TypeVar("F", bound=Callable[..., Any])


def documented(**doc: Any) -> Callable[[F], F]:
    """What ``Blueprint.doc`` records for the API description, without the wrapper it puts around
    the view (a proxy lookup and a call on every request). For the busiest routes; the committed
    openapi.yaml, checked in CI, shows the description is the same."""

    def decorator(func: F) -> F:
        apidoc = getattr(func, "_apidoc", {})
        func._apidoc = {**apidoc, "manual_doc": {**apidoc.get("manual_doc", {}), **doc}}  # type: ignore[attr-defined]
        return func

    return decorator


# The refusals an operation documents, by status: the problem responses openapi.yaml names.
_REFUSALS = {
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    409: "CONFLICT",
    422: "UNPROCESSABLE_ENTITY",
    503: "SERVICE_UNAVAILABLE",
}


def refusals(blp: flask_smorest.Blueprint, *statuses: int) -> Callable[[F], F]:
    """The problem responses an operation documents (401, 403, 404, 409, 422, 503), in one line
    instead of one ``alt_response`` each."""

    def decorator(func: F) -> F:
        for status in reversed(statuses):
            func = blp.alt_response(status, response=_REFUSALS[status])(func)
        return func

    return decorator


def database() -> Database:
    db: Database = current_app.extensions["baohuang_db"]
    return db


@contextmanager
def unit_of_work(*, single_statement: bool = False) -> Iterator[UnitOfWork]:
    """A unit of work for the use case a view calls; its errors become problem documents."""
    try:
        with UnitOfWork(database(), single_statement=single_statement) as uow:
            yield uow
    except NotFound as exc:
        fail(404, message=str(exc))
    except Forbidden as exc:
        fail(403, message=str(exc))
    except Conflict as exc:
        fail(409, message=str(exc), extra=jsonable(exc.extra))
    except Unauthenticated:
        refuse_key()  # 401, and the failed key counted against the address
    except MissingScope as exc:
        refuse_scope(exc.scope)
    except Rejected as exc:
        if any(p.code == WRONG_PIN for p in exc.problems):
            count_failed_guess()  # a player's PIN guessed counts as a wrong key: guessing costs time
        abort_with(refusal_document(exc))


def jsonable(value: Any) -> Any:
    """A refusal's facts as JSON: values of the use cases (dataclasses) as objects of their fields,
    moments in ISO 8601, the club's words (enums) as their values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


CHALLENGE = {"WWW-Authenticate": 'Bearer realm="baohuang"'}


def count_failed_guess() -> None:
    """One more wrong key, table token or player's PIN from this address (api/limits.py)."""
    failed = current_app.extensions.get("baohuang_failed_key")
    if failed is not None:
        failed()


def refuse_key() -> NoReturn:
    """401 for an unknown or revoked key, counted against the client's address (api/limits.py)."""
    count_failed_guess()
    fail(401, message="the API key is unknown or revoked", headers=CHALLENGE)


def refuse_scope(scope: str) -> NoReturn:
    """403 for a good key without the scope the operation needs, naming it."""
    abort_with(missing_scope(scope))


def abort_with(doc: dict[str, Any]) -> NoReturn:
    """Answer this problem document now (its status is in it)."""
    werkzeug_abort(problem_response(doc))
    raise AssertionError("abort returned")


def acting_key() -> KeyRef:
    """The key this request carries (authenticated before the view: see auth)."""
    key = g.get("key")
    assert key is not None, "an operation documented with bearerAuth is authenticated before its view"
    return key  # type: ignore[no-any-return]


def acting_organizer() -> int:
    """The organizer whose key this request carries (authenticated before the view: see auth)."""
    return acting_key().organizer_id


class PageQuery(Schema):
    limit = QueryInteger(load_default=50, validate=validate.Range(min=1, max=500))
    offset = QueryInteger(load_default=0, validate=validate.Range(min=0, max=1_000_000_000))


def page(items: list[Any], total: int, limit: int, offset: int) -> dict[str, Any]:
    nxt = None
    if offset + limit < total:
        args = request.args.to_dict()
        args.update(limit=str(limit), offset=str(offset + limit))
        nxt = request.path + "?" + urlencode(args)
    return {"items": items, "total": total, "limit": limit, "offset": offset, "next": nxt}


def page_schema(item: type[Schema], name: str) -> type[Schema]:
    return Schema.from_dict(
        {
            "items": fields.List(fields.Nested(item), required=True),
            "total": fields.Integer(required=True),
            "limit": fields.Integer(required=True),
            "offset": fields.Integer(required=True),
            "next": fields.String(allow_none=True, required=True, metadata={"description": "the next page, if any"}),
        },
        name=name,
    )
