"""KK simple crown (固定保): the holder of BJ* ascends or solos (明独保), or passes the
crown — the card itself — to the previous seat (上家), who may do the same. The
guard is the holder of SJ*, which never moves. Two full rounds without an emperor
(ten passes) void the deal."""

from __future__ import annotations

from collections.abc import Sequence

from ..call_types import Call, CallFault, CallKind, CardMove, Crown, DealView, crown_holder
from ..cards import Rank
from ..errors import ViolationCode as V
from ..roles import Mode
from ..ruleset import Ruleset

# The calls of this crown procedure (the calls that follow any crown are in calls.py).
CALLS = (CallKind.ASCEND, CallKind.SOLO, CallKind.TRANSFER)

PASSES_BEFORE_VOID = 10


def take_crown(calls: Sequence[Call], rs: Ruleset, view: DealView) -> Crown | CallFault:
    crown_seat = crown_holder(calls, view, "ascend, solo or pass the crown")
    if isinstance(crown_seat, CallFault):
        return crown_seat
    speaker = crown_seat
    moves: list[CardMove] = []
    for i, call in enumerate(calls):
        seat, kind = call.seat, call.kind
        if seat != speaker or kind not in CALLS:
            return CallFault(
                i, V.CROWN_OUT_OF_ORDER, seat, f"seat {speaker} holds BJ* and must ascend, solo or pass the crown"
            )
        if kind is CallKind.TRANSFER:
            target = rs.transfer_target(seat)
            moves.append(CardMove(seat, target, Rank.BIG_JOKER, marked=True))
            if len(moves) == PASSES_BEFORE_VOID:
                return Crown(Mode.VOID, None, None, i + 1, crown_seat, tuple(moves))
            speaker = target
            continue
        if kind is CallKind.SOLO:
            return Crown(Mode.OPEN_SOLO, seat, None, i + 1, crown_seat, tuple(moves))
        if view.sj_holder == seat:
            return Crown(Mode.HIDDEN_SOLO, seat, seat, i + 1, crown_seat, tuple(moves))
        return Crown(Mode.NORMAL, seat, view.sj_holder, i + 1, crown_seat, tuple(moves))
    return CallFault(
        None, V.CROWN_OUT_OF_ORDER, speaker, f"the crown was passed to seat {speaker}, who has not answered"
    )
