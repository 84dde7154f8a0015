"""API keys on requests: ``Authorization: Bearer bh_…``."""

from __future__ import annotations

from typing import TypeVar

from flask import g, request
from flask_smorest import abort
from sqlalchemy.orm import Session

from ..persistence import repository as repo
from ..persistence.models import ApiKey

CHALLENGE = {"WWW-Authenticate": 'Bearer realm="baohuang"'}


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def require_key(s: Session) -> ApiKey:
    token = require_bearer()
    return accept(repo.authenticate(s, token))


K = TypeVar("K", ApiKey, repo.KeyRef)


def accept(key: K | None) -> K:
    """A key the repository found (None: unknown or revoked), or 401."""
    if key is None:
        abort(401, message="the API key is unknown or revoked", headers=CHALLENGE)
    g.organizer_id = key.organizer_id
    return key


def require_bearer() -> str:
    """The bearer token of this request, or 401."""
    token = bearer()
    if token is None:
        abort(401, message="this request needs an API key: Authorization: Bearer <key>", headers=CHALLENGE)
    return token


def optional_viewer(s: Session) -> int | None:
    """The organizer reading, if a valid key came with the request (a bad key is still 401)."""
    if bearer() is None:
        return None
    return require_key(s).organizer_id
