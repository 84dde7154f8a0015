"""The HTTP contract: marshmallow schemas for requests and answers.

The record schema documents the body of ``POST /v1/adjudications``; the body
itself is checked by the rules core (:func:`service.core.adjudicate`), which
reads a few hundred plays faster than a generic validator would and reports
the same JSON pointers. Answers are dumped through these schemas.
"""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from ..core.call_types import CallKind
from ..core.errors import ViolationCode
from ..core.roles import Mode
from ..core.sheets import SHEET_FIELDS
from ..problems import PROBLEM_CODES
from ..tournament.webhooks import EVENTS
from .strict import Boolean, BoundedList, Integer, Moment, Name, QueryBoolean, QueryInteger

SEAT = validate.Range(min=0, max=4)
CARDS_DOC = {
    "oneOf": [
        {"type": "string", "description": "space-separated tokens, e.g. 'BJ* SJ 9 9 9'"},
        {"type": "array", "items": {"type": "string"}, "description": "one token per element"},
    ],
    "description": "Cards: 6 7 8 9 10 (or T) J Q K A 2 SJ BJ; the marked jokers BJ* and SJ*; "
    "an optional suit after a rank (7S, 7H, 7D, 7C or 7♠ …).",
}
RULESET_DOC = {
    "oneOf": [
        {"type": "string", "description": "a ruleset name, e.g. 'weihai'"},
        {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "options": {"type": "object", "additionalProperties": True},
            },
            "additionalProperties": False,
        },
    ],
    "description": "A ruleset name, or {name, options} with options from GET /v1/rulesets/{name}. Default 'weihai'.",
}


class StrictSchema(Schema):
    class Meta:
        ordered = True


class CallSchema(StrictSchema):
    seat = Integer(required=True, validate=SEAT)
    call = fields.String(
        required=True,
        validate=validate.OneOf([k.value for k in CallKind]),
    )
    card = fields.String(
        metadata={"description": "the suited card an accept (or a standard solo) calls, e.g. '9H'"},
    )


class PlaySchema(StrictSchema):
    seat = Integer(
        validate=SEAT,
        metadata={"description": "the seat playing; left out, it is the seat whose turn it is"},
    )
    cards = fields.Raw(metadata=CARDS_DOC)
    pass_ = Boolean(data_key="pass", metadata={"description": "true for a pass (then no cards)"})


class RecordSchema(StrictSchema):
    """A recorded game. Seats 0–4 in playing order."""

    ruleset = fields.Raw(metadata=RULESET_DOC)
    deal = fields.List(
        fields.Raw(metadata=CARDS_DOC),
        validate=validate.Length(equal=5),
        allow_none=True,
        metadata={
            "description": "five hands, seat 0 first. Left out, the deal is rebuilt from the plays: "
            "each seat held what it played, and the seat that never went out held the rest."
        },
    )
    calls = fields.List(fields.Nested(CallSchema))
    plays = fields.List(fields.Nested(PlaySchema))
    guard = Integer(
        validate=SEAT,
        allow_none=True,
        metadata={"description": "without a deal: the guard, when it stayed hidden and never played SJ*"},
    )
    first_candidate = Integer(
        validate=SEAT,
        metadata={"description": "rulesets that offer the crown (standard): the seat offered it first"},
    )
    meta = fields.Dict(metadata={"description": "free-form data kept with the record, not checked"})
    claimed = fields.Dict(
        metadata={
            "description": "what the table worked out by hand, any of: mode, emperor, guard, rebels, guard_revealed, "
            "rebellion, kicked_by, finishing_order, multiplier, scores; the answer lists each difference from the rules"
        }
    )


class RulesetRefSchema(StrictSchema):
    name = fields.String(required=True)
    options = fields.Dict(required=True)


class ViolationSchema(StrictSchema):
    code = fields.String(required=True, validate=validate.OneOf([c.value for c in ViolationCode]))
    pointer = fields.String(required=True, metadata={"description": "JSON pointer into the record, e.g. /plays/57"})
    seat = Integer(allow_none=True, required=True)
    message = fields.String(required=True)
    state = fields.Dict(
        required=True,
        metadata={
            "description": "the game at that point: the seat's hand, the set on the table and who played it, "
            "whose turn it was, who had gone out"
        },
    )
    line = Integer(
        metadata={"description": "a record sent in the game notation: the line where this call or play was written"}
    )
    column = Integer(metadata={"description": "a record sent in the game notation: its column"})


class MultiplierSchema(StrictSchema):
    rule = fields.String(required=True)
    factor = Integer(required=True)
    reason = fields.String(required=True)


class OutcomeSchema(StrictSchema):
    mode = fields.String(required=True, validate=validate.OneOf([m.value for m in Mode]))
    emperor = Integer(required=True, allow_none=True, metadata={"description": "null only for a void deal"})
    guard = Integer(required=True, allow_none=True)
    rebels = fields.List(Integer(), required=True)
    guard_revealed = Boolean(required=True)
    rebellion = Boolean(required=True)
    kicked_by = Integer(required=True, allow_none=True)
    finishing_order = fields.List(Integer(), required=True, metadata={"description": "seats, 1st first"})
    called_card = fields.String(allow_none=True, required=True, metadata={"description": "the card the emperor called"})
    multiplier = Integer(required=True)
    multipliers = fields.List(fields.Nested(MultiplierSchema), required=True)
    base_scores = fields.List(Integer(), required=True, metadata={"description": "by seat, before multipliers"})
    scores = fields.List(Integer(), required=True, metadata={"description": "by seat; they sum to zero"})
    claim = fields.Dict(
        metadata={
            "description": "stored games only: what the table claimed (claimed), where it parted from the rules "
            "(differences), and whether the rules' result was accepted over it (accepted_computed)"
        }
    )


class DifferenceSchema(StrictSchema):
    pointer = fields.String(
        required=True, metadata={"description": "JSON pointer into the claim, e.g. /claimed/scores/2"}
    )
    claimed = fields.Raw(required=True)
    computed = fields.Raw(required=True)
    reason = fields.String(required=True)


class ClaimCheckSchema(StrictSchema):
    checked = Boolean(
        required=True, metadata={"description": "false when the record is not legal: nothing to check against"}
    )
    matches = Boolean(required=True, allow_none=True)
    differences = fields.List(fields.Nested(DifferenceSchema), required=True)


class AdjudicationSchema(StrictSchema):
    verdict = fields.String(required=True, validate=validate.OneOf(["legal", "illegal", "incomplete"]))
    ruleset = fields.Nested(RulesetRefSchema, required=True)
    deal_reconstructed = Boolean(required=True)
    notes = fields.List(fields.String(), required=True)
    violation = fields.Nested(ViolationSchema, allow_none=True, required=True)
    outcome = fields.Nested(OutcomeSchema, allow_none=True, required=True)
    claim = fields.Nested(
        ClaimCheckSchema,
        allow_none=True,
        required=True,
        metadata={"description": "the record's claimed result set against the rules' (null: it claimed nothing)"},
    )


class ScoreSheetSchema(StrictSchema):
    """A game's result without a play log (POST /v1/scores)."""

    ruleset = fields.Raw(metadata=RULESET_DOC)
    mode = fields.String(required=True, validate=validate.OneOf([m.value for m in Mode]))
    emperor = Integer(required=True, validate=SEAT, allow_none=True)
    guard = Integer(validate=SEAT, allow_none=True)
    rebels = BoundedList(Integer(validate=SEAT), max_items=5)
    guard_revealed = Boolean()
    kicked_by = Integer(validate=SEAT, allow_none=True)
    finishing_order = BoundedList(Integer(validate=SEAT), max_items=5, metadata={"description": "seats, 1st first"})


assert tuple(ScoreSheetSchema().fields) == SHEET_FIELDS


class ScoreAnswerSchema(OutcomeSchema):
    ruleset = fields.Nested(RulesetRefSchema, required=True)


class OptionSchema(StrictSchema):
    key = fields.String(required=True)
    default = fields.Raw(required=True)
    choices = fields.List(fields.Raw(), required=True)
    description = fields.String(required=True)


class RulesetSchema(StrictSchema):
    name = fields.String(required=True)
    description = fields.String(required=True)
    deck_size = Integer(required=True)
    hand_sizes = fields.List(Integer(), required=True, metadata={"description": "the five hands, largest first"})
    set_aside = fields.String(allow_none=True, required=True, metadata={"description": "a card kept out of the deal"})
    suits_required = Boolean(required=True, metadata={"description": "whether deals and called cards show suits"})
    crown = fields.String(required=True, metadata={"description": "how emperor and guard are chosen"})
    options = fields.List(fields.Nested(OptionSchema), required=True)


class RulesetListSchema(StrictSchema):
    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)


class ProblemItemSchema(StrictSchema):
    pointer = fields.String(
        required=True,
        metadata={
            "description": "JSON pointer to the offending element of the body ('' for the whole body), "
            "or /query/NAME for a query parameter"
        },
    )
    code = fields.String(
        required=True,
        validate=validate.OneOf(list(PROBLEM_CODES)),
        metadata={
            "description": "A stable code (never changes meaning):\n\n"
            + "\n".join(f"- `{code}`: {meaning}" for code, meaning in PROBLEM_CODES.items())
        },
    )
    detail = fields.String(required=True, metadata={"description": "what is wrong, for a person"})
    missing = fields.String(
        metadata={"description": "for a fact the record leaves open and the answer depends on: which (e.g. 'guard')"}
    )
    candidates = fields.List(
        fields.Raw(),
        metadata={
            "description": "the values that fact could take (the seats that could be the guard, the ways the hand "
            "sizes could have been dealt)"
        },
    )
    claimed = fields.Raw(metadata={"description": "claim_differs: what the table claimed at this pointer"})
    computed = fields.Raw(metadata={"description": "claim_differs: what the rules give there"})
    line = Integer(metadata={"description": "a body in the game notation: the line (1-based) of the problem"})
    column = Integer(metadata={"description": "a body in the game notation: the column (1-based) of the problem"})
    limit = Integer(
        metadata={"description": "too_many_plays, too_many_calls, too_many_lines, line_too_long: the bound"}
    )
    found = Integer(metadata={"description": "too_many_plays, too_many_calls, too_many_lines: how many the body has"})


class ProblemSchema(StrictSchema):
    """RFC 9457 problem details."""

    class Meta:
        ordered = True
        unknown = INCLUDE

    type = fields.String(
        required=True,
        metadata={
            "description": "/problems/ and the status in words (/problems/not-found), or /problems/invalid-record, invalid-game, invalid-query … for a 422"
        },
    )
    title = fields.String(required=True)
    status = Integer(required=True)
    detail = fields.String()
    errors = fields.List(
        fields.Nested(ProblemItemSchema),
        metadata={"description": "the problems found, each with its pointer (422): the first 100 of them"},
    )
    more_errors = Integer(
        metadata={"description": "how many problems were found beyond those listed in errors (absent: none)"}
    )


# --- tournaments -------------------------------------------------------------------------


class OrganizerCreateSchema(StrictSchema):
    name = Name(required=True, max_length=200)


class OrganizerSchema(StrictSchema):
    id = Integer(required=True)
    name = fields.String(required=True)
    created_at = fields.DateTime(required=True)


class KeyCreateSchema(StrictSchema):
    label = Name(max_length=200, what="a label", allow_none=True)


class KeySchema(StrictSchema):
    id = Integer(required=True)
    prefix = fields.String(required=True, metadata={"description": "the key's first characters, to tell keys apart"})
    label = fields.String(allow_none=True, required=True)
    created_at = fields.DateTime(required=True)
    revoked_at = fields.DateTime(allow_none=True, required=True)


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


class TournamentPatchSchema(StrictSchema):
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
    created_at = fields.DateTime(required=True)


class PlayerCreateSchema(StrictSchema):
    name = Name(
        required=True,
        max_length=100,
        metadata={"description": "Unique in the tournament, ignoring case, full-width forms and runs of spaces."},
    )


class PlayerPatchSchema(StrictSchema):
    name = Name(max_length=100)
    withdrawn = Boolean(metadata={"description": "true withdraws the player; false takes them back"})


class PlayerSchema(StrictSchema):
    id = Integer(required=True)
    tournament_id = Integer(required=True)
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


WEBHOOK_EVENTS = list(EVENTS)


class WebhookCreateSchema(StrictSchema):
    url = fields.Url(required=True, schemes={"http", "https"}, validate=validate.Length(max=2000))
    events = BoundedList(
        fields.String(validate=validate.OneOf(WEBHOOK_EVENTS)),
        max_items=len(WEBHOOK_EVENTS),
        load_default=list,
        metadata={"description": "the events to send (default: all of them)"},
    )


class WebhookSchema(StrictSchema):
    id = Integer(required=True)
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    created_at = fields.DateTime(required=True)
    secret = fields.String(
        metadata={
            "description": "signs every delivery (X-Baohuang-Signature); shown once, when the webhook is registered"
        }
    )


class WebhookListSchema(StrictSchema):
    webhooks = fields.List(fields.Nested(WebhookSchema), required=True)


class WebhookAttemptSchema(StrictSchema):
    at = fields.DateTime(required=True)
    status = Integer(allow_none=True, required=True, metadata={"description": "the receiver's status; null: no answer"})
    error = fields.String(allow_none=True, required=True)


class WebhookDeliverySchema(StrictSchema):
    id = Integer(required=True)
    event_id = Integer(required=True)
    event = fields.String(required=True)
    state = fields.String(required=True, validate=validate.OneOf(["pending", "delivered", "gave_up"]))
    attempts = fields.List(fields.Nested(WebhookAttemptSchema), required=True)
    next_at = fields.DateTime(allow_none=True, required=True)
    delivered_at = fields.DateTime(allow_none=True, required=True)


class WebhookDeliveryListSchema(StrictSchema):
    deliveries = fields.List(fields.Nested(WebhookDeliverySchema), required=True)


class RedeliverySchema(StrictSchema):
    id = Integer(required=True)
    state = fields.String(required=True)
    next_at = fields.DateTime(required=True)
