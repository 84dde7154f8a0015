"""The table's page, made for a phone: the link on the round sheet's QR code opens it. The table's
five players by seat, each deal's state, a form to enter a deal (a result sheet, or a full game
in the notation or JSON), and a pending deal's confirmation by a player of the other side. A
refused form comes back filled, its problems next to their fields, in the page's language; the
form is kept in the browser while it is filled in (a reload or a dropped connection loses
nothing), and its nonce makes a double tap store one deal."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import Any

from flask import abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.errors import RecordError
from ..core.notation import ParsedGame
from ..problems import located_refusal, refusal_document
from ..tournament import tables
from ..tournament.errors import Conflict, NotFound, Rejected
from ..tournament.pins import WRONG_PIN
from ..tournament.table_shown import TablePlayer
from .common import (
    blp,
    count_wrong_key,
    field_errors,
    guessing_wait,
    outcome_view,
    read_text,
    text_errors,
    unit_of_work,
)
from .entry import sheet_of
from .forms import FormError, number
from .i18n import gettext, relative_time, seat_label, tr

NONCE = 64
_NONCE_CHARS = re.compile(r"[A-Za-z0-9_-]+")


def _open(uow: Any, token: str, sent: Mapping[str, str] | None = None) -> tables.OpenedTable:
    """The table a link opens; the page's 404 (unknown), 410 (ended) or 429 (guessing) otherwise.
    A wrong token counts against the address like a wrong key (api/limits.py). A form ``sent``
    to a link that has ended comes back in words on the 410 page: nothing typed is lost."""
    wait = guessing_wait()
    if wait is not None:
        page = render_template(
            "error.html", status=429, message=gettext("Too many wrong links from here; wait a minute and try again.")
        )
        abort(Response(page, 429, {"Retry-After": str(wait)}, mimetype="text/html"))
    try:
        return tables.open_table(uow, token)
    except tables.LinkEnded as exc:
        # in words, with where to go next: the tournament's standings (unless it is private)
        standings = None if exc.standings_of is None else url_for("web.tournament", tournament_id=exc.standings_of)
        typed = None if sent is None else _typed(sent, exc.seated)
        page = render_template("table_ended.html", message=tr(exc.why), typed=typed, standings=standings)
        abort(Response(page, 410, mimetype="text/html"))
    except tables.Unauthenticated:
        count_wrong_key()
        abort(404)


def _asked(box: str, said: Mapping[str, Any]) -> tuple[str, str]:
    """The box a table is asked to tick (``replace`` or ``repeat``), and why, quoting its label."""
    entry = said.get("entry")
    if box == "replace":
        label = gettext("Yes: replace our side's version of this deal with this one")
        who = entry.entered_by.name if entry is not None and entry.entered_by else ""
        why = gettext(
            "Deal %(deal)s is already entered by %(name)s and waits for the other side. To enter this version "
            "instead, tick “%(label)s” below and enter it again."
        ) % {"deal": said.get("deal"), "name": who, "label": label}
        return label, why
    label = gettext("Yes: this deal really ended the same as the previous one")
    when = relative_time(entry.created_at) if entry is not None else ""
    why = gettext(
        "This is the same result as deal %(prev)s, entered %(when)s. If deal %(deal)s really ended the same, "
        "tick “%(label)s” below and enter it again."
    ) % {"prev": said.get("previous_deal"), "when": when, "deal": said.get("deal"), "label": label}
    return label, why


def _seat_names(view: tables.TablePage) -> dict[int, str]:
    return {p.seat: p.name or "" for p in view.players}


# The token is in the page's address: it goes to no other page, not even this site's.
PRIVATE = {"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def table_page(token: str, status: int = 200, **extra: Any) -> tuple[str, int, dict[str, str]]:
    with unit_of_work() as uow:
        at = _open(uow, token)
        view = tables.table_page(uow, at)
    g.zone = view.tournament.time_zone
    names = _seat_names(view)
    views: dict[int, Any] = {}
    confirmers: dict[int, list[TablePlayer]] = {}
    for d in view.deals:
        for e in d.entries:
            views[e.id] = outcome_view(e.outcome, names)
            may = e.confirmers()
            confirmers[e.id] = [p for p in view.players if p.player_id in may]
    form = extra.pop("form", None)
    page = render_template(
        "table_page.html",
        token=token,
        view=view,
        views=views,
        confirmers=confirmers,
        names=names,
        form=form or {},
        errors=extra.pop("errors", {}),
        which=extra.pop("which", None),
        nonce=(form or {}).get("nonce") or secrets.token_urlsafe(18),
        stored=request.args.get("stored") is not None,
        fold_menu=True,  # a phone at the table: the page's own business on the first screen
        **extra,
    )
    return page, status, PRIVATE


@blp.get("/table/<token>")
def table(token: str) -> tuple[str, int, dict[str, str]]:
    return table_page(token)


def _doc(form: Mapping[str, str], deals: int) -> tuple[dict[str, Any], ParsedGame | None]:
    """A deal's result from the table's form: who enters it, which deal (or the next), and a
    result sheet or a full game (with its parsed text, to say where a refusal is)."""
    who = number(form, "entered_by", 1, 2**31 - 1, required=False)
    if who is None:
        raise FormError("entered_by", "tap your own name: who is entering this deal")
    doc: dict[str, Any] = {"entered_by": who}
    if form.get("pin"):
        doc["pin"] = form["pin"][:8]
    deal = number(form, "deal", 1, deals, required=False)
    if deal is not None:
        doc["deal"] = deal
    for flag in ("replace", "repeat"):
        if form.get(flag) == "on":
            doc[flag] = True
    game = None
    if form.get("kind") == "game":
        try:
            record, game = read_text(form.get("game", ""))
        except RecordError as exc:
            raise _TextError(exc) from None
        doc["record"] = record
    else:
        doc["sheet"] = sheet_of(form)
    return doc, game


def _typed(form: Mapping[str, str], seated: tuple[tuple[int, int, str | None], ...]) -> dict[str, Any]:
    """A table's form as the players wrote it, in their names: who entered it, which deal, and
    the sheet line by line (or the typed game's text)."""
    by_seat = {seat: name or seat_label(seat) for seat, _, name in seated}
    by_id = {str(pid): name or seat_label(seat) for seat, pid, name in seated}

    def who(value: str | None) -> str | None:
        if value is None or not value.strip().isdigit():
            return None
        return by_seat.get(int(value), seat_label(value))

    out: dict[str, Any] = {"entered_by": by_id.get(form.get("entered_by", "")), "deal": form.get("deal") or None}
    if form.get("kind") == "game":
        out["game"] = form.get("game", "")
        return out
    lines = [(gettext("Mode"), gettext(form.get("mode") or "normal"))]
    for field, label in (("emperor", "Emperor"), ("guard", "Guard"), ("kicked_by", "Kicked by (踢)")):
        if (name := who(form.get(field))) is not None:
            lines.append((gettext(label), name))
    rebels = [by_seat.get(s, seat_label(s)) for s in range(5) if form.get(f"rebel{s}") == "on"]
    if rebels:
        lines.append((gettext("Rebels (造反)"), gettext(", ").join(rebels)))
    if form.get("guard_revealed") == "on":
        lines.append((gettext("Guard revealed (明保)"), gettext("yes")))
    order = [name for i in range(5) if (name := who(form.get(f"place{i}"))) is not None]
    if order:
        lines.append((gettext("Finishing order"), gettext(", ").join(order)))
    out["sheet"] = lines
    return out


class _TextError(Exception):
    def __init__(self, exc: RecordError) -> None:
        self.exc = exc


@blp.post("/table/<token>/deals")
def table_enter(token: str) -> Any:
    form = request.form
    nonce = (form.get("nonce") or "")[:NONCE] or None
    which = "game" if form.get("kind") == "game" else "sheet"
    if nonce is not None and not _NONCE_CHARS.fullmatch(nonce):  # the page makes it URL-safe
        message = tr("this form was changed on its way: reload the page and enter the deal again")
        return table_page(token, 422, errors={"form": [message]}, form=form, which=which)
    game = None
    try:
        with unit_of_work() as uow:
            at = _open(uow, token, sent=form)
            doc, game = _doc(form, at.tournament.deals_per_round)
            entry = tables.enter_deal(uow, at, doc, nonce).entry
    except FormError as exc:
        return table_page(token, 422, errors={exc.field: [tr(exc.message)]}, form=form, which=which)
    except _TextError as exc:
        return table_page(token, 422, errors=text_errors(exc.exc.problems), form=form, which=which)
    except Rejected as exc:
        _count_wrong_pin(exc)
        doc = located_refusal(refusal_document(exc), game)
        return table_page(token, 422, errors=field_errors(doc), form=form, which=which)
    except Conflict as exc:
        # A deal already entered by this side, or a repeat of the previous deal: the form comes
        # back filled, with the box that says "yes, that is what I mean".
        asked = {"deal_entered": "replace", "same_as_previous_deal": "repeat"}.get(exc.extra.get("code", ""))
        if asked is None:
            return table_page(token, 409, errors={"form": [tr(str(exc))]}, form=form, which=which)
        label, why = _asked(asked, exc.extra)
        return table_page(token, 409, errors={asked: [why]}, form=form, which=which, asked=asked, asked_label=label)
    said = {
        "pending": gettext("Deal %(deal)s is entered: a player of the other side confirms it below."),
        "agreed": gettext("Deal %(deal)s is confirmed: both sides entered the same result."),
        "disputed": gettext(
            "Deal %(deal)s is disputed: the two sides entered different results; the director decides."
        ),
    }.get(entry.state, gettext("Deal %(deal)s is entered."))
    flash(said % {"deal": entry.deal}, "bad" if entry.state == "disputed" else "good")
    return redirect(url_for("web.table", token=token, stored=1) + f"#deal-{entry.deal}", 303)


def _pin(form: Mapping[str, str]) -> str | None:
    return (form.get("pin") or "")[:8] or None


def _count_wrong_pin(exc: Rejected) -> None:
    if any(p.code == WRONG_PIN for p in exc.problems):
        count_wrong_key()  # a player's PIN guessed counts as a wrong key


@blp.post("/table/<token>/deals/<int:deal>/confirm")
def table_confirm(token: str, deal: int) -> Any:
    """A confirmation of the version the page showed (its entry id): if the deal was entered again
    since, the page comes back (409) showing the version now waiting, to be read and confirmed."""
    form = request.form
    try:
        player = number(form, "player", 1, 2**31 - 1)
        entry = number(form, "entry", 1, 2**63 - 1)
        with unit_of_work() as uow:
            at = _open(uow, token)
            tables.confirm_deal(uow, at, deal, player, entry, _pin(form))
    except FormError as exc:
        return table_page(token, 422, errors={f"confirm-{deal}": [tr(exc.message)]})
    except Rejected as exc:
        _count_wrong_pin(exc)
        errors = field_errors(refusal_document(exc))
        return table_page(token, 422, errors={f"confirm-{deal}": errors.get("form", []) + errors.get("pin", [])})
    except (Conflict, NotFound) as exc:
        # a stale page: the deal as it stands now, said in words (a reload does not post again)
        why = tr(str(exc)) if isinstance(exc, Conflict) else gettext("This entry is no longer waiting.")
        flash(gettext("Deal %(deal)s changed since this page was shown: %(why)s") % {"deal": deal, "why": why}, "bad")
        return redirect(url_for("web.table", token=token) + f"#deal-{deal}", 303)
    flash(gettext("Deal %(deal)s is confirmed: it counts in the standings.") % {"deal": deal}, "good")
    return redirect(url_for("web.table", token=token) + f"#deal-{deal}", 303)


@blp.post("/table/<token>/deals/<int:deal>/withdraw")
def table_withdraw(token: str, deal: int) -> Any:
    """The player who entered a pending deal withdraws it (a mistaken entry): it is missing again."""
    form = request.form
    try:
        player = number(form, "player", 1, 2**31 - 1)
        entry = number(form, "entry", 1, 2**63 - 1)
        with unit_of_work() as uow:
            at = _open(uow, token)
            tables.withdraw_entry(uow, at, deal, player, entry, _pin(form))
    except FormError as exc:
        return table_page(token, 422, errors={f"confirm-{deal}": [tr(exc.message)]})
    except Rejected as exc:
        _count_wrong_pin(exc)
        errors = field_errors(refusal_document(exc))
        return table_page(token, 422, errors={f"confirm-{deal}": errors.get("form", []) + errors.get("pin", [])})
    except Conflict as exc:
        return table_page(token, 409, errors={f"confirm-{deal}": [tr(str(exc))]})
    except NotFound:
        return table_page(token, 409, errors={f"confirm-{deal}": [gettext("This entry is no longer waiting.")]})
    flash(gettext("Deal %(deal)s: the entry is withdrawn; the deal can be entered again.") % {"deal": deal}, "good")
    return redirect(url_for("web.table", token=token) + f"#deal-{deal}", 303)
