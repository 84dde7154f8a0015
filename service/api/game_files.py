"""A tournament's games in bulk over HTTP: a season imported as NDJSON (one submission a line,
each answered as it is stored or refused) and every game exported as NDJSON. On the games'
blueprint (games.py), as the views of one resource."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from typing import IO, Any, Protocol

from flask import Response, current_app, request, stream_with_context
from flask.views import MethodView
from werkzeug.exceptions import RequestEntityTooLarge

from ..core.errors import Problem, RecordError
from ..problems import problem_document, refusal_document
from ..tournament import batch, game_queries
from ..tournament.errors import MissingScope, Rejected, Unauthenticated
from ..tournament.scopes import Scope
from . import streams
from .auth import accept, require_bearer, viewer
from .common import READ_IF_KEYED, documented, fail, needs, refusals, unit_of_work
from .games import blp


@blp.route("/import")
class Import(MethodView):
    @documented(
        security=needs(Scope.ENTER),
        summary="Import a season's games (NDJSON)",
        description="One submission a line, as `POST …/games` takes it (players, record or sheet, played_at, "
        "claimed, accept_computed). Each line is stored or refused on its own, and answered by one line: "
        "`stored` with the game's id, `duplicate` naming the game already stored, or `refused` with the "
        "problem document. With an Idempotency-Key the import can be sent again after an interruption: lines "
        f"already stored are answered as before (`replayed`), the rest stored. At most {batch.BATCH_MAX_LINES} "
        "lines and BAOHUANG_MAX_BATCH_BYTES bytes.",
        requestBody={
            "required": True,
            "content": {"application/x-ndjson": {"schema": {"type": "string", "description": "one submission a line"}}},
        },
        parameters=[
            {
                "name": "Idempotency-Key",
                "in": "header",
                "required": False,
                "schema": {"type": "string", "maxLength": 200},
                "description": "makes the import resumable: the same key and body again answers the stored lines as before",
            }
        ],
        responses={
            "200": {
                "description": "one status a line",
                "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
            },
            "401": {"$ref": "#/components/responses/UNAUTHORIZED"},
            "default": {"$ref": "#/components/responses/DEFAULT_ERROR"},
        },
    )
    def post(self, tournament_id: int) -> Response:
        secret = require_bearer()
        idem = request.headers.get("Idempotency-Key")
        if idem is not None and not 0 < len(idem) <= 200:
            fail(400, message="Idempotency-Key is 1 to 200 characters")
        with unit_of_work() as uow:
            try:
                organizer_id = batch.import_target(uow, secret, tournament_id)
            except Unauthenticated:
                accept(None)
        db = current_app.extensions["baohuang_db"]
        bound = current_app.config["MAX_BATCH_BYTES"]
        lines = body_lines(streams.LineReader.of_request(bound), current_app.config["MAX_CONTENT_LENGTH"] or 1 << 20)
        answers = batch.import_games(db, secret, tournament_id, lines, idem)
        # Each line is answered as soon as it is stored or refused: the answer is never held whole.
        budget = streams.budget_for(organizer_id)
        return Response(stream_with_context(_answer_lines(answers, budget)), mimetype="application/x-ndjson")


# Problems an import line lists (a single submission lists up to 100): a batch's answer stays a
# few kilobytes a line, whatever its lines hold.
LINE_MAX_PROBLEMS = 10


def _line_json(a: batch.LineAnswer) -> dict[str, Any]:
    """One line's answer: its number, its status, the game (``replayed`` for a line stored
    before), or the problem document of its refusal."""
    out: dict[str, Any] = {"line": a.line, "status": a.status.value}
    if a.status is batch.LineStatus.STORED:
        out.update(game_id=a.game_id, replayed=a.replayed)
    elif a.status is batch.LineStatus.DUPLICATE:
        out["game_id"] = a.game_id
    else:
        out["problem"] = _line_problem(a.line, a.refusal)
    return out


def _line_problem(number: int, why: object) -> dict[str, Any]:
    if isinstance(why, Rejected):
        return refusal_document(why, LINE_MAX_PROBLEMS)
    if isinstance(why, RecordError):  # the line is not JSON
        return refusal_document(Rejected(why.problems, "game"), LINE_MAX_PROBLEMS)
    if isinstance(why, batch.LongLine):
        return long_line_problem(why.size, why.limit)
    if isinstance(why, batch.TooManyLines):
        detail = f"a batch holds at most {batch.BATCH_MAX_LINES} games; send the rest in another"
        return problem_document(413, "batch-too-large", "Batch too large", detail)
    if isinstance(why, Unauthenticated):
        detail = f"the API key was revoked at line {number}; the lines after it were not read"
        return problem_document(401, "unauthorized", "Unauthorized", detail)
    if isinstance(why, MissingScope):
        detail = f"the API key lost the {why.scope} scope at line {number}; the lines after it were not read"
        return problem_document(403, "forbidden", "Forbidden", detail)
    if isinstance(why, batch.DatabaseAway):
        detail = (
            f"the database went away at line {number}; the lines after it were not read: send the batch "
            "again with the same Idempotency-Key"
        )
        return problem_document(503, "service-unavailable", "Service Unavailable", detail)
    return problem_document(409, "conflict", "Conflict", str(why))


def long_line_problem(size: int, limit: int) -> dict[str, Any]:
    """413 for one line: longer than a game's body may be (it was measured, not read)."""
    detail = f"the line has {size:,} bytes; a game is at most {limit:,} (BAOHUANG_MAX_BODY_BYTES)"
    return problem_document(
        413, "line-too-long", "Line too long", detail, [Problem("", "line_too_long", detail, {"limit": limit})]
    )


def _answer_lines(answers: Iterator[batch.LineAnswer], budget: streams.Budget) -> Iterator[str]:
    for a in answers:
        out = json.dumps(_line_json(a), ensure_ascii=False, default=str) + "\n"
        spent = budget.line(a.line, a.size, a.cpu, len(out))
        if spent is not None:
            yield (
                json.dumps({"line": a.line, "status": "refused", "problem": spent.document}, ensure_ascii=False) + "\n"
            )
            return
        yield out
        # A batch is thousands of games: between two, let the worker serve other requests (under
        # gevent, sleep(0) yields to them) and tell its master it is alive.
        time.sleep(0)
    budget.flush(0)


class Readable(Protocol):
    def readline(self, size: int = -1, /) -> bytes: ...


def body_lines(stream: Readable, limit: int, cut: object = None) -> Iterator[Any]:
    """The body's lines, read as they arrive: one line of at most ``limit`` bytes in memory at a
    time; a longer line is skipped, measured (batch.LongLine); a line that is not UTF-8 is
    passed on as the text Python makes of it, for the JSON reader to refuse. At the body's byte
    bound the lines end (the lines read so far were answered), with ``cut`` last if given."""
    while True:
        try:
            chunk = stream.readline(limit + 1)
        except RequestEntityTooLarge:
            if cut is not None:
                yield cut
            return
        if not chunk:
            return
        if len(chunk) > limit and not chunk.endswith(b"\n"):
            size = len(chunk)
            while chunk and not chunk.endswith(b"\n"):
                chunk = stream.readline(64 * 1024)
                size += len(chunk)
            yield batch.LongLine(size, limit)
            continue
        try:
            yield chunk.decode("utf-8")
        except UnicodeDecodeError:
            yield "\ufffd"  # not JSON: refused as the line it is


@blp.route("/export")
class Export(MethodView):
    @blp.response(
        200,
        description="one game a line: id, version, voided, played_at, round, table, players, kind, submission "
        "(the game as JSON), notation (the text, for a game sent in the notation), outcome",
        content_type="application/x-ndjson",
    )
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, tournament_id: int) -> Response:
        """Every game of the tournament as NDJSON (current versions, void ones included)

        The export is written whole before it is sent (kept on disk past a few megabytes), so an
        export that fails is a 500, never a 200 cut short."""
        reader = viewer()
        spool = tempfile.SpooledTemporaryFile(max_size=EXPORT_IN_MEMORY)  # noqa: SIM115 (closed by _chunks)
        try:
            with unit_of_work() as uow:
                tid = game_queries.visible_tournament_id(uow, reader, tournament_id)
                for line in game_queries.export_lines(uow, tid):
                    spool.write(line.encode())
        except BaseException:
            spool.close()
            raise
        size = spool.tell()
        spool.seek(0)
        return Response(_chunks(spool), mimetype="application/x-ndjson", headers={"Content-Length": str(size)})


EXPORT_IN_MEMORY = 4 * 1024 * 1024


def _chunks(f: IO[bytes]) -> Iterator[bytes]:
    try:
        while chunk := f.read(64 * 1024):
            yield chunk
    finally:
        f.close()
