"""Games of a tournament: submitting one (adjudicated on the way in), correcting it, reading it,
its history and the export. Each use case takes a unit of work; the answers they return are what
the HTTP layer sends (a stored game as JSON, or a problem document for a refusal).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from sqlalchemy.orm import Session

from ..core import adjudicate
from ..core.claims import Difference, compare_claim, read_claim
from ..core.errors import Problem, RecordError
from ..core.identity import record_fingerprint
from ..core.jsonio import loads
from ..core.notation import looks_like_notation, parse_submission
from ..core.reading import read_ruleset
from ..core.ruleset import Ruleset
from ..core.scoring import Outcome, score
from ..core.sheets import read_sheet
from ..metrics import ADJUDICATIONS, GAMES_STORED
from ..persistence import games as games_repo
from ..persistence import idempotency as idempotency_repo
from ..persistence import keys as keys_repo
from ..persistence import rounds as rounds_repo
from ..persistence import tournaments as tournaments_repo
from ..persistence.errors import Conflict, DuplicateGame
from ..persistence.models import ApiKey, Game, GameSeat, GameVersion, Tournament
from ..problems import invalid_record, problem_document, truncated
from ..values import clean_text, moment
from .unit_of_work import UnitOfWork

DATABASE_AWAY = (OperationalError, InterfaceError)
SUBMISSION_KEYS = ("players", "record", "sheet", "played_at", "claimed", "accept_computed", "round", "table", "deal")


class Unauthenticated(Exception):
    """The request's key is unknown or revoked."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a use case answers when it is not a plain value: a status, a JSON text, headers."""

    status: int
    body: str
    headers: dict[str, str] = field(default_factory=dict)


class Rejected(Exception):
    """A submission answered 422: problems, or an adjudication that is not legal."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc


def _prefixed(problems: tuple[Problem, ...] | list[Problem], prefix: str) -> list[Problem]:
    return [Problem(prefix + p.pointer, p.code, p.detail, p.facts) for p in problems]


def read_submission(
    s: Session,
    t: Tournament | tournaments_repo.TournamentRef,
    doc: Any,
    raw: str,
    *,
    correction: bool = False,
    players: list[int] | None = None,
    players_known: bool = False,
) -> games_repo.Submission:
    """Check a submission against the tournament: its players, and its record or sheet
    adjudicated under the tournament's ruleset. ``players_known``: the caller already found
    the five (distinct) players in the tournament."""
    allowed = SUBMISSION_KEYS + (("action", "reason") if correction else ())
    if not isinstance(doc, dict):
        raise Rejected(invalid_record([Problem("", "invalid_type", "a game is a JSON object")], "game"))
    problems = [Problem(f"/{k}", "unknown_field", f"unknown field {k!r}") for k in doc if k not in allowed]
    at = None if correction else _round_and_table(s, t, doc, problems)
    seats = doc.get("players", players)
    if not isinstance(seats, list) or len(seats) != 5 or not all(map(_is_id, seats)):
        problems.append(Problem("/players", "invalid_players", "players is an array of five player ids, seat 0 first"))
    elif not players_known:
        known = games_repo.players_by_id(s, t.id, seats)
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
    rs = tournaments_repo.tournament_ruleset(t)
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
    assert scored is not None
    return games_repo.Submission(
        tuple(seats),
        "record" if has_record else "sheet",
        raw,
        outcome,
        scored.seat_results(),
        record_hash,
        played_at,
        *(at or (None, None, None)),
    )


def _round_and_table(
    s: Session, t: Tournament | tournaments_repo.TournamentRef, doc: dict[str, Any], problems: list[Problem]
) -> tuple[int, int, int] | None:
    """The round, table and deal a game is entered against, checked against the seating (the
    players are the table's, in any seat order) and the deals already entered there: a deal
    given must be free (else DuplicateDeal naming its game), one not given is the next free one.
    None where the submission names no round."""
    number, table, deal = doc.get("round"), doc.get("table"), doc.get("deal")
    if number is None and table is None:
        if deal is not None:
            problems.append(Problem("/deal", "invalid_round", "a deal is given with its round and table"))
        return None
    if not _is_id(number) or not _is_id(table):
        problems.append(Problem("/round", "invalid_round", "round and table are given together, as numbers from 1"))
        return None
    assert isinstance(number, int) and isinstance(table, int)
    deals = t.deals_per_round
    if deal is not None and (type(deal) is not int or not 1 <= deal <= deals):
        problems.append(
            Problem("/deal", "invalid_deal_number", f"tournament {t.id} plays {deals} deal(s) a round: 1 to {deals}")
        )
        return None
    at_table = rounds_repo.table_players(s, t.id, number, table)
    if at_table is None:
        problems.append(Problem("/round", "unknown_round", f"tournament {t.id} has no round {number}"))
        return None
    if not at_table:
        problems.append(Problem("/table", "unknown_table", f"round {number} has no table {table}"))
        return None
    given = doc.get("players")
    if isinstance(given, list) and sorted(map(str, given)) != sorted(map(str, at_table)):
        problems.append(
            Problem("/players", "players_not_at_table", f"round {number}, table {table} seats players {at_table}")
        )
    if problems:
        return None
    entered = games_repo.deals_entered(s, t.id, number, table)
    if deal is None:
        free = [d for d in range(1, deals + 1) if d not in entered]
        if not free:
            raise DealsComplete(number, table, deals, entered)
        deal = free[0]
    elif deal in entered:
        raise DuplicateDeal(number, table, deal, entered[deal])
    return number, table, deal


class DuplicateDeal(Conflict):
    """The deal of that round and table is entered already: correct that game instead."""

    def __init__(self, number: int, table: int, deal: int, game_id: int) -> None:
        super().__init__(
            f"round {number}, table {table}, deal {deal} is entered already as game {game_id}: correct that game",
            game_id=game_id,
            round=number,
            table=table,
            deal=deal,
        )


class DealsComplete(Conflict):
    """Every deal of that round and table is entered."""

    def __init__(self, number: int, table: int, deals: int, entered: dict[int, int]) -> None:
        super().__init__(
            f"round {number}, table {table} has all its {deals} deal(s) entered (games "
            f"{', '.join(str(entered[d]) for d in sorted(entered))}): correct one of them",
            game_ids=[entered[d] for d in sorted(entered)],
            round=number,
            table=table,
            **({"game_id": entered[1]} if deals == 1 and 1 in entered else {}),
        )


def seated_players(s: Session, tournament_id: int, doc: Any) -> Any:
    """A submission entered against a round and table without its players: the table's players,
    in their seats (anything else is left for read_submission to judge)."""
    if not isinstance(doc, dict) or "players" in doc or not _is_id(doc.get("round")) or not _is_id(doc.get("table")):
        return doc
    at_table = rounds_repo.table_players(s, tournament_id, doc["round"], doc["table"])
    return {**doc, "players": at_table} if at_table is not None and len(at_table) == 5 else doc


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
    s: Session,
    game: Game,
    version: GameVersion | None = None,
    seats: Sequence[GameSeat] | None = None,
    names: dict[int, str] | None = None,
) -> dict[str, Any]:
    version = version or games_repo.current_version(s, game)
    if names is None:
        names = games_repo.player_names(s, game.tournament_id)
    if seats is None:
        seats = games_repo.game_seats(s, version.id)
    if not seats:  # a void version: show who sat where in the last version that had seats
        prior = [v for v in games_repo.history(s, game) if v.version < version.version and v.outcome is not None]
        seats = games_repo.game_seats(s, prior[-1].id) if prior else []
    return {
        "id": game.id,
        "tournament_id": game.tournament_id,
        "version": version.version,
        "voided": game.voided,
        "kind": version.kind,
        "played_at": game.played_at,
        "created_at": game.created_at,
        "round": game.round_number,
        "table": game.table_no,
        "deal": game.deal_no,
        "seats": [
            {
                "seat": x.seat,
                "player_id": x.player_id,
                "name": names.get(x.player_id),
                "role": x.role,
                "place": x.place,
                "score": x.score,
            }
            for x in seats
        ],
        "outcome": version.outcome,
    }


def stored_json(g: games_repo.StoredGame, names: dict[int, str]) -> str:
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
            "round": g.round_number,
            "table": g.table_no,
            "deal": g.deal_no,
            "seats": [{**{k: x[k] for k in _SEAT_KEYS}, "name": names.get(x["player_id"])} for x in g.seats],
            "outcome": g.outcome,
        },
        ensure_ascii=False,
    )


_SEAT_KEYS = ("seat", "player_id", "role", "place", "score")


def _player_ids(doc: Any) -> list[int]:
    """The player ids a submission names, if they are ids at all (else none)."""
    seats = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(seats, list) and all(map(_is_id, seats)):
        return seats
    return []


def _is_id(value: object) -> bool:
    """A row id as the database holds them: an integer from 1 to 2**31 - 1."""
    return type(value) is int and 0 < value < 2**31


def _closed(t: Tournament | tournaments_repo.TournamentRef) -> None:
    if t.status != "open":
        raise Conflict(f"tournament {t.id} is closed: reopen it to add or correct games")


# --- submitting ---------------------------------------------------------------------------------


def submit_game(
    uow: UnitOfWork,
    secret: str,
    tournament_id: int,
    doc: Any,
    raw: str,
    unreadable: RecordError | None,
    idempotency_key: str | None,
    method: str,
    path: str,
    on_key: Callable[[keys_repo.KeyRef], object] = lambda key: None,
    *,
    hashed: bool = False,
) -> Answer:
    """Store a game: adjudicated with the tournament's ruleset, stored with its outcome and the
    submission byte for byte. The key is checked first (Unauthenticated), then the body
    (``unreadable``: it was not JSON); ``on_key`` is told the key once it is known. With an Idempotency-Key, a retry of the same method, path
    and body gets the first answer again; without, a game already stored is a Conflict naming it.
    Rejected: a 422 with the problem document."""
    s = uow.session
    doc = seated_players(s, tournament_id, doc)
    seats = _player_ids(doc)
    target = games_repo.game_target(s, secret, tournament_id, seats, hashed=hashed)
    if target.key is None:
        raise Unauthenticated()
    key = target.key
    on_key(key)  # the caller learns whose request this is (its log line names the organizer)
    if unreadable is not None:
        raise unreadable
    fingerprint = None if idempotency_key is None else (method, path, games_repo.canonical_hash(doc))
    if idempotency_key is not None:
        replay = _replay(s, key, idempotency_key, fingerprint)
        if replay is not None:
            return replay
    t = target.owned(tournament_id, key.organizer_id)
    _closed(t)
    sub = read_submission(s, t, doc, raw, players_known=len(set(seats)) == 5 == target.players_known)
    try:
        stored = games_repo.store_game(s, t, key, sub)
        body = stored_json(stored, target.names)
        headers = {"Location": f"{path}/{stored.id}"}
        if idempotency_key is not None:
            assert fingerprint is not None
            idempotency_repo.remember_idempotent(s, key.organizer_id, idempotency_key, fingerprint, 201, body, headers)
        uow.commit()
        GAMES_STORED.inc()
    except (IntegrityError, Conflict):
        # A parallel request with the same key (or the same record) got there first.
        s.rollback()
        if idempotency_key is not None:
            replay = _replay(s, key, idempotency_key, fingerprint)
            if replay is not None:
                return replay
        if sub.record_hash is not None:
            existing = games_repo.game_with_record(s, t.id, sub.record_hash)
            if existing is not None:
                raise DuplicateGame(existing) from None
        if sub.deal_no is not None and sub.round_number is not None and sub.table_no is not None:
            taken = games_repo.deals_entered(s, t.id, sub.round_number, sub.table_no).get(sub.deal_no)
            if taken is not None:  # a parallel entry of the same deal got there first
                raise DuplicateDeal(sub.round_number, sub.table_no, sub.deal_no, taken) from None
        raise
    return Answer(201, body, headers)


def _replay(
    s: Session, key: ApiKey | keys_repo.KeyRef, idem: str, fingerprint: tuple[str, str, str] | None
) -> Answer | None:
    """The first answer to this request, if the Idempotency-Key was used before: for the same
    method, path and body, that answer again (its headers too); for another, 422."""
    row = idempotency_repo.find_idempotent(s, key.organizer_id, idem)
    if row is None:
        return None
    assert fingerprint is not None
    if (row.method, row.path, row.request_hash) != fingerprint:
        what = "another body" if (row.method, row.path) == fingerprint[:2] else f"{row.method} {row.path}"
        raise Rejected(
            invalid_record(
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
        )
    return Answer(row.status, row.response, {**row.headers, "Idempotent-Replayed": "true"})


# --- a season at once ---------------------------------------------------------------------------

BATCH_MAX_LINES = 2000
# Problems an import line lists (a single submission lists up to 100): a batch's answer stays a
# few kilobytes a line, whatever its lines hold.
LINE_MAX_PROBLEMS = 10


@dataclass(frozen=True, slots=True)
class LongLine:
    """An NDJSON line longer than a game's body may be: not read, only measured."""

    size: int
    limit: int


def import_target(uow: UnitOfWork, secret: str, tournament_id: int) -> None:
    """Before an import: the key may write to this tournament, and it is open (else
    Unauthenticated, NotFound, Forbidden or Conflict, for the whole request)."""
    key = keys_repo.authenticate_ref(uow.session, secret)
    if key is None:
        raise Unauthenticated()
    _closed(tournaments_repo.owned_tournament(uow.session, tournament_id, key.organizer_id))


def line_key(idempotency_key: str, number: int) -> str:
    """The Idempotency-Key of an import's line: the import's key and the line's number. A key too
    long to take the number (the column holds 200 characters, as the header may) is hashed
    first, so every line's key fits, on every database."""
    key = f"{idempotency_key}#{number}"
    if len(key) <= IDEMPOTENCY_KEY_MAX:
        return key
    return f"sha256:{hashlib.sha256(idempotency_key.encode()).hexdigest()}#{number}"


IDEMPOTENCY_KEY_MAX = 200


def import_games(
    db: Any,
    secret: str,
    tournament_id: int,
    lines: Iterable[str | LongLine],
    idempotency_key: str | None,
    path: str,
) -> Iterator[dict[str, Any]]:
    """A season's games, one submission a line (NDJSON): each line stored, or not, on its own (a
    unit of work a line), and answered with one status as soon as it is done: ``stored`` with
    the game's id, ``duplicate`` naming the game already stored, or ``refused`` with the problem
    document (an illegal game's adjudication included; at most ten problems listed). With an
    Idempotency-Key the import resumes: each line is its own request (the key and the line's
    number), so sending the same batch again answers the lines already stored as before and
    stores the rest. A database that goes away ends the batch with a 503 line: send it again
    with the same key."""
    for number, line in enumerate(lines, start=1):
        if number > BATCH_MAX_LINES:
            yield {"line": number, "status": "refused", "problem": _too_many()}
            return
        if isinstance(line, LongLine):
            yield {"line": number, "status": "refused", "problem": _long_line(line)}
            continue
        text = line.strip()
        if not text:
            continue
        try:
            yield {"line": number, **_import_line(db, secret, tournament_id, text, idempotency_key, number, path)}
        except DATABASE_AWAY:
            problem = problem_document(
                503,
                "service-unavailable",
                "Service Unavailable",
                f"the database went away at line {number}; the lines after it were not read: send the batch "
                "again with the same Idempotency-Key",
            )
            yield {"line": number, "status": "refused", "problem": problem}
            return


def _import_line(
    db: Any, secret: str, tournament_id: int, text: str, idempotency_key: str | None, number: int, path: str
) -> dict[str, Any]:
    idem = None if idempotency_key is None else line_key(idempotency_key, number)
    unreadable = None
    doc: Any = None
    try:
        doc = loads(text)
    except RecordError as exc:
        unreadable = exc
    try:
        with UnitOfWork(db, single_statement=idem is None) as uow:
            answer = submit_game(uow, secret, tournament_id, doc, text, unreadable, idem, "POST", path)
    except DuplicateGame as exc:
        return {"status": "duplicate", "game_id": exc.extra.get("game_id")}
    except Rejected as exc:
        return {"status": "refused", "problem": truncated(exc.doc, LINE_MAX_PROBLEMS)}
    except Conflict as exc:
        return {"status": "refused", "problem": problem_document(409, "conflict", "Conflict", str(exc))}
    except RecordError as exc:  # the line is not JSON
        problem = invalid_record(exc.problems, "game")
        return {"status": "refused", "problem": truncated(problem, LINE_MAX_PROBLEMS)}
    stored = json.loads(answer.body)
    return {"status": "stored", "game_id": stored.get("id"), "replayed": "Idempotent-Replayed" in answer.headers}


def _long_line(line: LongLine) -> dict[str, Any]:
    detail = f"the line has {line.size:,} bytes; a game is at most {line.limit:,} (BAOHUANG_MAX_BODY_BYTES)"
    return problem_document(
        413, "line-too-long", "Line too long", detail, [_refused_line("line_too_long", detail, line.limit)]
    )


def _refused_line(code: str, detail: str, limit: int) -> Problem:
    return Problem("", code, detail, {"limit": limit})


def _too_many() -> dict[str, Any]:
    return problem_document(
        413,
        "batch-too-large",
        "Batch too large",
        f"a batch holds at most {BATCH_MAX_LINES} games; send the rest in another",
    )


# --- reading ------------------------------------------------------------------------------------


def list_games(
    uow: UnitOfWork, viewer: int | None, tournament_id: int, query: dict[str, Any]
) -> tuple[list[dict[str, Any]], int]:
    s = uow.session
    t = tournaments_repo.visible_tournament(s, tournament_id, viewer)
    rows, total = games_repo.list_games(
        s,
        t.id,
        player_id=query.get("player"),
        since=query.get("since"),
        until=query.get("until"),
        include_void=query["include_void"],
        limit=query["limit"],
        offset=query["offset"],
    )
    versions = games_repo.current_versions(s, rows)
    seats = games_repo.seats_of_versions(s, [v.id for v in versions.values()])
    names = games_repo.player_names(s, t.id)
    return [game_json(s, g, versions[g.id], seats[versions[g.id].id], names) for g in rows], total


def get_game(uow: UnitOfWork, viewer: int | None, tournament_id: int, game_id: int) -> dict[str, Any]:
    """A game with its players' names, what was submitted (the record or the sheet) and, for a
    record, the referee's notes (what a deal rebuilt from the plays assumed)."""
    s = uow.session
    t = tournaments_repo.visible_tournament(s, tournament_id, viewer)
    game = games_repo.get_game(s, t, game_id)
    out = game_json(s, game)
    version = games_repo.current_version(s, game)
    submitted = next((v for v in reversed(games_repo.history(s, game)) if v.body is not None), None)
    out["record"] = out["sheet"] = None
    out["notes"] = []
    if submitted is not None:
        doc = submission_of(submitted.body)
        part = None if doc is None else doc.get(submitted.kind or "")
        if isinstance(part, dict):
            out[submitted.kind or ""] = part
            if submitted.kind == "record" and version.action != "void":
                with contextlib.suppress(RecordError):
                    out["notes"] = list(adjudicate(part, tournaments_repo.tournament_ruleset(t)).notes)
    return out


def submission_of(body: str | None) -> dict[str, Any] | None:
    """A stored submission (JSON, or the notation) as its JSON envelope."""
    if body is None:
        return None
    try:
        if looks_like_notation(body):
            doc, _ = parse_submission(body)
            return doc
        doc = loads(body)
    except RecordError:
        return None
    return doc if isinstance(doc, dict) else None


def game_history(uow: UnitOfWork, viewer: int | None, tournament_id: int, game_id: int) -> dict[str, Any]:
    """Every version of a game; which key made each is the organizer's business only."""
    s = uow.session
    t = tournaments_repo.visible_tournament(s, tournament_id, viewer)
    game = games_repo.get_game(s, t, game_id)
    owner = viewer == t.organizer_id
    labels = {k.id: k.label for k in keys_repo.list_keys(s, t.organizer_id)} if owner else {}
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
            for v in games_repo.history(s, game)
        ],
    }


def visible_tournament_id(uow: UnitOfWork, viewer: int | None, tournament_id: int) -> int:
    return tournaments_repo.visible_tournament(uow.session, tournament_id, viewer).id


def export_lines(uow: UnitOfWork, tournament_id: int) -> Iterator[str]:
    """Every game of the tournament as NDJSON lines (current versions, void ones included)."""
    s = uow.session
    for game, version in games_repo.export_games(s, tournament_id):
        yield export_line(s, game, version)


def export_line(s: Session, game: Game, version: GameVersion) -> str:
    """One game of the export: its submission as JSON (a game sent in the notation read into its
    JSON envelope) and, for a game sent in the notation, the text as it was stored."""
    seats = games_repo.game_seats(s, version.id)
    body = version.body
    return (
        json.dumps(
            {
                "id": game.id,
                "version": version.version,
                "voided": game.voided,
                "played_at": game.played_at.isoformat(),
                "round": game.round_number,
                "table": game.table_no,
                "deal": game.deal_no,
                "players": [x.player_id for x in seats],
                "kind": version.kind,
                "submission": submission_of(body),
                "notation": body if body is not None and looks_like_notation(body) else None,
                "outcome": version.outcome,
            },
            ensure_ascii=False,
        )
        + "\n"
    )


# --- correcting ------------------------------------------------------------------------------------


def correct_game(
    uow: UnitOfWork, key: ApiKey | keys_repo.KeyRef, tournament_id: int, game_id: int, doc: Any, raw: str
) -> dict[str, Any]:
    """Void a game or replace it, with a reason; nothing is deleted. Rejected: a 422."""
    s = uow.session
    t = tournaments_repo.owned_tournament(s, tournament_id, key.organizer_id)
    _closed(t)
    game = games_repo.get_game(s, t, game_id)
    if not isinstance(doc, dict):
        raise Rejected(invalid_record([Problem("", "invalid_type", "a correction is a JSON object")], "correction"))
    problems = []
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
        raise Rejected(invalid_record(problems, "correction"))
    replacement = None
    if action == "replace":
        current = [x.player_id for x in games_repo.game_seats(s, games_repo.current_version(s, game).id)]
        replacement = read_submission(s, t, doc, raw, correction=True, players=current or None)
    assert isinstance(reason, str)  # checked above
    try:
        version = games_repo.correct_game(s, t, game, key, reason, replacement)
        uow.commit()
    except IntegrityError:
        s.rollback()
        raise DuplicateGame(None) from None
    return game_json(s, game, version)
