"""Replays made to be framed by other sites: a stored game of a public tournament
(``/embed/games/<id>``) and a game given to the page (``/embed/replay``: in the URL's fragment,
which the page posts to itself, or posted by a form). The page is the replay with its controls,
in the page's language (``?lang=zh|en`` or the browser's), sized by its frame; it sets no cookie,
reads no session and shows nothing of the organizer. ``frame-ancestors`` comes from
``BAOHUANG_EMBED_ANCESTORS`` (default ``*``: any site); every other page keeps refusing frames
(``frame-ancestors 'none'``, ``X-Frame-Options: DENY``)."""

from __future__ import annotations

from flask import Response, current_app, make_response, render_template

from ..tournament import game_queries
from . import CSP
from .common import blp, found, unit_of_work
from .replay import posted_replay, stored_replay


@blp.app_context_processor
def _public_url() -> dict[str, str]:
    # The credit link: the operator's public address, else relative (never the request's Host:
    # header, which a shared cache would keep for everyone).
    return {"public_url": current_app.config.get("PUBLIC_URL") or ""}


def _framed(body: str | tuple[str, int], cache: str) -> Response:
    response = make_response(body)
    ancestors = current_app.config.get("EMBED_ANCESTORS") or "*"
    response.headers["Content-Security-Policy"] = CSP.replace("frame-ancestors 'none'", f"frame-ancestors {ancestors}")
    response.headers["Cache-Control"] = cache
    return response  # no X-Frame-Options: the CSP says who may frame it


@blp.get("/embed/games/<int:game_id>")
def embed_game(game_id: int) -> Response:
    with found(), unit_of_work() as uow:
        tournament_id = game_queries.public_tournament_of_game(uow, game_id)
    page = stored_replay(None, tournament_id, game_id, "embed.html", embed=True)
    return _framed(page, "public, max-age=300")


@blp.get("/embed/replay")
def embed_replay() -> Response:
    """The page that reads its fragment (``#`` and the game, URL-encoded: JSON or the notation)
    and posts it to itself; without one, it asks for a game."""
    return _framed(render_template("embed.html", r=None, embed=True, waiting=True), "public, max-age=300")


@blp.post("/embed/replay")
def embed_replay_posted() -> Response:
    return _framed(posted_replay("embed.html", "embed.html", embed=True), "no-store")
