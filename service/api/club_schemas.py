"""Schemas of a club beyond one evening: members, their ratings, seasons and their standings."""

from __future__ import annotations

from marshmallow import fields, validate

from ..club import Counting, Part
from .schemas import StrictSchema
from .strict import Boolean, BoundedList, Id, Integer, IntList, Name, QueryInteger

ROLE_NAMES = [r.value for r in Part]  # the club core's roles (emperor, guard, other: 平民) and rebel (造反)


class RatingFields(StrictSchema):
    rating = fields.Float(required=True, metadata={"description": "mu − 3 sigma: the skill held with near certainty"})
    mu = fields.Float(required=True, metadata={"description": "the skill estimate (Weng-Lin, openskill Plackett-Luce)"})
    sigma = fields.Float(required=True, metadata={"description": "its uncertainty"})
    games = Integer(required=True, metadata={"description": "the rated games it is made of"})
    provisional = Boolean(required=True, metadata={"description": "fewer than 10 rated games"})


class MemberSchema(RatingFields):
    id = Integer(required=True)
    organizer_id = Integer(required=True)
    name = fields.String(required=True)
    merged_into = Integer(required=True, allow_none=True)
    players = Integer(required=True, metadata={"description": "how many tournaments they played in"})


class FreshnessSchema(StrictSchema):
    up_to_date = Boolean(required=True, metadata={"description": "every change to the club's games is in the ratings"})
    pending_since = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "since when they are being brought up to date"}
    )
    from_played_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "from the game played at this moment on"}
    )


class MemberListSchema(StrictSchema):
    members = fields.List(fields.Nested(MemberSchema), required=True)
    total = Integer(required=True)
    limit = Integer(required=True)
    offset = Integer(required=True)
    next = fields.String(allow_none=True, required=True, metadata={"description": "the next page, if any"})
    ratings = fields.Nested(FreshnessSchema, required=True)


class MemberQuerySchema(StrictSchema):
    limit = QueryInteger(load_default=100, validate=validate.Range(min=1, max=500))
    offset = QueryInteger(load_default=0, validate=validate.Range(min=0, max=1_000_000_000))
    sort = fields.String(
        load_default="name",
        validate=validate.OneOf(["name", "rating"]),
        metadata={"description": "name: in pinyin order; rating: the strongest (μ − 3σ) first, then by name"},
    )


class MemberPageQuery(StrictSchema):
    evenings = QueryInteger(
        load_default=60, validate=validate.Range(min=1, max=500), metadata={"description": "evenings a page"}
    )
    before = QueryInteger(
        load_default=None,
        validate=validate.Range(min=1, max=2**31 - 1),
        metadata={"description": "the evenings before this tournament (an answer's evenings_before): an earlier page"},
    )


class EveningSchema(StrictSchema):
    tournament_id = Integer(required=True)
    tournament = fields.String(required=True)
    player_id = Integer(required=True)
    name = fields.String(required=True)
    at = fields.DateTime(required=True)
    games = Integer(required=True)
    byes = Integer(required=True, metadata={"description": "rounds sat out (their points are in total)"})
    total = Integer(required=True, metadata={"description": "the evening's total, as its standings give it"})
    cumulative = Integer(required=True)


class RatingStepSchema(StrictSchema):
    game_id = Integer(required=True)
    played_at = fields.DateTime(required=True)
    rating = fields.Float(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)


class RoleFiguresSchema(StrictSchema):
    role = fields.String(
        required=True,
        validate=validate.OneOf(ROLE_NAMES),
        metadata={
            "description": "emperor, guard, other (平民); rebel: the games in which the member called rebellion (造反)"
        },
    )
    games = Integer(required=True)
    wins = Integer(required=True)
    total = Integer(required=True)
    average = fields.Float(required=True)


class MetSchema(StrictSchema):
    member_id = Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    games = Integer(required=True)


class MemberEventSchema(StrictSchema):
    action = fields.String(required=True, validate=validate.OneOf(["moved", "merged"]))
    member_id = Integer(required=True)
    from_member_id = Integer(required=True, allow_none=True)
    player_id = Integer(required=True, allow_none=True)
    reason = fields.String(required=True, allow_none=True)
    at = fields.DateTime(required=True)


class MemberDetailSchema(RatingFields):
    id = Integer(required=True)
    organizer_id = Integer(required=True)
    name = fields.String(required=True)
    merged_into = Integer(required=True, allow_none=True)
    ratings = fields.Nested(FreshnessSchema, required=True)
    evenings = fields.List(
        fields.Nested(EveningSchema),
        required=True,
        metadata={"description": "a page of the member's evenings in order: the latest, or those before ?before="},
    )
    evenings_total = Integer(required=True, metadata={"description": "how many evenings the member has in all"})
    evenings_before = Integer(
        required=True,
        allow_none=True,
        metadata={"description": "the earlier page: ?before= this tournament (null: this page is the first)"},
    )
    rating_history = fields.List(
        fields.Nested(RatingStepSchema),
        required=True,
        metadata={"description": "the rating at the end of each evening of the page (every step: …/rating-history)"},
    )
    rating_series = fields.List(
        fields.Nested(RatingStepSchema),
        required=True,
        metadata={"description": "the rating over the whole history: at most 120 of its steps, spread evenly"},
    )
    rating_steps = Integer(required=True, metadata={"description": "how many steps the full history has"})
    by_role = fields.List(
        fields.Nested(RoleFiguresSchema),
        required=True,
        metadata={
            "description": "as emperor (皇帝), guard (保子) and neither (平民): every counted game in one of them"
        },
    )
    rebellion = fields.Nested(
        RoleFiguresSchema,
        required=True,
        metadata={"description": "role rebel: of the games as 平民, those in which the member called rebellion (造反)"},
    )
    partners = fields.List(
        fields.Nested(MetSchema),
        required=True,
        metadata={"description": "on the same side most, in their latest 1,000 rated games"},
    )
    opponents = fields.List(
        fields.Nested(MetSchema),
        required=True,
        metadata={"description": "on the other side most, in their latest 1,000 rated games"},
    )
    events = fields.List(
        fields.Nested(MemberEventSchema),
        required=True,
        metadata={"description": "the audit trail (the organizer only)"},
    )


class RatingHistorySchema(StrictSchema):
    member_id = Integer(required=True)
    steps = fields.List(fields.Nested(RatingStepSchema), required=True)
    total = Integer(required=True)
    limit = Integer(required=True)
    offset = Integer(required=True)
    next = fields.String(allow_none=True, required=True, metadata={"description": "the next page, if any"})


class MergeSchema(StrictSchema):
    member_id = Id(required=True, metadata={"description": "the member merged into this one (its players move)"})
    reason = Name(max_length=500, what="a reason")


class MergedSchema(StrictSchema):
    id = Integer(required=True)
    organizer_id = Integer(required=True)
    name = fields.String(required=True)
    merged_into = Integer(required=True, allow_none=True)
    moved_players = Integer(required=True)
    merged = Integer(required=True)


class SeasonCreateSchema(StrictSchema):
    name = Name(required=True, max_length=200)
    counting = fields.String(
        load_default="all",
        validate=validate.OneOf([c.value for c in Counting]),
        metadata={"description": "all evenings count, or each member's best N (best)"},
    )
    best = Integer(validate=validate.Range(min=1, max=1000), metadata={"description": "N, with counting best"})
    tournaments = BoundedList(Id(), max_items=500, load_default=list, metadata={"description": "in order"})


class SeasonPatchSchema(StrictSchema):
    name = Name(max_length=200)
    counting = fields.String(validate=validate.OneOf([c.value for c in Counting]))
    best = Integer(validate=validate.Range(min=1, max=1000))
    tournaments = BoundedList(Id(), max_items=500)


class SeasonTournamentSchema(StrictSchema):
    id = Integer(required=True)
    name = fields.String(required=True)
    created_at = fields.DateTime(required=True)


class SeasonSchema(StrictSchema):
    id = Integer(required=True)
    organizer_id = Integer(required=True)
    name = fields.String(required=True)
    counting = fields.String(required=True)
    best = Integer(required=True, allow_none=True)
    tournaments = fields.List(fields.Nested(SeasonTournamentSchema), required=True)
    created_at = fields.DateTime(required=True)


class SeasonListSchema(StrictSchema):
    seasons = fields.List(fields.Nested(SeasonSchema), required=True)


class SeasonStandingSchema(StrictSchema):
    rank = Integer(required=True)
    member_id = Integer(required=True)
    name = fields.String(required=True)
    total = Integer(required=True)
    games = Integer(required=True)
    wins = Integer(required=True)
    byes = Integer(required=True)
    average = fields.Float(required=True, metadata={"description": "points per game (byes aside)"})
    evenings = Integer(required=True, metadata={"description": "evenings played"})
    evenings_counted = Integer(required=True)
    counted_tournaments = IntList(
        required=True,
        metadata={
            "description": "the evenings that count, where the season counts each member's best N; empty where "
            "every evening counts (the member's evenings are their page's)"
        },
    )
    emperor_games = Integer(required=True)
    emperor_wins = Integer(required=True)
    emperor_average = fields.Float(required=True)
    guard_games = Integer(required=True)
    guard_wins = Integer(required=True)
    guard_average = fields.Float(required=True)
    other_games = Integer(required=True, metadata={"description": "games as neither emperor nor guard (平民)"})
    other_wins = Integer(required=True)
    other_average = fields.Float(required=True)
    rebel_games = Integer(
        required=True, metadata={"description": "of those, the games in which the member called rebellion (造反)"}
    )
    rebel_wins = Integer(required=True)
    rebel_average = fields.Float(required=True)


class SeasonStandingsSchema(StrictSchema):
    season_id = Integer(required=True)
    counting = fields.String(required=True)
    best = Integer(required=True, allow_none=True)
    after = Integer(required=True, allow_none=True)
    tournaments = IntList(required=True)
    order = fields.String(required=True)
    standings = fields.List(fields.Nested(SeasonStandingSchema), required=True)
