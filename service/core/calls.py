"""The call phase (RULES §4): the crown, then open solo, guard, rebels, kick, surrender.

:func:`run_calls` hands the first calls to the ruleset's crown procedure
(:mod:`.crown`), then walks the declarations every ruleset shares, and either
returns the roles they settle or the first call that breaks a rule.
:func:`kick_allowed` is the one place that says who may kick; the score-sheet
check uses it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .call_types import Call, CallFault, CallKind, CardMove, Crown, DealView
from .cards import Card
from .crown import CROWN_CALLS, PROCEDURES, SNATCH_CHECKS
from .errors import ViolationCode as V
from .roles import Mode, rebellion_succeeded
from .ruleset import Ruleset

__all__ = [
    "Call",
    "CallFault",
    "CallKind",
    "CallOutcome",
    "DealView",
    "kick_allowed",
    "kick_refusal",
    "run_calls",
]


class CallOutcome:
    """The roles the calls settled (read-only; not a dataclass, whose ``__init__`` runs as Python
    even in the compiled core)."""

    def __init__(
        self,
        mode: Mode,
        emperor: int | None,
        guard: int | None,
        rebels: tuple[int, ...],
        guard_revealed: bool,
        kicked_by: int | None,
        moves: tuple[CardMove, ...],
        crown_seat: int | None,
        called: Card | None = None,
    ) -> None:
        self.mode: Final = mode
        self.emperor: Final = emperor  # None: the deal is void
        self.guard: Final = guard
        self.rebels: Final = rebels
        self.guard_revealed: Final = guard_revealed
        self.kicked_by: Final = kicked_by
        self.moves: Final = moves  # cards that changed hands during the crown, in order
        self.crown_seat: Final = crown_seat  # who was dealt BJ* (or first offered the crown)
        self.called: Final = called


def kick_allowed(
    seat: int,
    mode: Mode,
    emperor: int,
    guard: int | None,
    guard_revealed: bool,
    rebellion: bool,
) -> bool:
    """A kick answers an open declaration by the other side (RULES §4.4)."""
    if mode is Mode.OPEN_SOLO:
        return seat != emperor
    royal = seat in (emperor, guard)
    if royal:
        return rebellion
    return mode is Mode.NORMAL and guard_revealed


_SHARED_CALLS = ("solo", "reveal_guard", "rebel", "kick", "surrender")
# The calls each crown procedure's ruleset knows, as kinds.
_KINDS = {crown: frozenset(CallKind(k) for k in (*names, *_SHARED_CALLS)) for crown, names in CROWN_CALLS.items()}


def run_calls(calls: Sequence[Call], ruleset: Ruleset, view: DealView) -> CallOutcome | CallFault:
    """Walk the calls against the deal as ``view`` shows it."""
    kinds = _KINDS[ruleset.crown]
    foreign = next((i for i, c in enumerate(calls) if c.kind not in kinds), None)
    if foreign is not None:
        vocabulary = {*CROWN_CALLS[ruleset.crown], *_SHARED_CALLS}
        # Everything before the foreign call is checked first: an earlier fault wins.
        before = run_calls(calls[:foreign], ruleset, view)
        if isinstance(before, CallFault) and before.index is not None:
            return before
        kind = calls[foreign].kind.value
        return CallFault(
            foreign,
            V.CALL_NOT_IN_RULESET,
            calls[foreign].seat,
            f"ruleset {ruleset.name!r} has no {kind!r}; its calls are {', '.join(sorted(vocabulary))}",
        )
    crown = PROCEDURES[ruleset.crown](calls, ruleset, view)
    if isinstance(crown, CallFault):
        return crown
    if crown.mode is Mode.VOID:
        if crown.next_index < len(calls):
            i = crown.next_index
            return CallFault(i, V.GAME_OVER, calls[i].seat, "the deal is void: nobody took the crown")
        return CallOutcome(Mode.VOID, None, None, (), False, None, crown.moves, crown.crown_seat)
    return _declarations(calls, ruleset, view, crown, SNATCH_CHECKS.get(ruleset.crown))


def _declarations(
    calls: Sequence[Call], ruleset: Ruleset, view: DealView, crown: Crown, snatch_check: object
) -> CallOutcome | CallFault:
    """The calls after the crown, one by one: an open solo, reveals, rebellions, a kick, a
    surrender — the first one the rules refuse is the fault."""
    d = Declarations(ruleset, crown)
    for i in range(crown.next_index, len(calls)):
        fault = d.call(i, calls[i], view, snatch_check)
        if fault is not None:
            return fault
    return d.outcome()


class Declarations:
    """What the calls after the crown have declared so far, and the rules for the next one."""

    def __init__(self, ruleset: Ruleset, crown: Crown) -> None:
        assert crown.emperor is not None
        self.ruleset = ruleset
        self.crown = crown
        self.mode: Mode = crown.mode
        self.emperor: int = crown.emperor
        self.guard: int | None = crown.guard
        self.rebels: list[int] = []
        self.revealed = False
        self.kicked_by: int | None = None
        self.other_calls = False
        self.surrendered = False

    def outcome(self) -> CallOutcome:
        c = self.crown
        mode = Mode.SURRENDER if self.surrendered else self.mode
        return CallOutcome(
            mode,
            self.emperor,
            self.guard,
            tuple(self.rebels),
            self.revealed,
            self.kicked_by,
            c.moves,
            c.crown_seat,
            c.called,
        )

    def call(self, i: int, call: Call, view: DealView, snatch_check: object) -> CallFault | None:
        """Take call ``i``: None if the rules allow it here (and it is recorded), else the fault."""
        seat, kind = call.seat, call.kind
        if self.surrendered:
            return CallFault(i, V.GAME_OVER, seat, "the soloist surrendered: the game is over")
        if self.kicked_by is not None:
            if kind is CallKind.KICK:
                return CallFault(
                    i, V.SECOND_KICK, seat, f"seat {self.kicked_by} already kicked; a game allows one kick"
                )
            if kind in (CallKind.REVEAL_GUARD, CallKind.REBEL):
                return CallFault(
                    i, V.CALL_AFTER_KICK, seat, f"seat {self.kicked_by} kicked; no reveal or rebel after the kick"
                )
        if kind in (CallKind.ASCEND, CallKind.TRANSFER, CallKind.ACCEPT, CallKind.DECLINE):
            return CallFault(i, V.CROWN_OUT_OF_ORDER, seat, f"the crown was already taken by seat {self.emperor}")
        if kind is CallKind.SOLO:
            return self._solo(i, seat, view, snatch_check)
        self.other_calls = True
        if kind is CallKind.REVEAL_GUARD:
            return self._reveal(i, seat)
        if kind is CallKind.REBEL:
            return self._rebel(i, seat)
        if kind is CallKind.KICK:
            return self._kick(i, seat)
        if kind is CallKind.SURRENDER:
            return self._surrender(i, seat)
        return None

    def _solo(self, i: int, seat: int, view: DealView, snatch_check: object) -> CallFault | None:
        if self.mode is Mode.OPEN_SOLO:
            return CallFault(
                i, V.SOLO_NOT_ALLOWED, seat, f"seat {self.emperor} already plays an open solo; one solo per game"
            )
        if self.other_calls:
            return CallFault(
                i, V.SOLO_TOO_LATE, seat, "an open solo must come right after the crown, before any other call"
            )
        if seat == self.emperor:
            return CallFault(
                i, V.SOLO_NOT_ALLOWED, seat, f"seat {seat} already took the crown; its solo is declared instead"
            )
        if not self.ruleset.open_solo_by_others:
            return CallFault(
                i, V.SOLO_NOT_ALLOWED, seat, f"ruleset {self.ruleset.name!r} has no open solo by another seat"
            )
        refusal = snatch_check(seat, self.ruleset, view) if callable(snatch_check) else None
        if refusal:
            return CallFault(i, V.SOLO_NOT_ALLOWED, seat, refusal)
        self.mode, self.emperor, self.guard = Mode.OPEN_SOLO, seat, None
        return None

    def _reveal(self, i: int, seat: int) -> CallFault | None:
        mode, guard = self.mode, self.guard
        if (
            mode is not Mode.NORMAL
            or seat == self.emperor
            or seat in self.rebels
            or (guard is not None and seat != guard)
        ):
            return CallFault(i, V.REVEAL_BY_NON_GUARD, seat, _not_guard(seat, mode, guard))
        if self.revealed:
            return CallFault(i, V.DUPLICATE_CALL, seat, "the guard already revealed")
        self.guard = seat  # settles an unknown guard in a record without a deal
        self.revealed = True
        return None

    def _rebel(self, i: int, seat: int) -> CallFault | None:
        if self.mode is Mode.OPEN_SOLO:
            return CallFault(i, V.REBEL_NOT_ALLOWED, seat, "nobody rebels against an open solo")
        if seat == self.emperor:
            return CallFault(i, V.REBEL_NOT_ALLOWED, seat, f"seat {seat} is the emperor")
        if seat == self.guard:
            return CallFault(i, V.REBEL_NOT_ALLOWED, seat, f"seat {seat} is the guard and may not rebel")
        if seat in self.rebels:
            return CallFault(i, V.DUPLICATE_CALL, seat, f"seat {seat} already rebelled")
        self.rebels.append(seat)
        return None

    def _kick(self, i: int, seat: int) -> CallFault | None:
        mode, emperor, guard = self.mode, self.emperor, self.guard
        rebellion = rebellion_succeeded(mode, self.rebels, self.ruleset)
        if guard is None and mode is Mode.NORMAL and seat != emperor:
            # Without a deal the guard may still be unknown: the seat could be on either
            # side. The second pass, with the rebuilt deal, decides.
            allowed = rebellion or self.revealed
        else:
            allowed = kick_allowed(seat, mode, emperor, guard, self.revealed, rebellion)
        if not allowed:
            return CallFault(i, V.KICK_WITHOUT_DECLARATION, seat, kick_refusal(seat, mode, emperor, guard))
        self.kicked_by = seat
        return None

    def _surrender(self, i: int, seat: int) -> CallFault | None:
        if not self.ruleset.surrender:
            return CallFault(
                i, V.SURRENDER_NOT_ALLOWED, seat, f"ruleset {self.ruleset.name!r} has no surrender (option 'surrender')"
            )
        if self.mode is not Mode.OPEN_SOLO or seat != self.emperor:
            return CallFault(i, V.SURRENDER_NOT_ALLOWED, seat, "only the soloist of an open solo may surrender")
        self.surrendered = True
        return None


def _not_guard(seat: int, mode: Mode | None, guard: int | None) -> str:
    if mode is Mode.OPEN_SOLO:
        return "an open solo has no guard"
    if mode is Mode.HIDDEN_SOLO:
        return "the emperor holds the guard card: a hidden solo has no guard to reveal"
    return f"seat {seat} is not the guard" + ("" if guard is None else f" (seat {guard} is)")


def kick_refusal(seat: int, mode: Mode | None, emperor: int, guard: int | None) -> str:
    """Why ``seat`` may not kick (the sentence for :func:`kick_allowed` saying no)."""
    if mode is Mode.OPEN_SOLO:
        return f"seat {seat} is the soloist; only the other side may kick"
    if seat in (emperor, guard):
        return f"seat {seat} is on the emperor's side: it may kick only after a successful rebellion"
    if mode is Mode.HIDDEN_SOLO:
        return "a hidden solo declares nothing the rebel side could kick"
    return f"seat {seat} is on the rebel side: it may kick only after the guard revealed"
