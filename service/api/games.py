"""Games of a tournament over HTTP: each view parses, calls one use case of
service.tournament.games, and presents its answer."""

from __future__ import annotations

import io
import json
import tempfile
import time
from collections.abc import Iterator
from typing import IO, Any

from flask import Response, current_app, request, stream_with_context
from flask.views import MethodView
from werkzeug.exceptions import RequestEntityTooLarge

from ..core.errors import Problem, RecordError
from ..core.jsonio import loads
from ..core.notation import parse_submission
from ..tournament import batch, corrections, games, reading
from . import notation
from .apidoc import LOCATION, REPLAYED
from .auth import accept, require_bearer, viewer
from .common import SECURITY, Blueprint, acting_key, documented, fail, page, page_schema, refusals, unit_of_work
from .tournament_schemas import (
    CorrectionSchema,
    GameDetailSchema,
    GameQuerySchema,
    GameSchema,
    GameSubmissionSchema,
    HistorySchema,
)

blp = Blueprint(
    "games",
    __name__,
    url_prefix="/v1/tournaments/<id:tournament_id>/games",
    description="Games: submitted as a full record or a result sheet, adjudicated with the tournament's "
    "ruleset, stored with every correction.",
)
GamePage = page_schema(GameSchema, "GamePage")
_GAME_SCHEMA = GameSchema()


def request_body() -> tuple[Any, str]:
    """The body as the strict decoder reads it, and its text (RecordError: not UTF-8 or not JSON)."""
    raw = request.get_data(cache=False)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError([Problem("", "invalid_json", "not JSON: the body is not UTF-8 text")]) from None
    return loads(text), text


def _problem(e: dict[str, Any]) -> Problem:
    facts = {k: v for k, v in e.items() if k not in ("pointer", "code", "detail")}
    return Problem(e["pointer"], e["code"], e["detail"], facts or None)


def _answer(a: games.Answer) -> Response:
    return Response(a.body, status=a.status, mimetype="application/json", headers=a.headers)


@blp.route("")
class Games(MethodView):
    @documented(
        security=SECURITY,
        requestBody={
            "required": True,
            "content": {
                "application/json": {"schema": GameSubmissionSchema},
                notation.MEDIA_TYPE: {
                    "schema": {
                        "type": "string",
                        "description": "the game in the notation, with the headers Players (five player ids "
                        "by seat), PlayedAt and AcceptComputed (docs/notation.md)",
                    }
                },
            },
        },
        parameters=[
            {
                "in": "header",
                "name": "Idempotency-Key",
                "schema": {"type": "string", "maxLength": 200},
                "description": "a retry with the same key and body returns the first answer; the same key "
                "with another body is 422",
            }
        ],
        # Documented here rather than with @blp.response and @blp.alt_response: the view writes
        # its answers itself, and a game submission is the service's busiest write, so it goes
        # without their wrappers (openapi.yaml, checked in CI, describes the same responses).
        responses={
            **{
                str(code): {"$ref": f"#/components/responses/{name}"}
                for code, name in (
                    (422, "UNPROCESSABLE_ENTITY"),
                    (409, "CONFLICT"),
                    (404, "NOT_FOUND"),
                    (403, "FORBIDDEN"),
                    (401, "UNAUTHORIZED"),
                )
            },
            "201": {
                "description": "Created",
                "content": {"application/json": {"schema": GameSchema}},
                "headers": {"Location": LOCATION, "Idempotent-Replayed": REPLAYED},
            },
            "default": {"$ref": "#/components/responses/DEFAULT_ERROR"},
        },
    )
    def post(self, tournament_id: int) -> Any:
        """Submit a game

        The record (or sheet) is adjudicated with the tournament's ruleset. A legal game is stored
        with its outcome, its scores and the submission byte for byte (201). An illegal or
        incomplete game is 422 with the adjudication, and nothing is stored. Without an
        Idempotency-Key, a game already stored in this tournament (the same deal, calls and plays,
        however written) is 409 naming it.
        """
        secret = require_bearer()
        idem = request.headers.get("Idempotency-Key")
        if idem is not None and not 0 < len(idem) <= 200:
            fail(400, message="Idempotency-Key is 1 to 200 characters")
        unreadable: RecordError | None = None
        game = None
        try:
            if notation.sent_as_notation(request):
                raw = notation.body_text(request.get_data(cache=False))
                doc, game = parse_submission(raw)
            else:
                doc, raw = request_body()
        except RecordError as exc:  # answered once the key is known to be good: a bad key is 401 first
            unreadable, doc, raw = exc, None, ""
        # Without an Idempotency-Key the game is stored by one statement (repo.store_game), so on
        # PostgreSQL it runs without BEGIN and COMMIT around it; with one, the game and the
        # remembered answer are stored in one transaction.
        with unit_of_work(single_statement=idem is None) as uow:
            try:
                answer = games.submit_game(
                    uow, secret, tournament_id, doc, raw, unreadable, idem, request.method, request.path, on_key=accept
                )
            except games.Rejected as exc:
                if game is not None:  # the problems' lines and columns in the text sent
                    if "errors" in exc.doc:
                        located = notation.located([_problem(e) for e in exc.doc["errors"]], game, "/record")
                        exc.doc["errors"] = [p.to_json() for p in located]
                    violation = (exc.doc.get("adjudication") or {}).get("violation")
                    where = None if violation is None else game.where(violation["pointer"])
                    if violation is not None and where is not None:
                        violation["line"], violation["column"] = where
                raise
        return _answer(answer)

    @blp.arguments(GameQuerySchema, location="query")
    @blp.response(200, GamePage)
    @refusals(blp, 404)
    def get(self, query: dict[str, Any], tournament_id: int) -> dict[str, Any]:
        """List games, oldest first; filter by player and by date"""
        reader = viewer()
        with unit_of_work() as uow:
            items, total = reading.list_games(uow, reader, tournament_id, query)
        return page(items, total, query["limit"], query["offset"])


@blp.route("/<id:game_id>")
class GameById(MethodView):
    @blp.response(200, GameDetailSchema)
    @refusals(blp, 404)
    def get(self, tournament_id: int, game_id: int) -> dict[str, Any]:
        """One game, as it stands now

        With the players' names, the record (or sheet) as submitted or last corrected, the
        referee's notes on it, and the outcome with each multiplier's reason.
        """
        reader = viewer()
        with unit_of_work() as uow:
            return reading.get_game(uow, reader, tournament_id, game_id)


@blp.route("/<id:game_id>/history")
class GameHistory(MethodView):
    @blp.response(200, HistorySchema)
    @refusals(blp, 404)
    def get(self, tournament_id: int, game_id: int) -> dict[str, Any]:
        """Every version of a game: when and why it changed (and, to its organizer, with which key)"""
        reader = viewer()
        with unit_of_work() as uow:
            return reading.game_history(uow, reader, tournament_id, game_id)


@blp.route("/<id:game_id>/corrections")
class Corrections(MethodView):
    @blp.doc(
        security=SECURITY,
        requestBody={"required": True, "content": {"application/json": {"schema": CorrectionSchema}}},
    )
    @blp.response(201, GameSchema)
    @refusals(blp, 401, 403, 404, 409, 422)
    def post(self, tournament_id: int, game_id: int) -> Any:
        """Void a game or replace it with a corrected record or sheet, giving a reason

        Nothing is deleted: the old version stays in the history. A replacement is adjudicated
        like a new game; its players default to the game's current players.
        """
        doc, raw = request_body()
        with unit_of_work() as uow:
            game = corrections.correct_game(uow, acting_key(), tournament_id, game_id, doc, raw)
        return Response(_GAME_SCHEMA.dumps(game), status=201, mimetype="application/json")


@blp.route("/import")
class Import(MethodView):
    @documented(
        security=SECURITY,
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
                batch.import_target(uow, secret, tournament_id)
            except games.Unauthenticated:
                accept(None)
        db = current_app.extensions["baohuang_db"]
        # Buffered: the request's own stream reads a line a byte at a time.
        stream = io.BufferedReader(request.stream, 64 * 1024)  # type: ignore[type-var]
        lines = _body_lines(stream, current_app.config["MAX_CONTENT_LENGTH"] or 1 << 20)
        answers = batch.import_games(db, secret, tournament_id, lines, idem, request.path)
        # Each line is answered as soon as it is stored or refused: the answer is never held whole.
        return Response(stream_with_context(_answer_lines(answers)), mimetype="application/x-ndjson")


def _answer_lines(answers: Iterator[dict[str, Any]]) -> Iterator[str]:
    for a in answers:
        yield json.dumps(a, ensure_ascii=False, default=str) + "\n"
        # A batch is thousands of games: between two, let the worker serve other requests (under
        # gevent, sleep(0) yields to them) and tell its master it is alive.
        time.sleep(0)


def _body_lines(stream: IO[bytes], limit: int) -> Iterator[str | batch.LongLine]:
    """The body's lines, read as they arrive: one line of at most ``limit`` bytes in memory at a
    time; a longer line is skipped, measured (batch.LongLine); a line that is not UTF-8 is
    passed on as the text Python makes of it, for the JSON reader to refuse."""
    while True:
        try:
            chunk = stream.readline(limit + 1)
        except RequestEntityTooLarge:
            return  # the batch's byte bound: the lines read so far were answered
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
    def get(self, tournament_id: int) -> Response:
        """Every game of the tournament as NDJSON (current versions, void ones included)

        The export is written whole before it is sent (kept on disk past a few megabytes), so an
        export that fails is a 500, never a 200 cut short."""
        reader = viewer()
        spool = tempfile.SpooledTemporaryFile(max_size=EXPORT_IN_MEMORY)  # noqa: SIM115 (closed by _chunks)
        try:
            with unit_of_work() as uow:
                tid = reading.visible_tournament_id(uow, reader, tournament_id)
                for line in reading.export_lines(uow, tid):
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
