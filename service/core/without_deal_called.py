"""Judging a play log without its deal where the guard holds a called suited card (the
``standard`` and ``kk-classic`` crowns, RULES §10): each seat's cards by rank rebuilt from the
plays, then one suited deal for each seat that could have held the called card's fourth copy
(rebuild.suited_deal), each judged exactly as a dealt record (judge.adjudicate_dealt)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .adjudication import Adjudication
from .call_types import Call, CallFault, CallKind, CardMove, DealView
from .calls import run_calls
from .cards import SEATS, SUITED_SLOTS, Card, Rank, Suit, suited_slot
from .errors import RecordError, Violation
from .errors import ViolationCode as V
from .guards import agree_on_guard, guard_card
from .judge import adjudicate_dealt, apply_moves, call_violation, finish, illegal, raise_play_problems, stopped
from .play import run_plays
from .play_state import PlayState
from .rebuild import Placement, cannot_fit, held_by_seat, suited_deal, suited_fits
from .roles import Mode
from .ruleset import Ruleset
from .sets import GUARD, pack

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
        return finish(rs, PlayState([GUARD] * SEATS, list(shape), -1, -1), view, calls, plays, True, (), guard)
    assert result.emperor is not None and result.crown_seat is not None
    crown = result.crown_seat
    marked = rs.marked_jokers
    table = PlayState([GUARD] * SEATS, list(shape), crown if marked else -1, -2 if marked else -1)
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
    written = table.suits.seat_played if table.suits is not None else [[0] * SUITED_SLOTS for _ in range(SEATS)]
    hands = _Hands(counts, written, [[0] * len(Rank) for _ in range(SEATS)], {})
    fault = hands.undo(result.moves) or (hands.mark(crown, run.sj_seen, last) if marked else None)
    if fault is not None:
        return illegal(rs, fault, True, tuple(notes))
    return _judge_placements(rs, calls, plays, guard, first, hands, notes)


@dataclass(slots=True)
class _Hands:
    """Each seat's cards by rank as rebuilt (as dealt, once the crown's moves are undone), the
    suits the plays wrote, the cards received in the crown, and the marked jokers' holders."""

    counts: list[list[int]]
    written: list[list[int]]
    received: list[list[int]]
    marks: dict[Rank, int]

    def undo(self, moves: Sequence[CardMove]) -> Violation | None:
        """The crown's card moves undone; a seat that received a card it never played: the violation."""
        for m in reversed(moves):
            if self.counts[m.dst][m.rank] < 1:
                what = "the set-aside big joker" if m.src is None else f"a {Rank(m.rank).symbol} from seat {m.src}"
                return Violation(V.NOT_IN_HAND, "/calls", f"seat {m.dst} received {what} but never played it", m.dst)
            self.counts[m.dst][m.rank] -= 1
            self.received[m.dst][m.rank] += 1
            if m.src is not None:
                self.counts[m.src][m.rank] += 1
        return None

    def mark(self, crown: int, sj_seen: int, last: int) -> Violation | None:
        """The marked jokers' holders: BJ* the crown's, SJ* a seat with a small joker (it names
        nobody here); a crown without a big joker, or no small joker anywhere: the violation."""
        if self.counts[crown][Rank.BIG_JOKER] < 1:
            return Violation(
                V.MARKED_CARD_MISSING, "/calls/0", f"seat {crown} spoke for the crown but never held a big joker", crown
            )
        holders = [s for s in (sj_seen, last, *range(SEATS)) if s >= 0 and self.counts[s][Rank.SMALL_JOKER]]
        if not holders:
            return Violation(V.MARKED_CARD_MISSING, "/plays", "no seat held a small joker, so none held SJ*", None)
        self.marks = {Rank.BIG_JOKER: crown, Rank.SMALL_JOKER: holders[0]}
        return None

    def deal(self, placed: Placement) -> tuple[tuple[Card, ...], ...] | None:
        return suited_deal(self.counts, self.written, self.received, placed, self.marks)

    def fits(self, placed: Placement) -> bool:
        return suited_fits(self.counts, self.written, self.received, placed, self.marks)


def _placements(
    rs: Ruleset, calls: tuple[Call, ...], guard: int | None, hands: _Hands
) -> tuple[dict[int | None, Placement], str, str]:
    """Where the called card's copies can lie (by the guard they make; None: no guard to find),
    and, for none, the call to point at and why."""
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
            if hands.fits(placed):
                placements[g] = placed
        return (
            placements,
            f"/calls/{accept}",
            f"calling {called} needs three copies in the caller's hand and the fourth in one hand",
        )
    if solo is not None:
        seat, card = calls[solo].seat, calls[solo].card
        assert card is not None and card.suit is not None
        placed = {suited_slot(card.rank, card.suit): {seat: 4}}
        if hands.fits(placed):
            placements[None] = placed
        return placements, f"/calls/{solo}", f"an open solo calls four {card} in the soloist's hand"
    placements[None] = {}
    return placements, "/calls", ""


def _judge_placements(
    rs: Ruleset,
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
    hands: _Hands,
    notes: list[str],
) -> Adjudication:
    """The record judged as a dealt record under one suited deal for each placement of the
    called card, answered where those agree (on the guard, agree_on_guard)."""
    placements, pointer, why = _placements(rs, calls, guard, hands)
    if not placements:
        where = "/guard" if guard is not None else pointer
        v = Violation(V.CALLED_CARD_NOT_HELD, where, f"{why}: no deal that fits the plays places them so", None)
        return illegal(rs, v, True, tuple(notes))
    taken = next(i for i, c in enumerate(calls) if c.kind in (CallKind.ACCEPT, CallKind.SOLO))
    snatch = next((i for i in range(taken + 1, len(calls)) if calls[i].kind is CallKind.SOLO), None)
    judged: dict[int | None, Adjudication] = {}
    for holder, placing in placements.items():
        dealt_hands = hands.deal(placing)
        if snatch is not None:
            dealt_hands = four_for(calls[snatch].seat, hands.counts, placing, hands.deal)
            if dealt_hands is None:
                v = Violation(
                    V.SOLO_NOT_ALLOWED,
                    f"/calls/{snatch}",
                    "抢独 needs four identical cards: no deal that fits the plays gives them",
                    calls[snatch].seat,
                )
                judged[holder] = illegal(rs, v, True)
                continue
        assert dealt_hands is not None
        dealt = adjudicate_dealt(rs, list(dealt_hands), calls, plays, None, first)
        judged[holder] = dataclasses.replace(dealt, deal_reconstructed=True)
    if None in judged:
        only = judged[None]
        return dataclasses.replace(only, notes=(*only.notes, *notes))
    return agree_on_guard(rs, {g: a for g, a in judged.items() if g is not None}, notes, guard_card(rs, calls))


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
