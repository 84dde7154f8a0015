"""A club's pages: its members (with their ratings), a member's page in pictures (score over
the evenings, rating with its band, results by role, who they play with and against), and a
season's standings with a chart of its leaders. The charts are SVG images drawn on the server
(charts.py), each with its numbers in a table beside it."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from flask import Response, abort, flash, g, redirect, render_template, request, url_for

from ..tournament import clubs, members, seasons
from ..tournament.errors import Conflict
from . import charts
from .common import acting, blp, found, organizer_only, unit_of_work, viewer
from .forms import FormError, number, text
from .i18n import gettext, language, tr

# An SVG image carries its own styles and no script that runs (an image never runs one).
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def _svg(svg: str, headers: dict[str, str] | None = None) -> Response:
    return Response(
        svg,
        mimetype="image/svg+xml",
        headers={"Content-Security-Policy": SVG_CSP, "Cache-Control": "no-cache", **(headers or {})},
    )


MEMBERS_A_PAGE = 200


@blp.get("/clubs/<int:organizer_id>/members")
def club_members(organizer_id: int) -> str:
    start = request.args.get("from", "0")
    offset = int(start) if start.isascii() and start.isdigit() and len(start) < 10 else 0
    by_rating = request.args.get("sort") == "rating"
    with found(), unit_of_work() as uow:
        listed = members.list_members(
            uow, organizer_id, viewer(), limit=MEMBERS_A_PAGE, offset=offset, by_rating=by_rating
        )
        seasons_of = seasons.season_names(uow, organizer_id)
    more = offset + MEMBERS_A_PAGE if offset + MEMBERS_A_PAGE < listed.total else None
    return render_template(
        "club_members.html",
        organizer_id=organizer_id,
        members=listed.members,
        total=listed.total,
        offset=offset,
        more=more,
        by_rating=by_rating,
        ratings=listed.ratings,
        seasons=seasons_of,
    )


def _member(organizer_id: int, member_id: int) -> members.MemberPage:
    with found(), unit_of_work() as uow:
        return members.get_member(uow, viewer(), organizer_id, member_id)


# The charts of the members shown lately, by what they were drawn from (the member's data and the
# page's language): a page draws its charts once, and the chart requests that follow it (their
# address names the version) are answered from here. Bounded; each worker keeps its own.
_DRAWN: OrderedDict[str, dict[str, str]] = OrderedDict()
_DRAWN_MOST = 128
_DRAWN_LOCK = threading.Lock()


def _version(organizer_id: int, member_id: int) -> str:
    """What the member's page and charts are drawn from, as a short digest (their ETag), read
    without reading the page (members.member_version)."""
    with found(), unit_of_work() as uow:
        drawn_from = members.member_version(uow, viewer(), organizer_id, member_id)
    return hashlib.sha256(f"{language()}|{drawn_from!r}".encode()).hexdigest()[:20]


def _charts(m: members.MemberPage, version: str) -> dict[str, str]:
    """The member's charts as SVG, drawn once for this version of the member."""
    with _DRAWN_LOCK:
        drawn = _DRAWN.get(version)
        if drawn is not None:
            _DRAWN.move_to_end(version)
            return drawn
    drawn = {name: draw(m) for name, draw in charts.MEMBER_CHARTS.items()}
    with _DRAWN_LOCK:
        _DRAWN[version] = drawn
        while len(_DRAWN) > _DRAWN_MOST:
            _DRAWN.popitem(last=False)
    return drawn


@blp.get("/clubs/<int:organizer_id>/members/<int:member_id>")
def member_page(organizer_id: int, member_id: int, status: int = 200, **extra: Any) -> Any:
    version = _version(organizer_id, member_id)  # first: an unchanged page is answered from it
    owner = viewer() == organizer_id
    cacheable = not owner and status == 200 and request.method == "GET"
    if cacheable and request.if_none_match.contains(version):
        return Response(status=304, headers={"ETag": f'"{version}"', "Cache-Control": "no-cache"})
    m = _member(organizer_id, member_id)
    if m.merged_into is not None and not owner:  # its players are the other member's now
        return redirect(url_for("web.member_page", organizer_id=organizer_id, member_id=m.merged_into))
    g.zone = m.time_zone
    _charts(m, version)  # drawn now, once: the page's chart requests find them
    others: list[members.MemberName] = []
    if owner:  # the organizer fixes mistaken links here
        with unit_of_work() as uow:
            others = [x for x in members.member_names(uow, organizer_id) if x.id != member_id]
    page = render_template(
        "member.html",
        organizer_id=organizer_id,
        m=m,
        version=version,
        charts=list(charts.MEMBER_CHARTS),
        recent=m.evenings[-EVENINGS_SHOWN:],
        recent_ratings=m.rating_history[-EVENINGS_SHOWN:],
        met_games=members.MET_GAMES,
        others=others,
        errors=extra.pop("errors", {}),
        form=request.form if request.method == "POST" else {},
    )
    headers = {"ETag": f'"{version}"', "Cache-Control": "no-cache"} if cacheable else {"Cache-Control": "no-store"}
    return Response(page, status, headers, mimetype="text/html")


# Evenings the member's page lists in its table (the latest; the chart draws them all).
EVENINGS_SHOWN = 60


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
    form: Mapping[str, str] = request.form
    try:
        evening = form.get("evening", "")
        if evening:  # the page's one form: "tournament:player"
            t_part, _, p_part = evening.partition(":")
            form = {"tournament_id": t_part, "player_id": p_part, **{k: form[k] for k in form if k != "evening"}}
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
    """One of a member's charts. Asked for with the version its page names (``v``), it is the one
    the page drew (kept for a day by the browser: a new version is a new address); otherwise the
    member is read and the chart drawn, with its ETag."""
    if name not in charts.MEMBER_CHARTS:
        abort(404)
    asked = request.args.get("v", "")
    with _DRAWN_LOCK:
        drawn = _DRAWN.get(asked) if asked else None
    if drawn is None:
        version = _version(organizer_id, member_id)
        if request.if_none_match.contains(version):
            return Response(status=304, headers={"ETag": f'"{version}"'})
        drawn = _charts(_member(organizer_id, member_id), version)
    else:
        version = asked
    cache = "public, max-age=86400, immutable" if asked == version else "no-cache"
    return _svg(drawn[name], {"ETag": f'"{version}"', "Cache-Control": cache})


@blp.get("/clubs/<int:organizer_id>/seasons/<int:season_id>")
def season_page(organizer_id: int, season_id: int) -> str:
    after = request.args.get("after", "")
    with found(), unit_of_work() as uow:
        table = seasons.season_standings(
            uow, organizer_id, season_id, int(after) if after.isascii() and after.isdigit() else None, listed=False
        )  # first: an evening the season has not is a 404 before anything else is read
        heading = seasons.season_heading(uow, organizer_id, season_id, EVENINGS_LISTED, table.after)
    return render_template(
        "season.html",
        organizer_id=organizer_id,
        season=heading.season,
        evenings=heading.evenings,
        table=table,
        evenings_listed=EVENINGS_LISTED,
    )


# Evenings the season page offers to show the standings after (the latest; a long season has
# thousands, and any of them is still ``?after=`` its tournament).
EVENINGS_LISTED = 100


@blp.get("/clubs/<int:organizer_id>/seasons/<int:season_id>/charts/leaders.svg")
def season_chart(organizer_id: int, season_id: int) -> Response:
    with found(), unit_of_work() as uow:
        leaders = seasons.season_leaders(uow, organizer_id, season_id, points=charts.MAX_POINTS)
    return _svg(charts.leaders(leaders.evenings, leaders.names, leaders.top))
