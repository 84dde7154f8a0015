"""One next move checked: is this call or play legal after this record?

An app that runs a live game asks after every move what python-chess answers with
``board.is_legal(move)``. The answer is the referee's own: the record with the move added is
adjudicated, and the move is legal exactly when that record is not illegal (it is ``incomplete``,
or ``legal`` when the move ends the game; a call after which the crown still waits for a seat's
answer is legal too, and ``awaiting`` names that seat). When it is illegal, the violation is the one
adjudication names — its code, seat, pointer and snapshot — and ``at_move`` says whether it is the
move's own or an earlier one (the record was already wrong, or the crown is not settled yet).
Without the deal, a move that ends the game is legal though the record does not name the guard:
the verdict does not depend on who it was, only the scores do, and a note gives each candidate's.

There is no incremental path: a whole game adjudicates in well under a millisecond with the
compiled core (docs/benchmarks.md), so the answer is never a second implementation of the rules.

>>> from service.core.random_game import random_record
>>> record = random_record(7)
>>> first, rest = record["plays"][0], dict(record, plays=[])
>>> check_move(rest, first).legal
True
>>> check_move(rest, {"seat": first["seat"], "pass": True}).violation.code.value
'must_lead'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .adjudication import Adjudication, Verdict
from .engine import adjudicate
from .errors import Problem, RecordError, Violation
from .errors import ViolationCode as V
from .ruleset import Ruleset

__all__ = ["MoveCheck", "check_move", "guard_candidates", "over_whoever_guards"]


@dataclass(frozen=True, slots=True)
class MoveCheck:
    """The referee's word on one move after a record."""

    legal: bool
    pointer: str  # where the move stands in the record: /calls/k or /plays/k
    result: Adjudication  # of the record with the move added
    at_move: bool | None = None  # illegal: the violation is the move's own (else an earlier one's)
    awaiting: Violation | None = None  # a legal call after which the crown still waits for a seat

    @property
    def violation(self) -> Violation | None:
        return None if self.legal else self.result.violation

    @property
    def verdict(self) -> Verdict:
        """The record with the move added: incomplete while the game goes on (the crown waiting
        for its next answer included), legal when the move ended it, or illegal."""
        return Verdict.INCOMPLETE if self.awaiting is not None else self.result.verdict

    def to_json(self) -> dict[str, Any]:
        result = self.result
        awaiting = self.awaiting
        return {
            "legal": self.legal,
            "verdict": self.verdict.value,
            "awaiting": None if awaiting is None else {"seat": awaiting.seat, "message": awaiting.message},
            "move": self.pointer,
            "at_move": self.at_move,
            "violation": None if self.violation is None else self.violation.to_json(),
            "notes": list(result.notes),
            "outcome": None if result.outcome is None else result.outcome.to_json(),
        }


def check_move(record: Mapping[str, Any], move: object, ruleset: Ruleset | None = None) -> MoveCheck:
    """Check ``move`` — a play (``{"seat", "cards"}``, ``{"seat", "pass": true}``, the seat may be
    left out) or a call (``{"seat", "call"}``, with ``"card"`` where the ruleset calls cards) —
    after ``record``. Raises RecordError when either is not well formed: the record's problems
    point into ``/record``, the move's into ``/move``."""
    if not isinstance(record, dict):
        raise RecordError([Problem("/record", "invalid_type", "a record is a JSON object")])
    if not isinstance(move, dict):
        raise RecordError([Problem("/move", "invalid_type", _MOVE_SHAPE)])
    field = "calls" if "call" in move else "plays"
    before = record.get(field)
    if before is None:
        before = []
    elif not isinstance(before, list):
        _raise_moved(record)  # the record's own problem (its calls or plays are not an array)
    if field == "calls" and record.get("plays"):
        n = len(record["plays"]) if isinstance(record["plays"], list) else 0
        raise RecordError(
            [
                Problem(
                    "/move/call",
                    "call_after_first_play",
                    f"the calls are all made before the first card is played (RULES §4); this record has {n} plays",
                )
            ]
        )
    pointer = f"/{field}/{len(before)}"
    extended = {**record, field: [*before, move]}
    try:
        result = adjudicate(extended, ruleset)
    except RecordError as exc:
        candidates = guard_candidates(exc)
        if candidates is None:
            raise RecordError([_moved(p, pointer) for p in exc.problems]) from None
        return MoveCheck(True, pointer, over_whoever_guards(extended, ruleset, candidates))
    if result.verdict is not Verdict.ILLEGAL:
        return MoveCheck(True, pointer, result)
    violation = result.violation
    where = violation.pointer if violation is not None else ""
    if field == "calls" and where == "/calls" and violation is not None and violation.code is V.CROWN_OUT_OF_ORDER:
        # The calls as a whole wait for an answer to the crown (a transfer passed it on, say): the
        # call itself broke nothing; a record stopped here is a game still being called.
        return MoveCheck(True, pointer, result, awaiting=violation)
    return MoveCheck(False, pointer, result, at_move=where == pointer or where.startswith(pointer + "/"))


def guard_candidates(exc: RecordError) -> list[int] | None:
    """The seats that could each have been the guard, where that is the record's one problem:
    without the deal and without ``guard``, a finished game whose scores depend on who it was
    (``guards.guard_unknown``)."""
    if len(exc.problems) != 1 or exc.problems[0].code != "guard_unknown":
        return None
    seats = (exc.problems[0].facts or {}).get("candidates")
    return list(seats) if isinstance(seats, list) and seats else None


def over_whoever_guards(extended: Mapping[str, Any], ruleset: Ruleset | None, seats: list[int]) -> Adjudication:
    """The move ended the game, legal with each seat that could have been the guard; what the
    guard changes is the score, said in a note for each of them (and no outcome given as the
    game's: the record names its guard with ``guard``)."""
    judged = {s: adjudicate({**extended, "guard": s}, ruleset) for s in seats}
    scores = "; ".join(
        f"with seat {s} the guard {list(a.outcome.scores)}" for s, a in judged.items() if a.outcome is not None
    )
    first = judged[seats[0]]
    note = (
        f"the game is over; its scores depend on who the guard was, which the record does not say "
        f'(name it with "guard"): {scores}'
    )
    return dataclasses.replace(first, outcome=None, notes=(*first.notes, note))


_MOVE_SHAPE = 'a move is an object: a play {"seat", "cards"} or {"seat", "pass": true}, or a call {"seat", "call"}'


def _moved(problem: Problem, pointer: str) -> Problem:
    """A problem of the extended record, pointed into the request: the move's at ``/move``, the
    record's at ``/record``."""
    p = problem.pointer
    if p == pointer or p.startswith(pointer + "/"):
        return Problem("/move" + p[len(pointer) :], problem.code, problem.detail, problem.facts)
    return Problem("/record" + p, problem.code, problem.detail, problem.facts)


def _raise_moved(record: Mapping[str, Any]) -> None:
    try:
        adjudicate(record)
    except RecordError as exc:
        raise RecordError([_moved(p, "\0") for p in exc.problems]) from None
    raise RecordError([Problem("/record", "invalid_type", "calls and plays are arrays")])  # pragma: no cover
