"""Tournaments, their players and their standings."""

from __future__ import annotations

import csv
import io
from typing import Any, Literal

from flask import Response, request
from flask.views import MethodView

from ..core.record_form import read_ruleset
from ..i18n import translate
from ..tournament import clubs, rounds
from ..tournament.scopes import Scope
from .auth import viewer
from .common import (
    READ_IF_KEYED,
    Blueprint,
    PageQuery,
    acting_key,
    acting_organizer,
    needs,
    page,
    page_schema,
    refusals,
    unit_of_work,
)
from .tournament_schemas import (
    PlayerCreateSchema,
    PlayerPatchSchema,
    PlayerSchema,
    RoundListSchema,
    RoundSchema,
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


@blp.route("")
class Tournaments(MethodView):
    @blp.arguments(TournamentCreateSchema)
    @blp.response(201, TournamentSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401)
    def post(self, body: dict[str, Any]) -> clubs.TournamentInfo:
        """Create a tournament

        `ruleset` is a name or {name, options}; it is frozen once the first game is stored.
        """
        rs = read_ruleset(body.get("ruleset"))
        with unit_of_work() as uow:
            return clubs.create_tournament(
                uow,
                acting_organizer(),
                body["name"],
                rs,
                body["private"],
                body["seating"],
                body["bye_points"],
                body["deals_per_round"],
                body["table_link_hours"],
                body["time_zone"],
                body["player_pins"],
            )

    @blp.arguments(PageQuery, location="query")
    @blp.response(200, TournamentPage)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """List tournaments: the public ones, and with a key, the organizer's private ones too"""
        reader = viewer()
        with unit_of_work() as uow:
            items, total = clubs.list_tournaments(uow, reader, query["limit"], query["offset"])
        return page(items, total, query["limit"], query["offset"])


@blp.route("/<id:tournament_id>")
class TournamentById(MethodView):
    @blp.response(200, TournamentSchema)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, tournament_id: int) -> clubs.TournamentInfo:
        """One tournament"""
        reader = viewer()
        with unit_of_work() as uow:
            return clubs.get_tournament(uow, reader, tournament_id)

    @blp.arguments(TournamentPatchSchema)
    @blp.response(200, TournamentSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def patch(self, body: dict[str, Any], tournament_id: int) -> clubs.TournamentInfo:
        """Rename, close or reopen, make private or public; change the ruleset before the first game"""
        rs = read_ruleset(body["ruleset"]) if "ruleset" in body else None
        with unit_of_work() as uow:
            return clubs.change_tournament(uow, acting_organizer(), tournament_id, body, rs)


@blp.route("/<id:tournament_id>/players")
class Players(MethodView):
    @blp.arguments(PlayerCreateSchema)
    @blp.response(201, PlayerSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def post(self, body: dict[str, Any], tournament_id: int) -> clubs.PlayerInfo:
        """Register a player (display names are unique within a tournament)"""
        with unit_of_work() as uow:
            return clubs.add_player(uow, acting_organizer(), tournament_id, body["name"], body.get("member_id"))

    @blp.arguments(PageQuery, location="query")
    @blp.response(200, PlayerPage)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, query: dict[str, Any], tournament_id: int) -> dict[str, Any]:
        """List the players"""
        reader = viewer()
        with unit_of_work() as uow:
            items, total = clubs.list_players(uow, reader, tournament_id, query["limit"], query["offset"])
        return page(items, total, query["limit"], query["offset"])


@blp.route("/<id:tournament_id>/players/<id:player_id>")
class PlayerById(MethodView):
    @blp.response(200, PlayerSchema)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, tournament_id: int, player_id: int) -> clubs.PlayerInfo:
        """One player"""
        reader = viewer()
        with unit_of_work() as uow:
            return clubs.get_player(uow, reader, tournament_id, player_id)

    @blp.arguments(PlayerPatchSchema)
    @blp.response(200, PlayerSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def patch(self, body: dict[str, Any], tournament_id: int, player_id: int) -> clubs.PlayerInfo:
        """Rename a player, withdraw them, or take them back

        A player is never deleted: their games and standing stay. A withdrawn player cannot be
        seated in a new game.
        """
        with unit_of_work() as uow:
            return clubs.change_player(
                uow,
                acting_organizer(),
                tournament_id,
                player_id,
                body.get("name"),
                body.get("withdrawn"),
                member_id=body.get("member_id"),
                reason=body.get("reason"),
                key_id=acting_key().id,
            )


CSV_FIELDS = list(StandingSchema().fields)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A cell as a spreadsheet may read it: text that a spreadsheet would take for a formula
    (it starts with = + - @, a tab or a carriage return) gets a leading apostrophe. Numbers are
    numbers, negative ones included."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def wants_csv(query: dict[str, Any]) -> bool:
    """?format=csv, or a client that prefers text/csv."""
    return bool(query["format"] == "csv" or request.accept_mimetypes.best == "text/csv")


# A standings CSV's headings in words (``?lang=en`` or ``zh``), as the standings pages head their
# columns; without ``lang`` the header is the fields' names, which programs read.
CSV_HEADINGS = {
    "rank": "Rank",
    "player_id": "Player number",
    "member_id": "Member number",
    "name": "Name",
    "total": "Total",
    "games": "Games",
    "average": "Average",
    "wins": "Wins",
    "draws": "Draws",
    "losses": "Losses",
    "byes": "Byes",
    "evenings": "Evenings",
    "evenings_counted": "Evenings counted",
    **{
        f"{role}_{what}": f"{heading} as {name}"
        for role, name in (("emperor", "emperor"), ("guard", "guard"), ("other", "a commoner"))
        for what, heading in (("games", "Games"), ("total", "Score"), ("wins", "Wins"), ("average", "Average"))
    },
    **{
        f"rebel_{what}": f"{heading} calling rebellion"
        for what, heading in (("games", "Games"), ("total", "Score"), ("wins", "Wins"), ("average", "Average"))
    },
}


def csv_answer(
    rows: list[dict[str, Any]],
    fields: list[str],
    filename: str,
    *,
    excel: bool,
    extrasaction: Literal["raise", "ignore"] = "raise",
    lang: str | None = None,
) -> Response:
    """Standings as a CSV download: the header (the fields' names, or with ``lang`` their
    headings in that language), then a row each, every cell made safe for a spreadsheet
    (csv_cell); with ``excel``, a UTF-8 byte order mark first."""
    buf = io.StringIO()
    if excel:
        buf.write("\ufeff")
    w = csv.DictWriter(buf, fieldnames=fields, extrasaction=extrasaction)
    if lang is None:
        w.writeheader()
    else:
        w.writerow({f: translate(CSV_HEADINGS[f], lang) for f in fields})
    w.writerows({k: csv_cell(v) for k, v in row.items()} for row in rows)
    return Response(
        buf.getvalue(), mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


@blp.route("/<id:tournament_id>/standings")
class Standings(MethodView):
    @blp.arguments(StandingsQuerySchema, location="query")
    @blp.response(200, StandingsSchema, description="JSON; or CSV with ?format=csv or Accept: text/csv")
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, query: dict[str, Any], tournament_id: int) -> Any:
        """Standings: totals, games, average, wins/draws/losses, as emperor and as guard

        Computed in the database over the current version of every game that is not void.
        Ranked by total score, then wins, then fewer games; players equal on all three share a
        rank (1, 2, 2, 4) and are listed by name (Chinese names by their pinyin).
        """
        reader = viewer()
        with unit_of_work() as uow:
            answer = clubs.standings(uow, reader, tournament_id, query.get("round"))
        if wants_csv(query):
            filename = f"tournament-{tournament_id}-standings.csv"
            return csv_answer(
                StandingSchema(many=True).dump(answer.standings),
                CSV_FIELDS,
                filename,
                excel=query["excel"],
                lang=query.get("lang"),
            )
        return answer


@blp.route("/<id:tournament_id>/rounds")
class Rounds(MethodView):
    @blp.response(201, RoundSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def post(self, tournament_id: int) -> rounds.RoundInfo:
        """Seat the next round

        Tables of five from the players who have not withdrawn, as the tournament's `seating`
        says: balanced (each pair meeting as evenly as possible, neighbours varying, sitting out
        rotating) or swiss (by the standings, table 1 the top five). The players left over sit
        out (and score the tournament's `bye_points`). Games are then entered with `round` and
        `table` instead of their players.
        """
        with unit_of_work() as uow:
            return rounds.create_round(uow, acting_organizer(), tournament_id)

    @blp.response(200, RoundListSchema)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, tournament_id: int) -> dict[str, Any]:
        """Every round seated so far"""
        reader = viewer()
        with unit_of_work() as uow:
            return {"rounds": rounds.list_rounds(uow, reader, tournament_id)}


@blp.route("/<id:tournament_id>/rounds/<id:number>")
class RoundByNumber(MethodView):
    @blp.response(200, RoundSchema)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, tournament_id: int, number: int) -> rounds.RoundInfo:
        """One round: its tables, their seats, their deals entered and missing, who sits out"""
        reader = viewer()
        with unit_of_work() as uow:
            return rounds.get_round(uow, reader, tournament_id, number)

    @blp.response(200, RoundSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def delete(self, tournament_id: int, number: int) -> rounds.RoundInfo:
        """Remove the last round (seated by mistake)

        Only the last round, and only while no game was entered against it (409 otherwise); the
        answer is the round removed, and webhooks get `round.removed`.
        """
        with unit_of_work() as uow:
            return rounds.remove_last_round(uow, acting_organizer(), tournament_id, number)
