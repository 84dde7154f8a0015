"""Judging a play log without its deal (RULES §10): what the record does not write down about the
deal is judged every way it could have been — each seat's hand size, which later decliners had a
2 to give, who held SJ* or the called card's fourth copy — and answered only where every way
agrees; otherwise the answer names the missing fact and the values it could take. Pass one
rebuilds each seat's cards by rank from the plays (each seat held what it played, the last seat
the rest); pass two judges the record under that deal exactly as a dealt record."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .adjudication import Adjudication
from .call_types import Call, CallFault, CallKind, CardMove, DealView
from .calls import run_calls
from .cards import SEATS, Rank
from .errors import Problem, RecordError, Violation
from .errors import ViolationCode as V
from .guards import guard_card, guard_unknown, judge_every_guard, progress
from .judge import apply_moves, call_violation, finish, illegal, raise_play_problems, stopped
from .play import run_plays
from .play_state import PlayState, play_state_from_counts
from .rebuild import cannot_fit, held_by_seat
from .roles import Mode
from .ruleset import CrownProcedure, Ruleset
from .sets import GUARD, compile_move, pack
from .without_deal_called import adjudicate_called

__all__ = ["adjudicate_without_deal", "turns_without_deal"]


def adjudicate_without_deal(
    rs: Ruleset,
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
    *,
    screen: bool = True,
) -> Adjudication:
    """A play log without a deal. What the record does not write down about the deal is judged
    every way it could have been (RULES §10), and answered only where they agree: which seat
    was dealt which size where hands differ, and, in the standard crown, which later decliners
    had a 2 to give. ``screen=False`` judges every way in full (the screen's test compares)."""
    shapes = sorted(set(itertools.permutations(rs.hand_sizes)), reverse=True)
    ways: list[_Way] = [_Way(shape, givers) for shape in shapes for givers in _possible_givers(rs, calls)]
    if len(ways) == 1:
        only = _adjudicate_way(rs, calls, plays, guard, first, ways[0], None)
        assert only is not None  # nothing is screened
        return only
    judged, open_guard = _judge_ways(rs, calls, plays, guard, first, ways, screen)
    legal = [(way, a) for way, a in judged if a.legal]
    if not legal and not open_guard:
        way, worst = max(judged, key=lambda wa: progress(wa[1].violation))
        note = (
            f"no deal given: {_open_words(rs, ways)}, and under every way the deal could have been the record "
            f"breaks a rule, at the latest here (with {way.words()})"
        )
        return dataclasses.replace(worst, deal_reconstructed=True, outcome=None, notes=(*worst.notes, note))
    chosen = legal[0][1] if legal else None
    if not open_guard and all(
        a.outcome is not None
        and chosen is not None
        and chosen.outcome is not None
        and a.outcome.scores == chosen.outcome.scores
        for _, a in legal
    ):
        assert chosen is not None
        fits = [way for way, _ in legal]
        note = (
            f"no deal given: {_open_words(rs, ways)}; the plays fit "
            f"{'one way' if len(fits) == 1 else f'{len(fits)} ways'} ({'; '.join(w.words() for w in fits)})"
            + ("" if len(fits) == 1 else ", with the same verdict and scores")
        )
        return dataclasses.replace(chosen, notes=(*chosen.notes, note))
    if open_guard:
        raise guard_unknown(open_guard, guard_card(rs, calls))
    raise _deal_required(rs, ways, [way for way, _ in legal], len(shapes) > 1)


def turns_without_deal(
    rs: Ruleset, calls: tuple[Call, ...], plays: list[Any], guard: int | None, first: int | None
) -> frozenset[int]:
    """An unfinished play log without its deal: the seat to act under each way the deal could
    have been that the log fits so far (no rule broken: the log stops, ``incomplete``). The seat
    to act is known exactly when there is one."""
    shapes = sorted(set(itertools.permutations(rs.hand_sizes)), reverse=True)
    ways = [_Way(shape, givers) for shape in shapes for givers in _possible_givers(rs, calls)]
    judged, _ = _judge_ways(rs, calls, plays, guard, first, ways, True)
    return frozenset(
        a.violation.seat
        for _, a in judged
        if a.violation is not None and a.violation.code is V.INCOMPLETE and a.violation.seat is not None
    )


def _judge_ways(
    rs: Ruleset,
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
    ways: list[_Way],
    screen: bool,
) -> tuple[list[tuple[_Way, Adjudication]], set[int]]:
    """Each way judged (in order), and the guards still open where the record does not name one.
    A way whose hand sizes cannot match the cards each seat played (cannot_fit) is illegal
    whatever else happens: it is judged only if no other way is legal, as the answer then
    reports the latest violation of all the ways."""
    played = _cards_by_seat(plays) if screen else None
    judged_by: dict[int, Adjudication] = {}
    skipped: list[int] = []
    open_guard: set[int] = set()

    def judge(k: int, screen: list[int] | None) -> None:
        try:
            a = _adjudicate_way(rs, calls, plays, guard, first, ways[k], screen)
        except RecordError as exc:
            asked = [p for p in exc.problems if p.code == "guard_unknown"]
            if not asked or len(asked) != len(exc.problems):
                raise
            open_guard.update((asked[0].facts or {}).get("candidates", ()))
            return
        if a is None:
            skipped.append(k)
        else:
            judged_by[k] = a

    for k in range(len(ways)):
        judge(k, played)
    if skipped and not open_guard and not any(a.legal for a in judged_by.values()):
        for k in skipped:
            judge(k, None)
    return [(ways[k], judged_by[k]) for k in sorted(judged_by)], open_guard


def _deal_required(rs: Ruleset, ways: list[_Way], fits: list[_Way], sizes_open: bool) -> RecordError:
    """The plays fit several ways with different scores: the deal (or the hand sizes) decides."""
    return RecordError(
        [
            Problem(
                "/deal",
                "deal_required",
                f"{_open_words(rs, ways)}, and the plays fit several ways with different scores: give the deal "
                "(or at least " + ("who was dealt which size" if sizes_open else "which decliners gave a 2") + ")",
                {
                    "missing": "hand_sizes" if sizes_open else "deal",
                    "candidates": [way.to_json(sizes_open) for way in fits],
                },
            )
        ]
    )


@dataclass(frozen=True, slots=True)
class _Way:
    """One way a deal left out of the record could have been: each seat's hand size, and the
    later decliners that had a 2 to give the emperor (standard crown)."""

    shape: tuple[int, ...]
    givers: frozenset[int] = frozenset()

    def words(self) -> str:
        sizes = ", ".join(f"seat {s} {n}" for s, n in enumerate(self.shape))
        if not self.givers:
            return f"hands of {sizes}"
        return f"hands of {sizes}; seats {', '.join(map(str, sorted(self.givers)))} gave a 2"

    def to_json(self, sizes: bool) -> Any:
        return list(self.shape) if sizes else {"hand_sizes": list(self.shape), "gave_a_two": sorted(self.givers)}


def _possible_givers(rs: Ruleset, calls: Sequence[Call]) -> list[frozenset[int]]:
    """Every set of later decliners that could have had a 2 to give (standard crown only)."""
    if rs.crown is not CrownProcedure.CALLED:
        return [frozenset()]
    decliners: list[int] = []
    for i, c in enumerate(calls):
        if c.kind is not CallKind.DECLINE:
            break
        if i > 0 and c.seat not in decliners:
            decliners.append(c.seat)
    subsets = itertools.chain.from_iterable(itertools.combinations(decliners, k) for k in range(len(decliners) + 1))
    return [frozenset(g) for g in subsets]


def _open_words(rs: Ruleset, ways: Sequence[_Way]) -> str:
    parts = []
    if len(set(rs.hand_sizes)) > 1:
        parts.append(f"the hands were of {_shape_words(rs)}")
    if any(w.givers for w in ways):
        parts.append("which decliners had a 2 to give is not written")
    return " and ".join(parts) or "each seat held what it played"


def _adjudicate_way(
    rs: Ruleset,
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
    way: _Way,
    played: Sequence[int] | None,
) -> Adjudication | None:
    """The record judged with the deal left out as ``way`` has it. With ``played`` (the cards
    each seat's plays hold): None, before any play is run, where the hands the way gives cannot
    have been played out so (:func:`cannot_fit`)."""
    if rs.suits_required:
        return adjudicate_called(rs, calls, plays, guard, first, way.shape, way.givers, played)
    return _adjudicate_reconstructed(rs, calls, plays, guard, way.shape, played)


def _cards_by_seat(plays: Sequence[Any]) -> list[int] | None:
    """How many cards each seat's plays hold, where every play writes its seat and its cards are
    cards; otherwise None (nothing is screened)."""
    total = [0] * SEATS
    for p in plays:
        if type(p) is not dict:
            return None
        seat, cards = p.get("seat"), p.get("cards")
        if type(seat) is not int or not 0 <= seat < SEATS:
            return None
        if cards is None:
            continue
        if type(cards) is not str and not (type(cards) is list and all(type(t) is str for t in cards)):
            return None
        mv = compile_move(cards)
        if mv.cards is None:
            return None
        total[seat] += mv.size
    return total


def _shape_words(rs: Ruleset) -> str:
    sizes = sorted(set(rs.hand_sizes), reverse=True)
    return " and ".join(f"{rs.hand_sizes.count(n)} × {n}" for n in sizes) + " cards"


def _adjudicate_reconstructed(
    rs: Ruleset,
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    shape: Sequence[int],
    played: Sequence[int] | None,
) -> Adjudication | None:
    """A play log without a deal, dealt ``shape`` (each seat's hand size): each seat held what
    it played, the seat that never went out held the rest. Pass one rebuilds the hands; pass two
    runs the same checks as for a dealt record."""
    reveal = next((i for i, c in enumerate(calls) if c.kind is CallKind.REVEAL_GUARD), None)
    hint = guard if guard is not None else (None if reveal is None else calls[reveal].seat)
    result = run_calls(calls, rs, DealView(None, None, hint))
    if isinstance(result, CallFault):
        raise_play_problems(plays)
        return illegal(rs, call_violation(result), True)
    table = PlayState([GUARD] * SEATS, list(shape), result.crown_seat if result.crown_seat is not None else -1, -2)
    apply_moves(table, result.moves)
    transferred_from = result.moves[0].src if rs.crown is CrownProcedure.WEIHAI and result.moves else None
    if transferred_from is not None:
        table.sj_holder = transferred_from  # only a seat holding both marked cards may transfer
    elif result.guard is not None:
        table.sj_holder = result.guard
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        view = DealView(None, result.crown_seat, table.sj_holder if table.sj_holder >= 0 else None)
        return finish(rs, PlayState([GUARD] * SEATS, list(shape), -1, -1), view, calls, plays, True, (), guard)
    if cannot_fit(table, played):
        return None
    deck = rs.dealt_counts
    assert result.emperor is not None
    run = run_plays(plays, rs, table, result.emperor, recon=True, pool=pack(deck) | GUARD)
    if run.problems:
        raise RecordError(run.problems)
    if run.stop is not None:
        return stopped(rs, run, plays, result.moves)
    counts, last, notes = held_by_seat(run, deck)
    crown = result.crown_seat
    assert crown is not None
    fault = _as_dealt(counts, result.moves, crown)
    if fault is not None:
        return illegal(rs, fault, True, tuple(notes))
    forced = _sj_forced(transferred_from, run.sj_seen, guard, hint, reveal)
    if forced is None and result.mode is not Mode.OPEN_SOLO:
        return judge_every_guard(rs, counts, crown, calls, plays, notes)
    if forced is not None:
        sj, source = forced
    else:
        # The marked cards mean nothing in an open solo: any seat with a small joker will do.
        sj = next(s for s in (last, *range(SEATS)) if counts[s][Rank.SMALL_JOKER])
        source = ""
    if counts[sj][Rank.SMALL_JOKER] < 1:
        v = Violation(
            V.MARKED_CARD_MISSING, source or "/plays", f"seat {sj} holds SJ* but never played a small joker", sj
        )
        return illegal(rs, v, True, tuple(notes))
    table = play_state_from_counts(counts, crown, sj)
    return finish(rs, table, DealView(None, crown, sj), calls, plays, True, tuple(notes), guard)


def _sj_forced(
    transferred_from: int | None, sj_seen: int, guard: int | None, hint: int | None, reveal: int | None
) -> tuple[int, str] | None:
    """Who held SJ*, where the record settles it (and what says so): the seat that transferred
    the crown, the seat that played it, the guard named, the guard that revealed; else None."""
    if transferred_from is not None:
        return transferred_from, "/calls/0"
    if sj_seen >= 0:
        return sj_seen, ""
    if guard is not None:
        return guard, "/guard"
    if hint is not None:
        return hint, f"/calls/{reveal}"
    return None


def _as_dealt(counts: list[list[int]], moves: Sequence[CardMove], crown: int) -> Violation | None:
    """The hands as dealt (``counts`` changed in place): the crown's card moves undone. A seat
    that received BJ*, or took the crown, without ever holding a big joker: the violation."""
    for m in reversed(moves):
        if counts[m.dst][m.rank] < 1:
            return Violation(
                V.MARKED_CARD_MISSING, "/calls/0", f"seat {m.dst} received BJ* but never held a big joker", m.dst
            )
        counts[m.dst][m.rank] -= 1
        if m.src is not None:
            counts[m.src][m.rank] += 1
    if counts[crown][Rank.BIG_JOKER] < 1:
        return Violation(
            V.MARKED_CARD_MISSING, "/calls/0", f"seat {crown} took the crown but never held a big joker", crown
        )
    return None
