"""The calls open at a position: every call each seat to answer may make now, each checked with
the call added to the record (core/positions.py lists them).

With the deal and before the first play (calls come before it), a check is the referee's own call
rules (``calls.run_calls``, what adjudication runs first) on the deal and the calls read once
(``CallCheck``): nothing else of the record changes with a call, so no play is replayed.
tests/core/test_positions.py holds it to :func:`.moves.check_move` on every candidate. Without the
deal, each check is :func:`.moves.check_move` (the record with the call added, adjudicated).
A position makes at most :data:`BUDGET` checks; the calls left unchecked are said.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .bounds import MAX_CALLS
from .call_types import Call
from .calls import CallOutcome, DealView, run_calls
from .cards import NotationError, parse_cards
from .deal import check_deal
from .errors import RecordError, Violation
from .errors import ViolationCode as V
from .moves import check_move
from .record_form import read_calls
from .roles import Mode
from .ruleset import Ruleset

__all__ = ["BUDGET", "SHARED_CALLS", "Budget", "CallCheck", "callable_cards", "calls_open", "dealt_calls"]

BUDGET = 400  # calls checked a position, at most
SHARED_CALLS = ("solo", "reveal_guard", "rebel", "kick", "surrender")


class Budget:
    """The call checks a position may still make (each is one candidate call judged)."""

    __slots__ = ("left",)

    def __init__(self, left: int = BUDGET) -> None:
        self.left = left

    def take(self) -> bool:
        if self.left <= 0:
            return False
        self.left -= 1
        return True


def calls_open(
    record: Mapping[str, Any], rs: Ruleset, seats: Any, budget: Budget
) -> tuple[tuple[dict[str, Any], ...], list[str]]:
    """Every call each of ``seats`` may make now, each checked by the referee; calls that name a
    card are tried with each suited card the seat was dealt (without the deal: said as unknown).
    Each check is taken from the position's ``budget``; the calls it leaves unchecked are said."""
    from .crown import CROWN_CALLS  # the crown's own vocabulary, by procedure

    kinds = [*CROWN_CALLS[rs.crown], *(k for k in SHARED_CALLS if k not in CROWN_CALLS[rs.crown])]
    deal = record.get("deal")
    legal = CallCheck.of(record, rs) or (lambda move: _legal(record, move))
    out: list[dict[str, Any]] = []
    unknown: list[str] = []
    cut: list[str] = []
    for seat in seats:
        for kind in kinds:
            if not budget.take():
                cut.append(f"{kind} by seat {seat}")
                continue
            if legal({"seat": seat, "call": kind}):
                out.append({"seat": seat, "call": kind})
            elif rs.suits_required and kind in ("accept", "solo"):
                if deal is None:
                    unknown.append(f"{kind} by seat {seat}: which cards may be called depends on the hand")
                    continue
                for card in callable_cards(deal[seat]):
                    if not budget.take():
                        cut.append(f"{kind} {card} by seat {seat}")
                        break
                    if legal({"seat": seat, "call": kind, "card": card}):
                        out.append({"seat": seat, "call": kind, "card": card})
    if cut:
        unknown.append(f"calls not checked within the position's {BUDGET} checks: {', '.join(cut[:10])}")
    return tuple(out), unknown


class CallCheck:
    """Whether a call may be made now, before the first play, with the deal known: the record's
    calls with the call added, walked by the referee's own call rules (``calls.run_calls``, what
    adjudication runs first) on the deal read once — a call changes nothing else of a record with
    no play, so nothing else is read again. Legal exactly when :func:`.moves.check_move` says so
    (tests/core/test_positions.py tries every candidate both ways): the calls settle, or wait for
    the crown's next answer; a record naming its guard must still agree with the deal."""

    __slots__ = ("calls", "guard", "rs", "view")

    def __init__(self, calls: tuple[Call, ...], guard: object, rs: Ruleset, view: DealView) -> None:
        self.calls, self.guard, self.rs, self.view = calls, guard, rs, view

    @classmethod
    def of(cls, record: Mapping[str, Any], rs: Ruleset) -> CallCheck | None:
        """The check for ``record``'s position, or None where it does not apply (no deal, plays
        made, a deal or calls the record cannot hold: adjudication says what is wrong)."""
        if record.get("plays"):
            return None
        read = dealt_calls(record, rs)  # each call is read by itself: read once here
        return None if read is None else cls(read[0], record.get("guard"), rs, read[1])

    def __call__(self, move: dict[str, Any]) -> bool:
        if len(self.calls) >= MAX_CALLS:  # more calls than a game has: not a record
            return False
        problems: list[Any] = []
        call = read_calls([move], problems, self.rs)
        if problems:
            return False
        settled = run_calls((*self.calls, *call), self.rs, self.view)
        if not isinstance(settled, CallOutcome):  # a fault: legal only while the crown waits
            return settled.index is None and settled.code is V.CROWN_OUT_OF_ORDER
        if self.guard is not None and settled.mode in (Mode.NORMAL, Mode.HIDDEN_SOLO):
            return bool(settled.guard == self.guard)
        return True


def dealt_calls(record: Mapping[str, Any], rs: Ruleset) -> tuple[tuple[Call, ...], DealView] | None:
    """A record's calls and its deal as the call rules see it (``calls.run_calls``), read once;
    None without the deal, or where the record cannot hold them (adjudication says what is wrong)."""
    deal = record.get("deal")
    if deal is None:
        return None
    try:
        hands = [parse_cards(h) for h in deal]
    except NotationError:
        return None
    facts = check_deal(hands, rs)
    problems: list[Any] = []
    calls = read_calls(record.get("calls"), problems, rs)
    if isinstance(facts, Violation) or problems:
        return None
    return calls, DealView(tuple(hands), facts.bj_holder, facts.sj_holder, record.get("first_candidate"))


def _legal(record: Mapping[str, Any], move: dict[str, Any]) -> bool:
    """The referee's word on one move; a move the record cannot hold (a call that must name a
    card, named without one) is not legal."""
    try:
        return check_move(record, move).legal
    except RecordError:
        return False


def callable_cards(hand: Any) -> list[str]:
    """The distinct suited cards of a dealt hand, as tokens (the candidates a call may name)."""
    seen: dict[str, None] = {}
    for card in parse_cards(hand):
        if card.suit is not None and not card.rank.is_joker:
            seen.setdefault(f"{card.rank.symbol}{card.suit.value}", None)
    return list(seen)
