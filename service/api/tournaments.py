"""Tournaments, their players and their standings."""

from __future__ import annotations

import csv
import io
from typing import Any

from flask import Response, request
from flask.views import MethodView
from flask_smorest import abort

from ..core.reading import read_ruleset
from ..persistence import repository as repo
from ..persistence.models import Player, Tournament
from .auth import optional_viewer, require_key
from .common import SECURITY, Blueprint, PageQuery, page, page_schema, session
from .schemas import (
    PlayerCreateSchema,
    PlayerPatchSchema,
    PlayerSchema,
    StandingSchema,
    StandingsQuerySchema,
    StandingsSchema,
    TournamentCreateSchema,
    TournamentPatchSchema,
    TournamentSchema,
)

blp = Blueprint(
    "tournaments",
    __name__,
    url_prefix="/v1/tournaments",
    description="Club tournaments: a ruleset, players, games and standings.",
)

TournamentPage = page_schema(TournamentSchema, "TournamentPage")
PlayerPage = page_schema(PlayerSchema, "PlayerPage")


def tournament_json(t: Tournament, frozen: bool) -> dict[str, Any]:
    return {
        "id": t.id,
        "organizer_id": t.organizer_id,
        "name": t.name,
        "ruleset": {"name": t.ruleset_name, "options": repo.tournament_ruleset(t).options()},
        "status": t.status,
        "private": t.private,
        "frozen": frozen,
        "created_at": t.created_at,
    }


def player_json(p: Player) -> dict[str, Any]:
    return {
        "id": p.id,
        "tournament_id": p.tournament_id,
        "name": p.name,
        "withdrawn": p.withdrawn_at is not None,
        "withdrawn_at": p.withdrawn_at,
        "created_at": p.created_at,
    }


@blp.route("")
class Tournaments(MethodView):
    @blp.arguments(TournamentCreateSchema)
    @blp.response(201, TournamentSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a tournament

        `ruleset` is a name or {name, options}; it is frozen once the first game is stored.
        """
        rs = read_ruleset(body.get("ruleset"))
        with session() as s:
            key = require_key(s)
            t = repo.create_tournament(s, key.organizer_id, body["name"], rs, body["private"])
            s.commit()
            return tournament_json(t, False)

    @blp.arguments(PageQuery, location="query")
    @blp.response(200, TournamentPage)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """List tournaments: the public ones, and with a key, the organizer's private ones too"""
        with session() as s:
            viewer = optional_viewer(s)
            rows, total = repo.list_tournaments(s, viewer, query["limit"], query["offset"])
            frozen = repo.with_games(s, [t.id for t in rows])
            items = [tournament_json(t, t.id in frozen) for t in rows]
            return page(items, total, query["limit"], query["offset"])


@blp.route("/<id:tournament_id>")
class TournamentById(MethodView):
    @blp.response(200, TournamentSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, tournament_id: int) -> dict[str, Any]:
        """One tournament"""
        with session() as s:
            t = repo.visible_tournament(s, tournament_id, optional_viewer(s))
            return tournament_json(t, repo.has_games(s, t.id))

    @blp.arguments(TournamentPatchSchema)
    @blp.response(200, TournamentSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def patch(self, body: dict[str, Any], tournament_id: int) -> dict[str, Any]:
        """Rename, close or reopen, make private or public; change the ruleset before the first game"""
        rs = read_ruleset(body["ruleset"]) if "ruleset" in body else None
        with session() as s:
            key = require_key(s)
            t = repo.owned_tournament(s, tournament_id, key.organizer_id, lock=True)
            frozen = repo.has_games(s, t.id)
            if rs is not None:
                if frozen:
                    abort(409, message="the ruleset is frozen: games are stored under it")
                repo.set_ruleset(t, rs)
            for field in ("name", "private", "status"):
                if field in body:
                    setattr(t, field, body[field])
            s.commit()
            return tournament_json(t, frozen)


@blp.route("/<id:tournament_id>/players")
class Players(MethodView):
    @blp.arguments(PlayerCreateSchema)
    @blp.response(201, PlayerSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, body: dict[str, Any], tournament_id: int) -> dict[str, Any]:
        """Register a player (display names are unique within a tournament)"""
        with session() as s:
            key = require_key(s)
            t = repo.owned_tournament(s, tournament_id, key.organizer_id)
            p = repo.add_player(s, t, body["name"])
            s.commit()
            return player_json(p)

    @blp.arguments(PageQuery, location="query")
    @blp.response(200, PlayerPage)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, query: dict[str, Any], tournament_id: int) -> dict[str, Any]:
        """List the players"""
        with session() as s:
            t = repo.visible_tournament(s, tournament_id, optional_viewer(s))
            rows, total = repo.list_players(s, t.id, query["limit"], query["offset"])
            return page([player_json(p) for p in rows], total, query["limit"], query["offset"])


@blp.route("/<id:tournament_id>/players/<id:player_id>")
class PlayerById(MethodView):
    @blp.response(200, PlayerSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, tournament_id: int, player_id: int) -> dict[str, Any]:
        """One player"""
        with session() as s:
            t = repo.visible_tournament(s, tournament_id, optional_viewer(s))
            return player_json(repo.get_player(s, t.id, player_id))

    @blp.arguments(PlayerPatchSchema)
    @blp.response(200, PlayerSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def patch(self, body: dict[str, Any], tournament_id: int, player_id: int) -> dict[str, Any]:
        """Rename a player, withdraw them, or take them back

        A player is never deleted: their games and standing stay. A withdrawn player cannot be
        seated in a new game.
        """
        with session() as s:
            key = require_key(s)
            t = repo.owned_tournament(s, tournament_id, key.organizer_id)
            p = repo.update_player(
                s, repo.get_player(s, t.id, player_id), name=body.get("name"), withdrawn=body.get("withdrawn")
            )
            s.commit()
            return player_json(p)


CSV_FIELDS = list(StandingSchema().fields)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A cell as a spreadsheet may read it: text that a spreadsheet would take for a formula
    (it starts with = + - @, a tab or a carriage return) gets a leading apostrophe. Numbers are
    numbers, negative ones included."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


@blp.route("/<id:tournament_id>/standings")
class Standings(MethodView):
    @blp.arguments(StandingsQuerySchema, location="query")
    @blp.response(200, StandingsSchema, description="JSON; or CSV with ?format=csv or Accept: text/csv")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, query: dict[str, Any], tournament_id: int) -> Any:
        """Standings: totals, games, average, wins/draws/losses, as emperor and as guard

        Computed in the database over the current version of every game that is not void.
        Ordered by total score, then wins, then fewer games, then name.
        """
        with session() as s:
            t = repo.visible_tournament(s, tournament_id, optional_viewer(s))
            rows = repo.standings(s, t.id)
        wants_csv = query["format"] == "csv" or request.accept_mimetypes.best == "text/csv"
        if wants_csv:
            buf = io.StringIO()
            if query["excel"]:
                buf.write("\ufeff")
            w = csv.DictWriter(buf, fieldnames=CSV_FIELDS)
            w.writeheader()
            w.writerows({k: csv_cell(v) for k, v in row.items()} for row in rows)
            return Response(
                buf.getvalue(),
                mimetype="text/csv",
                headers={"Content-Disposition": f'attachment; filename="tournament-{t.id}-standings.csv"'},
            )
        return {"tournament_id": t.id, "order": repo.STANDINGS_ORDER, "standings": rows}
