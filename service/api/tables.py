"""Score entry at the table over HTTP: a table's token (X-Table-Token) reads its own table and
enters and confirms its deals; the director's key makes the links, reads the board, settles a
deal and closes the round. Each view parses, calls one use case of service.tournament.tables,
and presents its answer."""

from __future__ import annotations

from typing import Any, NoReturn

from flask import Response, request
from flask.views import MethodView

from ..core.errors import RecordError
from ..tournament import round_board, tables
from .common import SECURITY, Blueprint, acting_key, acting_organizer, documented, fail, refuse_key, unit_of_work
from .games import request_body
from .table_schemas import (
    BoardSchema,
    ClosedRoundSchema,
    ConfirmSchema,
    LinksSchema,
    ResolvedSchema,
    ResolveSchema,
    TableDealCreateSchema,
    TableEntrySchema,
    TableSchema,
)

TABLE_SECURITY: list[dict[str, list[str]]] = [{"tableToken": []}]
TABLE_HEADER = "X-Table-Token"

blp = Blueprint(
    "tables",
    __name__,
    url_prefix="/v1/tournaments",
    description="Score entry at the table: each table of a round enters its own deals with its table token "
    "(X-Table-Token), a player of the other side confirms each one, and only confirmed deals are stored as "
    "games; the director reads the round's board, settles disputes and closes the round.",
)

TABLE = "/<id:tournament_id>/rounds/<id:number>/tables/<id:table>"


def _token() -> str:
    token = request.headers.get(TABLE_HEADER, "").strip()
    if not token:
        fail(401, message=f"this request needs its table token: {TABLE_HEADER}: <token>")
    return token


def _ended(exc: tables.LinkEnded) -> NoReturn:
    fail(401, message=exc.why)


def _table(uow: Any, tournament_id: int, number: int, table: int) -> tables.Table:
    try:
        return tables.table_for(uow, _token(), tournament_id, number, table)
    except tables.LinkEnded as exc:
        _ended(exc)
    except tables.Unauthenticated:
        refuse_key()


def _body() -> Any:
    try:
        doc, _ = request_body()
    except RecordError as exc:
        fail(422, message="the body is not JSON", errors=[p.to_json() for p in exc.problems])
    return doc


def _nonce() -> str | None:
    value = request.headers.get("Idempotency-Key")
    if value is None:
        return None
    if not 1 <= len(value) <= 64:
        fail(422, message="Idempotency-Key is 1 to 64 characters")
    return value


IDEMPOTENCY = {
    "in": "header",
    "name": "Idempotency-Key",
    "schema": {"type": "string", "maxLength": 64},
    "description": "a retry with the same key (a double tap, a dropped connection) answers the entry it made",
}


@blp.route(TABLE)
class TableView(MethodView):
    @blp.response(200, TableSchema)
    @blp.doc(security=TABLE_SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, tournament_id: int, number: int, table: int) -> dict[str, Any]:
        """A table's page: its players by seat, each deal's state, the next deal to enter

        Only with the table's own token: another table, round or tournament is 404.
        """
        with unit_of_work() as uow:
            return tables.table_json(uow, _table(uow, tournament_id, number, table))


@blp.route(f"{TABLE}/deals")
class TableDeals(MethodView):
    @documented(
        requestBody={"required": True, "content": {"application/json": {"schema": TableDealCreateSchema}}},
        parameters=[IDEMPOTENCY],
    )
    @blp.response(201, TableEntrySchema)
    @blp.doc(security=TABLE_SECURITY)
    @blp.alt_response(200, schema=TableEntrySchema, description="a retry: the entry it made")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def post(self, tournament_id: int, number: int, table: int) -> Any:
        """Enter a deal at the table

        A result sheet or a full record, judged at once with the tournament's ruleset (422 with
        the problems). The first entry of a deal is pending until a player of the other side
        confirms it; the other side entering the same result confirms it, a different one makes
        the deal disputed (the director decides); the same side entering again replaces its own
        pending entry. A confirmed deal is 409: only the director changes it.
        """
        nonce = _nonce()
        doc = _body()
        with unit_of_work() as uow:
            status, entry = tables.enter_deal(uow, _table(uow, tournament_id, number, table), doc, nonce)
        if status == 200:
            return entry, 200, {"Idempotent-Replayed": "true"}
        return entry


@blp.route(f"{TABLE}/deals/<id:deal>/confirm")
class ConfirmDeal(MethodView):
    @blp.arguments(ConfirmSchema)
    @blp.response(200, TableEntrySchema)
    @blp.doc(security=TABLE_SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, body: dict[str, Any], tournament_id: int, number: int, table: int, deal: int) -> dict[str, Any]:
        """Confirm a pending deal, as a player of the other side

        The deal is stored as a game (it counts from now on) recording who entered and who
        confirmed it. A player of the side that entered it is 422; a disputed deal is 409.
        """
        with unit_of_work() as uow:
            return tables.confirm_deal(uow, _table(uow, tournament_id, number, table), deal, body["player"])


@blp.route("/<id:tournament_id>/rounds/<id:number>/table-links")
class TableLinks(MethodView):
    @blp.response(201, LinksSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, tournament_id: int, number: int) -> dict[str, Any]:
        """Make the round's table links (the earlier ones end)

        One token per table, shown once here (only its hash is kept), usable until the round
        closes or the tournament's `table_link_hours` pass.
        """
        with unit_of_work() as uow:
            made = round_board.make_links(uow, acting_key(), tournament_id, number)
        root = request.host_url.rstrip("/")
        for link in made["links"]:
            link["url"] = root + link["path"]
        return made


@blp.route("/<id:tournament_id>/rounds/<id:number>/board")
class Board(MethodView):
    @blp.response(200, BoardSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(304, description="the board has not changed since the ETag sent (If-None-Match)")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, tournament_id: int, number: int) -> Any:
        """The round's board: tables × deals (missing, pending, disputed, confirmed)

        Both versions of every dispute, and how long each table has been silent. Poll it with
        `If-None-Match`: an unchanged board is 304 and costs two small queries.
        """
        organizer = acting_organizer()
        with unit_of_work() as uow:
            version = round_board.board_version(uow, organizer, tournament_id, number)
            etag = f'"{version}"'
            if request.if_none_match.contains(version):
                return Response(status=304, headers={"ETag": etag})
            answer = round_board.board(uow, organizer, tournament_id, number)
        return answer, 200, {"ETag": etag, "Cache-Control": "no-cache"}


@blp.route("/<id:tournament_id>/rounds/<id:number>/close")
class CloseRound(MethodView):
    @blp.response(200, ClosedRoundSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, tournament_id: int, number: int) -> dict[str, Any]:
        """Close the round: its table links stop working

        What is left pending or disputed is the director's to settle; webhooks get `round.closed`.
        """
        with unit_of_work() as uow:
            return round_board.close_round(uow, acting_organizer(), tournament_id, number)


@blp.route(f"{TABLE}/deals/<id:deal>/resolve")
class ResolveDeal(MethodView):
    @documented(requestBody={"required": True, "content": {"application/json": {"schema": ResolveSchema}}})
    @blp.response(200, ResolvedSchema)
    @blp.doc(security=SECURITY)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def post(self, tournament_id: int, number: int, table: int, deal: int) -> dict[str, Any]:
        """Settle a deal as the director

        `{"entry": id}` chooses one of its versions (pending or disputed); a `sheet` or `record`
        enters the director's own (a correction, or the deal of a table that entered nothing).
        The deal is stored as a game; the other versions are kept, overruled.
        """
        doc = _body()
        with unit_of_work() as uow:
            return round_board.resolve_deal(uow, acting_key(), tournament_id, number, table, deal, doc)
