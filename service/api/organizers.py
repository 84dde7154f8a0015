"""Organizers and their API keys."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView

from ..tournament import clubs, keys
from ..tournament.scopes import Scope
from .common import Blueprint, acting_key, acting_organizer, fail, needs, refusals, unit_of_work
from .tournament_schemas import (
    KeyCreateSchema,
    KeyListSchema,
    KeySchema,
    NewKeySchema,
    OrganizerCreatedSchema,
    OrganizerCreateSchema,
    OrganizerPatchSchema,
    OrganizerSchema,
)

blp = Blueprint(
    "organizers",
    __name__,
    url_prefix="/v1/organizers",
    description="Organizers run tournaments; every write needs one of their API keys.",
)


@blp.route("")
class Organizers(MethodView):
    @blp.arguments(OrganizerCreateSchema)
    @blp.response(201, OrganizerCreatedSchema)
    @refusals(blp, 403)
    def post(self, body: dict[str, Any]) -> clubs.Registered:
        """Register an organizer

        Answers with the organizer and its first API key. The key's `secret` is shown this once
        and stored only as a hash: keep it. Only where the server allows open sign-up
        (`BAOHUANG_OPEN_SIGNUP=1`); elsewhere 403, and the operator creates organizers with
        `baohuang organizers create NAME`.
        """
        if not current_app.config["OPEN_SIGNUP"]:
            fail(
                403,
                message="sign-up is closed on this server: its operator creates organizers "
                "(baohuang organizers create NAME)",
            )
        with unit_of_work() as uow:
            return clubs.register_organizer(uow, body["name"], body["time_zone"])


@blp.route("/<id:organizer_id>")
class OrganizerById(MethodView):
    @blp.response(200, OrganizerSchema)
    @refusals(blp, 404)
    def get(self, organizer_id: int) -> clubs.OrganizerInfo:
        """An organizer: its name and its club's time zone"""
        with unit_of_work() as uow:
            return clubs.get_organizer(uow, organizer_id)

    @blp.arguments(OrganizerPatchSchema)
    @blp.response(200, OrganizerSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404)
    def patch(self, body: dict[str, Any], organizer_id: int) -> clubs.OrganizerInfo:
        """Rename the club, or set its time zone

        The time zone (IANA, e.g. Asia/Shanghai) is the club's own time: a `played_at` written
        without a zone is read in it, and the pages, round sheets and exports show times in it —
        in every tournament that has no time zone of its own.
        """
        with unit_of_work() as uow:
            return clubs.change_organizer(
                uow, acting_organizer(), organizer_id, body.get("name"), body.get("time_zone")
            )


@blp.route("/<id:organizer_id>/keys")
class Keys(MethodView):
    @blp.response(200, KeyListSchema)
    @blp.doc(security=needs(Scope.KEYS))
    @refusals(blp, 401, 403)
    def get(self, organizer_id: int) -> dict[str, Any]:
        """List the organizer's keys (never their secrets)"""
        with unit_of_work() as uow:
            return {"keys": keys.list_keys(uow, acting_organizer(), organizer_id)}

    @blp.arguments(KeyCreateSchema)
    @blp.response(201, NewKeySchema)
    @blp.doc(security=needs(Scope.KEYS))
    @refusals(blp, 401, 403)
    def post(self, body: dict[str, Any], organizer_id: int) -> clubs.ApiKeyInfo:
        """Issue another key with its name and scopes (its secret is shown once)

        A key does only what its scopes allow: `read`, `enter`, `manage`, `keys` (docs/api.md,
        "Keys and scopes"); every scope by default, and at most those of the key that asks (403
        `missing_scope` otherwise), so that no key makes a stronger one.
        """
        with unit_of_work() as uow:
            return keys.issue_key(
                uow,
                acting_organizer(),
                organizer_id,
                body.get("label"),
                [Scope(s) for s in body["scopes"]],
                issuer=acting_key(),
            )


@blp.route("/<id:organizer_id>/keys/<id:key_id>")
class KeyById(MethodView):
    @blp.response(200, KeySchema)
    @blp.doc(security=needs(Scope.KEYS))
    @refusals(blp, 401, 403, 404, 409)
    def delete(self, organizer_id: int, key_id: int) -> clubs.ApiKeyInfo:
        """Revoke a key (it stays listed, with revoked_at)

        An organizer's last usable key is not revoked (409): issue another first.
        """
        with unit_of_work() as uow:
            return keys.revoke_key(uow, acting_organizer(), organizer_id, key_id)
