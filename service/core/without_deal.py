"""Judging a play log without its deal (RULES §10): what the record does not write down about the
deal is judged every way it could have been — each seat's hand size, which later decliners had a
2 to give, who held SJ* or the called card's fourth copy — and answered only where every way
agrees; otherwise the answer names the missing fact and the values it could take. Pass one
rebuilds each seat's cards by rank from the plays (each seat held what it played, the last seat
the rest); pass two judges the record under that deal exactly as a dealt record."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .adjudication import Adjudication
from .call_types import Call, CallFault, CallKind, DealView
from .calls import run_calls
from .cards import SUITED_SLOTS, Card, Rank, Suit, suited_slot
from .errors import Problem, RecordError, Violation
from .errors import ViolationCode as V
from .judge import adjudicate_dealt, apply_moves, call_violation, finish, illegal, raise_play_problems, stopped
from .play import PlayResult, run_plays
from .rebuild import Placement, suited_deal, suited_fits
from .roles import Mode
from .ruleset import CrownProcedure, Ruleset
from .sets import GUARD, compile_move, pack, unpack
from .table import Table, table_from_counts

__all__ = ["adjudicate_without_deal"]

SEATS = 5


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
    # A way whose hand sizes cannot match the cards each seat played (_cannot_fit) is illegal
    # whatever else happens: it is judged only if no other way is legal, as the answer then
    # reports the latest violation of all the ways.
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
    judged = [(ways[k], judged_by[k]) for k in sorted(judged_by)]
    legal = [(way, a) for way, a in judged if a.legal]
    if not legal and not open_guard:
        way, worst = max(judged, key=lambda wa: _progress(wa[1].violation))
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
        raise _guard_unknown(open_guard, _guard_card(rs, calls))
    raise RecordError(
        [
            Problem(
                "/deal",
                "deal_required",
                f"{_open_words(rs, ways)}, and the plays fit several ways with different scores: give the deal "
                "(or at least " + ("who was dealt which size" if len(shapes) > 1 else "which decliners gave a 2") + ")",
                {
                    "missing": "hand_sizes" if len(shapes) > 1 else "deal",
                    "candidates": [way.to_json(len(shapes) > 1) for way, _ in legal],
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
    have been played out so (:func:`_cannot_fit`)."""
    if rs.suits_required:
        return _adjudicate_called(rs, calls, plays, guard, first, way, played)
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


def _cannot_fit(table: Table, played: Sequence[int] | None) -> bool:
    """Whether the cards each seat holds at the first play rule out a legal game whatever the
    plays are: some seat's plays hold more cards than it has, or two seats or more would never
    go out (a legal game ends with four seats out, each having played exactly what it held)."""
    if played is None:
        return False
    short = 0
    for n, held in zip(played, table.counts, strict=True):
        if n > held:
            return True
        short += n < held
    return short > 1


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
    table = Table([GUARD] * SEATS, list(shape), result.crown_seat if result.crown_seat is not None else -1, -2)
    apply_moves(table, result.moves)
    transferred_from = result.moves[0].src if rs.crown is CrownProcedure.WEIHAI and result.moves else None
    if transferred_from is not None:
        table.sj_holder = transferred_from  # only a seat holding both marked cards may transfer
    elif result.guard is not None:
        table.sj_holder = result.guard
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        view = DealView(None, result.crown_seat, table.sj_holder if table.sj_holder >= 0 else None)
        return finish(rs, Table([GUARD] * SEATS, list(shape), -1, -1), view, calls, plays, True, (), guard)
    if _cannot_fit(table, played):
        return None
    deck = rs.dealt_counts
    pool = pack(deck) | GUARD
    assert result.emperor is not None
    run = run_plays(plays, rs, table, result.emperor, recon=True, pool=pool)
    if run.problems:
        raise RecordError(run.problems)
    if run.stop is not None:
        return stopped(rs, run, plays, result.moves)
    counts, last, notes = _held(run, deck)
    # Undo the crown's card moves: the deal is what was dealt.
    for m in reversed(result.moves):
        if counts[m.dst][m.rank] < 1:
            v = Violation(
                V.MARKED_CARD_MISSING, "/calls/0", f"seat {m.dst} received BJ* but never held a big joker", m.dst
            )
            return illegal(rs, v, True, tuple(notes))
        counts[m.dst][m.rank] -= 1
        if m.src is not None:
            counts[m.src][m.rank] += 1
    crown = result.crown_seat
    assert crown is not None
    if counts[crown][Rank.BIG_JOKER] < 1:
        v = Violation(
            V.MARKED_CARD_MISSING, "/calls/0", f"seat {crown} took the crown but never held a big joker", crown
        )
        return illegal(rs, v, True, tuple(notes))
    if transferred_from is not None:
        forced: tuple[int, str] | None = (transferred_from, "/calls/0")
    elif run.sj_seen >= 0:
        forced = (run.sj_seen, "")
    elif guard is not None:
        forced = (guard, "/guard")
    elif hint is not None:
        forced = (hint, f"/calls/{reveal}")
    else:
        forced = None
    if forced is not None or result.mode is Mode.OPEN_SOLO:
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
        table = table_from_counts(counts, crown, sj)
        return finish(rs, table, DealView(None, crown, sj), calls, plays, True, tuple(notes), guard)
    return _judge_every_guard(rs, counts, crown, calls, plays, notes)


def _adjudicate_called(
    rs: Ruleset,
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
    way: _Way,
    played: Sequence[int] | None,
) -> Adjudication | None:
    """A play log without a deal where the guard holds a called suited card (standard,
    kk-classic). Pass one runs the calls and plays against the deck alone and rebuilds each
    seat's cards by rank (each seat held what it played, the last seat the rest, the crown's
    card moves undone). Then, for each seat that could have held the called card's fourth copy,
    one suited deal is built that agrees with every suit the plays wrote, and the record is
    judged under it exactly as a dealt record: the other suits change nothing the rules look at."""
    shape = way.shape
    result = run_calls(calls, rs, DealView(None, None, None, first, way.givers))
    if isinstance(result, CallFault):
        raise_play_problems(plays)
        return illegal(rs, call_violation(result), True)
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        view = DealView(None, result.crown_seat, None, first, way.givers)
        return finish(rs, Table([GUARD] * SEATS, list(shape), -1, -1), view, calls, plays, True, (), guard)
    assert result.emperor is not None and result.crown_seat is not None
    crown = result.crown_seat
    marked = rs.marked_jokers
    table = Table([GUARD] * SEATS, list(shape), crown if marked else -1, -2 if marked else -1)
    apply_moves(table, result.moves)
    if _cannot_fit(table, played):
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
    counts, last, notes = _held(run, deck)
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

    called = _guard_card(rs, calls)
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
            hands = _four_for(calls[snatch].seat, counts, placing, deal)
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
    return _agree_on_guard(rs, {g: a for g, a in judged.items() if g is not None}, notes, called)


def _four_for(
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


def _held(run: PlayResult, deck: Sequence[int]) -> tuple[list[list[int]], int, list[str]]:
    """Each seat's cards by rank as the plays show them: a seat that went out held what it
    played; the last seat, what it played and the rest of the deck. And the note saying so."""
    last = run.order[-1]
    counts = [unpack(p) for p in run.played]
    rest = [d - sum(h[r] for h in counts) for r, d in enumerate(deck)]
    counts[last] = [a + b for a, b in zip(counts[last], rest, strict=True)]
    return counts, last, [f"no deal given: each seat held what it played; seat {last}, the last, held the rest"]


def _judge_every_guard(
    rs: Ruleset,
    counts: list[list[int]],
    crown: int,
    calls: tuple[Call, ...],
    plays: list[Any],
    notes: list[str],
) -> Adjudication:
    """SJ* was never shown and nothing in the record names its holder: every seat that held a
    small joker could have held it (RULES §10). The record is judged under each. Each holder's
    judgement is complete (calls, then plays): the play phase does not depend on who the guard
    is, the calls and scores do."""
    candidates = [s for s in range(SEATS) if counts[s][Rank.SMALL_JOKER]]
    if not candidates:
        v = Violation(V.MARKED_CARD_MISSING, "/plays", "no seat held a small joker, so none held SJ*", None)
        return illegal(rs, v, True, tuple(notes))
    judged = {
        s: finish(rs, table_from_counts(counts, crown, s), DealView(None, crown, s), calls, plays, True, (), None)
        for s in candidates
    }
    return _agree_on_guard(rs, judged, notes, None)


def _agree_on_guard(
    rs: Ruleset, judged: Mapping[int, Adjudication], notes: list[str], card: Card | None
) -> Adjudication:
    """The record judged under each seat that could have been the guard (held SJ*, or the
    called ``card``'s fourth copy; the emperor's own seat is a hidden solo): legal only if some
    seat makes it legal, and then scored only if every such seat gives the same scores;
    otherwise the answer says what is missing."""
    what = "SJ*" if card is None else f"the fourth {card}"
    candidates = sorted(judged)
    legal = {s: a for s, a in judged.items() if a.legal}
    if not legal:
        # Illegal under every deal: report the point that no deal gets past, i.e. the latest of
        # the first violations, as the deal that got furthest shows it.
        s, worst = max(judged.items(), key=lambda kv: _progress(kv[1].violation))
        who = ", ".join(str(x) for x in candidates)
        notes.append(
            f"{what} was never shown: seats {who} could have held it; under each the record breaks a rule, "
            f"at the latest here (with seat {s} holding it)"
        )
        return dataclasses.replace(worst, deal_reconstructed=True, outcome=None, notes=(*worst.notes, *notes))
    outcomes = {s: a.outcome for s, a in legal.items()}
    first = next(iter(outcomes.values()))
    assert first is not None
    if all(o is not None and o.scores == first.scores and o.facts.mode is first.facts.mode for o in outcomes.values()):
        seats = sorted(legal)
        if len(seats) == 1:
            notes.append(
                f"{what} was never shown: only seat {seats[0]} could have held it and made this record legal"
                + (
                    f" (seats {', '.join(str(x) for x in candidates if x not in legal)} would not)"
                    if len(candidates) > 1
                    else ""
                )
            )
        else:
            notes.append(
                f"{what} was never shown: seats {', '.join(map(str, seats))} could have held it; the verdict and "
                "the scores are the same whichever did"
            )
        chosen = legal[seats[0]]
        return dataclasses.replace(chosen, deal_reconstructed=True, notes=(*chosen.notes, *notes))
    raise _guard_unknown(legal, card)


def _guard_unknown(seats: Iterable[int], card: Card | None = None) -> RecordError:
    """422: who the guard was is not in the record, and the answer depends on it."""
    candidates = sorted(seats)
    if card is None:
        why = "SJ* was never played and nobody revealed"
    else:
        why = f"the plays do not show who held the fourth {card} and nobody revealed"
    return RecordError(
        [
            Problem(
                "/guard",
                "guard_unknown",
                f"without a deal the guard must be known: {why}, and seats "
                f"{', '.join(map(str, candidates))} could each have held it, with different scores; name the "
                'guard with "guard": seat (the emperor\'s own seat for a hidden solo)',
                {"missing": "guard", "candidates": candidates},
            )
        ]
    )


def _guard_card(rs: Ruleset, calls: Sequence[Call]) -> Card | None:
    """The card whose fourth copy names the guard (None: the guard holds SJ*)."""
    if not rs.suits_required:
        return None
    return next((c.card for c in calls if c.kind is CallKind.ACCEPT), None)


def _progress(v: Violation | None) -> tuple[int, int]:
    """How far into a record a violation lies: calls before plays, the log's end last."""
    if v is None:
        return (3, 0)
    if v.pointer.startswith("/calls"):
        return (0, int(v.pointer.rsplit("/", 1)[1]) if v.pointer.count("/") == 2 else -1)
    if v.pointer.startswith("/plays/"):
        return (1, int(v.pointer.rsplit("/", 1)[1]))
    return (2, 0)  # /plays: the log stops early
