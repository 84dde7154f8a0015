"""API keys on requests: ``Authorization: Bearer bh_…``.

A request to an operation that openapi.yaml marks with ``bearerAuth`` is authenticated before
anything else of it is read (``authenticate_first``, a before-request hook): an anonymous or
wrongly keyed request is 401 whatever its body holds, and a failed key counts against the
client's address (see ``observability``)."""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request

from ..tournament import clubs, keys
from ..tournament.scopes import Scope
from ..tournament.unit_of_work import KeyRef, UnitOfWork
from .common import CHALLENGE, fail, refuse_key, refuse_scope, unit_of_work

# Operations that authenticate inside the view, in the same query as the rest of what they
# read (game submissions: key, tournament and players in one round trip).
AUTHENTICATED_IN_VIEW = {("games.Games", "POST")}


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def current_key() -> KeyRef:
    """The key of this request (authenticated before the view, or now), or 401."""
    key = g.get("key")
    if key is None:
        token = require_bearer()
        with unit_of_work() as uow:
            key = g.key = accept(clubs.authenticate(uow, token))
            if keys.needs_marking(key):  # in the same transaction: no second round trip
                keys.key_used(uow, key)
    return key  # type: ignore[no-any-return]


def note_use(key: KeyRef) -> None:
    """Record the use of a key authenticated elsewhere (a game submission's own query), at most
    every few minutes a key (keys.LAST_USE_EVERY)."""
    if keys.needs_marking(key):
        with unit_of_work() as uow:
            keys.key_used(uow, key)


def require_scope(key: KeyRef, scope: str) -> None:
    """403 naming ``scope`` when the key lacks it."""
    if not key.allows(scope):
        refuse_scope(scope)


def accept(key: KeyRef | None) -> KeyRef:
    """A key the repository found (None: unknown or revoked), or 401."""
    if key is None:
        refuse_key()
    g.organizer_id = key.organizer_id
    return key


def acted(uow: UnitOfWork) -> None:
    """The organizer a use case found behind the request's key, for the log line (whatever the
    use case answered after: a refusal names its organizer too)."""
    if uow.acting is not None:
        g.organizer_id = uow.acting.organizer_id


def require_bearer() -> str:
    """The bearer token of this request, or 401."""
    token = bearer()
    if token is None:
        fail(401, message="this request needs an API key: Authorization: Bearer <key>", headers=CHALLENGE)
    return token


def viewer() -> int | None:
    """The organizer reading, if a key came with the request (a bad key is still 401, a key
    without ``read`` 403)."""
    if bearer() is None:
        return None
    key = current_key()
    require_scope(key, Scope.READ.value)
    return key.organizer_id


Secured = tuple[str | None, str | None]


def _secured(app: Flask, endpoint: str, method: str, cache: dict[tuple[str, str], Secured]) -> Secured:
    """The scheme the operation is documented as needing (the view's ``security``) — bearerAuth
    (an organizer's key), tableToken (a table's token), or None (none, or a key only if one
    comes: ``[{}, …]``) — and the key's scope it names."""
    if (endpoint, method) not in cache:
        view = app.view_functions.get(endpoint)
        handler = getattr(getattr(view, "view_class", None), method.lower(), None)
        doc: dict[str, Any] = getattr(handler, "_apidoc", {}).get("manual_doc", {})
        security = doc.get("security") or []
        if any(not x for x in security):  # anonymous allowed: checked where the key is read
            cache[(endpoint, method)] = (None, None)
        else:
            schemes = {name: roles for x in security for name, roles in x.items()}
            scheme = next((x for x in ("bearerAuth", "tableToken") if x in schemes), None)
            scope = next(iter(schemes.get("bearerAuth") or []), None)
            cache[(endpoint, method)] = (scheme, scope)
    return cache[(endpoint, method)]


def install(app: Flask) -> None:
    cache: dict[tuple[str, str], Secured] = {}

    @app.before_request
    def authenticate_first() -> None:
        endpoint = request.endpoint
        scheme, scope = (None, None) if endpoint is None else _secured(app, endpoint, request.method, cache)
        if scheme is None:
            return
        if scheme == "tableToken":
            from .tables import check_table_token  # the table's own views; it imports this module

            check_table_token()
            return
        if (endpoint, request.method) in AUTHENTICATED_IN_VIEW:
            require_bearer()  # the key itself, and its scope, are checked in the view's own query
            return
        key = current_key()
        if scope is not None:
            require_scope(key, scope)
