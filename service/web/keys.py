"""The organizer's keys, as a page: each with its name, scopes and last use, and a form that
makes a key for an app with only the scopes it needs (its secret shown once). Revoking stays
with the API (and its keys scope): a page is not where a director should lose the key it signed
in with."""

from __future__ import annotations

from typing import Any

from flask import g, render_template, request

from ..tournament import keys
from ..tournament.errors import MissingScope
from ..tournament.scopes import ALL, Scope
from .common import acting, blp, organizer_only, unit_of_work
from .forms import FormError, text
from .i18n import tr


def _page(status: int = 200, **extra: Any) -> tuple[str, int, dict[str, str]]:
    # The API's rule: only a key with the keys scope sees the keys (GET /v1/organizers/{id}/keys).
    may = g.key.allows(Scope.KEYS.value)
    listed = []
    if may:
        with unit_of_work() as uow:
            listed = keys.list_keys(uow, acting(), acting())
    elif status == 200:
        status = 403
    page = render_template(
        "keys.html",
        keys=listed,
        scopes=ALL,
        may_make=may,
        form=extra.pop("form", {}),
        **extra,
    )
    # A page that shows a new key's secret is never kept by a cache.
    return page, status, {"Cache-Control": "no-store"}


@blp.get("/organizer/keys")
@organizer_only
def keys_page() -> Any:
    return _page()


@blp.post("/organizer/keys")
@organizer_only
def make_key() -> Any:
    form = request.form
    if not g.key.allows(Scope.KEYS.value):
        return _page(403, form=form, errors={"scopes": [tr("this key cannot make keys: sign in with one that may")]})
    chosen = [s for s in ALL if form.get(f"scope-{s.value}") == "on"]
    try:
        label = text(form, "label", 200, "the app's name")
        if not chosen:
            raise FormError("scopes", "choose what the key may do")
    except FormError as exc:
        field = exc.field if exc.field in ("label", "scopes") else "label"
        return _page(422, form=form, errors={field: [tr(exc.message)]})
    try:
        with unit_of_work() as uow:
            made = keys.issue_key(uow, acting(), acting(), label, chosen, issuer=g.key)
    except MissingScope as exc:  # no key gives what it has not got
        message = tr("a key gives only scopes it has itself; this one lacks %(scope)s") % {"scope": tr(exc.scope)}
        return _page(403, form=form, errors={"scopes": [message]})
    return _page(201, made=made)
