"""Score entry at the table over HTTP: a table's token (X-Table-Token) reads its own table and
enters and confirms its deals; the director's key makes the links, reads the board, settles a
deal and closes the round. Each view parses, calls one use case of service.tournament.tables,
and presents its answer."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NoReturn

from flask import Response, current_app, request
from flask.views import MethodView

from ..core.errors import RecordError
from ..links import public_root
from ..tournament import pins, round_board, round_closing, table_shown, tables
from ..tournament.scopes import Scope
from .common import (
    Blueprint,
    acting_key,
    acting_organizer,
    documented,
    fail,
    needs,
    refusals,
    refuse_key,
    unit_of_work,
)
from .games import request_body
from .table_schemas import (
    BoardSchema,
    ClosedRoundSchema,
    ConfirmSchema,
    EntriesSchema,
    LinksSchema,
    PinsSchema,
    ReopenedRoundSchema,
    ResolvedSchema,
    ResolveSchema,
    TableDealCreateSchema,
    TableEntrySchema,
    TableSchema,
    WithdrawSchema,
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


def _table(uow: Any, tournament_id: int, number: int, table: int) -> tables.OpenedTable:
    try:
        return tables.table_for(uow, _token(), tournament_id, number, table)
    except tables.LinkEnded as exc:
        _ended(exc)
    except tables.Unauthenticated:
        refuse_key()


def check_table_token() -> None:
    """Before anything of the request is read (its body included): the token opens this table, or
    401 (a before-request hook, api/auth.py)."""
    args = request.view_args or {}
    with unit_of_work() as uow:
        _table(uow, args["tournament_id"], args["number"], args["table"])


def _secret() -> str:
    """The server's secret the table tokens are made with (the pages' signing key)."""
    return str(current_app.config["SECRET_KEY"])


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
    @refusals(blp, 401, 404)
    def get(self, tournament_id: int, number: int, table: int) -> tables.TablePage:
        """A table's page: its players by seat, each deal's state, the next deal to enter

        Only with the table's own token: another table, round or tournament is 404.
        """
        with unit_of_work() as uow:
            return tables.table_page(uow, _table(uow, tournament_id, number, table))


@blp.route(f"{TABLE}/deals")
class TableDeals(MethodView):
    @documented(
        requestBody={"required": True, "content": {"application/json": {"schema": TableDealCreateSchema}}},
        parameters=[IDEMPOTENCY],
    )
    @blp.response(201, TableEntrySchema)
    @blp.doc(security=TABLE_SECURITY)
    @blp.alt_response(200, schema=TableEntrySchema, description="a retry: the entry it made")
    @refusals(blp, 401, 404, 409, 422)
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
            entered = tables.enter_deal(uow, _table(uow, tournament_id, number, table), doc, nonce)
        if entered.replayed:
            return entered.entry, 200, {"Idempotent-Replayed": "true"}
        return entered.entry


@blp.route(f"{TABLE}/deals/<id:deal>/confirm")
class ConfirmDeal(MethodView):
    @blp.arguments(ConfirmSchema)
    @blp.response(200, TableEntrySchema)
    @blp.doc(security=TABLE_SECURITY)
    @refusals(blp, 401, 404, 409)
    def post(
        self, body: dict[str, Any], tournament_id: int, number: int, table: int, deal: int
    ) -> table_shown.EntryInfo:
        """Confirm a pending deal, as a player of the other side

        Names the version shown (`entry`): the deal is stored as a game exactly as that version,
        recording who entered and who confirmed it. If the deal was entered again since, 409
        `entry_replaced` with the version now waiting (`entry`), to show and confirm anew. A
        player of the side that entered it is 422; a disputed deal is 409.
        """
        with unit_of_work() as uow:
            at = _table(uow, tournament_id, number, table)
            return tables.confirm_deal(uow, at, deal, body["player"], body["entry"], body.get("pin"))


@blp.route(f"{TABLE}/deals/<id:deal>/withdraw")
class WithdrawDeal(MethodView):
    @blp.arguments(WithdrawSchema)
    @blp.response(200, TableEntrySchema)
    @blp.doc(security=TABLE_SECURITY)
    @refusals(blp, 401, 404, 409, 422)
    def post(
        self, body: dict[str, Any], tournament_id: int, number: int, table: int, deal: int
    ) -> table_shown.EntryInfo:
        """Withdraw a mistaken pending entry, as the player who entered it

        The deal is missing again; the entry is kept (withdrawn) in the round's entries. Anyone
        else is 422 `not_the_enterer`; a disputed deal is the director's (409).
        """
        with unit_of_work() as uow:
            at = _table(uow, tournament_id, number, table)
            return tables.withdraw_entry(uow, at, deal, body.get("player"), body["entry"], body.get("pin"))


@blp.route("/<id:tournament_id>/rounds/<id:number>/table-links")
class TableLinks(MethodView):
    @blp.response(201, LinksSchema)
    @blp.doc(security=needs(Scope.ENTER))
    @refusals(blp, 401, 403, 404, 409)
    def post(self, tournament_id: int, number: int) -> round_board.Links:
        """Make the round's table links anew: the earlier ones end, and a sheet printed with them stops working

        One token per table, usable until the round or the tournament closes, the key that made
        them is revoked, or the tournament's `table_link_hours` pass. To print the sheet again,
        GET the current links: that ends nothing.
        """
        with unit_of_work() as uow:
            made = round_board.make_links(uow, acting_key(), tournament_id, number, _secret())
        return _with_urls(made)

    @blp.response(200, LinksSchema)
    @blp.doc(security=needs(Scope.ENTER))
    @refusals(blp, 401, 403, 404)
    def get(self, tournament_id: int, number: int) -> round_board.Links:
        """The round's current table links, to print the sheet again (nothing ends)

        404 when the round has no usable links (closed, expired, or never made). A link whose
        token cannot be made again (the server's secret changed) has a null token: make new links.
        """
        with unit_of_work() as uow:
            found = round_board.current_links(uow, acting_organizer(), tournament_id, number, _secret())
        if found is None:
            fail(404, message=f"round {number} has no table links in use: make them")
        return _with_urls(found)


def _with_urls(made: round_board.Links) -> round_board.Links:
    root = public_root(current_app.config.get("PUBLIC_URL", ""), request.host_url)
    return replace(made, links=tuple(replace(x, url=None if x.path is None else root + x.path) for x in made.links))


@blp.route("/<id:tournament_id>/rounds/<id:number>/pins")
class RoundPins(MethodView):
    @blp.response(200, PinsSchema)
    @blp.doc(security=needs(Scope.ENTER))
    @refusals(blp, 401, 403, 404)
    def get(self, tournament_id: int, number: int) -> dict[str, Any]:
        """The seated players' own PINs, for the director to hand each player theirs

        Empty where the tournament does not ask for them (`player_pins`). Never shown at a table.
        """
        with unit_of_work() as uow:
            slips = pins.player_pins(uow, acting_organizer(), tournament_id, number)
        return {"tournament_id": tournament_id, "round": number, "pins": slips}


@blp.route("/<id:tournament_id>/rounds/<id:number>/entries")
class RoundEntries(MethodView):
    @blp.response(200, EntriesSchema)
    @blp.doc(security=needs(Scope.ENTER))
    @refusals(blp, 401, 403, 404)
    def get(self, tournament_id: int, number: int) -> round_board.RoundEntries:
        """Every entry the round's tables made, whatever became of it (the audit trail)"""
        with unit_of_work() as uow:
            return round_board.round_entries(uow, acting_organizer(), tournament_id, number)


@blp.route(f"{TABLE}/deals/<id:deal>/entries/<id:entry>/withdraw")
class DirectorWithdraw(MethodView):
    @blp.response(200, TableEntrySchema)
    @blp.doc(security=needs(Scope.ENTER))
    @refusals(blp, 401, 403, 404)
    def post(self, tournament_id: int, number: int, table: int, deal: int, entry: int) -> table_shown.EntryInfo:
        """Withdraw a table's open entry, as the director

        A pending entry, or one version of a dispute (the other then waits for its confirmation
        again). Kept in the round's entries as withdrawn.
        """
        with unit_of_work() as uow:
            return round_board.withdraw_entry(uow, acting_organizer(), tournament_id, number, table, deal, entry)


@blp.route("/<id:tournament_id>/rounds/<id:number>/board")
class Board(MethodView):
    @blp.response(200, BoardSchema)
    @blp.doc(security=needs(Scope.ENTER))
    @blp.alt_response(304, description="the board has not changed since the ETag sent (If-None-Match)")
    @refusals(blp, 401, 403, 404)
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
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404)
    def post(self, tournament_id: int, number: int) -> round_board.RoundClosed:
        """Close the round: its table links stop working for good

        The answer names what is left (`left`: pending, disputed and missing deals), the
        director's to settle; webhooks get `round.closed`. The board names them before closing.
        """
        with unit_of_work() as uow:
            return round_closing.close_round(uow, acting_organizer(), tournament_id, number)


@blp.route("/<id:tournament_id>/rounds/<id:number>/reopen")
class ReopenRound(MethodView):
    @blp.response(200, ReopenedRoundSchema)
    @blp.doc(security=needs(Scope.MANAGE))
    @refusals(blp, 401, 403, 404, 409)
    def post(self, tournament_id: int, number: int) -> round_board.RoundClosed:
        """Open a closed round again (closed too soon)

        The links its close ended work again and its tables go on entering. Only the last round
        of an open tournament: 409 `round_not_last` once a later round is seated. `left` names
        what is still to settle; webhooks get `round.reopened`. A round still open is answered
        as it is.
        """
        with unit_of_work() as uow:
            return round_closing.reopen_round(uow, acting_organizer(), tournament_id, number)


@blp.route(f"{TABLE}/deals/<id:deal>/resolve")
class ResolveDeal(MethodView):
    @documented(requestBody={"required": True, "content": {"application/json": {"schema": ResolveSchema}}})
    @blp.response(200, ResolvedSchema)
    @blp.doc(security=needs(Scope.ENTER))
    @refusals(blp, 401, 403, 404, 409, 422)
    def post(self, tournament_id: int, number: int, table: int, deal: int) -> round_board.Settled:
        """Settle a deal as the director

        `{"entry": id}` chooses one of its versions (pending or disputed); a `sheet` or `record`
        enters the director's own (a correction, or the deal of a table that entered nothing).
        The deal is stored as a game; the other versions are kept, overruled.
        """
        doc = _body()
        with unit_of_work() as uow:
            return round_board.resolve_deal(uow, acting_key(), tournament_id, number, table, deal, doc)
