"""Judging a record once its hands are known (dealt, or rebuilt from the plays): the calls, the
crown's card moves, the plays, and the outcome; and the answers for a record that breaks a rule
or stops early."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .adjudication import Adjudication, Verdict
from .call_types import Call, CallFault, CardMove, DealView
from .calls import CallOutcome, run_calls
from .cards import Card
from .deal import DealFacts, check_deal
from .errors import Problem, RecordError, Violation
from .errors import ViolationCode as V
from .play import PlayResult, run_plays
from .play_state import PlayState, play_state_from_packed
from .record_form import plays_problems
from .ruleset import Ruleset
from .scoring import GameFacts, Mode, score
from .sets import FIELD_BITS
from .suits import Suits

__all__ = [
    "adjudicate_deal_facts",
    "adjudicate_dealt",
    "apply_moves",
    "call_violation",
    "finish",
    "illegal",
    "play_violation",
    "raise_play_problems",
    "stopped",
]


def illegal(rs: Ruleset, violation: Violation, recon: bool, notes: tuple[str, ...] = ()) -> Adjudication:
    verdict = Verdict.INCOMPLETE if violation.code is V.INCOMPLETE else Verdict.ILLEGAL
    return Adjudication(verdict, rs, recon, violation, None, notes)


def call_violation(fault: CallFault) -> Violation:
    pointer = "/calls" if fault.index is None else f"/calls/{fault.index}"
    return Violation(fault.code, pointer, fault.message, fault.seat)


def raise_play_problems(plays: list[Any]) -> None:
    problems = plays_problems(plays, 0)
    if problems:
        raise RecordError(problems)


def apply_moves(table: PlayState, moves: Sequence[CardMove]) -> None:
    for m in moves:
        if table.suits is not None:
            table.suits.received(m.dst, m.rank)
        one = 1 << (FIELD_BITS * m.rank)
        if m.src is not None:
            table.hands[m.src] -= one
            table.counts[m.src] -= 1
        table.hands[m.dst] += one
        table.counts[m.dst] += 1
        if m.marked:
            table.bj_holder = m.dst


def finish(
    rs: Ruleset,
    table: PlayState,
    view: DealView,
    calls: tuple[Call, ...],
    plays: list[Any],
    recon: bool,
    notes: tuple[str, ...],
    guard_claim: int | None,
) -> Adjudication:
    """The calls judged, then the plays, then the outcome scored: the adjudication of a record
    whose hands are known (``recon``: rebuilt from the plays)."""
    result = run_calls(calls, rs, view)
    if isinstance(result, CallFault):
        raise_play_problems(plays)
        return illegal(rs, call_violation(result), recon, notes)
    if guard_claim is not None and not recon:
        _check_guard_claim(result, guard_claim)
    apply_moves(table, result.moves)
    finishing: tuple[int, ...] = ()
    leads: tuple[int, ...] = ()
    implied: tuple[int, ...] = ()
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        if plays:
            return _played_after_the_end(rs, result, plays, recon, notes)
    else:
        assert result.emperor is not None
        run = run_plays(plays, rs, table, result.emperor, recon=False)
        if run.problems:
            raise RecordError(run.problems)
        # Trick starts rise; only the last can be the log's end (a trick that never began).
        starts = run.leads
        leads = tuple(starts[:-1] if starts and starts[-1] >= len(plays) else starts)
        implied = tuple(run.implied)
        if run.stop is not None:
            return stopped(rs, run, plays, result.moves, recon, notes)
        finishing = tuple(run.order)
    facts = GameFacts(
        result.mode,
        result.emperor,
        result.guard,
        result.rebels,
        result.guard_revealed,
        result.kicked_by,
        finishing,
        result.called,
    )
    outcome = score(facts, rs)
    return Adjudication(
        Verdict.LEGAL,
        rs,
        recon,
        None,
        outcome,
        notes,
        trick_starts=leads,
        implied_seats=implied,
        crown_moves=result.moves,
    )


def _check_guard_claim(result: CallOutcome, guard_claim: int) -> None:
    """A record that names its guard, where the deal makes another seat the guard: RecordError."""
    if result.mode in (Mode.NORMAL, Mode.HIDDEN_SOLO) and result.guard != guard_claim:
        raise RecordError(
            [
                Problem(
                    "/guard",
                    "guard_contradicts_deal",
                    f"the deal makes seat {result.guard} the guard, not seat {guard_claim}",
                )
            ]
        )


def _played_after_the_end(
    rs: Ruleset, result: CallOutcome, plays: list[Any], recon: bool, notes: tuple[str, ...]
) -> Adjudication:
    """Plays after a surrender or a void deal: the game was over before its first play."""
    raise_play_problems(plays)
    why = "the soloist surrendered" if result.mode is Mode.SURRENDER else "the deal is void: nobody took the crown"
    v = Violation(V.GAME_OVER, "/plays/0", f"{why}: the game ends without play", None)
    return illegal(rs, v, recon, notes)


def stopped(
    rs: Ruleset,
    run: PlayResult,
    plays: Sequence[Any],
    moves: Sequence[CardMove],
    recon: bool = True,
    notes: tuple[str, ...] = (),
) -> Adjudication:
    """A play log that breaks a rule (or stops early), with what the referee learnt up to there:
    where each trick started and whose turn each seat-less play was (the pages show the log)."""
    stopped = illegal(rs, play_violation(run), recon, notes)
    leads = tuple(i for i in run.leads if i < len(plays))
    return dataclasses.replace(stopped, trick_starts=leads, implied_seats=tuple(run.implied), crown_moves=tuple(moves))


def play_violation(run: PlayResult) -> Violation:
    stop = run.stop
    assert stop is not None
    pointer = "/plays" if stop.index < 0 else f"/plays/{stop.index}"
    return Violation(stop.code, pointer, stop.message, stop.seat, run.snapshot)


def adjudicate_dealt(
    rs: Ruleset,
    hands: list[tuple[Card, ...]],
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
) -> Adjudication:
    facts = check_deal(hands, rs)
    if isinstance(facts, Violation):
        raise_play_problems(plays)
        return illegal(rs, facts, False)
    return adjudicate_deal_facts(
        rs, facts, DealView(tuple(hands), facts.bj_holder, facts.sj_holder, first), calls, plays, guard
    )


def adjudicate_deal_facts(
    rs: Ruleset, facts: DealFacts, view: DealView, calls: tuple[Call, ...], plays: list[Any], guard: int | None
) -> Adjudication:
    """A record whose deal is legal, as ``facts`` (and the crown procedures' ``view``) say."""
    bj, sj = facts.bj_holder, facts.sj_holder
    table = play_state_from_packed(facts.packed, facts.sizes, -1 if bj is None else bj, -1 if sj is None else sj)
    if facts.suited:
        hands = view.hands
        assert hands is not None
        table.suits = Suits(hands)
    return finish(rs, table, view, calls, plays, False, (), guard)
