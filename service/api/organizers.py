"""Organizers and their API keys."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import abort

from ..persistence import repository as repo
from ..persistence.models import ApiKey
from .auth import require_key
from .common import SECURITY, Blueprint, session
from .schemas import (
    KeyCreateSchema,
    KeyListSchema,
    KeySchema,
    NewKeySchema,
    OrganizerCreatedSchema,
    OrganizerCreateSchema,
)

blp = Blueprint(
    "organizers",
    __name__,
    url_prefix="/v1/organizers",
    description="Organizers run tournaments; every write needs one of their API keys.",
)


def key_json(key: ApiKey, secret: str | None = None) -> dict[str, Any]:
    out = {
        "id": key.id,
        "prefix": key.prefix,
        "label": key.label,
        "created_at": key.created_at,
        "revoked_at": key.revoked_at,
    }
    if secret is not None:
        out["secret"] = secret
    return out


@blp.route("")
class Organizers(MethodView):
    @blp.arguments(OrganizerCreateSchema)
    @blp.response(201, OrganizerCreatedSchema)
    @blp.alt_response(403, response="FORBIDDEN")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Register an organizer

        Answers with the organizer and its first API key. The key's `secret` is shown this once
        and stored only as a hash: keep it. Only where the server allows open sign-up
        (`BAOHUANG_OPEN_SIGNUP=1`); elsewhere 403, and the operator creates organizers with
        `baohuang organizers create NAME`.
        """
        if not current_app.config["OPEN_SIGNUP"]:
            abort(
                403,
                message="sign-up is closed on this server: its operator creates organizers "
                "(baohuang organizers create NAME)",
            )
        with session() as s:
            org, key, secret = repo.create_organizer(s, body["name"])
            s.commit()
            return {
                "organizer": {"id": org.id, "name": org.name, "created_at": org.created_at},
                "key": key_json(key, secret),
            }


def _own(organizer_id: int, key: ApiKey | repo.KeyRef) -> None:
    if key.organizer_id != organizer_id:
        abort(403, message="an API key acts only for its own organizer")


@blp.route("/<id:organizer_id>/keys")
class Keys(MethodView):
    @blp.response(200, KeyListSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    def get(self, organizer_id: int) -> dict[str, Any]:
        """List the organizer's keys (never their secrets)"""
        with session() as s:
            _own(organizer_id, require_key(s))
            return {"keys": [key_json(k) for k in repo.list_keys(s, organizer_id)]}

    @blp.arguments(KeyCreateSchema)
    @blp.response(201, NewKeySchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    def post(self, body: dict[str, Any], organizer_id: int) -> dict[str, Any]:
        """Issue another key (its secret is shown once)"""
        with session() as s:
            _own(organizer_id, require_key(s))
            key, secret = repo.new_key(s, organizer_id, body.get("label"))
            s.commit()
            return key_json(key, secret)


@blp.route("/<id:organizer_id>/keys/<id:key_id>")
class KeyById(MethodView):
    @blp.response(200, KeySchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def delete(self, organizer_id: int, key_id: int) -> dict[str, Any]:
        """Revoke a key (it stays listed, with revoked_at)

        An organizer's last usable key is not revoked (409): issue another first.
        """
        with session() as s:
            _own(organizer_id, require_key(s))
            key = repo.revoke_key(s, organizer_id, key_id)
            s.commit()
            return key_json(key)
