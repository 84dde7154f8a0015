"""The schemas of a club's tournaments: organizers and keys, tournaments, players, games and their
history, standings and rounds (webhook_schemas.py holds the webhooks'; schemas.py holds the referee's: records, adjudications,
sheets, rulesets, problems)."""

from __future__ import annotations

from marshmallow import fields, validate

from ..text_and_time import DEFAULT_ZONE
from ..tournament.scopes import ALL as ALL_SCOPES
from .schemas import RULESET_DOC, OutcomeSchema, RecordSchema, RulesetRefSchema, ScoreSheetSchema, StrictSchema
from .strict import Boolean, CsvLanguage, Id, Integer, Moment, Name, QueryBoolean, QueryInteger, TimeZone

PLAYER_PINS = (
    "a table's player acts with their own PIN (four digits, given to each player by the director): entering, "
    "confirming and withdrawing at the table then carry `pin`, so one phone cannot act as both sides"
)


LINK_HOURS = "how many hours a table link lasts after it is made (it also ends when its round closes)"


class OrganizerCreateSchema(StrictSchema):
    name = Name(required=True, max_length=200)
    time_zone = TimeZone(
        load_default=DEFAULT_ZONE,
        metadata={"description": "the club's time: a played_at without a zone is read in it, pages show times in it"},
    )


class OrganizerPatchSchema(StrictSchema):
    name = Name(max_length=200)
    time_zone = TimeZone()


class OrganizerSchema(StrictSchema):
    id = Integer(required=True)
    name = fields.String(required=True)
    created_at = fields.DateTime(required=True)
    time_zone = fields.String(required=True, metadata={"description": "the club's IANA time zone"})


_SCOPES_DOC = {"description": "what the key may do (docs/tournaments.md): read, enter, manage, keys"}


class KeyCreateSchema(StrictSchema):
    label = Name(
        max_length=200, what="a label", allow_none=True, metadata={"description": "the key's name, e.g. the app"}
    )
    scopes = fields.List(
        fields.String(validate=validate.OneOf([s.value for s in ALL_SCOPES])),
        load_default=lambda: [s.value for s in ALL_SCOPES],
        validate=validate.Length(min=1),
        metadata={"description": _SCOPES_DOC["description"] + "; all by default, at most the issuing key's"},
    )


class KeySchema(StrictSchema):
    id = Integer(required=True)
    prefix = fields.String(required=True, metadata={"description": "the key's first characters, to tell keys apart"})
    label = fields.String(allow_none=True, required=True)
    scopes = fields.List(fields.String(), required=True, metadata=_SCOPES_DOC)
    created_at = fields.DateTime(required=True)
    revoked_at = fields.DateTime(allow_none=True, required=True)
    last_used_at = fields.DateTime(
        allow_none=True, required=True, metadata={"description": "when the key was last used (to within 5 minutes)"}
    )


class NewKeySchema(KeySchema):
    secret = fields.String(required=True, metadata={"description": "the key itself: shown once, stored only as a hash"})


class OrganizerCreatedSchema(StrictSchema):
    organizer = fields.Nested(OrganizerSchema, required=True)
    key = fields.Nested(NewKeySchema, required=True)


class KeyListSchema(StrictSchema):
    keys = fields.List(fields.Nested(KeySchema), required=True)


class TournamentCreateSchema(StrictSchema):
    name = Name(required=True, max_length=200)
    ruleset = fields.Raw(metadata=RULESET_DOC)
    private = Boolean(load_default=False)
    seating = fields.String(
        load_default="balanced",
        validate=validate.OneOf(["balanced", "swiss"]),
        metadata={
            "description": "how rounds are seated: balanced (meetings, neighbours and sitting out spread evenly) or swiss (by the standings)"
        },
    )
    bye_points = Integer(
        load_default=0,
        validate=validate.Range(min=-100, max=100),
        metadata={"description": "what a player sitting out a round scores (added to their total)"},
    )
    deals_per_round = Integer(
        load_default=1,
        validate=validate.Range(min=1, max=50),
        metadata={
            "description": "how many deals (局) each table plays a round: games entered by round and table are numbered 1 to this"
        },
    )
    table_link_hours = Integer(
        load_default=12,
        validate=validate.Range(min=1, max=168),
        metadata={"description": LINK_HOURS},
    )
    time_zone = TimeZone(
        load_default=None,
        allow_none=True,
        metadata={"description": "the tournament's own IANA time zone (where it is played); null: the organizer's"},
    )
    player_pins = Boolean(load_default=False, metadata={"description": PLAYER_PINS})


class TournamentPatchSchema(StrictSchema):
    time_zone = TimeZone(allow_none=True, metadata={"description": "its own time zone; null: the organizer's"})
    name = Name(max_length=200)
    ruleset = fields.Raw(metadata=RULESET_DOC)
    private = Boolean()
    status = fields.String(validate=validate.OneOf(["open", "closed"]))
    seating = fields.String(
        validate=validate.OneOf(["balanced", "swiss"]),
        metadata={
            "description": "how rounds are seated: balanced (meetings, neighbours and sitting out spread evenly) or swiss (by the standings)"
        },
    )
    bye_points = Integer(
        validate=validate.Range(min=-100, max=100),
        metadata={"description": "what a player sitting out a round scores (added to their total)"},
    )
    deals_per_round = Integer(
        validate=validate.Range(min=1, max=50),
        metadata={
            "description": "how many deals (局) each table plays a round: games entered by round and table are numbered 1 to this"
        },
    )
    table_link_hours = Integer(
        validate=validate.Range(min=1, max=168),
        metadata={"description": LINK_HOURS},
    )
    player_pins = Boolean(metadata={"description": PLAYER_PINS})


class TournamentSchema(StrictSchema):
    id = Integer(required=True)
    organizer_id = Integer(required=True)
    name = fields.String(required=True)
    ruleset = fields.Nested(RulesetRefSchema, required=True)
    status = fields.String(required=True, validate=validate.OneOf(["open", "closed"]))
    private = Boolean(required=True)
    frozen = Boolean(required=True, metadata={"description": "the ruleset is frozen once a game is stored"})
    seating = fields.String(required=True, validate=validate.OneOf(["balanced", "swiss"]))
    bye_points = Integer(required=True)
    deals_per_round = Integer(required=True)
    table_link_hours = Integer(required=True)
    time_zone = fields.String(
        required=True, metadata={"description": "where it is played: its own IANA time zone, or its organizer's"}
    )
    created_at = fields.DateTime(required=True)
    player_pins = Boolean(required=True, metadata={"description": "a table's player acts with their own PIN"})


class PlayerCreateSchema(StrictSchema):
    name = Name(
        required=True,
        max_length=100,
        metadata={"description": "Unique in the tournament, ignoring case, full-width forms and runs of spaces."},
    )
    member_id = Id(
        metadata={
            "description": "the club member this player is (default: the member of the same name under the same "
            "name rules, or a new member)"
        }
    )


class PlayerPatchSchema(StrictSchema):
    name = Name(max_length=100)
    withdrawn = Boolean(metadata={"description": "true withdraws the player; false takes them back"})
    member_id = Id(metadata={"description": "link the player (and every game of theirs) to another member of the club"})
    reason = Name(max_length=500, what="a reason", metadata={"description": "why, for the audit trail"})


class PlayerSchema(StrictSchema):
    id = Integer(required=True)
    tournament_id = Integer(required=True)
    member_id = Integer(required=True, allow_none=True, metadata={"description": "the club member this player is"})
    name = fields.String(required=True)
    withdrawn = Boolean(required=True)
    withdrawn_at = fields.DateTime(allow_none=True, required=True)
    created_at = fields.DateTime(required=True)


class GameSubmissionSchema(StrictSchema):
    """A game for a tournament: five players by seat, and a record or a result sheet."""

    players = fields.List(
        Integer(),
        validate=validate.Length(equal=5),
        metadata={
            "description": "the five player ids by seat; may be left out for a game entered against its round and table"
        },
    )
    round = Integer(
        metadata={"description": "the round the game was played in (with table): players come from its seating"}
    )
    table = Integer(metadata={"description": "the table of that round"})
    deal = Integer(
        metadata={
            "description": "which of the round's deals at that table (1 to the tournament's deals_per_round); "
            "default: the next one not entered. A deal already entered is 409 naming its game: correct that one"
        }
    )
    record = fields.Nested(RecordSchema, metadata={"description": "a full record (as POST /v1/adjudications)"})
    sheet = fields.Nested(ScoreSheetSchema, metadata={"description": "or a result sheet (as POST /v1/scores)"})
    played_at = Moment(metadata={"description": "when the game was played (without a zone: UTC); default: now"})
    claimed = fields.Dict(
        metadata={
            "description": "the result the table worked out (as a record's claimed); a game whose claim differs "
            "from the rules is refused (422 claim_differs) unless accept_computed is true"
        }
    )
    accept_computed = Boolean(
        metadata={"description": "store the rules' result even where the claim differs (the claim is kept beside it)"}
    )


class GameSeatSchema(StrictSchema):
    seat = Integer(required=True)
    player_id = Integer(required=True)
    name = fields.String(allow_none=True, required=True, metadata={"description": "the player's name"})
    role = fields.String(required=True, validate=validate.OneOf(["emperor", "guard", "other"]))
    place = Integer(allow_none=True, required=True)
    score = Integer(required=True)


class GameSchema(StrictSchema):
    id = Integer(required=True)
    tournament_id = Integer(required=True)
    version = Integer(required=True)
    voided = Boolean(required=True)
    kind = fields.String(allow_none=True, required=True, metadata={"description": "record or sheet"})
    played_at = fields.DateTime(required=True)
    created_at = fields.DateTime(required=True)
    round = Integer(allow_none=True, required=True, metadata={"description": "the round it was entered against"})
    table = Integer(allow_none=True, required=True, metadata={"description": "and its table"})
    deal = Integer(allow_none=True, required=True, metadata={"description": "and which of the round's deals there"})
    seats = fields.List(fields.Nested(GameSeatSchema), required=True)
    outcome = fields.Nested(OutcomeSchema, allow_none=True, required=True)


class GameDetailSchema(GameSchema):
    record = fields.Dict(
        allow_none=True,
        required=True,
        metadata={"description": "the record as submitted (or corrected); null for a sheet"},
    )
    sheet = fields.Dict(allow_none=True, required=True, metadata={"description": "the result sheet; null for a record"})
    notes = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "the referee's notes on the record: what a deal rebuilt from the plays assumed"},
    )


class CorrectionSchema(StrictSchema):
    action = fields.String(required=True, validate=validate.OneOf(["void", "replace"]))
    reason = Name(required=True, max_length=500, what="a reason")
    players = fields.List(Integer(), validate=validate.Length(equal=5))
    record = fields.Nested(RecordSchema)
    sheet = fields.Nested(ScoreSheetSchema)
    played_at = Moment()


class VersionSchema(StrictSchema):
    version = Integer(required=True)
    action = fields.String(required=True, validate=validate.OneOf(["submit", "replace", "void"]))
    kind = fields.String(allow_none=True, required=True)
    reason = fields.String(allow_none=True, required=True)
    key_id = Integer(
        required=True,
        allow_none=True,
        metadata={"description": "the API key that made this version; shown to the tournament's organizer only"},
    )
    key_label = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "that key's label; shown to the tournament's organizer only"},
    )
    created_at = fields.DateTime(required=True)
    body = fields.String(allow_none=True, required=True, metadata={"description": "the submission, byte for byte"})
    outcome = fields.Nested(OutcomeSchema, allow_none=True, required=True)


class HistorySchema(StrictSchema):
    game_id = Integer(required=True)
    versions = fields.List(fields.Nested(VersionSchema), required=True)


class StandingSchema(StrictSchema):
    rank = Integer(required=True, metadata={"description": "equal standings share a rank (1, 2, 2, 4)"})
    player_id = Integer(required=True)
    name = fields.String(required=True)
    total = Integer(required=True)
    games = Integer(required=True)
    average = fields.Float(required=True)
    wins = Integer(required=True)
    draws = Integer(required=True)
    losses = Integer(required=True)
    emperor_games = Integer(required=True)
    emperor_total = Integer(required=True)
    emperor_wins = Integer(required=True)
    guard_games = Integer(required=True)
    guard_total = Integer(required=True)
    guard_wins = Integer(required=True)
    rebel_games = Integer(
        required=True,
        metadata={"description": "games in which the player called rebellion (造反), whatever came of it"},
    )
    rebel_total = Integer(required=True)
    rebel_wins = Integer(required=True)
    byes = Integer(required=True, metadata={"description": "rounds sat out (their points are in total)"})


class StandingsSchema(StrictSchema):
    tournament_id = Integer(required=True)
    round = Integer(
        allow_none=True, required=True, metadata={"description": "the standings after this round (null: now)"}
    )
    order = fields.String(required=True, metadata={"description": "how ties are broken"})
    standings = fields.List(fields.Nested(StandingSchema), required=True)


class GameQuerySchema(StrictSchema):
    limit = QueryInteger(load_default=50, validate=validate.Range(min=1, max=500))
    offset = QueryInteger(load_default=0, validate=validate.Range(min=0, max=1_000_000_000))
    player = QueryInteger(
        validate=validate.Range(min=1, max=2147483647), metadata={"description": "only games this player sat in"}
    )
    since = Moment(metadata={"description": "played at or after (without a zone: UTC)"})
    until = Moment(metadata={"description": "played before (without a zone: UTC)"})
    include_void = QueryBoolean(load_default=False)


class StandingsQuerySchema(StrictSchema):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))
    round = QueryInteger(
        validate=validate.Range(min=1, max=10_000),
        metadata={
            "description": "the standings after this round: its games and the rounds' before, and the rounds sat out until then"
        },
    )
    excel = QueryBoolean(
        load_default=False,
        metadata={"description": "with format=csv: start with a UTF-8 byte order mark, so Excel reads Chinese names"},
    )
    lang = CsvLanguage()


class RoundSeatSchema(StrictSchema):
    seat = Integer(required=True)
    player_id = Integer(required=True)
    name = fields.String(allow_none=True, required=True)


class TableGameSchema(StrictSchema):
    deal = Integer(required=True)
    game_id = Integer(required=True)


class RoundTableSchema(StrictSchema):
    table = Integer(required=True)
    seats = fields.List(fields.Nested(RoundSeatSchema), required=True)
    games = fields.List(
        fields.Nested(TableGameSchema), required=True, metadata={"description": "the deals entered, with their games"}
    )
    missing_deals = fields.List(
        Integer(), required=True, metadata={"description": "the deals of this table not entered yet"}
    )


class SittingOutSchema(StrictSchema):
    player_id = Integer(required=True)
    name = fields.String(allow_none=True, required=True)


class RoundSchema(StrictSchema):
    number = Integer(required=True)
    method = fields.String(required=True, validate=validate.OneOf(["balanced", "swiss"]))
    created_at = fields.DateTime(required=True)
    tables = fields.List(fields.Nested(RoundTableSchema), required=True)
    sitting_out = fields.List(fields.Nested(SittingOutSchema), required=True)


class RoundListSchema(StrictSchema):
    rounds = fields.List(fields.Nested(RoundSchema), required=True)
