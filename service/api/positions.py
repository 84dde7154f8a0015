"""POST /v1/positions/check: one next call or play, checked after a record (service/core/moves.py).
For apps that run a live game: after every move, the referee's word on it."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response, request
from flask.views import MethodView

from ..core.errors import Problem, RecordError
from ..core.jsonio import loads
from ..core.moves import check_move
from ..core.notation import located, parse
from .common import Blueprint, documented

blp = Blueprint(
    "positions",
    __name__,
    url_prefix="/v1/positions",
    description="A game as it is being played: one next move checked.",
)

_FIELDS = ("record", "move")
_REQUIRED = {
    "record": "the game so far is required: 'record', a record object or the game in the notation",
    "move": "the next move is required: 'move', a play or a call",
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
            "type": ["object", "null"],
            "description": "as adjudication names it: code, pointer, seat, message, state (the snapshot)",
        },
        "notes": {"type": "array", "items": {"type": "string"}},
        "outcome": {"type": ["object", "null"], "description": "the game's outcome, when the move ended it"},
    },
}


@blp.route("/check")
class MoveCheckView(MethodView):
    @documented(
        requestBody={
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["record", "move"],
                        "additionalProperties": False,
                        "properties": {
                            "record": {
                                "oneOf": [
                                    {"$ref": "#/components/schemas/Record"},
                                    {"type": "string", "description": "the game so far in the notation"},
                                ],
                                "description": "the game so far: a record (with or without the deal) or its notation",
                            },
                            "move": {
                                "type": "object",
                                "description": 'the next move: a play {"seat", "cards"} or {"seat", "pass": true} '
                                '(the seat may be left out), or a call {"seat", "call"} (with "card" where the '
                                "ruleset calls cards), before the first play",
                            },
                        },
                    },
                    "example": {
                        "record": {"ruleset": "weihai", "deal": ["…"], "calls": [{"seat": 3, "call": "ascend"}]},
                        "move": {"seat": 3, "cards": "9 9"},
                    },
                }
            },
        },
        summary="Check one next move",
        description="Answers whether one call or play may be made after the record, exactly as adjudicating the "
        "record with the move added would: `legal` is true while that record is incomplete (or when the move ends "
        "the game, with its `outcome`; a call after which the crown still waits for a seat's answer is legal, "
        "`awaiting` naming that seat); otherwise `violation` is the one adjudication names (same code, seat, "
        "pointer and snapshot) and `at_move` says whether it is the move's own. Without the deal, what depends on "
        "hidden cards is judged as adjudication judges it, with its `notes`. A record or move that is not well "
        "formed is 422, its problems pointing into `/record` or `/move`; a call after the first play is "
        "`call_after_first_play`.",
        responses={
            "200": {
                "description": "OK",
                "content": {
                    "application/json": {
                        "schema": MOVE_CHECK_SCHEMA,
                        "example": {
                            "legal": False,
                            "verdict": "illegal",
                            "awaiting": None,
                            "move": "/plays/12",
                            "at_move": True,
                            "violation": {
                                "code": "does_not_beat",
                                "pointer": "/plays/12",
                                "seat": 2,
                                "message": "9 9 does not beat Q Q (seat 1): every card must be higher",
                                "state": {"hand": "…", "table": "Q Q", "table_seat": 1, "turn": 2, "out": []},
                            },
                            "notes": [],
                            "outcome": None,
                        },
                    }
                },
            },
            "422": {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"},
            "default": {"$ref": "#/components/responses/DEFAULT_ERROR"},
        },
    )
    def post(self) -> Response:
        body = loads(request.get_data(cache=False))
        record, move = _read(body)
        if isinstance(record, str):
            try:
                game = parse(record)
            except RecordError as exc:
                raise RecordError([_under_record(p) for p in exc.problems]) from None
            try:
                checked = check_move(game.record, move)
            except RecordError as exc:
                raise RecordError(located(exc.problems, game, prefix="/record")) from None
        else:
            checked = check_move(record, move)
        return Response(orjson.dumps(checked.to_json()), mimetype="application/json")


def _read(body: Any) -> tuple[Any, Any]:
    if not isinstance(body, dict):
        raise RecordError([Problem("", "invalid_type", 'the body is an object: {"record": …, "move": …}')])
    problems = [
        Problem(f"/{k}", "unknown_field", f"unknown field {k!r}; the body has 'record' and 'move'")
        for k in body
        if k not in _FIELDS
    ]
    problems += [Problem(f"/{k}", "missing_field", _REQUIRED[k]) for k in _FIELDS if k not in body]
    record = body.get("record")
    if "record" in body and not isinstance(record, dict | str):
        problems.append(Problem("/record", "invalid_type", "'record' is a record object or the game in the notation"))
    if problems:
        raise RecordError(problems)
    return record, body["move"]


def _under_record(p: Problem) -> Problem:
    return Problem("/record" + p.pointer, p.code, p.detail, p.facts)
