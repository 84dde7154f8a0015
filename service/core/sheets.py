"""Result sheets: a game's outcome entered without a play log.

:func:`read_sheet` checks that a sheet describes a game that could have
happened (RULES §4) and turns it into :class:`~.scoring.GameFacts`.

>>> rs, facts = read_sheet({"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]})
>>> score(facts, rs).scores
(4, 2, -2, -2, -2)
>>> read_sheet({"mode": "normal", "emperor": 0, "guard": 1, "kicked_by": 2, "finishing_order": [0, 1, 2, 3, 4]})
Traceback (most recent call last):
...
service.core.errors.RecordError: /kicked_by: seat 2 is on the rebel side: it may kick only after the guard revealed
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .calls import kick_allowed, kick_refusal
from .errors import Problem, RecordError
from .record_form import is_seat, read_ruleset
from .roles import Mode, rebellion_succeeded
from .ruleset import CrownProcedure, Ruleset
from .scoring import GameFacts, score

__all__ = ["SHEET_FIELDS", "read_sheet", "score", "sheet_modes"]

SHEET_FIELDS = ("ruleset", "mode", "emperor", "guard", "rebels", "guard_revealed", "kicked_by", "finishing_order")
_MODES = {m.value: m for m in Mode}


class _Problems:
    """The problems of one sheet, gathered as they are found."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def bad(self, pointer: str, code: str, detail: str) -> None:
        self.found.append(Problem(pointer, code, detail))


@dataclass(slots=True)
class _Fields:
    """A sheet's fields as read, each of the right type (or left out)."""

    rs: Ruleset
    mode: Mode | None
    emperor: Any
    guard: Any
    kicked_by: Any
    revealed: Any
    rebels: list[int]
    order: list[int]


def sheet_modes(rs: Ruleset) -> tuple[str, ...]:
    """The modes a deal of ``rs`` can end in, as a result sheet names them: a normal game and the
    two solos always; surrender (投降) only with the option; void (流局) only where the crown can
    go round unanswered (the called and KK-simple crowns)."""
    modes = [Mode.NORMAL, Mode.HIDDEN_SOLO, Mode.OPEN_SOLO]
    if rs.surrender:
        modes.append(Mode.SURRENDER)
    if rs.crown in (CrownProcedure.KK_SIMPLE, CrownProcedure.CALLED):
        modes.append(Mode.VOID)
    return tuple(m.value for m in modes)


def read_sheet(doc: Mapping[str, Any]) -> tuple[Ruleset, GameFacts]:
    """Validate a result sheet; raise RecordError listing every problem."""
    if not isinstance(doc, Mapping):
        raise RecordError([Problem("", "invalid_type", "a result sheet is a JSON object")])
    problems = _Problems()
    f = _read_fields(doc, problems)
    if problems.found or f.mode is None:
        raise RecordError(problems.found)
    if f.mode is Mode.VOID:
        return f.rs, _void_sheet(f.rs, doc, f.order, f.rebels, f.guard, f.revealed, f.kicked_by)
    facts = _played(f, f.mode, problems)
    if problems.found:
        raise RecordError(problems.found)
    return f.rs, facts


def _read_fields(doc: Mapping[str, Any], problems: _Problems) -> _Fields:
    """Each field of the right type and range (the rules come after: _played)."""
    for key in doc:
        if key not in SHEET_FIELDS:
            problems.bad(f"/{key}", "unknown_field", f"unknown field {key!r}; a sheet has {', '.join(SHEET_FIELDS)}")
    try:
        rs = read_ruleset(doc.get("ruleset"))
    except RecordError as exc:
        problems.found.extend(exc.problems)
        rs = Ruleset()
    mode_raw = doc.get("mode")
    mode = _MODES.get(mode_raw) if isinstance(mode_raw, str) else None
    if mode is None:
        problems.bad("/mode", "invalid_mode", f"mode is one of {', '.join(_MODES)}")
    emperor = doc.get("emperor")
    if mode is Mode.VOID:
        if emperor is not None:
            problems.bad("/emperor", "void_has_no_emperor", "a void deal has no emperor: emperor is null")
    elif not is_seat(emperor):
        problems.bad("/emperor", "invalid_seat", "emperor is a seat from 0 to 4")
    guard = doc.get("guard")
    if guard is not None and not is_seat(guard):
        problems.bad("/guard", "invalid_seat", "guard is a seat from 0 to 4, or null")
    kicked_by = doc.get("kicked_by")
    if kicked_by is not None and not is_seat(kicked_by):
        problems.bad("/kicked_by", "invalid_seat", "kicked_by is a seat from 0 to 4, or null")
    revealed = doc.get("guard_revealed", False)
    if type(revealed) is not bool:
        problems.bad("/guard_revealed", "invalid_type", "guard_revealed is true or false")
    order = doc.get("finishing_order") or []
    if not isinstance(order, list) or not all(is_seat(s) for s in order):
        problems.bad("/finishing_order", "invalid_type", "finishing_order is an array of seats, 1st first")
        order = []
    return _Fields(
        rs, mode, emperor, guard, kicked_by, revealed, _read_rebels(doc.get("rebels") or [], problems), order
    )


def _read_rebels(value: object, problems: _Problems) -> list[int]:
    rebels: list[int] = []
    if not isinstance(value, list):
        problems.bad("/rebels", "invalid_type", "rebels are an array of seats")
        return rebels
    for i, r in enumerate(value):
        if not is_seat(r):
            problems.bad(f"/rebels/{i}", "invalid_seat", "a rebel is a seat from 0 to 4")
        elif r in rebels:
            problems.bad(f"/rebels/{i}", "duplicate_seat", f"seat {r} is listed twice")
        else:
            rebels.append(r)
    return rebels


def _played(f: _Fields, mode: Mode, problems: _Problems) -> GameFacts:
    """A played (or surrendered) game's sheet against the rules: the finishing order, the crown
    for the mode, who may rebel, who may kick."""
    emperor, guard, rs = f.emperor, f.guard, f.rs
    assert isinstance(emperor, int)
    if mode is Mode.SURRENDER:
        if f.order:
            problems.bad(
                "/finishing_order", "not_played", "a surrendered game was not played: leave finishing_order empty"
            )
        if Mode.SURRENDER.value not in sheet_modes(rs):
            problems.bad("/mode", "surrender_not_allowed", f"ruleset {rs.name!r} has no surrender (option 'surrender')")
    elif sorted(f.order) != [0, 1, 2, 3, 4]:
        problems.bad(
            "/finishing_order", "not_a_permutation", "finishing_order lists each of the seats 0–4 exactly once"
        )
    if mode is Mode.NORMAL:
        if guard is None:
            problems.bad("/guard", "missing_guard", "a normal game has a guard")
        elif guard == emperor:
            problems.bad(
                "/guard",
                "guard_is_emperor",
                "the emperor holding the guard card plays a hidden solo: mode 'hidden_solo'",
            )
    elif mode is Mode.HIDDEN_SOLO:
        if guard is not None and guard != emperor:
            problems.bad(
                "/guard", "guard_in_solo", "in a hidden solo the emperor is his own guard: guard is null or the emperor"
            )
        guard = emperor
    elif guard is not None:
        problems.bad("/guard", "guard_in_solo", "an open solo has no guard: guard is null")
    if f.revealed and mode is not Mode.NORMAL:
        problems.bad("/guard_revealed", "reveal_without_guard", "only the guard of a normal game can reveal")
    for i, r in enumerate(f.rebels):
        if mode in (Mode.OPEN_SOLO, Mode.SURRENDER):
            problems.bad(f"/rebels/{i}", "rebel_not_allowed", "nobody rebels against an open solo")
        elif r in (emperor, guard):
            problems.bad(f"/rebels/{i}", "rebel_not_allowed", f"seat {r} is on the emperor's side and cannot rebel")
    if f.kicked_by is not None and not problems.found:
        fact_mode = Mode.OPEN_SOLO if mode is Mode.SURRENDER else mode
        rebellion = rebellion_succeeded(fact_mode, f.rebels, rs)
        if not kick_allowed(f.kicked_by, fact_mode, emperor, guard, f.revealed, rebellion):
            problems.bad("/kicked_by", "kick_without_declaration", kick_refusal(f.kicked_by, fact_mode, emperor, guard))
    return GameFacts(mode, emperor, guard, tuple(f.rebels), f.revealed, f.kicked_by, tuple(f.order))


def _void_sheet(
    rs: Ruleset,
    doc: Mapping[str, Any],
    order: list[int],
    rebels: list[int],
    guard: object,
    revealed: bool,
    kicked_by: object,
) -> GameFacts:
    """A void deal: the crown went round unanswered; nothing else can have happened."""
    problems: list[Problem] = []
    if Mode.VOID.value not in sheet_modes(rs):
        problems.append(Problem("/mode", "void_not_possible", f"in ruleset {rs.name!r} someone always takes the crown"))
    for key, present in (
        ("finishing_order", bool(order)),
        ("rebels", bool(rebels)),
        ("guard", guard is not None),
        ("guard_revealed", revealed),
        ("kicked_by", kicked_by is not None),
    ):
        if present:
            problems.append(Problem(f"/{key}", "not_played", f"a void deal is not played: {key} stays empty"))
    if problems:
        raise RecordError(problems)
    return GameFacts(Mode.VOID, None)
