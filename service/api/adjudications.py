"""POST /v1/adjudications: check a recorded game and score it."""

from __future__ import annotations

import json

from flask import Response, request
from flask.views import MethodView

from ..core import adjudicate
from ..core.jsonio import loads
from ..metrics import ADJUDICATIONS
from .common import Blueprint, documented
from .schemas import AdjudicationSchema, RecordSchema

blp = Blueprint(
    "adjudications",
    __name__,
    url_prefix="/v1/adjudications",
    description="Check every call and play of a recorded game against the rules, and score it.",
)


@blp.route("")
class Adjudications(MethodView):
    @documented(
        requestBody={"required": True, "content": {"application/json": {"schema": RecordSchema}}},
        summary="Adjudicate a recorded game",
        description="Answers 200 for every well-formed record: `verdict` says whether it is legal; "
        "an illegal or incomplete record names the offending call or play in `violation` with a JSON "
        "pointer and a snapshot of the game at that point. A body that is not a record at all (not JSON, "
        "wrong types, unknown card tokens, not five hands) is 422 with every problem listed.",
        # Documented here rather than with @blp.response: the view returns the encoded answer
        # itself, and this is the hottest route, so it goes without the serialising wrapper.
        responses={
            "200": {"description": "OK", "content": {"application/json": {"schema": AdjudicationSchema}}},
            "422": {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"},
            "default": {"$ref": "#/components/responses/DEFAULT_ERROR"},
        },
    )
    def post(self) -> Response:
        doc = loads(request.get_data(cache=False))
        result = adjudicate(doc)
        ADJUDICATIONS.labels(result.verdict.value).inc()
        # The answer is built by the core in exactly the documented shape (schemathesis checks
        # it against openapi.yaml), so it is encoded directly rather than dumped field by field.
        return Response(json.dumps(result.to_json(), ensure_ascii=False), mimetype="application/json")
