"""A club's pages: its members (with their ratings), a member's page in pictures (score over
the evenings, rating with its band, results by role, who they play with and against), and a
season's standings with a chart of its leaders. The charts are SVG images drawn on the server
(charts.py), each with its numbers in a table beside it."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, g, redirect, render_template, request, url_for

from ..tournament import clubs, members, seasons
from ..tournament.errors import Conflict
from . import charts
from .common import acting, blp, found, organizer_only, unit_of_work, viewer
from .forms import FormError, number, text
from .i18n import gettext, tr

# An SVG image carries its own styles and no script that runs (an image never runs one).
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def _svg(svg: str) -> Response:
    return Response(
        svg,
        mimetype="image/svg+xml",
        headers={"Content-Security-Policy": SVG_CSP, "Cache-Control": "no-cache"},
    )


@blp.get("/clubs/<int:organizer_id>/members")
def club_members(organizer_id: int) -> str:
    with found(), unit_of_work() as uow:
        rows = members.list_members(uow, organizer_id)
        listed = seasons.list_seasons(uow, organizer_id)
    return render_template("club_members.html", organizer_id=organizer_id, members=rows, seasons=listed)


def _member(organizer_id: int, member_id: int) -> members.MemberPage:
    with found(), unit_of_work() as uow:
        return members.get_member(uow, viewer(), organizer_id, member_id)


@blp.get("/clubs/<int:organizer_id>/members/<int:member_id>")
def member_page(organizer_id: int, member_id: int, status: int = 200, **extra: Any) -> tuple[str, int]:
    m = _member(organizer_id, member_id)
    others: list[members.MemberName] = []
    if viewer() == organizer_id:  # the organizer fixes mistaken links here
        with unit_of_work() as uow:
            others = [x for x in members.member_names(uow, organizer_id) if x.id != member_id]
    page = render_template(
        "member.html",
        organizer_id=organizer_id,
        m=m,
        charts=list(charts.MEMBER_CHARTS),
        others=others,
        errors=extra.pop("errors", {}),
        form=request.form if request.method == "POST" else {},
    )
    return page, status


def _fix(organizer_id: int, member_id: int, action: Any, done: str, then: int) -> Any:
    try:
        with found(), unit_of_work() as uow:
            action(uow)
    except Conflict as exc:
        return member_page(organizer_id, member_id, 409, errors={"fix": [tr(str(exc))]})
    flash(done, "good")
    return redirect(url_for("web.member_page", organizer_id=organizer_id, member_id=then), 303)


@blp.post("/clubs/<int:organizer_id>/members/<int:member_id>/merge")
@organizer_only
def merge_member(organizer_id: int, member_id: int) -> Any:
    """Merge another member into this one (the same person under two names)."""
    try:
        other = number(request.form, "member_id", 1, 2**31 - 1)
        reason = text(request.form, "reason", 500, "a reason", required=False)
    except FormError as exc:
        return member_page(organizer_id, member_id, 422, errors={"fix": [tr(exc.message)]})
    assert other is not None  # number() refuses a missing one
    return _fix(
        organizer_id,
        member_id,
        lambda uow: members.merge_members(uow, g.key, organizer_id, member_id, other, reason),
        gettext("The two members are one now: every game is kept."),
        member_id,
    )


@blp.post("/clubs/<int:organizer_id>/members/<int:member_id>/move")
@organizer_only
def move_evening(organizer_id: int, member_id: int) -> Any:
    """Move one evening (a tournament's player, with their games) to another member."""
    form = request.form
    try:
        tournament_id = number(form, "tournament_id", 1, 2**31 - 1)
        player_id = number(form, "player_id", 1, 2**31 - 1)
        to = number(form, "member_id", 1, 2**31 - 1)
        reason = text(form, "reason", 500, "a reason", required=False)
    except FormError as exc:
        return member_page(organizer_id, member_id, 422, errors={"fix": [tr(exc.message)]})
    assert tournament_id is not None and player_id is not None and to is not None
    return _fix(
        organizer_id,
        member_id,
        lambda uow: clubs.change_player(
            uow, acting(), tournament_id, player_id, None, None, member_id=to, reason=reason, key_id=g.key.id
        ),
        gettext("The evening is moved, with its games."),
        to,
    )


@blp.get("/clubs/<int:organizer_id>/members/<int:member_id>/charts/<name>.svg")
def member_chart(organizer_id: int, member_id: int, name: str) -> Response:
    draw = charts.MEMBER_CHARTS.get(name)
    if draw is None:
        abort(404)
    return _svg(draw(_member(organizer_id, member_id)))


@blp.get("/clubs/<int:organizer_id>/seasons/<int:season_id>")
def season_page(organizer_id: int, season_id: int) -> str:
    after = request.args.get("after", "")
    with found(), unit_of_work() as uow:
        season = seasons.get_season(uow, organizer_id, season_id)
        table = seasons.season_standings(
            uow, organizer_id, season_id, int(after) if after.isascii() and after.isdigit() else None
        )
    return render_template("season.html", organizer_id=organizer_id, season=season, table=table)


@blp.get("/clubs/<int:organizer_id>/seasons/<int:season_id>/charts/leaders.svg")
def season_chart(organizer_id: int, season_id: int) -> Response:
    with found(), unit_of_work() as uow:
        leaders = seasons.season_leaders(uow, organizer_id, season_id)
    return _svg(charts.leaders(leaders.evenings, leaders.names, leaders.top))
