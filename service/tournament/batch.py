"""A season's games in one request: NDJSON in, one status a line out, each line stored or refused
on its own (a unit of work a line), resumable with an Idempotency-Key, bounded in lines and in a
line's size."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..core.errors import Problem, RecordError
from ..core.jsonio import loads
from ..persistence import keys as keys_repo
from ..persistence import tournaments as tournaments_repo
from ..persistence.db import DATABASE_AWAY
from ..persistence.errors import Conflict, DuplicateGame
from ..problems import invalid_record, problem_document, truncated
from .errors import Rejected, Unauthenticated
from .games import submit_game
from .submission import ensure_open
from .unit_of_work import UnitOfWork

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
    ensure_open(tournaments_repo.owned_tournament(uow.session, tournament_id, key.organizer_id))


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
