"""Games of a tournament: submission (adjudicated on the way in), corrections, history, export."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from flask import Response, request, stream_with_context
from flask.views import MethodView
from flask_smorest import abort
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..core import adjudicate
from ..core.claims import Difference, compare_claim, read_claim
from ..core.errors import Problem, RecordError
from ..core.identity import record_fingerprint
from ..core.jsonio import loads
from ..core.reading import read_ruleset
from ..core.ruleset import Ruleset
from ..core.scoring import Outcome, score
from ..core.sheets import read_sheet
from ..persistence import repository as repo
from ..persistence.models import ApiKey, Game, GameSeat, GameVersion, Tournament
from ..problems import invalid_record, problem_document
from .apidoc import LOCATION, REPLAYED
from .auth import accept, optional_viewer, require_bearer, require_key
from .common import SECURITY, Blueprint, documented, page, page_schema, session
from .observability import ADJUDICATIONS, GAMES_STORED
from .responses import problem_response
from .schemas import CorrectionSchema, GameQuerySchema, GameSchema, GameSubmissionSchema, HistorySchema
from .strict import clean_text, moment

blp = Blueprint(
    "games",
    __name__,
    url_prefix="/v1/tournaments/<id:tournament_id>/games",
    description="Games: submitted as a full record or a result sheet, adjudicated with the tournament's "
    "ruleset, stored with every correction.",
)
GamePage = page_schema(GameSchema, "GamePage")
_GAME_SCHEMA = GameSchema()
SUBMISSION_KEYS = ("players", "record", "sheet", "played_at", "claimed", "accept_computed")


class Rejected(Exception):
    """A submission answered 422: problems, or an adjudication that is not legal."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc


def _prefixed(problems: tuple[Problem, ...] | list[Problem], prefix: str) -> list[Problem]:
    return [Problem(prefix + p.pointer, p.code, p.detail, p.facts) for p in problems]


def read_submission(
    s: Session,
    t: Tournament | repo.TournamentRef,
    doc: Any,
    raw: str,
    *,
    correction: bool = False,
    players: list[int] | None = None,
    players_known: bool = False,
) -> repo.Submission:
    """Check a submission against the tournament: its players, and its record or sheet
    adjudicated under the tournament's ruleset. ``players_known``: the caller already found
    the five (distinct) players in the tournament."""
    allowed = SUBMISSION_KEYS + (("action", "reason") if correction else ())
    if not isinstance(doc, dict):
        raise Rejected(invalid_record([Problem("", "invalid_type", "a game is a JSON object")], "game"))
    problems = [Problem(f"/{k}", "unknown_field", f"unknown field {k!r}") for k in doc if k not in allowed]
    seats = doc.get("players", players)
    if not isinstance(seats, list) or len(seats) != 5 or not all(map(_is_id, seats)):
        problems.append(Problem("/players", "invalid_players", "players is an array of five player ids, seat 0 first"))
    elif not players_known:
        known = repo.players_by_id(s, t.id, seats)
        for i, pid in enumerate(seats):
            if pid not in known:
                problems.append(Problem(f"/players/{i}", "unknown_player", f"tournament {t.id} has no player {pid}"))
            elif seats.index(pid) != i:
                problems.append(Problem(f"/players/{i}", "duplicate_player", f"player {pid} sits twice"))
            elif known[pid].withdrawn_at is not None and not correction:
                problems.append(
                    Problem(
                        f"/players/{i}",
                        "withdrawn_player",
                        f"player {pid} ({known[pid].name}) has withdrawn: take them back (PATCH the player) first",
                    )
                )
    played_at = None
    if doc.get("played_at") is not None:
        try:
            # a time without a zone is taken as UTC; one with a zone is kept (and shown) in UTC
            played_at = moment(doc["played_at"])
        except ValueError as exc:
            problems.append(Problem("/played_at", "invalid_datetime", f"played_at is {exc}"))
    has_record, has_sheet = doc.get("record") is not None, doc.get("sheet") is not None
    if has_record == has_sheet:
        problems.append(Problem("", "record_or_sheet", "a game has either a record or a sheet"))
    rs = repo.tournament_ruleset(t)
    outcome: dict[str, Any] | None = None
    scored: Outcome | None = None
    claim: dict[str, Any] | None = None
    differences: list[Difference] = []
    record_hash = None
    if has_record != has_sheet:
        field = "record" if has_record else "sheet"
        body = doc[field]
        if isinstance(body, dict):
            problems.extend(_same_ruleset(body, rs, f"/{field}/ruleset"))
            if has_sheet:
                body = {**body, "ruleset": {"name": rs.name, "options": rs.options()}}
        try:
            if has_record:
                result = adjudicate(body, rs)
                ADJUDICATIONS.labels(result.verdict.value).inc()
                if not result.legal and not problems:
                    raise Rejected(
                        problem_document(
                            422,
                            "illegal-game",
                            "The game is not legal",
                            f"{result.verdict.value}: {result.violation.message if result.violation else ''}",
                            adjudication=result.to_json(),
                        )
                    )
                if result.outcome is not None:
                    outcome = result.outcome.to_json()
                    scored = result.outcome
                record_hash = record_fingerprint(body, rs)
                if result.claim is not None:
                    claim, differences = result.claim, [_prefixed_difference(d, "/record") for d in result.differences]
            else:
                rs2, facts = read_sheet(body)
                scored = score(facts, rs2)
                outcome = scored.to_json()
        except RecordError as exc:
            problems.extend(_prefixed(exc.problems, f"/{field}"))
    if doc.get("claimed") is not None:
        try:
            claim = read_claim(doc["claimed"])
        except RecordError as exc:
            problems.extend(exc.problems)
        else:
            if scored is not None:
                differences = list(compare_claim(claim, scored))
    accept = doc.get("accept_computed", False)
    if type(accept) is not bool:
        problems.append(Problem("/accept_computed", "invalid_type", "accept_computed is true or false"))
    if problems:
        raise Rejected(invalid_record(problems, "game"))
    assert outcome is not None and isinstance(seats, list)
    if claim is not None:
        if differences and not accept:
            raise Rejected(
                problem_document(
                    422,
                    "claim-differs",
                    "The claimed result is not the rules' result",
                    f"{len(differences)} difference{'s' if len(differences) != 1 else ''} between the table's claim and "
                    'the rules; correct the claim, or send "accept_computed": true to store the rules\' result with '
                    "the claim beside it",
                    [
                        Problem(d.pointer, "claim_differs", d.reason, {"claimed": d.claimed, "computed": d.computed})
                        for d in differences
                    ],
                    outcome=outcome,
                )
            )
        outcome = {
            **outcome,
            "claim": {
                "claimed": claim,
                "differences": [d.to_json() for d in differences],
                "accepted_computed": bool(differences),
            },
        }
    return repo.Submission(tuple(seats), "record" if has_record else "sheet", raw, outcome, record_hash, played_at)


def _prefixed_difference(d: Difference, prefix: str) -> Difference:
    return Difference(prefix + d.pointer, d.claimed, d.computed, d.reason)


def _same_ruleset(body: dict[str, Any], rs: Ruleset, pointer: str) -> list[Problem]:
    if body.get("ruleset") is None:
        return []
    try:
        theirs = read_ruleset(body["ruleset"], pointer)
    except RecordError as exc:
        return list(exc.problems)
    if theirs != rs:
        return [
            Problem(
                pointer, "ruleset_mismatch", f"the tournament plays {rs.name!r} with its own options; leave ruleset out"
            )
        ]
    return []


def game_json(
    s: Session, game: Game, version: GameVersion | None = None, seats: Sequence[GameSeat] | None = None
) -> dict[str, Any]:
    version = version or repo.current_version(s, game)
    if seats is None:
        seats = repo.game_seats(s, version.id)
    if not seats:  # a void version: show who sat where in the last version that had seats
        prior = [v for v in repo.history(s, game) if v.version < version.version and v.outcome is not None]
        seats = repo.game_seats(s, prior[-1].id) if prior else []
    return {
        "id": game.id,
        "tournament_id": game.tournament_id,
        "version": version.version,
        "voided": game.voided,
        "kind": version.kind,
        "played_at": game.played_at,
        "created_at": game.created_at,
        "seats": [
            {"seat": x.seat, "player_id": x.player_id, "role": x.role, "place": x.place, "score": x.score}
            for x in seats
        ],
        "outcome": version.outcome,
    }


def _stored_json(g: repo.StoredGame) -> str:
    """The answer to a stored submission: what game_json and GameSchema give for the game,
    written directly (a test checks that the two agree)."""
    return json.dumps(
        {
            "id": g.id,
            "tournament_id": g.tournament_id,
            "version": 1,
            "voided": False,
            "kind": g.kind,
            "played_at": g.played_at.isoformat(),
            "created_at": g.created_at.isoformat(),
            "seats": [{k: x[k] for k in _SEAT_KEYS} for x in g.seats],
            "outcome": g.outcome,
        },
        ensure_ascii=False,
    )


_SEAT_KEYS = ("seat", "player_id", "role", "place", "score")


def _request_body() -> tuple[Any, str]:
    raw = request.get_data(cache=False)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError([Problem("", "invalid_json", "not JSON: the body is not UTF-8 text")]) from None
    return loads(text), text


def _player_ids(doc: Any) -> list[int]:
    """The player ids a submission names, if they are ids at all (else none)."""
    seats = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(seats, list) and all(map(_is_id, seats)):
        return seats
    return []


def _is_id(value: object) -> bool:
    """A row id as the database holds them: an integer from 1 to 2**31 - 1."""
    return type(value) is int and 0 < value < 2**31


def _closed(t: Tournament | repo.TournamentRef) -> None:
    if t.status != "open":
        abort(409, message=f"tournament {t.id} is closed: reopen it to add or correct games")


@blp.route("")
class Games(MethodView):
    @documented(
        security=SECURITY,
        requestBody={"required": True, "content": {"application/json": {"schema": GameSubmissionSchema}}},
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
        token = require_bearer()
        idem = request.headers.get("Idempotency-Key")
        if idem is not None and not 0 < len(idem) <= 200:
            abort(400, message="Idempotency-Key is 1 to 200 characters")
        try:
            doc, raw = _request_body()
        except RecordError as exc:  # answered once the key is known to be good: a bad key is 401 first
            unreadable: RecordError | None = exc
            doc, raw = None, ""
        else:
            unreadable = None
        seats = _player_ids(doc)
        # Without an Idempotency-Key the game is stored by one statement (repo.store_game), so
        # on PostgreSQL it runs without BEGIN and COMMIT around it; with one, the game and the
        # remembered answer are stored in one transaction.
        with session(single_statement=idem is None) as s:
            target = repo.game_target(s, token, tournament_id, seats)
            key = accept(target.key)
            if unreadable is not None:
                raise unreadable
            fingerprint = None if idem is None else (request.method, request.path, repo.canonical_hash(doc))
            if idem is not None:
                replay = _replay(s, key, idem, fingerprint)
                if replay is not None:
                    return replay
            t = target.owned(tournament_id, key.organizer_id)
            _closed(t)
            try:
                sub = read_submission(s, t, doc, raw, players_known=len(set(seats)) == 5 == target.players_known)
            except Rejected as r:
                return problem_response(r.doc)
            try:
                stored = repo.store_game(s, t, key, sub)
                body = _stored_json(stored)
                headers = {"Location": f"{request.path}/{stored.id}"}
                if idem is not None:
                    assert fingerprint is not None
                    repo.remember_idempotent(s, key.organizer_id, idem, fingerprint, 201, body, headers)
                s.commit()
                GAMES_STORED.inc()
            except (IntegrityError, repo.Conflict):
                # A parallel request with the same key (or the same record) got there first.
                s.rollback()
                if idem is not None:
                    replay = _replay(s, key, idem, fingerprint)
                    if replay is not None:
                        return replay
                if sub.record_hash is not None:
                    existing = repo.game_with_record(s, t.id, sub.record_hash)
                    if existing is not None:
                        abort(
                            409,
                            message=f"this game (the same deal, calls and plays) is already stored as game {existing}",
                            extra={"game_id": existing},
                        )
                raise
            return Response(body, status=201, mimetype="application/json", headers=headers)

    @blp.arguments(GameQuerySchema, location="query")
    @blp.response(200, GamePage)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, query: dict[str, Any], tournament_id: int) -> dict[str, Any]:
        """List games, oldest first; filter by player and by date"""
        with session() as s:
            t = repo.visible_tournament(s, tournament_id, optional_viewer(s))
            rows, total = repo.list_games(
                s,
                t.id,
                player_id=query.get("player"),
                since=query.get("since"),
                until=query.get("until"),
                include_void=query["include_void"],
                limit=query["limit"],
                offset=query["offset"],
            )
            versions = repo.current_versions(s, rows)
            seats = repo.seats_of_versions(s, [v.id for v in versions.values()])
            items = [game_json(s, g, versions[g.id], seats[versions[g.id].id]) for g in rows]
            return page(items, total, query["limit"], query["offset"])


def _replay(
    s: Session, key: ApiKey | repo.KeyRef, idem: str, fingerprint: tuple[str, str, str] | None
) -> Response | None:
    """The first answer to this request, if the Idempotency-Key was used before: for the same
    method, path and body, that answer again (its headers too); for another, 422."""
    row = repo.find_idempotent(s, key.organizer_id, idem)
    if row is None:
        return None
    assert fingerprint is not None
    if (row.method, row.path, row.request_hash) != fingerprint:
        what = "another body" if (row.method, row.path) == fingerprint[:2] else f"{row.method} {row.path}"
        doc = invalid_record(
            [
                Problem(
                    "",
                    "idempotency_key_reused",
                    f"Idempotency-Key {idem!r} was used for {what}; a retry repeats its request exactly, "
                    "and a new request takes a new key",
                )
            ],
            "game",
        )
        return problem_response(doc)
    return Response(
        row.response,
        status=row.status,
        mimetype="application/json",
        headers={**row.headers, "Idempotent-Replayed": "true"},
    )


@blp.route("/<id:game_id>")
class GameById(MethodView):
    @blp.response(200, GameSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, tournament_id: int, game_id: int) -> dict[str, Any]:
        """One game, as it stands now"""
        with session() as s:
            t = repo.visible_tournament(s, tournament_id, optional_viewer(s))
            return game_json(s, repo.get_game(s, t, game_id))


@blp.route("/<id:game_id>/history")
class GameHistory(MethodView):
    @blp.response(200, HistorySchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, tournament_id: int, game_id: int) -> dict[str, Any]:
        """Every version of a game: when and why it changed (and, to its organizer, with which key)"""
        with session() as s:
            viewer = optional_viewer(s)
            t = repo.visible_tournament(s, tournament_id, viewer)
            game = repo.get_game(s, t, game_id)
            # Which key made a version is the organizer's business: others see only when and why.
            owner = viewer == t.organizer_id
            labels = {k.id: k.label for k in repo.list_keys(s, t.organizer_id)} if owner else {}
            return {
                "game_id": game.id,
                "versions": [
                    {
                        "version": v.version,
                        "action": v.action,
                        "kind": v.kind,
                        "reason": v.reason,
                        "key_id": v.key_id if owner else None,
                        "key_label": labels.get(v.key_id) if owner else None,
                        "created_at": v.created_at,
                        "body": v.body,
                        "outcome": v.outcome,
                    }
                    for v in repo.history(s, game)
                ],
            }


@blp.route("/<id:game_id>/corrections")
class Corrections(MethodView):
    @blp.doc(
        security=SECURITY,
        requestBody={"required": True, "content": {"application/json": {"schema": CorrectionSchema}}},
    )
    @blp.response(201, GameSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def post(self, tournament_id: int, game_id: int) -> Any:
        """Void a game or replace it with a corrected record or sheet, giving a reason

        Nothing is deleted: the old version stays in the history. A replacement is adjudicated
        like a new game; its players default to the game's current players.
        """
        doc, raw = _request_body()
        with session() as s:
            key = require_key(s)
            t = repo.owned_tournament(s, tournament_id, key.organizer_id)
            _closed(t)
            game = repo.get_game(s, t, game_id)
            problems = []
            if not isinstance(doc, dict):
                return problem_response(
                    invalid_record([Problem("", "invalid_type", "a correction is a JSON object")], "correction")
                )
            action, reason = doc.get("action"), doc.get("reason")
            if action not in ("void", "replace"):
                problems.append(Problem("/action", "invalid_action", "action is 'void' or 'replace'"))
            if reason is None:
                problems.append(Problem("/reason", "missing_reason", "a correction gives its reason"))
            else:
                try:
                    reason = clean_text(reason, max_length=500, what="a reason")
                except ValueError as exc:
                    problems.append(Problem("/reason", "invalid_reason", str(exc)))
            if action == "void":
                problems.extend(
                    Problem(f"/{k}", "unexpected_field", "a void carries only a reason")
                    for k in doc
                    if k not in ("action", "reason")
                )
            if problems:
                return problem_response(invalid_record(problems, "correction"))
            replacement = None
            if action == "replace":
                current = [x.player_id for x in repo.game_seats(s, repo.current_version(s, game).id)]
                try:
                    replacement = read_submission(s, t, doc, raw, correction=True, players=current or None)
                except Rejected as r:
                    return problem_response(r.doc)
            try:
                assert isinstance(reason, str)  # checked above
                version = repo.correct_game(s, t, game, key, reason, replacement)
                s.commit()
            except IntegrityError:
                s.rollback()
                abort(409, message="this game (the same deal, calls and plays) is already stored as another game")
            return Response(_GAME_SCHEMA.dumps(game_json(s, game, version)), status=201, mimetype="application/json")


@blp.route("/export")
class Export(MethodView):
    @blp.response(
        200,
        description="one game a line: id, version, voided, played_at, players, kind, submission, outcome",
        content_type="application/x-ndjson",
    )
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, tournament_id: int) -> Response:
        """Every game of the tournament as NDJSON (current versions, void ones included)"""
        with session() as s:
            t = repo.visible_tournament(s, tournament_id, optional_viewer(s))
            tid = t.id

        def lines() -> Iterator[str]:
            with session() as s2:
                for game, version in repo.export_games(s2, tid):
                    seats = repo.game_seats(s2, version.id)
                    yield (
                        json.dumps(
                            {
                                "id": game.id,
                                "version": version.version,
                                "voided": game.voided,
                                "played_at": game.played_at.isoformat(),
                                "players": [x.player_id for x in seats],
                                "kind": version.kind,
                                "submission": None if version.body is None else json.loads(version.body),
                                "outcome": version.outcome,
                            },
                            ensure_ascii=False,
                        )
                        + "\n"
                    )

        return Response(stream_with_context(lines()), mimetype="application/x-ndjson")
