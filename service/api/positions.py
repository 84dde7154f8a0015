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
from ..core.positions import BUDGET, PAGE, position
from . import notation
from .common import Blueprint, documented
from .position_schemas import MOVE_CHECK_SCHEMA, POSITION_SCHEMA

blp = Blueprint(
    "positions",
    __name__,
    url_prefix="/v1/positions",
    description="A game as it is being played: the position and its legal moves, one next move checked.",
)


@blp.route("")
class Positions(MethodView):
    @documented(
        requestBody={
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"$ref": "#/components/schemas/Record"},
                    "example": {
                        "ruleset": "weihai",
                        "deal": ["…"],
                        "calls": [{"seat": 3, "call": "ascend"}],
                        "plays": [{"seat": 3, "cards": "9 9"}],
                    },
                },
                notation.MEDIA_TYPE: {
                    "schema": {"type": "string", "description": "the game so far in the notation"},
                    "example": '[Ruleset "weihai"]\n\ncalls\n3 ascend\n\nplays\n3: 9 9\n',
                },
            },
        },
        parameters=[
            {
                "name": "cursor",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 0, "default": 0},
                "description": "where the page of legal plays starts: a previous answer's `legal.next_cursor`",
            }
        ],
        summary="The position after a record, and its legal moves",
        description="The game so far (a record with or without the deal, or its notation) answered with the "
        "position: the phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the "
        "calls made and the roles they settled, the calls open now, and the seat's legal moves — whether it may "
        "pass, and every set it may play, grouped by size, each once (BJ* and BJ are one card for what may be "
        f"played), lowest first, {PAGE} a page: `?cursor=` the previous answer's `legal.next_cursor` for the next. "
        "The plays are generated from the hand and the table by the rules of play, held equal to the referee's "
        "by tests; every call listed was checked with the call added to the record (with the deal by the referee's "
        "call rules on the deal read once, no play replayed; without it by adjudicating), "
        f"at most {BUDGET} a position (calls left unchecked are named in `unknown`). Without the "
        "deal, what depends on hidden cards is listed in `unknown`, never guessed. A record that breaks a rule is "
        "`phase: illegal` with the `violation`; one that is not a record is 422.",
        responses={
            "200": {
                "description": "OK",
                "content": {
                    "application/json": {
                        "schema": POSITION_SCHEMA,
                        "example": {
                            "phase": "play",
                            "seat": 4,
                            "hand": "2 2 A K K Q J J 10 9 8 7 6",
                            "cards_left": [33, 34, 33, 31, 13],
                            "out": [],
                            "trick": {"cards": "9 9", "seat": 3},
                            "calls": [{"seat": 3, "call": "ascend"}],
                            "roles": {
                                "mode": "normal",
                                "emperor": 3,
                                "guard": 0,
                                "guard_revealed": False,
                                "rebels": [],
                                "kicked_by": None,
                            },
                            "calls_open": [],
                            "legal": {
                                "pass": True,
                                "plays": [{"size": 2, "sets": ["J J", "K K", "2 2"], "count": 3, "complete": True}],
                                "next_cursor": None,
                            },
                            "unknown": [],
                            "violation": None,
                            "outcome": None,
                            "notes": [],
                        },
                    }
                },
            },
            "422": {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"},
            "default": {"$ref": "#/components/responses/DEFAULT_ERROR"},
        },
    )
    def post(self) -> Response:
        cursor = _cursor(request.args.get("cursor"))
        if notation.sent_as_notation(request):
            game, _ = notation.parse_body(request.get_data(cache=False))
            try:
                found = position(game.record)
            except RecordError as exc:
                raise RecordError(located(exc.problems, game)) from None
        else:
            doc = loads(request.get_data(cache=False))
            if not isinstance(doc, dict):
                raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
            found = position(doc)
        return Response(orjson.dumps(found.to_json(cursor)), mimetype="application/json")


def _cursor(raw: str | None) -> int:
    """The page's start (a previous answer's ``legal.next_cursor``): 0 when not given."""
    if raw is None:
        return 0
    if not raw.isdigit() or len(raw) > 9:
        raise RecordError(
            [Problem("/cursor", "invalid_value", "cursor is a previous answer's legal.next_cursor: 0 or more")]
        )
    return int(raw)


_FIELDS = ("record", "move")
_REQUIRED = {
    "record": "the game so far is required: 'record', a record object or the game in the notation",
    "move": "the next move is required: 'move', a play or a call",
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
                                "properties": {
                                    "seat": {"type": "integer", "minimum": 0, "maximum": 4},
                                    "cards": {
                                        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]
                                    },
                                    "pass": {"type": "boolean"},
                                    "call": {"type": "string"},
                                    "card": {"type": "string"},
                                },
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
