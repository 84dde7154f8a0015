"""The answers of POST /v1/positions and /v1/positions/check as openapi.yaml describes them:
every nested object typed (the components are the adjudication's own)."""

from __future__ import annotations

from ..core.positions import PAGE
from ..core.roles import Mode

# The answers' nested objects, typed (the components are the adjudication's own).
CALL = {"$ref": "#/components/schemas/Call"}
VIOLATION = {"$ref": "#/components/schemas/Violation"}
OUTCOME = {"$ref": "#/components/schemas/Outcome"}
TRICK = {
    "type": "object",
    "required": ["cards", "seat"],
    "additionalProperties": False,
    "properties": {
        "cards": {"type": "string", "description": "the set on the table, e.g. '9 9'"},
        "seat": {"type": "integer", "description": "the seat that played it"},
    },
}
ROLES = {
    "type": "object",
    "required": ["mode", "emperor", "guard", "guard_revealed", "rebels", "kicked_by"],
    "additionalProperties": False,
    "properties": {
        "mode": {"type": "string", "enum": [m.value for m in Mode]},
        "emperor": {"type": ["integer", "null"]},
        "guard": {"type": ["integer", "null"], "description": "null in a solo game"},
        "guard_revealed": {"type": "boolean"},
        "rebels": {"type": "array", "items": {"type": "integer"}},
        "kicked_by": {"type": ["integer", "null"]},
    },
}
PLAY_GROUP = {
    "type": "object",
    "required": ["size", "sets", "count", "complete"],
    "additionalProperties": False,
    "properties": {
        "size": {"type": "integer", "description": "cards in each set of the group"},
        "sets": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the legal sets of this size on this page, lowest first, each once",
        },
        "count": {"type": ["integer", "null"], "description": "how many legal sets of this size there are in all"},
        "complete": {"type": "boolean", "description": "this page lists every legal set of this size"},
    },
}
LEGAL = {
    "type": "object",
    "required": ["pass", "plays", "next_cursor"],
    "additionalProperties": False,
    "description": f"pass: whether the seat may pass (null where it depends on hidden cards); plays: every legal "
    f"set, by size, at most {PAGE} a page (null without the deal or in the crown); next_cursor: the `cursor` of "
    "the next page, null on the last",
    "properties": {
        "pass": {"type": ["boolean", "null"]},
        "plays": {"anyOf": [{"type": "array", "items": PLAY_GROUP}, {"type": "null"}]},
        "next_cursor": {"type": ["integer", "null"]},
    },
}

POSITION_SCHEMA = {
    "type": "object",
    "required": [
        "phase",
        "seat",
        "hand",
        "cards_left",
        "out",
        "trick",
        "calls",
        "roles",
        "calls_open",
        "legal",
        "unknown",
    ],
    "properties": {
        "phase": {
            "type": "string",
            "enum": ["crown", "play", "over", "illegal"],
            "description": "crown: the crown waits for `seat`'s answer; play: `seat` is to play (and, before the "
            "first play, declarations are open); over: the game is finished (`outcome`); illegal: the record "
            "breaks a rule (`violation`)",
        },
        "seat": {"type": ["integer", "null"], "description": "the seat to act"},
        "hand": {"type": ["string", "null"], "description": "the seat to act's cards, when the deal is known"},
        "cards_left": {
            "type": "array",
            "items": {"type": ["integer", "null"]},
            "description": "each seat's count of cards (null where it depends on the hidden deal)",
        },
        "out": {"type": "array", "items": {"type": "integer"}, "description": "seats gone out, in finishing order"},
        "trick": {
            "anyOf": [TRICK, {"type": "null"}],
            "description": "the set to beat and whose it is; null when the seat leads",
        },
        "calls": {
            "type": "array",
            "items": CALL,
            "description": "the calls made, as the record gives them",
        },
        "roles": {
            "anyOf": [ROLES, {"type": "null"}],
            "description": "what the calls settled so far, with the deal; null in the crown, or without the deal "
            "(then `unknown` says so)",
        },
        "calls_open": {
            "type": "array",
            "items": CALL,
            "description": "every call open now, each checked by the referee",
        },
        "legal": LEGAL,
        "unknown": {"type": "array", "items": {"type": "string"}, "description": "what depends on hidden cards"},
        "violation": {
            "anyOf": [VIOLATION, {"type": "null"}],
            "description": "phase illegal: the rule the record breaks",
        },
        "outcome": {"anyOf": [OUTCOME, {"type": "null"}], "description": "phase over: how the game ended"},
        "notes": {"type": "array", "items": {"type": "string"}},
    },
}


MOVE_CHECK_SCHEMA = {
    "type": "object",
    "required": ["legal", "verdict", "awaiting", "move", "at_move", "violation", "notes", "outcome"],
    "properties": {
        "legal": {"type": "boolean", "description": "the move may be made after the record"},
        "verdict": {
            "type": "string",
            "enum": ["legal", "illegal", "incomplete"],
            "description": "the referee's verdict on the record with the move added: incomplete while the game goes "
            "on, legal when the move ends it",
        },
        "awaiting": {
            "type": ["object", "null"],
            "properties": {"seat": {"type": "integer"}, "message": {"type": "string"}},
            "description": "a legal call after which the crown still waits for a seat's answer (a transfer passed it "
            "on): that seat, and what it must do",
        },
        "move": {"type": "string", "description": "where the move stands in the record: /calls/k or /plays/k"},
        "at_move": {
            "type": ["boolean", "null"],
            "description": "not legal: true when the violation is the move's own, false when it is an earlier one's "
            "(the record was already wrong, or the crown is not settled); null when legal",
        },
        "violation": {
            "anyOf": [VIOLATION, {"type": "null"}],
            "description": "as adjudication names it: code, pointer, seat, message, state (the snapshot)",
        },
        "notes": {"type": "array", "items": {"type": "string"}},
        "outcome": {"anyOf": [OUTCOME, {"type": "null"}], "description": "the game's outcome, when the move ended it"},
    },
}
