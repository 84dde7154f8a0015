"""Standard crown (seed 004): one big joker is set aside and offered with the crown.

The recorded first candidate accepts by calling a card they hold three of (same
rank and suit; not a joker, not a 2): the holder of the fourth copy is the guard,
and a candidate holding all four plays a hidden solo. Calling four openly (``solo``
with the card) is an open solo. Declining passes the crown and the big joker to
the previous seat; every decliner after the first adds one of their 2s, if they
have one, and the emperor takes the lot. If all five decline, the crown returns
once to the first candidate; a second refusal voids the deal."""

from __future__ import annotations

from collections.abc import Sequence

from ..call_types import Call, CallFault, CallKind, CardMove, Crown, DealView
from ..cards import Rank
from ..errors import ViolationCode as V
from ..roles import Mode
from ..ruleset import Ruleset

# The calls of this crown procedure (the calls that follow any crown are in calls.py).
CALLS = (CallKind.DECLINE, CallKind.ACCEPT, CallKind.SOLO)

OFFERS = 6  # five seats, then the first candidate once more


def accept_called_card(
    i: int, call: Call, view: DealView, crown_seat: int, moves: tuple[CardMove, ...]
) -> Crown | CallFault:
    """An ``accept`` naming a suited card: three copies make the holder of the fourth the guard,
    four make a hidden solo. (Shared by the standard and KK classic crowns.)"""
    seat, card = call.seat, call.card
    assert card is not None
    if card.rank.is_joker or card.rank is Rank.TWO:
        return CallFault(i, V.CALLED_CARD_NOT_ALLOWED, seat, f"{card} cannot be called: not a joker, not a 2")
    if view.hands is None:
        # Without a deal the copies' holders come from the plays: the engine judges each.
        return Crown(Mode.NORMAL, seat, None, i + 1, crown_seat, moves, card)
    held = view.copies(seat, card)
    if held < 3:
        return CallFault(
            i, V.CALLED_CARD_NOT_HELD, seat, f"calling {card} needs three copies; seat {seat} holds {held}"
        )
    if held >= 4:
        return Crown(Mode.HIDDEN_SOLO, seat, seat, i + 1, crown_seat, moves, card)
    return Crown(Mode.NORMAL, seat, view.holder_of_other_copy(seat, card), i + 1, crown_seat, moves, card)


def take_crown(calls: Sequence[Call], rs: Ruleset, view: DealView) -> Crown | CallFault:
    first = view.first_candidate
    assert first is not None, "the engine requires first_candidate for this ruleset"
    candidate = first
    givers: list[int] = []
    for i, call in enumerate(calls):
        seat, kind = call.seat, call.kind
        if seat != candidate or kind not in CALLS:
            return CallFault(
                i,
                V.CROWN_OUT_OF_ORDER,
                seat,
                f"seat {candidate} is offered the crown: it must decline, accept (calling a card) or solo (calling four)",
            )
        if kind is CallKind.DECLINE:
            if i > 0 and view.holds_two(seat):
                givers.append(seat)
            if i + 1 == OFFERS:
                return Crown(Mode.VOID, None, None, i + 1, first)
            candidate = rs.transfer_target(candidate)
            continue
        moves = (CardMove(None, seat, Rank.BIG_JOKER), *(CardMove(g, seat, Rank.TWO) for g in givers if g != seat))
        if kind is CallKind.ACCEPT:
            return accept_called_card(i, call, view, first, moves)
        card = call.card  # an open solo names four identical cards
        assert card is not None
        if card.rank.is_joker or card.rank is Rank.TWO:
            return CallFault(i, V.CALLED_CARD_NOT_ALLOWED, seat, f"{card} cannot be called: not a joker, not a 2")
        held = 4 if view.hands is None else view.copies(seat, card)  # without a deal: checked on the plays
        if held < 4:
            return CallFault(
                i,
                V.CALLED_CARD_NOT_HELD,
                seat,
                f"an open solo calls four identical cards; seat {seat} holds {held} {card}",
            )
        return Crown(Mode.OPEN_SOLO, seat, None, i + 1, first, moves, card)
    return CallFault(
        None, V.CROWN_OUT_OF_ORDER, candidate, f"seat {candidate} was offered the crown and has not answered"
    )
