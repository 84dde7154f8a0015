"""A club beyond one evening over HTTP: an organizer's members (with their ratings), merging two,
and seasons with their standings. Reads are public and made from the club's public tournaments;
writes need the organizer's key."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import fields, validate

from ..tournament import members, seasons
from ..tournament.scopes import Scope
from .auth import viewer
from .club_schemas import (
    MemberDetailSchema,
    MemberListSchema,
    MemberPageQuery,
    MemberQuerySchema,
    MergedSchema,
    MergeSchema,
    RatingHistorySchema,
    SeasonCreateSchema,
    SeasonListSchema,
    SeasonPatchSchema,
    SeasonSchema,
    SeasonStandingSchema,
    SeasonStandingsSchema,
)
from .common import READ_IF_KEYED, Blueprint, acting_key, acting_organizer, needs, page, refusals, unit_of_work
from .schemas import StrictSchema
from .strict import CsvLanguage, QueryBoolean, QueryInteger
from .tournaments import csv_answer, wants_csv

blp = Blueprint(
    "club",
    __name__,
    url_prefix="/v1/organizers",
    description="A club beyond one evening: its members (the person behind the players of every tournament, "
    "with a rating), and seasons of tournaments with their standings.",
)


class SeasonQuerySchema(StrictSchema):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))
    after = QueryInteger(metadata={"description": "the standings after this tournament (an evening of the season)"})
    excel = QueryBoolean(load_default=False, metadata={"description": "with format=csv: a UTF-8 byte order mark"})
    lang = CsvLanguage()


CSV_FIELDS = [f for f in SeasonStandingSchema().fields if f != "counted_tournaments"]


class HistoryQuerySchema(StrictSchema):
    limit = QueryInteger(load_default=500, validate=validate.Range(min=1, max=2000))
    offset = QueryInteger(load_default=0, validate=validate.Range(min=0, max=1_000_000_000))


@blp.route("/<id:organizer_id>/members")
class Members(MethodView):
    @blp.arguments(MemberQuerySchema, location="query")
    @blp.response(200, MemberListSchema)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, query: dict[str, Any], organizer_id: int) -> dict[str, Any]:
        """The club's members, with their ratings now (pinyin order, or the strongest first), a page at a time

        `ratings` says whether the ratings have taken in every change to the club's games, and if
        not, since when they are being brought up to date.
        """
        reader = viewer()
        with unit_of_work() as uow:
            found = members.list_members(
                uow,
                organizer_id,
                reader,
                limit=query["limit"],
                offset=query["offset"],
                by_rating=query["sort"] == "rating",
            )
        out = page(found.members, found.total, query["limit"], query["offset"])
        return {**out, "members": out.pop("items"), "ratings": found.ratings}


@blp.route("/<id:organizer_id>/members/<id:member_id>")
class MemberById(MethodView):
    @blp.arguments(MemberPageQuery, location="query")
    @blp.response(200, MemberDetailSchema)
    @refusals(blp, 404, 422)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, query: dict[str, Any], organizer_id: int, member_id: int) -> members.MemberPage:
        """A member: a page of evenings, rating with its history, results by role, partners and opponents

        The evenings come a page at a time, the latest first: `evenings_before` names the
        tournament to ask the earlier page before (`?before=`), and `evenings_total` how many
        there are in all; `rating_history` is the rating at the end of each evening of the page.
        """
        reader = viewer()
        with unit_of_work() as uow:
            return members.get_member(
                uow, reader, organizer_id, member_id, evenings=query["evenings"], before=query["before"]
            )


@blp.route("/<id:organizer_id>/members/<id:member_id>/rating-history")
class MemberRatingHistory(MethodView):
    @blp.arguments(HistoryQuerySchema, location="query")
    @blp.response(200, RatingHistorySchema)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, query: dict[str, Any], organizer_id: int, member_id: int) -> dict[str, Any]:
        """A member's rating after every rated game, in played order, a page at a time"""
        reader = viewer()
        with unit_of_work() as uow:
            found = members.rating_history(
                uow, reader, organizer_id, member_id, limit=query["limit"], offset=query["offset"]
            )
        out = page(found.steps, found.total, query["limit"], query["offset"])
        return {**out, "steps": out.pop("items"), "member_id": found.member_id}


@blp.route("/<id:organizer_id>/members/<id:member_id>/merge")
class MergeMembers(MethodView):
    @blp.arguments(MergeSchema)
    @blp.response(200, MergedSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def post(self, body: dict[str, Any], organizer_id: int, member_id: int) -> members.Merged:
        """Merge another member into this one

        Every player of the other member (and so every game of theirs) moves to this one; the other
        is kept, marked merged, and the audit trail says who did it and why. Two members who both
        played in one tournament cannot be merged (409): move one of the players first
        (`PATCH …/players/{id}` with `member_id`).
        """
        with unit_of_work() as uow:
            return members.merge_members(
                uow, acting_key(), organizer_id, member_id, body["member_id"], body.get("reason")
            )


@blp.route("/<id:organizer_id>/seasons")
class Seasons(MethodView):
    @blp.arguments(SeasonCreateSchema)
    @blp.response(201, SeasonSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 409)
    def post(self, body: dict[str, Any], organizer_id: int) -> seasons.SeasonInfo:
        """Make a season: a name, its tournaments in order, and how evenings count"""
        with unit_of_work() as uow:
            return seasons.create_season(
                uow,
                acting_organizer(),
                organizer_id,
                body["name"],
                body["counting"],
                body.get("best"),
                body["tournaments"],
            )

    @blp.response(200, SeasonListSchema)
    def get(self, organizer_id: int) -> dict[str, Any]:
        """The club's seasons"""
        with unit_of_work() as uow:
            return {"seasons": seasons.list_seasons(uow, organizer_id)}


@blp.route("/<id:organizer_id>/seasons/<id:season_id>")
class SeasonById(MethodView):
    @blp.response(200, SeasonSchema)
    @refusals(blp, 404)
    def get(self, organizer_id: int, season_id: int) -> seasons.SeasonInfo:
        """A season"""
        with unit_of_work() as uow:
            return seasons.get_season(uow, organizer_id, season_id)

    @blp.arguments(SeasonPatchSchema)
    @blp.response(200, SeasonSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def patch(self, body: dict[str, Any], organizer_id: int, season_id: int) -> seasons.SeasonInfo:
        """Rename a season, change how it counts, or its tournaments"""
        with unit_of_work() as uow:
            return seasons.change_season(uow, acting_organizer(), organizer_id, season_id, body)


@blp.route("/<id:organizer_id>/seasons/<id:season_id>/standings")
class SeasonStandings(MethodView):
    @blp.arguments(SeasonQuerySchema, location="query")
    @blp.response(200, SeasonStandingsSchema, description="JSON; or CSV with ?format=csv or Accept: text/csv")
    @refusals(blp, 404)
    def get(self, query: dict[str, Any], organizer_id: int, season_id: int) -> Any:
        """A season's standings: each member's evenings added up (all, or their best N)

        Ranked as tournament standings: total, then wins, then fewer games; ties share a rank and
        are listed by name (pinyin). With `after`, the standings after that evening.
        """
        with unit_of_work() as uow:
            answer = seasons.season_standings(uow, organizer_id, season_id, query.get("after"))
        if wants_csv(query):
            filename = f"season-{season_id}-standings.csv"
            rows = SeasonStandingSchema(many=True).dump(answer.standings)
            return csv_answer(
                rows, CSV_FIELDS, filename, excel=query["excel"], extrasaction="ignore", lang=query.get("lang")
            )
        return answer
