"""A club's pages: its members (with their ratings), a member's page in pictures (score over
the evenings, rating with its band, results by role, who they play with and against), and a
season's standings with a chart of its leaders. The charts are SVG images drawn on the server
(charts.py), each with its numbers in a table beside it."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, render_template, request

from ..tournament import members, seasons
from . import charts
from .common import blp, found, unit_of_work, viewer

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


def _member(organizer_id: int, member_id: int) -> dict[str, Any]:
    with found(), unit_of_work() as uow:
        return members.get_member(uow, viewer(), organizer_id, member_id)


@blp.get("/clubs/<int:organizer_id>/members/<int:member_id>")
def member_page(organizer_id: int, member_id: int) -> str:
    m = _member(organizer_id, member_id)
    return render_template("member.html", organizer_id=organizer_id, m=m, charts=list(charts.MEMBER_CHARTS))


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
        table = seasons.season_standings(uow, organizer_id, season_id, int(after) if after.isdigit() else None)
    return render_template("season.html", organizer_id=organizer_id, season=season, table=table)


@blp.get("/clubs/<int:organizer_id>/seasons/<int:season_id>/charts/leaders.svg")
def season_chart(organizer_id: int, season_id: int) -> Response:
    with found(), unit_of_work() as uow:
        table = seasons.season_standings(uow, organizer_id, season_id)
        evenings = seasons.evening_totals(uow, organizer_id, season_id)
    top = [row["member_id"] for row in table["standings"][:5]]
    names = {row["member_id"]: row["name"] for row in table["standings"]}
    return _svg(charts.leaders(evenings, names, top))
