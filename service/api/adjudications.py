"""POST /v1/adjudications: check a recorded game and score it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import orjson
from flask import Response, current_app, request, stream_with_context
from flask.views import MethodView
from werkzeug.exceptions import RequestEntityTooLarge

from ..core import Verdict, adjudicate
from ..core.errors import RecordError
from ..core.jsonio import loads
from ..cpu_deadline import CpuDeadlineExceeded, cpu_deadline
from ..metrics import ADJUDICATIONS
from ..problems import problem_document
from ..referee import answer_line
from . import notation, streams
from .auth import bearer, current_key
from .common import Blueprint, documented
from .game_files import body_lines, long_line_problem
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
        count_verdict(result.verdict)
        if notation.wants_notation(request):
            return Response(notation.written(result, doc, game), mimetype=notation.MEDIA_TYPE)
        # The answer is built by the core in exactly the documented shape (schemathesis checks
        # it against openapi.yaml), so it is encoded directly rather than dumped field by field.
        answer = result.to_json() if game is None else notation.adjudication_json(result, game)
        return Response(orjson.dumps(answer), mimetype="application/json")


def count_verdict(verdict: Verdict) -> None:
    """One more answer with ``verdict`` in the metrics."""
    counter = _BY_VERDICT.get(verdict)
    if counter is None:
        counter = _BY_VERDICT.setdefault(verdict, ADJUDICATIONS.labels(verdict.value))
    counter.inc()


class _Cut:
    """Where the body went past BAOHUANG_MAX_STREAM_BYTES: the lines after it were not read."""


@blp.route("/stream")
class AdjudicationStream(MethodView):
    @documented(
        summary="Adjudicate games in bulk, streamed (NDJSON)",
        description="One record a line (JSON; the notation spans lines, so it is not streamed), answered by one "
        "line each, in order, as each is read: the same document `POST /v1/adjudications` answers and "
        "`baohuang adjudicate --ndjson` writes, or, for a line that is not a record (not JSON, an empty line, a "
        "line longer than BAOHUANG_MAX_BODY_BYTES), its problem document with `line`. A bad line never ends "
        "the stream. The body is read a line at a time, so memory stays one game's whatever its length; past "
        "BAOHUANG_MAX_STREAM_BYTES (1 GiB) the last answer is a `stream-too-large` problem and the rest is not "
        "read (a body whose Content-Length says so is 413 before any line). The status is 200 once the answer "
        "starts.",
        requestBody={
            "required": True,
            "content": {"application/x-ndjson": {"schema": {"type": "string", "description": "one record a line"}}},
        },
        responses={
            "200": {
                "description": "one answer a line: an adjudication, or a problem document with `line`",
                "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
            },
            "default": {"$ref": "#/components/responses/DEFAULT_ERROR"},
        },
    )
    def post(self) -> Response:
        limit = current_app.config["MAX_CONTENT_LENGTH"] or 1 << 20
        bound = current_app.config["MAX_STREAM_BYTES"]
        if request.content_length is not None and request.content_length > bound:
            raise RequestEntityTooLarge()  # said before a line is read: 413, nothing answered
        # A key, where one is given, counts the lines against its organizer (more than an address).
        budget = streams.budget_for(None if bearer() is None else current_key().organizer_id)
        lines = body_lines(streams.LineReader.of_request(bound), limit, cut=_Cut())
        return Response(stream_with_context(_streamed(lines, bound, budget)), mimetype="application/x-ndjson")


def _streamed(lines: Iterator[Any], bound: int, budget: streams.Budget) -> Iterator[bytes]:
    """One answer a line, each written as soon as it is made; the lines, their CPU and the
    answers' bytes counted against the caller (api/streams.py), the last line a problem once
    they pass a bound."""
    for number, (doc, size, cpu) in enumerate(_answers(lines, bound), start=1):
        start = time.thread_time()
        try:
            out = orjson.dumps(doc, option=orjson.OPT_APPEND_NEWLINE)
        except TypeError:  # an integer beyond 64 bits in a problem's facts
            out = (json.dumps(doc, ensure_ascii=False) + "\n").encode()
        spent = budget.line(number, size, cpu + time.thread_time() - start, len(out))
        if spent is not None:
            yield orjson.dumps(spent.document, option=orjson.OPT_APPEND_NEWLINE)
            return
        yield out
        time.sleep(0)  # under gevent, let the worker's other requests run between two games
    budget.flush(0)


def _answers(lines: Iterator[Any], bound: int) -> Iterator[tuple[dict[str, Any], int, float]]:
    """Each line's answer, with the line's size and the CPU seconds its answer took (reading it
    is not counted: under gevent, other requests run while a line is awaited)."""
    for number, line in enumerate(lines, start=1):
        start = time.thread_time()
        if isinstance(line, _Cut):
            detail = (
                f"the body passed BAOHUANG_MAX_STREAM_BYTES ({bound:,} bytes) in line {number}: "
                "that line and the ones after it were not read; send them in another request"
            )
            doc = problem_document(413, "stream-too-large", "Stream too large", detail)
            doc["line"] = number
        elif isinstance(line, str):
            try:
                with cpu_deadline(current_app.config["REQUEST_CPU_SECONDS"]):
                    doc, _ = answer_line(line, number)
            except CpuDeadlineExceeded as exc:
                detail = f"line {number}: {exc}; it was stopped, and the rest was not read"
                doc = problem_document(503, "cpu-deadline", "Service Unavailable", detail)
                doc["line"], doc["retry_after"] = number, 5
                yield doc, len(line) + 1, time.thread_time() - start
                return
            if "verdict" in doc:
                count_verdict(Verdict(doc["verdict"]))
        else:
            doc = long_line_problem(line.size, line.limit)
            doc["line"] = number
            doc["detail"] = f"line {number}: {doc['detail']}"
        size = len(line) + 1 if isinstance(line, str) else getattr(line, "size", 0)
        yield doc, size, time.thread_time() - start
