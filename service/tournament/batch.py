"""A season's games in one request: NDJSON in, one status a line out, each line stored or refused
on its own (a unit of work a line), resumable with an Idempotency-Key, bounded in lines and in a
line's size."""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..club.errors import Conflict, DuplicateGame
from ..core.errors import RecordError
from ..core.jsonio import loads
from ..persistence.db import DATABASE_AWAY
from .errors import MissingScope, Rejected, Unauthenticated
from .games import Body, submit_game
from .submission import ensure_open
from .unit_of_work import UnitOfWork

BATCH_MAX_LINES = 2000


@dataclass(frozen=True, slots=True)
class LongLine:
    """An NDJSON line longer than a game's body may be: not read, only measured."""

    size: int
    limit: int


class TooManyLines(Exception):
    """A batch with more than BATCH_MAX_LINES lines: the lines after that are not read."""


class DatabaseAway(Exception):
    """The database went away at a line: the lines after it were not read."""


class LineStatus(StrEnum):
    STORED = "stored"
    DUPLICATE = "duplicate"  # the game is stored already (game_id names it)
    REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class LineAnswer:
    """What became of one line of an import: stored (its game; ``replayed`` for a line already
    stored by an earlier try with the same Idempotency-Key), a duplicate of a stored game, or
    refused with the reason (a use case's refusal, a line not JSON, a LongLine, TooManyLines,
    DatabaseAway)."""

    line: int
    status: LineStatus
    game_id: int | None = None
    replayed: bool = False
    refusal: Exception | LongLine | None = None
    size: int = 0  # the line's length, and the CPU seconds it took (the caller's budget counts both)
    cpu: float = 0.0


def import_target(uow: UnitOfWork, secret: str, tournament_id: int) -> int:
    """Before an import: the key may write to this tournament, and it is open (else
    Unauthenticated, NotFound, Forbidden or Conflict, for the whole request). Answers the key's
    organizer (whose budget the lines count against)."""
    key = uow.organizers.authenticate(secret)
    if key is None:
        raise Unauthenticated()
    ensure_open(uow.tournaments.owned_row(key.organizer_id, tournament_id))
    return key.organizer_id


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
    units: Callable[..., UnitOfWork] = UnitOfWork,
) -> Iterator[LineAnswer]:
    """A season's games, one submission a line (NDJSON): each line stored, or not, on its own (a
    unit of work a line), and answered as soon as it is done. With an Idempotency-Key the import
    resumes: each line is its own request (the key and the line's number), so sending the same
    batch again answers the lines already stored as before and stores the rest. A database that
    goes away ends the batch (DatabaseAway): send it again with the same key. ``units`` makes each
    line's unit of work (``UnitOfWork(db, single_statement=…)``; a fake one in the tests)."""
    for number, line in enumerate(lines, start=1):
        if number > BATCH_MAX_LINES:
            yield LineAnswer(number, LineStatus.REFUSED, refusal=TooManyLines())
            return
        if isinstance(line, LongLine):
            yield LineAnswer(number, LineStatus.REFUSED, refusal=line, size=line.size)
            continue
        text = line.strip()
        if not text:
            continue
        start = time.thread_time()
        try:
            answer = _import_line(units, db, secret, tournament_id, text, idempotency_key, number)
        except DATABASE_AWAY:
            yield LineAnswer(number, LineStatus.REFUSED, refusal=DatabaseAway())
            return
        except (Unauthenticated, MissingScope) as exc:  # the key was revoked (or narrowed) meanwhile
            yield LineAnswer(
                number, LineStatus.REFUSED, refusal=Unauthenticated() if isinstance(exc, Unauthenticated) else exc
            )
            return
        yield dataclasses.replace(answer, size=len(line) + 1, cpu=time.thread_time() - start)


def _import_line(
    units: Callable[..., UnitOfWork],
    db: Any,
    secret: str,
    tournament_id: int,
    text: str,
    idempotency_key: str | None,
    number: int,
) -> LineAnswer:
    idem = None if idempotency_key is None else line_key(idempotency_key, number)
    try:
        body = Body(loads(text), text)
    except RecordError as exc:
        body = Body.not_read(exc)
    try:
        with units(db, single_statement=idem is None) as uow:
            done = submit_game(uow, secret, tournament_id, body, idem)
    except DuplicateGame as exc:
        return LineAnswer(number, LineStatus.DUPLICATE, game_id=exc.extra.get("game_id"))
    except (Rejected, Conflict, RecordError) as exc:
        return LineAnswer(number, LineStatus.REFUSED, refusal=exc)
    return LineAnswer(number, LineStatus.STORED, game_id=done.game.id, replayed=done.replayed)
