"""The call phase (RULES §4): crown, open solo, guard, rebels, kick, surrender.

:func:`run_calls` walks the calls in order and either returns the roles they
settle or the first call that breaks a rule. :func:`kick_allowed` is the one
place that says who may kick; the score-sheet check uses it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .errors import ViolationCode as V
from .ruleset import Ruleset
from .scoring import Mode

__all__ = ["Call", "CallFault", "CallKind", "CallOutcome", "kick_allowed", "kick_refusal", "run_calls"]


class CallKind(Enum):
    ASCEND = "ascend"
    SOLO = "solo"
    TRANSFER = "transfer"
    REVEAL_GUARD = "reveal_guard"
    REBEL = "rebel"
    KICK = "kick"
    SURRENDER = "surrender"


@dataclass(frozen=True, slots=True)
class Call:
    seat: int
    kind: CallKind


@dataclass(frozen=True, slots=True)
class CallOutcome:
    """The roles the calls settled."""

    mode: Mode
    emperor: int
    guard: int | None
    rebels: tuple[int, ...]
    guard_revealed: bool
    kicked_by: int | None
    transfer: tuple[int, int] | None  # (from seat, to seat) of the emperor card
    crown_seat: int  # who held BJ* in the deal


@dataclass(frozen=True, slots=True)
class CallFault:
    index: int | None  # None: the calls as a whole (e.g. no crown at all)
    code: V
    seat: int | None
    message: str


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


def run_calls(
    calls: Sequence[Call],
    ruleset: Ruleset,
    bj_holder: int | None,
    sj_holder: int | None,
) -> CallOutcome | CallFault:
    """Walk the calls. ``bj_holder``/``sj_holder`` are the seats dealt ``BJ*``/``SJ*``;
    None means unknown (a record without a deal), and the first call then names
    the crown holder."""
    if not calls:
        who = "" if bj_holder is None else f" (seat {bj_holder})"
        return CallFault(
            None, V.CROWN_OUT_OF_ORDER, bj_holder, f"no calls: the holder of BJ*{who} must ascend, solo or transfer"
        )
    crown_seat = calls[0].seat if bj_holder is None else bj_holder
    speaker = crown_seat
    holder_sj = sj_holder
    mode: Mode | None = None
    emperor = -1
    guard: int | None = None
    transfer: tuple[int, int] | None = None
    rebels: list[int] = []
    revealed = False
    kicked_by: int | None = None
    other_calls = False
    surrendered = False

    for i, call in enumerate(calls):
        seat, kind = call.seat, call.kind
        if surrendered:
            return CallFault(i, V.GAME_OVER, seat, "the soloist surrendered: the game is over")
        if kicked_by is not None:
            if kind is CallKind.KICK:
                return CallFault(i, V.SECOND_KICK, seat, f"seat {kicked_by} already kicked; a game allows one kick")
            if kind in (CallKind.REVEAL_GUARD, CallKind.REBEL):
                return CallFault(
                    i, V.CALL_AFTER_KICK, seat, f"seat {kicked_by} kicked; no reveal or rebel after the kick"
                )
        if mode is None:  # the crown
            if seat != speaker or kind not in (CallKind.ASCEND, CallKind.SOLO, CallKind.TRANSFER):
                return CallFault(
                    i,
                    V.CROWN_OUT_OF_ORDER,
                    seat,
                    f"seat {speaker} holds BJ* and must speak first: "
                    + ("ascend or solo" if transfer else "ascend, solo or transfer"),
                )
            if kind is CallKind.TRANSFER:
                if transfer is not None:
                    return CallFault(
                        i, V.CROWN_OUT_OF_ORDER, seat, "the crown can be transferred once: seat must ascend or solo"
                    )
                if holder_sj is not None and holder_sj != seat:
                    return CallFault(
                        i, V.TRANSFER_WITHOUT_BOTH, seat, f"seat {seat} does not hold SJ* (seat {holder_sj} does)"
                    )
                holder_sj = seat
                target = ruleset.transfer_target(seat)
                transfer = (seat, target)
                speaker = target
                continue
            emperor = seat
            if kind is CallKind.SOLO:
                mode, guard = Mode.OPEN_SOLO, None
            elif holder_sj is not None and holder_sj == seat:
                mode, guard = Mode.HIDDEN_SOLO, seat
            else:
                mode, guard = Mode.NORMAL, holder_sj
            continue

        if kind in (CallKind.ASCEND, CallKind.TRANSFER):
            return CallFault(i, V.CROWN_OUT_OF_ORDER, seat, f"the crown was already taken by seat {emperor}")
        if kind is CallKind.SOLO:
            if mode is Mode.OPEN_SOLO:
                return CallFault(
                    i, V.SOLO_NOT_ALLOWED, seat, f"seat {emperor} already plays an open solo; one solo per game"
                )
            if other_calls:
                return CallFault(
                    i, V.SOLO_TOO_LATE, seat, "an open solo must come right after the crown, before any other call"
                )
            if seat == emperor:
                return CallFault(
                    i,
                    V.SOLO_NOT_ALLOWED,
                    seat,
                    f"seat {seat} already ascended; the emperor's solo is called instead of ascending",
                )
            mode, emperor, guard = Mode.OPEN_SOLO, seat, None
            continue
        other_calls = True
        if kind is CallKind.REVEAL_GUARD:
            if mode is not Mode.NORMAL or seat == emperor or seat in rebels or (guard is not None and seat != guard):
                return CallFault(i, V.REVEAL_BY_NON_GUARD, seat, _not_guard(seat, mode, guard))
            if revealed:
                return CallFault(i, V.DUPLICATE_CALL, seat, "the guard already revealed")
            guard = seat  # settles an unknown guard in a record without a deal
            revealed = True
        elif kind is CallKind.REBEL:
            if mode is Mode.OPEN_SOLO:
                return CallFault(i, V.REBEL_NOT_ALLOWED, seat, "nobody rebels against an open solo")
            if seat == emperor:
                return CallFault(i, V.REBEL_NOT_ALLOWED, seat, f"seat {seat} is the emperor")
            if seat == guard:
                return CallFault(i, V.REBEL_NOT_ALLOWED, seat, f"seat {seat} is the guard and may not rebel")
            if seat in rebels:
                return CallFault(i, V.DUPLICATE_CALL, seat, f"seat {seat} already rebelled")
            rebels.append(seat)
        elif kind is CallKind.KICK:
            rebellion = len(rebels) >= ruleset.rebellion_threshold
            if not kick_allowed(seat, mode, emperor, guard, revealed, rebellion):
                return CallFault(i, V.KICK_WITHOUT_DECLARATION, seat, kick_refusal(seat, mode, emperor, guard))
            kicked_by = seat
        elif kind is CallKind.SURRENDER:
            if not ruleset.surrender:
                return CallFault(
                    i, V.SURRENDER_NOT_ALLOWED, seat, f"ruleset {ruleset.name!r} has no surrender (option 'surrender')"
                )
            if mode is not Mode.OPEN_SOLO or seat != emperor:
                return CallFault(i, V.SURRENDER_NOT_ALLOWED, seat, "only the soloist of an open solo may surrender")
            surrendered = True

    if mode is None:
        return CallFault(
            None, V.CROWN_OUT_OF_ORDER, speaker, f"the crown was transferred to seat {speaker}, who must ascend or solo"
        )
    if surrendered:
        mode = Mode.SURRENDER
    return CallOutcome(mode, emperor, guard, tuple(rebels), revealed, kicked_by, transfer, crown_seat)


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
