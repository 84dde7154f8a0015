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
from .strict import Boolean, BoundedList, Integer

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
