"""Judging a play log without its deal where the guard holds a called suited card (the
``standard`` and ``kk-classic`` crowns, RULES §10): each seat's cards by rank rebuilt from the
plays, then one suited deal for each seat that could have held the called card's fourth copy
(rebuild.suited_deal), each judged exactly as a dealt record (judge.adjudicate_dealt)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from .adjudication import Adjudication
from .call_types import Call, CallFault, CallKind, DealView
from .calls import run_calls
from .cards import SEATS, SUITED_SLOTS, Card, Rank, Suit, suited_slot
from .errors import RecordError, Violation
from .errors import ViolationCode as V
from .guards import agree_on_guard, guard_card
from .judge import adjudicate_dealt, apply_moves, call_violation, finish, illegal, raise_play_problems, stopped
from .play import run_plays
from .rebuild import Placement, cannot_fit, held_by_seat, suited_deal, suited_fits
from .roles import Mode
from .ruleset import Ruleset
from .sets import GUARD, pack
from .table import Table

__all__ = ["adjudicate_called"]


def adjudicate_called(
    rs: Ruleset,
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
    shape: tuple[int, ...],
    givers: frozenset[int],
    played: Sequence[int] | None,
) -> Adjudication | None:
    """A play log without a deal where the guard holds a called suited card (standard,
    kk-classic). Pass one runs the calls and plays against the deck alone and rebuilds each
    seat's cards by rank (each seat held what it played, the last seat the rest, the crown's
    card moves undone). Then, for each seat that could have held the called card's fourth copy,
    one suited deal is built that agrees with every suit the plays wrote, and the record is
    judged under it exactly as a dealt record: the other suits change nothing the rules look at."""
    result = run_calls(calls, rs, DealView(None, None, None, first, givers))
    if isinstance(result, CallFault):
        raise_play_problems(plays)
        return illegal(rs, call_violation(result), True)
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        view = DealView(None, result.crown_seat, None, first, givers)
        return finish(rs, Table([GUARD] * SEATS, list(shape), -1, -1), view, calls, plays, True, (), guard)
    assert result.emperor is not None and result.crown_seat is not None
    crown = result.crown_seat
    marked = rs.marked_jokers
    table = Table([GUARD] * SEATS, list(shape), crown if marked else -1, -2 if marked else -1)
    apply_moves(table, result.moves)
    if cannot_fit(table, played):
        return None
    deck = list(rs.dealt_counts)
    for m in result.moves:
        if m.src is None:  # the set-aside card joins the game
            deck[m.rank] += 1
    run = run_plays(plays, rs, table, result.emperor, recon=True, pool=pack(deck) | GUARD)
    if run.problems:
        raise RecordError(run.problems)
    if run.stop is not None:
        return stopped(rs, run, plays, result.moves)
    counts, last, notes = held_by_seat(run, deck)
    received = [[0] * len(Rank) for _ in range(SEATS)]
    for m in reversed(result.moves):
        if counts[m.dst][m.rank] < 1:
            what = "the set-aside big joker" if m.src is None else f"a {Rank(m.rank).symbol} from seat {m.src}"
            v = Violation(V.NOT_IN_HAND, "/calls", f"seat {m.dst} received {what} but never played it", m.dst)
            return illegal(rs, v, True, tuple(notes))
        counts[m.dst][m.rank] -= 1
        received[m.dst][m.rank] += 1
        if m.src is not None:
            counts[m.src][m.rank] += 1
    marks: dict[Rank, int] = {}
    if marked:
        if counts[crown][Rank.BIG_JOKER] < 1:
            v = Violation(
                V.MARKED_CARD_MISSING, "/calls/0", f"seat {crown} spoke for the crown but never held a big joker", crown
            )
            return illegal(rs, v, True, tuple(notes))
        holders = [s for s in (run.sj_seen, last, *range(SEATS)) if s >= 0 and counts[s][Rank.SMALL_JOKER]]
        if not holders:
            v = Violation(V.MARKED_CARD_MISSING, "/plays", "no seat held a small joker, so none held SJ*", None)
            return illegal(rs, v, True, tuple(notes))
        marks = {Rank.BIG_JOKER: crown, Rank.SMALL_JOKER: holders[0]}  # SJ* names nobody here
    written = table.suits.seat_played if table.suits is not None else [[0] * SUITED_SLOTS for _ in range(SEATS)]

    def deal(placed: Placement) -> tuple[tuple[Card, ...], ...] | None:
        return suited_deal(counts, written, received, placed, marks)

    def fits(placed: Placement) -> bool:
        return suited_fits(counts, written, received, placed, marks)

    called = guard_card(rs, calls)
    placements: dict[int | None, Placement] = {}
    accept = next((i for i, c in enumerate(calls) if c.kind is CallKind.ACCEPT), None)
    solo = next((i for i, c in enumerate(calls) if c.kind is CallKind.SOLO and c.card is not None), None)
    if accept is not None:
        seat = calls[accept].seat
        assert called is not None and called.suit is not None
        key = suited_slot(called.rank, called.suit)
        for g in range(SEATS) if guard is None else (guard,):
            placed = {key: {seat: 4} if g == seat else {seat: 3, g: 1}}
            if fits(placed):
                placements[g] = placed
        pointer = f"/calls/{accept}"
        why = f"calling {called} needs three copies in the caller's hand and the fourth in one hand"
    elif solo is not None:
        seat, card = calls[solo].seat, calls[solo].card
        assert card is not None and card.suit is not None
        placed = {suited_slot(card.rank, card.suit): {seat: 4}}
        if fits(placed):
            placements[None] = placed
        pointer, why = f"/calls/{solo}", f"an open solo calls four {card} in the soloist's hand"
    else:
        placements[None] = {}
        pointer, why = "/calls", ""
    if not placements:
        v = Violation(
            V.CALLED_CARD_NOT_HELD,
            "/guard" if guard is not None else pointer,
            f"{why}: no deal that fits the plays places them so",
            None,
        )
        return illegal(rs, v, True, tuple(notes))
    taken = next(i for i, c in enumerate(calls) if c.kind in (CallKind.ACCEPT, CallKind.SOLO))
    snatch = next((i for i in range(taken + 1, len(calls)) if calls[i].kind is CallKind.SOLO), None)
    judged: dict[int | None, Adjudication] = {}
    for holder, placing in placements.items():
        hands = deal(placing)
        if snatch is not None:
            hands = four_for(calls[snatch].seat, counts, placing, deal)
            if hands is None:
                v = Violation(
                    V.SOLO_NOT_ALLOWED,
                    f"/calls/{snatch}",
                    "抢独 needs four identical cards: no deal that fits the plays gives them",
                    calls[snatch].seat,
                )
                judged[holder] = illegal(rs, v, True)
                continue
        assert hands is not None
        dealt = adjudicate_dealt(rs, list(hands), calls, plays, None, first)
        judged[holder] = dataclasses.replace(dealt, deal_reconstructed=True)
    if None in judged:
        only = judged[None]
        return dataclasses.replace(only, notes=(*only.notes, *notes))
    return agree_on_guard(rs, {g: a for g, a in judged.items() if g is not None}, notes, called)


def four_for(
    seat: int,
    counts: Sequence[Sequence[int]],
    placed: Placement,
    deal: Callable[[Placement], tuple[tuple[Card, ...], ...] | None],
) -> tuple[tuple[Card, ...], ...] | None:
    """A deal with ``placed`` and four identical cards in ``seat``'s hand (抢独): the first
    such deal that fits the plays, or None."""
    for rank in Rank:
        if rank.is_joker or counts[seat][rank] < 4:
            continue
        for suit in Suit:
            key = suited_slot(rank, suit)
            if key not in placed:
                hands = deal({**placed, key: {seat: 4}})
                if hands is not None:
                    return hands
    return None
