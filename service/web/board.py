"""The director's pages of a round: the round sheet (the seating by table, one QR code per table
linking to its page, made for A4 and for the screen), the board (tables × deals, filling in
without a reload: the page asks again every few seconds, and an unchanged board answers 304),
settling a deal, and closing the round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import segno
from flask import current_app, flash, g, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from ..links import only_this_machine, public_root, reachable_only_nearby
from ..problems import refusal_document
from ..tournament import pins, round_board, round_closing, rounds
from ..tournament.errors import Conflict, Rejected
from ..tournament.unit_of_work import UnitOfWork
from .common import acting, blp, field_errors, found, organizer_only, outcome_view, unit_of_work
from .forms import FormError, number
from .i18n import gettext, tr
from .organizer import act, manage_page

POLL_SECONDS = 3  # how often the board asks again (an unchanged board costs a 304)


def qr_svg(url: str) -> Markup:
    """A QR code of ``url`` as inline SVG (segno; error correction M, as printed codes need)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, border=2, title=url)
    return Markup(svg)


@blp.get("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/sheet")
@organizer_only
def round_sheet(tournament_id: int, number: int) -> tuple[str, int]:
    """The round sheet with the current table links, as often as it is shown or printed (showing it
    ends nothing); before any links are made, the button that makes them."""
    secret = str(current_app.config["SECRET_KEY"])
    with found(), unit_of_work() as uow:
        board = round_board.board(uow, acting(), tournament_id, number)
        links = round_board.current_links(uow, acting(), tournament_id, number, secret)
        slips = pins.player_pins(uow, acting(), tournament_id, number)
    g.zone = board.time_zone
    root = public_root(current_app.config.get("PUBLIC_URL", ""), request.host_url)
    printed = []
    for link in links.links if links is not None else ():
        url = None if link.token is None else root + url_for("web.table", token=link.token)
        printed.append({"table": link.table, "players": link.players, "url": url, "qr": url and qr_svg(url)})
    nearby = "here" if only_this_machine(root) else "network" if reachable_only_nearby(root) else None
    page = render_template(
        "round_sheet.html",
        board=board,
        tid=tournament_id,
        links=links,
        printed=printed,
        nearby=nearby,
        root=root,
        pins=slips,
    )
    return page, 200


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/sheet")
@organizer_only
def make_round_sheet(tournament_id: int, number: int) -> Any:
    """Make the round's table links (the earlier ones end: a printed sheet stops working), then show
    the sheet (a redirect: reloading it makes nothing again)."""
    try:
        with found(), unit_of_work() as uow:
            round_board.make_links(uow, g.key, tournament_id, number, str(current_app.config["SECRET_KEY"]))
    except Conflict as exc:
        flash(tr(str(exc)), "bad")
        return redirect(url_for("web.round_board_page", tournament_id=tournament_id, number=number), 303)
    return redirect(url_for("web.round_sheet", tournament_id=tournament_id, number=number), 303)


@blp.get("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/board")
@organizer_only
def round_board_page(tournament_id: int, number: int) -> Any:
    with found(), unit_of_work() as uow:
        version = round_board.board_version(uow, acting(), tournament_id, number)
        etag = f'"{version}"'
        if request.if_none_match.contains(version):
            return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
        board = round_board.board(uow, acting(), tournament_id, number)
    page = _board_page(board, tournament_id)
    return Response(page, 200, {"ETag": etag, "Cache-Control": "no-cache"}, mimetype="text/html")


def _board_page(board: round_board.Board, tournament_id: int, **extra: Any) -> str:
    g.zone = board.time_zone
    left = round_board.left_to_settle(board)
    left_text = gettext("; ").join(
        gettext("the %(state)s ones: %(deals)s")
        % {
            "state": label,
            "deals": gettext(", ").join(gettext("table %(t)s deal %(d)s") % {"t": x.table, "d": x.deal} for x in xs),
        }
        for label, xs in (
            (gettext("pending"), left.pending),
            (gettext("disputed"), left.disputed),
            (gettext("missing"), left.missing),
        )
        if xs
    )
    views: dict[int, Any] = {}
    for t in board.tables:
        names = {p.seat: p.name or "" for p in t.players}
        for d in t.deals:
            for e in d.entries:
                views[e.id] = outcome_view(e.outcome, names)
    return render_template(
        "board.html",
        board=board,
        left_text=left_text,
        views=views,
        tid=tournament_id,
        poll=POLL_SECONDS,
        errors=extra.pop("errors", {}),
        **extra,
    )


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/resolve")
@organizer_only
def resolve_on_board(tournament_id: int, number: int) -> Any:
    """Choose one version of a deal (pending or disputed): it is stored as a game."""
    form = request.form
    try:
        table = number_of(form, "table")
        deal = number_of(form, "deal")
        entry = number_of(form, "entry")
        with found(), unit_of_work() as uow:
            round_board.resolve_deal(uow, g.key, tournament_id, number, table, deal, {"entry": entry})
    except (FormError, Rejected, Conflict) as exc:
        if isinstance(exc, Rejected):
            message = " ".join(m for ms in field_errors(refusal_document(exc)).values() for m in ms)
        else:
            message = tr(exc.message if isinstance(exc, FormError) else str(exc))
        flash(message, "bad")
        return redirect(url_for("web.round_board_page", tournament_id=tournament_id, number=number), 303)
    flash(gettext("Table %(table)s, deal %(deal)s is settled.") % {"table": table, "deal": deal}, "good")
    return redirect(url_for("web.round_board_page", tournament_id=tournament_id, number=number), 303)


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/withdraw")
@organizer_only
def withdraw_on_board(tournament_id: int, number: int) -> Any:
    """Withdraw one version of a deal (a mistaken entry): kept in the audit trail, counted nowhere."""
    form = request.form
    try:
        table = number_of(form, "table")
        deal = number_of(form, "deal")
        entry = number_of(form, "entry")
        with found(), unit_of_work() as uow:
            round_board.withdraw_entry(uow, acting(), tournament_id, number, table, deal, entry)
    except (FormError, Rejected, Conflict) as exc:
        if isinstance(exc, Rejected):
            message = " ".join(m for ms in field_errors(refusal_document(exc)).values() for m in ms)
        else:
            message = tr(exc.message if isinstance(exc, FormError) else str(exc))
        flash(message, "bad")
        return redirect(url_for("web.round_board_page", tournament_id=tournament_id, number=number), 303)
    flash(gettext("Table %(table)s, deal %(deal)s: the version is withdrawn.") % {"table": table, "deal": deal}, "good")
    return redirect(url_for("web.round_board_page", tournament_id=tournament_id, number=number), 303)


def number_of(form: Any, name: str) -> int:
    found_number = number(form, name, 1, 2**31 - 1)
    assert found_number is not None
    return found_number


def _round_closing(tournament_id: int, number: int, do: Callable[[UnitOfWork], object], done: str) -> Any:
    """Close a round or open it again (``do``), then back to its board with what came of it."""
    try:
        with found(), unit_of_work() as uow:
            do(uow)
    except Conflict as exc:
        flash(tr(str(exc)), "bad")
    else:
        flash(done, "good")
    return redirect(url_for("web.round_board_page", tournament_id=tournament_id, number=number), 303)


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/close")
@organizer_only
def close_round(tournament_id: int, number: int) -> Any:
    seen = request.form.get("seen") or None  # the board the director read before deciding
    return _round_closing(
        tournament_id,
        number,
        lambda uow: round_closing.close_round(uow, acting(), tournament_id, number, seen=seen),
        gettext("Round %(n)s is closed: its table links no longer work.") % {"n": number},
    )


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/reopen")
@organizer_only
def reopen_round(tournament_id: int, number: int) -> Any:
    return _round_closing(
        tournament_id,
        number,
        lambda uow: round_closing.reopen_round(uow, acting(), tournament_id, number),
        gettext("Round %(n)s is open again: its table links work again.") % {"n": number},
    )


# --- seating the next round, and taking back one seated by mistake --------------------------------


class _AskFirst(Exception):
    """Seating asked while the last round has deals left: the box is to be ticked first."""

    def __init__(self, number: int, left: int) -> None:
        super().__init__(number, left)
        self.round, self.left = number, left


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds")
@organizer_only
def seat_round(tournament_id: int) -> Any:
    """Seat the next round. While the last round has deals without a result, only once the
    director has ticked the box that says so: the refusal stands beside that box, quoting it."""
    anyway = request.form.get("confirm") == "on"

    def seat(uow: UnitOfWork) -> None:
        try:
            rounds.create_round(uow, acting(), tournament_id, deals_left_ok=anyway)
        except rounds.DealsLeft as exc:
            raise _AskFirst(exc.extra["round"], exc.extra["left"]) from None

    try:
        return act(
            tournament_id,
            seat,
            url_for("web.manage", tournament_id=tournament_id) + "#rounds",
            gettext("The next round is seated."),
        )
    except _AskFirst as exc:
        label = gettext("Round %(n)s still has deals to enter: seat the next round anyway") % {"n": exc.round}
        why = gettext(
            "Round %(n)s still has %(left)s deals without a result. To seat the next round now, tick “%(label)s”."
        )
        said = why % {"n": exc.round, "left": exc.left, "label": label}
        return manage_page(tournament_id, 409, errors={"seat_round": [said]})


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds/<int:number>/remove")
@organizer_only
def remove_round(tournament_id: int, number: int) -> Any:
    return act(
        tournament_id,
        lambda uow: rounds.remove_last_round(uow, acting(), tournament_id, number),
        url_for("web.manage", tournament_id=tournament_id) + "#rounds",
        gettext("The round is removed."),
    )
