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
from typing import Any

from .calls import kick_allowed, kick_refusal
from .errors import Problem, RecordError
from .reading import is_seat, read_ruleset
from .roles import Mode, rebellion_succeeded
from .ruleset import CrownProcedure, Ruleset
from .scoring import GameFacts, score

__all__ = ["SHEET_FIELDS", "read_sheet", "score"]

SHEET_FIELDS = ("ruleset", "mode", "emperor", "guard", "rebels", "guard_revealed", "kicked_by", "finishing_order")
_MODES = {m.value: m for m in Mode}


def read_sheet(doc: Mapping[str, Any]) -> tuple[Ruleset, GameFacts]:
    """Validate a result sheet; raise RecordError listing every problem."""
    problems: list[Problem] = []

    def bad(pointer: str, code: str, detail: str) -> None:
        problems.append(Problem(pointer, code, detail))

    if not isinstance(doc, Mapping):
        raise RecordError([Problem("", "invalid_type", "a result sheet is a JSON object")])
    for key in doc:
        if key not in SHEET_FIELDS:
            bad(f"/{key}", "unknown_field", f"unknown field {key!r}; a sheet has {', '.join(SHEET_FIELDS)}")
    try:
        rs = read_ruleset(doc.get("ruleset"))
    except RecordError as exc:
        problems.extend(exc.problems)
        rs = Ruleset()
    mode_raw = doc.get("mode")
    mode = _MODES.get(mode_raw) if isinstance(mode_raw, str) else None
    if mode is None:
        bad("/mode", "invalid_mode", f"mode is one of {', '.join(_MODES)}")
    emperor = doc.get("emperor")
    if mode is Mode.VOID:
        if emperor is not None:
            bad("/emperor", "void_has_no_emperor", "a void deal has no emperor: emperor is null")
    elif not is_seat(emperor):
        bad("/emperor", "invalid_seat", "emperor is a seat from 0 to 4")
    guard = doc.get("guard")
    if guard is not None and not is_seat(guard):
        bad("/guard", "invalid_seat", "guard is a seat from 0 to 4, or null")
    kicked_by = doc.get("kicked_by")
    if kicked_by is not None and not is_seat(kicked_by):
        bad("/kicked_by", "invalid_seat", "kicked_by is a seat from 0 to 4, or null")
    revealed = doc.get("guard_revealed", False)
    if type(revealed) is not bool:
        bad("/guard_revealed", "invalid_type", "guard_revealed is true or false")
    rebels_raw = doc.get("rebels") or []
    rebels: list[int] = []
    if not isinstance(rebels_raw, list):
        bad("/rebels", "invalid_type", "rebels are an array of seats")
    else:
        for i, r in enumerate(rebels_raw):
            if not is_seat(r):
                bad(f"/rebels/{i}", "invalid_seat", "a rebel is a seat from 0 to 4")
            elif r in rebels:
                bad(f"/rebels/{i}", "duplicate_seat", f"seat {r} is listed twice")
            else:
                rebels.append(r)
    order_raw = doc.get("finishing_order") or []
    if not isinstance(order_raw, list) or not all(is_seat(s) for s in order_raw):
        bad("/finishing_order", "invalid_type", "finishing_order is an array of seats, 1st first")
        order_raw = []
    if problems or mode is None:
        raise RecordError(problems)
    if mode is Mode.VOID:
        return rs, _void_sheet(rs, doc, order_raw, rebels, guard, revealed, kicked_by)
    assert isinstance(emperor, int)

    if mode is Mode.SURRENDER:
        if order_raw:
            bad("/finishing_order", "not_played", "a surrendered game was not played: leave finishing_order empty")
        if not rs.surrender:
            bad("/mode", "surrender_not_allowed", f"ruleset {rs.name!r} has no surrender (option 'surrender')")
    elif sorted(order_raw) != [0, 1, 2, 3, 4]:
        bad("/finishing_order", "not_a_permutation", "finishing_order lists each of the seats 0–4 exactly once")

    if mode is Mode.NORMAL:
        if guard is None:
            bad("/guard", "missing_guard", "a normal game has a guard")
        elif guard == emperor:
            bad(
                "/guard",
                "guard_is_emperor",
                "the emperor holding the guard card plays a hidden solo: mode 'hidden_solo'",
            )
    elif mode is Mode.HIDDEN_SOLO:
        if guard is not None and guard != emperor:
            bad(
                "/guard", "guard_in_solo", "in a hidden solo the emperor is his own guard: guard is null or the emperor"
            )
        guard = emperor
    elif guard is not None:
        bad("/guard", "guard_in_solo", "an open solo has no guard: guard is null")
    if revealed and mode is not Mode.NORMAL:
        bad("/guard_revealed", "reveal_without_guard", "only the guard of a normal game can reveal")
    for i, r in enumerate(rebels):
        if mode in (Mode.OPEN_SOLO, Mode.SURRENDER):
            bad(f"/rebels/{i}", "rebel_not_allowed", "nobody rebels against an open solo")
        elif r in (emperor, guard):
            bad(f"/rebels/{i}", "rebel_not_allowed", f"seat {r} is on the emperor's side and cannot rebel")
    if kicked_by is not None and not problems:
        fact_mode = Mode.OPEN_SOLO if mode is Mode.SURRENDER else mode
        rebellion = rebellion_succeeded(fact_mode, rebels, rs)
        if not kick_allowed(kicked_by, fact_mode, emperor, guard, revealed, rebellion):
            bad("/kicked_by", "kick_without_declaration", kick_refusal(kicked_by, fact_mode, emperor, guard))
    if problems:
        raise RecordError(problems)
    facts = GameFacts(mode, emperor, guard, tuple(rebels), revealed, kicked_by, tuple(order_raw))
    return rs, facts


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
    if rs.crown not in (CrownProcedure.KK_SIMPLE, CrownProcedure.CALLED):
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
