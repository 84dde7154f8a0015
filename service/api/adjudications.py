"""POST /v1/adjudications: check a recorded game and score it."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response, request
from flask.views import MethodView

from ..core import adjudicate
from ..core.errors import RecordError
from ..core.jsonio import loads
from ..metrics import ADJUDICATIONS
from . import notation
from .common import Blueprint, documented
from .schemas import AdjudicationSchema, RecordSchema

NOTATION_SCHEMA = {
    "type": "string",
    "description": "a game in the notation (docs/notation.md)",
    "example": '[Ruleset "weihai"]\n\ncalls\n0 ascend\n\nplays\n0: 9 9, -, -, -, -\n',
}
NOTATION_ANSWER_SCHEMA = {
    "type": "string",
    "description": "the verdict as headers ([Verdict], [Violation], [Pointer], [Line], [Column], [Scores], …), "
    "then the game in the notation",
}

_BY_VERDICT: dict[Any, Any] = {}  # verdict -> its labelled counter, looked up once

blp = Blueprint(
    "adjudications",
    __name__,
    url_prefix="/v1/adjudications",
    description="Check every call and play of a recorded game against the rules, and score it.",
)


@blp.route("")
class Adjudications(MethodView):
    @documented(
        requestBody={
            "required": True,
            "content": {
                "application/json": {"schema": RecordSchema},
                notation.MEDIA_TYPE: {"schema": NOTATION_SCHEMA},
            },
        },
        summary="Adjudicate a recorded game",
        description="Answers 200 for every well-formed record: `verdict` says whether it is legal; "
        "the record is JSON or the game notation (`text/x-baohuang`, docs/notation.md), whose violations "
        "and problems also name their line and column; `Accept: text/x-baohuang` answers in the notation; "
        "an illegal or incomplete record names the offending call or play in `violation` with a JSON "
        "pointer and a snapshot of the game at that point. A body that is not a record at all (not JSON, "
        "wrong types, unknown card tokens, not five hands) is 422 with every problem listed.",
        # Documented here rather than with @blp.response: the view returns the encoded answer
        # itself, and this is the hottest route, so it goes without the serialising wrapper.
        responses={
            "200": {
                "description": "OK",
                "content": {
                    "application/json": {"schema": AdjudicationSchema},
                    notation.MEDIA_TYPE: {"schema": NOTATION_ANSWER_SCHEMA},
                },
            },
            "422": {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"},
            "default": {"$ref": "#/components/responses/DEFAULT_ERROR"},
        },
    )
    def post(self) -> Response:
        game = None
        if notation.sent_as_notation(request):
            game, _ = notation.parse_body(request.get_data(cache=False))
            doc: Any = game.record
            try:
                result = adjudicate(doc)
            except RecordError as exc:
                raise RecordError(notation.located(exc.problems, game)) from None
        else:
            doc = loads(request.get_data(cache=False))
            result = adjudicate(doc)
        counter = _BY_VERDICT.get(result.verdict)
        if counter is None:
            counter = _BY_VERDICT.setdefault(result.verdict, ADJUDICATIONS.labels(result.verdict.value))
        counter.inc()
        if notation.wants_notation(request):
            return Response(notation.written(result, doc, game), mimetype=notation.MEDIA_TYPE)
        # The answer is built by the core in exactly the documented shape (schemathesis checks
        # it against openapi.yaml), so it is encoded directly rather than dumped field by field.
        answer = result.to_json() if game is None else notation.adjudication_json(result, game)
        return Response(orjson.dumps(answer), mimetype="application/json")
