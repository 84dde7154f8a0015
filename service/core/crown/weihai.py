"""Weihai crown (RULES §4.1): the holder of BJ* ascends, solos, or — holding SJ*
too — transfers the crown once to seat s+2 (option: s−1), who must ascend or solo."""

from __future__ import annotations

from collections.abc import Sequence

from ..call_types import Call, CallFault, CallKind, CardMove, Crown, DealView, crown_holder
from ..cards import Rank
from ..errors import ViolationCode as V
from ..roles import Mode
from ..ruleset import Ruleset

# The calls of this crown procedure (the calls that follow any crown are in calls.py).
CALLS = (CallKind.ASCEND, CallKind.SOLO, CallKind.TRANSFER)


def take_crown(calls: Sequence[Call], rs: Ruleset, view: DealView) -> Crown | CallFault:
    crown_seat = crown_holder(calls, view, "ascend, solo or transfer")
    if isinstance(crown_seat, CallFault):
        return crown_seat
    speaker, sj = crown_seat, view.sj_holder
    moves: list[CardMove] = []
    for i, call in enumerate(calls):
        seat, kind = call.seat, call.kind
        if seat != speaker or kind not in CALLS:
            options = "ascend or solo" if moves else "ascend, solo or transfer"
            return CallFault(i, V.CROWN_OUT_OF_ORDER, seat, f"seat {speaker} holds BJ* and must speak first: {options}")
        if kind is CallKind.TRANSFER:
            if moves:
                return CallFault(i, V.CROWN_OUT_OF_ORDER, seat, "the crown can be transferred once: ascend or solo")
            if sj is not None and sj != seat:
                return CallFault(i, V.TRANSFER_WITHOUT_BOTH, seat, f"seat {seat} does not hold SJ* (seat {sj} does)")
            sj = seat  # the transferring seat keeps SJ* and is the guard
            speaker = rs.transfer_target(seat)
            moves.append(CardMove(seat, speaker, Rank.BIG_JOKER, marked=True))
            continue
        if kind is CallKind.SOLO:
            return Crown(Mode.OPEN_SOLO, seat, None, i + 1, crown_seat, tuple(moves))
        if sj is not None and sj == seat:
            return Crown(Mode.HIDDEN_SOLO, seat, seat, i + 1, crown_seat, tuple(moves))
        return Crown(Mode.NORMAL, seat, sj, i + 1, crown_seat, tuple(moves))
    return CallFault(
        None, V.CROWN_OUT_OF_ORDER, speaker, f"the crown was transferred to seat {speaker}, who must ascend or solo"
    )
