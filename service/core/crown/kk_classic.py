"""KK classic crown (叫侍卫): the holder of BJ* accepts by calling a suited card they
hold three of (the fourth copy's holder is the guard; holding all four is a hidden
solo, 暗独保), declares an open solo (明独保), or passes the crown to the previous
seat. Once the crown has gone round, the seat holding it must take it.

Another seat may snatch an open solo (抢独) only while holding three jokers and
four identical cards, and only if the emperor did not declare an open solo."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..call_types import Call, CallFault, CallKind, CardMove, Crown, DealView, crown_holder
from ..cards import Rank
from ..errors import ViolationCode as V
from ..roles import Mode
from ..ruleset import Ruleset
from .called import accept_called_card

# The calls of this crown procedure (the calls that follow any crown are in calls.py).
CALLS = (CallKind.ACCEPT, CallKind.SOLO, CallKind.TRANSFER)

MAX_PASSES = 5  # one full round; then the holder must take the crown


def take_crown(calls: Sequence[Call], rs: Ruleset, view: DealView) -> Crown | CallFault:
    crown_seat = crown_holder(calls, view, "accept, solo or pass the crown")
    if isinstance(crown_seat, CallFault):
        return crown_seat
    speaker = crown_seat
    moves: list[CardMove] = []
    for i, call in enumerate(calls):
        seat, kind = call.seat, call.kind
        if seat != speaker or kind not in CALLS:
            return CallFault(
                i,
                V.CROWN_OUT_OF_ORDER,
                seat,
                f"seat {speaker} holds BJ* and must accept (calling a card), solo or pass the crown",
            )
        if kind is CallKind.TRANSFER:
            if len(moves) == MAX_PASSES:
                return CallFault(
                    i, V.CROWN_OUT_OF_ORDER, seat, "the crown has gone round once: this seat must accept or solo"
                )
            speaker = rs.transfer_target(seat)
            moves.append(CardMove(seat, speaker, Rank.BIG_JOKER, marked=True))
            continue
        if kind is CallKind.SOLO:
            return Crown(Mode.OPEN_SOLO, seat, None, i + 1, crown_seat, tuple(moves))
        return accept_called_card(i, call, view, crown_seat, tuple(moves))
    return CallFault(
        None, V.CROWN_OUT_OF_ORDER, speaker, f"the crown was passed to seat {speaker}, who has not answered"
    )


def snatch_refusal(seat: int, rs: Ruleset, view: DealView) -> str | None:
    """Why ``seat`` may not snatch an open solo (None: it may)."""
    if view.hands is None:
        return None
    hand = view.hands[seat]
    jokers = sum(1 for c in hand if c.rank.is_joker)
    suited = Counter((c.rank, c.suit) for c in hand if c.suit is not None)
    if jokers < 3 or not any(n >= 4 for n in suited.values()):
        return f"抢独 needs three jokers and four identical cards; seat {seat} holds {jokers} jokers" + (
            "" if any(n >= 4 for n in suited.values()) else " and no four identical cards"
        )
    return None
