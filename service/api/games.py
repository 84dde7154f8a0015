"""Games of a tournament over HTTP: each view parses, calls one use case of
service.tournament.games, and presents its answer."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, request
from flask.views import MethodView

from ..core.errors import Problem, RecordError
from ..core.jsonio import loads
from ..core.notation import parse_submission
from ..problems import located_refusal, refusal_document
from ..tournament import corrections, game_queries, games
from ..tournament.errors import Rejected
from ..tournament.scopes import Scope
from . import notation
from .apidoc import LOCATION, REPLAYED
from .auth import acted, note_use, require_bearer, viewer
from .common import (
    READ_IF_KEYED,
    Blueprint,
    abort_with,
    acting_key,
    documented,
    fail,
    needs,
    page,
    page_schema,
    refusals,
    unit_of_work,
)
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


@blp.route("")
class Games(MethodView):
    @documented(
        security=needs(Scope.ENTER),
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
        game = None
        try:
            if notation.sent_as_notation(request):
                raw = notation.body_text(request.get_data(cache=False))
                doc, game = parse_submission(raw)
                body = games.Body(doc, raw)
            else:
                body = games.Body(*request_body())
        except RecordError as exc:  # answered once the key is known to be good: a bad key is 401 first
            body = games.Body.not_read(exc)
        # Without an Idempotency-Key the game is stored by one statement (repo.store_game), so on
        # PostgreSQL it runs without BEGIN and COMMIT around it; with one, the game and the
        # remembered answer are stored in one transaction.
        with unit_of_work(single_statement=idem is None) as uow:
            try:
                done = games.submit_game(uow, secret, tournament_id, body, idem)
            except Rejected as exc:
                if game is None:
                    raise
                abort_with(located_refusal(refusal_document(exc), game))  # lines and columns in the text sent
            finally:
                acted(uow)
        if uow.acting is not None:
            note_use(uow.acting)
        headers = {"Location": f"{request.path}/{done.game.id}"}
        if done.replayed:
            headers["Idempotent-Replayed"] = "true"
        text = json.dumps(done.game.to_json(), ensure_ascii=False)
        return Response(text, status=201, mimetype="application/json", headers=headers)

    @blp.arguments(GameQuerySchema, location="query")
    @blp.response(200, GamePage)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, query: dict[str, Any], tournament_id: int) -> dict[str, Any]:
        """List games, oldest first; filter by player and by date"""
        reader = viewer()
        with unit_of_work() as uow:
            items, total = game_queries.list_games(
                uow,
                reader,
                tournament_id,
                player=query.get("player"),
                since=query.get("since"),
                until=query.get("until"),
                include_void=query["include_void"],
                limit=query["limit"],
                offset=query["offset"],
            )
        return page(items, total, query["limit"], query["offset"])


@blp.route("/<id:game_id>")
class GameById(MethodView):
    @blp.response(200, GameDetailSchema)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, tournament_id: int, game_id: int) -> game_queries.GameDetails:
        """One game, as it stands now

        With the players' names, the record (or sheet) as submitted or last corrected, the
        referee's notes on it, and the outcome with each multiplier's reason.
        """
        reader = viewer()
        with unit_of_work() as uow:
            return game_queries.get_game(uow, reader, tournament_id, game_id)


@blp.route("/<id:game_id>/history")
class GameHistory(MethodView):
    @blp.response(200, HistorySchema)
    @refusals(blp, 404)
    @blp.doc(security=READ_IF_KEYED)
    def get(self, tournament_id: int, game_id: int) -> game_queries.GameHistory:
        """Every version of a game: when and why it changed (and, to its organizer, with which key)"""
        reader = viewer()
        with unit_of_work() as uow:
            return game_queries.game_history(uow, reader, tournament_id, game_id)


@blp.route("/<id:game_id>/corrections")
class Corrections(MethodView):
    @blp.doc(
        security=needs(Scope.ENTER),
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


# The season's import and the export, on the same blueprint (their views: game_files.py).
from . import game_files  # noqa: E402, F401
