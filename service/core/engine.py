"""The referee: read a record, check every call and play, score the game.

:func:`adjudicate` takes a record as decoded JSON and returns an
:class:`Adjudication`, or raises :class:`~.errors.RecordError` when the body is
not a record at all. The play log is read straight from the decoded JSON: a
full game is a few hundred actions, and building an object for each would
cost more than checking it.

>>> from service.core.random_game import random_record
>>> adjudicate(random_record(7)).verdict
<Verdict.LEGAL: 'legal'>
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .bounds import MAX_CALLS, max_plays
from .call_types import Call, CallFault, CallKind, CardMove, DealView
from .calls import run_calls
from .cards import Card, Rank, Suit, format_counts
from .claims import Difference, compare_claim, read_claim
from .deal import check_deal
from .errors import Problem, RecordError, Violation
from .errors import ViolationCode as V
from .reading import escape, is_seat, plays_problems, read_calls, read_cards, read_ruleset
from .rebuild import Placement, suited_deal
from .ruleset import WEIHAI, CrownProcedure, LastRankRule, PassRule, Ruleset
from .scoring import GameFacts, Mode, Outcome, score
from .sets import _CACHE as _MOVE_CACHE
from .sets import FIELD_BITS, GUARD, VALUE_MASK, Move, compile_move, pack, unpack

__all__ = ["Adjudication", "Verdict", "adjudicate", "read_ruleset"]

SEATS = 5
_SJ_SHIFT = FIELD_BITS * Rank.SMALL_JOKER
_BJ_SHIFT = FIELD_BITS * Rank.BIG_JOKER
_RECORD_KEYS = frozenset({"ruleset", "deal", "calls", "plays", "guard", "first_candidate", "meta", "claimed"})


class Verdict(Enum):
    LEGAL = "legal"
    ILLEGAL = "illegal"
    INCOMPLETE = "incomplete"


@dataclass(frozen=True, slots=True)
class Adjudication:
    verdict: Verdict
    ruleset: Ruleset
    deal_reconstructed: bool
    violation: Violation | None = None
    outcome: Outcome | None = None
    notes: tuple[str, ...] = field(default=())
    claim: dict[str, Any] | None = None  # what the table claimed, if the record says
    differences: tuple[Difference, ...] = ()  # where the claim parts from the outcome
    trick_starts: tuple[int, ...] = ()  # the plays that led a trick, as far as the log was followed
    implied_seats: tuple[int, ...] = ()  # play index, seat, … where a play left its seat to the turn
    crown_moves: tuple[CardMove, ...] = ()  # cards that changed hands during the crown

    def seats(self, plays: Sequence[Any]) -> list[int | None]:
        """The seat of each play: as written, or the seat whose turn it was (None beyond the
        point the referee followed the log to)."""
        out: list[int | None] = [p.get("seat") if isinstance(p, dict) else None for p in plays]
        it = iter(self.implied_seats)
        for i, seat in zip(it, it, strict=True):
            out[i] = seat
        return out

    @property
    def legal(self) -> bool:
        return self.verdict is Verdict.LEGAL

    def claim_json(self) -> dict[str, Any] | None:
        if self.claim is None:
            return None
        return {
            "checked": self.legal,
            "matches": (not self.differences) if self.legal else None,
            "differences": [d.to_json() for d in self.differences],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "ruleset": _ruleset_json(self.ruleset),
            "deal_reconstructed": self.deal_reconstructed,
            "notes": list(self.notes),
            "violation": None if self.violation is None else self.violation.to_json(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "claim": self.claim_json(),
        }


def _ruleset_json(rs: Ruleset) -> dict[str, Any]:
    """The ruleset as an answer shows it (``options()`` is a fresh copy each time)."""
    return {"name": rs.name, "options": rs.options()}


# --- reading the record -------------------------------------------------------------


# --- the deal -------------------------------------------------------------------------


@dataclass(slots=True)
class _Table:
    """Mutable state of one game in progress (engine-internal)."""

    hands: list[int]  # packed counts with guard bits
    counts: list[int]  # cards left in each hand
    bj_holder: int  # seat holding BJ* in hand, or -1
    sj_holder: int  # seat holding SJ* in hand, or -1 (-2: unknown, reconstructing)
    suits: _Suits | None = None  # where the plays write suits: what the deck and the deal allow


COPIES_OF_A_CARD = 4  # every deck is made of four 54-card packs: at most four of a suited card


class _Suits:
    """Suits written in plays, checked against the deck (at most four of a suited card) and,
    where the deal shows suits, against the seat's hand. A card written without a suit may be
    any suit: a dealt card without one supplies every suit, and a play without one takes from
    the rank's count only (as ever). Only what no assignment of suits could allow is refused."""

    __slots__ = ("played", "seat_played", "supply", "where")

    def __init__(self, hands: Sequence[Sequence[Card]] | None) -> None:
        self.played: dict[tuple[int, str], int] = {}
        self.where: dict[tuple[int, str], list[int]] = {}
        self.seat_played: list[dict[tuple[int, str], int]] = [{} for _ in range(SEATS)]
        self.supply: list[dict[tuple[int, str], int]] | None = None
        if hands is not None and any(c.suit is not None for hand in hands for c in hand):
            self.supply = []
            for hand in hands:
                mine: dict[tuple[int, str], int] = {}
                for c in hand:
                    if c.suit is None:
                        for suit in Suit:  # a card without its suit could be any
                            mine[(int(c.rank), suit.value)] = mine.get((int(c.rank), suit.value), 0) + 1
                    else:
                        key = (int(c.rank), c.suit.value)
                        mine[key] = mine.get(key, 0) + 1
                self.supply.append(mine)

    def received(self, seat: int, rank: int) -> None:
        """A card of ``rank`` passed to ``seat`` during the crown: its suit is not written."""
        if self.supply is not None:
            for suit in Suit:
                key = (rank, suit.value)
                self.supply[seat][key] = self.supply[seat].get(key, 0) + 1

    def play(self, i: int, seat: int, mv: Move) -> None:
        wanted: dict[tuple[int, str], int] = {}
        for c in mv.suited:
            assert c.suit is not None
            key = (int(c.rank), c.suit.value)
            wanted[key] = wanted.get(key, 0) + 1
        for key, n in wanted.items():
            card = f"{Rank(key[0]).symbol}{key[1]}"
            before = self.played.get(key, 0)
            if before + n > COPIES_OF_A_CARD:
                earlier = [f"/plays/{j}" for j in self.where.get(key, [])]
                used = f"; {before} were played before ({', '.join(earlier)})" if earlier else ""
                raise _Stop(
                    i,
                    V.NOT_IN_HAND,
                    seat,
                    f"the deck has four {card} (four packs){used}, and this play has {n}",
                    {"earlier_plays": earlier},
                )
            if self.supply is not None:
                mine = self.seat_played[seat].get(key, 0)
                dealt = self.supply[seat].get(key, 0)
                if mine + n > dealt:
                    raise _Stop(
                        i,
                        V.NOT_IN_HAND,
                        seat,
                        f"seat {seat} was dealt {dealt} {card}"
                        + (f" and has played {mine} already" if mine else "")
                        + f"; this play has {n}",
                    )
        for key, n in wanted.items():
            self.played[key] = self.played.get(key, 0) + n
            self.where.setdefault(key, []).append(i)
            self.seat_played[seat][key] = self.seat_played[seat].get(key, 0) + n


def _table_from_counts(counts: list[list[int]], bj: int, sj: int) -> _Table:
    return _Table([pack(c) | GUARD for c in counts], [sum(c) for c in counts], bj, sj)


# --- the play phase --------------------------------------------------------------------


class _Stop(Exception):
    """A violation found in the play loop; ``extra``: more of the game at that point."""

    def __init__(
        self, index: int, code: V, seat: int | None, message: str, extra: dict[str, Any] | None = None
    ) -> None:
        self.index = index
        self.code = code
        self.seat = seat
        self.message = message
        self.extra = extra


def _deck_exhausted(plays: Sequence[Any], i: int, seat: int, pool: int, mv: Move, rs: Ruleset) -> _Stop:
    """Without a deal: play ``i`` needs more of a rank than the deck has left. The mistake may be
    this play or any earlier one that played that rank: name them all (the slow path, only when
    a record is refused)."""
    need, left = unpack(mv.packed), unpack(pool)
    short = [r for r in Rank if need[r] > left[r]]
    deck = rs.dealt_counts
    earlier: list[str] = []
    for j in range(i):
        p = plays[j]
        cards = p.get("cards") if type(p) is dict else None
        if cards is None:
            continue
        m = _MOVE_CACHE.get(cards) if type(cards) is str else None
        m = m or compile_move(cards)
        if any(unpack(m.packed)[r] for r in short):
            earlier.append(f"/plays/{j}")
    what = ", ".join(f"{deck[r]} × {Rank(r).symbol}" for r in short)
    used = ", ".join(f"{deck[r] - left[r]} {Rank(r).symbol}" for r in short)
    wants = ", ".join(f"{need[r]} {Rank(r).symbol}" for r in short)
    if earlier:
        shown = ", ".join(earlier[:12]) + (f" and {len(earlier) - 12} more" if len(earlier) > 12 else "")
        message = (
            f"the deck has {what}; the plays before this one used {used} ({shown}), and this one needs {wants}: "
            "this play or one of those is written wrong"
        )
    else:
        message = f"the deck has {what}; this play needs {wants}"
    return _Stop(i, V.NOT_IN_HAND, seat, message, {"earlier_plays": earlier})


@dataclass(slots=True)
class _PlayResult:
    order: list[int]
    stop: _Stop | None
    problems: list[Problem]
    snapshot: dict[str, Any]
    played: list[int]  # packed counts each seat played (reconstruction)
    sj_seen: int  # seat that played SJ* explicitly, or -1
    leads: list[int]  # the plays that lead a trick (the table was empty)
    implied: list[int]  # play index, seat, … for each play that left its seat to the turn


def _next_seat_slow(seat: int, skip: int) -> int:
    t = seat
    for _ in range(SEATS):
        t = t + 1 if t < 4 else 0
        if not (skip >> t) & 1:
            return t
    return seat  # everyone skipped: never asked while two seats are in


# _NEXT[seat][skip]: the next seat after ``seat`` in playing order whose bit is
# not set in ``skip`` (seats out, or out of this trick under the hard pass).
_NEXT = [[_next_seat_slow(seat, skip) for skip in range(1 << SEATS)] for seat in range(SEATS)]


def _run_plays(
    plays: Sequence[Any],
    rs: Ruleset,
    table: _Table,
    leader: int,
    recon: bool,
    pool: int = 0,
) -> _PlayResult:
    hands, counts = table.hands, table.counts
    out = [False] * SEATS
    outmask = 0
    nxt = _NEXT
    order: list[int] = []
    leads = [0]
    implied: list[int] = []
    played = [0] * SEATS
    sj_seen = -1
    active = SEATS
    turn = leader
    top: Move | None = None
    top_seat = -1
    passed = 0
    npass = 0
    hard = rs.pass_rule is PassRule.HARD
    twos_ok = rs.twos_with_jokers
    last_rank = rs.last_rank_card
    last_field = 0 if last_rank is None else 0x7F << (FIELD_BITS * last_rank)
    others_mask = VALUE_MASK & ~last_field
    final_play_rule = rs.last_rank is LastRankRule.SIXES_FINAL_PLAY
    over = False
    cache_get = _MOVE_CACHE.get
    suits = table.suits
    i = -1
    try:
        for i, p in enumerate(plays):
            if type(p) is not dict:
                raise _Malformed
            seat = p.get("seat")
            cards = p.get("cards")
            has_pass = "pass" in p
            # A play has no keys but seat, cards and pass (reading.PLAY_KEYS; a test holds the two
            # together): the ones present, counted from the lookups made anyway (a null one is
            # looked up again), against len(p).
            if (seat is not None or "seat" in p) + (cards is not None or "cards" in p) + has_pass != len(p):
                raise _Malformed
            if seat is None:
                seat = turn
                implied.append(i)  # (a record that writes its seats pays nothing for this)
                implied.append(turn)
            elif type(seat) is not int or seat < 0 or seat > 4:
                raise _Malformed
            if cards is None:
                if p.get("pass") is not True:
                    raise _Malformed
            else:
                if type(cards) is str:
                    mv = cache_get(cards) or compile_move(cards)
                elif type(cards) is list and all(type(t) is str for t in cards):
                    mv = compile_move(cards)
                else:
                    raise _Malformed
                # The common case is one test; the rest is sorted out here.
                if (not mv.plain or has_pass) and (
                    mv.cards is None or mv.size == 0 or (has_pass and p["pass"] is not False)
                ):
                    raise _Malformed
            if over:
                raise _Stop(i, V.GAME_OVER, seat, "the game was over: four seats had gone out")
            if seat != turn:
                raise _Stop(i, V.OUT_OF_TURN, seat, _turn_message(seat, turn, out))
            if cards is None:
                if top is None:
                    raise _Stop(i, V.MUST_LEAD, seat, f"seat {seat} leads: the table is empty, so it must play a set")
                passed |= 1 << seat
                npass += 1
                if npass >= active - (0 if out[top_seat] else 1):
                    turn = nxt[top_seat][outmask] if out[top_seat] else top_seat
                    top = None
                    leads.append(i + 1)
                    passed = npass = 0
                else:
                    turn = nxt[seat][outmask | passed]
                continue
            if not mv.is_set:
                raise _Stop(i, V.NOT_A_SET, seat, "two different ranks in one play are never a set")
            if mv.two_with_jokers and not twos_ok:
                raise _Stop(i, V.NOT_A_SET, seat, f"ruleset {rs.name!r} does not let 2s carry jokers")
            h = pool if recon else hands[seat]
            h2 = h - mv.packed
            if h2 & GUARD != GUARD:
                if recon:
                    raise _deck_exhausted(plays, i, seat, h, mv, rs)
                raise _Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold {_written(mv)}")
            left = counts[seat] - mv.size
            if left < 0:
                raise _Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} has only {counts[seat]} cards left")
            if mv.suited:
                if suits is None:
                    suits = table.suits = _Suits(None)
                suits.play(i, seat, mv)
            if mv.big or mv.small:
                sj_seen = _marked(i, seat, mv, table, h2, recon, sj_seen)
            if mv.packed & last_field and not recon:
                if final_play_rule:
                    if left:
                        raise _Stop(i, V.SIXES_NOT_LAST, seat, "sixes go out in the seat's final play, all at once")
                elif h & others_mask:
                    raise _Stop(i, V.SIXES_NOT_LAST, seat, f"seat {seat} still holds cards other than sixes")
            # sets.beats, inlined: this line runs for every follow of every game (test_sets.py
            # checks the two agree).
            if top is not None and (
                mv.size != top.size or top.big or mv.big < top.small or (mv.n and top.n and mv.rank <= top.rank)
            ):
                raise _Stop(i, V.DOES_NOT_BEAT, seat, _beat_message(mv, top, top_seat))
            if recon:
                pool = h2
                played[seat] += mv.packed
            else:
                hands[seat] = h2
            counts[seat] = left
            top = mv
            top_seat = seat
            if not hard:
                passed = npass = 0
            if left == 0:
                out[seat] = True
                outmask |= 1 << seat
                order.append(seat)
                active -= 1
                if active == 1:
                    order.append(out.index(False))
                    over = True
                    continue
            if hard and npass >= active - (0 if out[seat] else 1):
                turn = nxt[seat][outmask] if out[seat] else seat
                top = None
                leads.append(i + 1)
                passed = npass = 0
            else:
                turn = nxt[seat][outmask | passed]
    except _Malformed:
        problems = plays_problems(plays, i) or [Problem(f"/plays/{i}", "invalid_play", "this is not a play")]
        return _PlayResult(order, None, problems, {}, played, sj_seen, leads, implied)
    except _Stop as found:
        snap = _snapshot(found.seat, hands, recon, top, top_seat, order, turn, table)
        if found.extra:
            snap.update(found.extra)
        return _PlayResult(order, found, plays_problems(plays, found.index + 1), snap, played, sj_seen, leads, implied)
    if not over:
        message = f"the log stops with {active} seats still holding cards; seat {turn} is to play"
        snap = _snapshot(turn, hands, recon, top, top_seat, order, turn, table)
        return _PlayResult(order, _Stop(-1, V.INCOMPLETE, turn, message), [], snap, played, sj_seen, leads, implied)
    return _PlayResult(order, None, [], {}, played, sj_seen, leads, implied)


class _Malformed(Exception):
    pass


def _marked(i: int, seat: int, mv: Move, table: _Table, h2: int, recon: bool, sj_seen: int) -> int:
    """Track the two marked jokers through a play that holds jokers."""
    if mv.marked_big:
        if mv.marked_big > 1 or table.bj_holder != seat:
            raise _Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold BJ*")
        table.bj_holder = -1
    elif mv.big and table.bj_holder == seat and not recon and not (h2 >> _BJ_SHIFT) & 0x7F:
        table.bj_holder = -1  # its last big joker was the marked one
    if mv.marked_small:
        if mv.marked_small > 1:
            raise _Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold two SJ*")
        if recon and table.sj_holder == -2:
            if sj_seen >= 0:
                raise _Stop(i, V.NOT_IN_HAND, seat, f"SJ* was already played by seat {sj_seen}")
            return seat
        if table.sj_holder != seat:
            raise _Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold SJ*")
        table.sj_holder = -1
    elif mv.small and table.sj_holder == seat and not recon and not (h2 >> _SJ_SHIFT) & 0x7F:
        table.sj_holder = -1
    return sj_seen


def _written(mv: Move) -> str:
    """A play's cards as a message shows them: with the marks it wrote (BJ*, SJ*)."""
    marks = [r for r, n in ((Rank.BIG_JOKER, mv.marked_big), (Rank.SMALL_JOKER, mv.marked_small)) if n]
    return format_counts(unpack(mv.packed), marks)


def _turn_message(seat: int, turn: int, out: list[bool]) -> str:
    if out[seat]:
        return f"seat {seat} has gone out; it is seat {turn}'s turn"
    return f"it is seat {turn}'s turn, not seat {seat}'s"


def _beat_message(mv: Move, top: Move, top_seat: int) -> str:
    table = format_counts(unpack(top.packed))
    if mv.size != top.size:
        return (
            f"the table holds {top.size} cards ({table}, seat {top_seat}); a follow must have {top.size}, not {mv.size}"
        )
    return f"{format_counts(unpack(mv.packed))} does not beat {table} (seat {top_seat}): every card must be higher"


def _snapshot(
    seat: int | None,
    hands: list[int],
    recon: bool,
    top: Move | None,
    top_seat: int,
    order: list[int],
    turn: int,
    table: _Table,
) -> dict[str, Any]:
    marks = [
        r for r, holder in ((Rank.BIG_JOKER, table.bj_holder), (Rank.SMALL_JOKER, table.sj_holder)) if holder == seat
    ]
    return {
        "hand": None if recon or seat is None else format_counts(unpack(hands[seat]), marks),
        "table": None if top is None else format_counts(unpack(top.packed)),
        "table_seat": None if top is None else top_seat,
        "turn": turn,
        "out": list(order),
    }


# --- the whole record --------------------------------------------------------------------


def adjudicate(doc: Mapping[str, Any], ruleset: Ruleset | None = None) -> Adjudication:
    """Adjudicate one record (decoded JSON). Raises RecordError if it is not a record.

    ``ruleset``, when given, is the one to judge by whatever the record says (a tournament's
    frozen ruleset: the caller checks that the record does not claim another)."""
    if not isinstance(doc, dict):
        raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
    rs, problems = read_head(doc, ruleset)
    too_large = larger_than_a_game(doc, rs)
    if too_large:
        raise RecordError(too_large)
    hands = _read_deal(doc.get("deal"), rs, problems)
    calls = read_calls(doc.get("calls"), problems, rs)
    guard, first = read_seats_and_meta(doc, rs, problems)
    plays = doc.get("plays")
    if plays is None:
        plays = []
    elif not isinstance(plays, list):
        problems.append(Problem("/plays", "invalid_type", "plays are an array"))
        plays = []
    claim = None
    if doc.get("claimed") is not None:
        try:
            claim = read_claim(doc["claimed"])
        except RecordError as exc:
            problems.extend(exc.problems)
    if problems:
        problems.extend(plays_problems(plays, 0))
        raise RecordError(problems)
    if hands is None:
        result = _adjudicate_without_deal(rs, calls, plays, guard, first)
    else:
        result = _adjudicate_dealt(rs, hands, calls, plays, guard, first)
    if claim is None:
        return result
    differences = compare_claim(claim, result.outcome) if result.outcome is not None else ()
    return dataclasses.replace(result, claim=claim, differences=differences)


def larger_than_a_game(doc: Mapping[str, Any], rs: Ruleset) -> list[Problem]:
    """The problem, if the record holds more plays or calls than any game of ``rs`` can have
    (core/bounds.py): checked before anything else of them is read."""
    out = []
    plays, calls = doc.get("plays"), doc.get("calls")
    if isinstance(plays, list) and len(plays) > max_plays(rs):
        out.append(_too_many("too_many_plays", "/plays", "plays", len(plays), max_plays(rs), f"a game of {rs.name!r}"))
    if isinstance(calls, list) and len(calls) > MAX_CALLS:
        out.append(_too_many("too_many_calls", "/calls", "calls", len(calls), MAX_CALLS, "a game"))
    return out


def _too_many(code: str, pointer: str, what: str, found: int, limit: int, game: str) -> Problem:
    return Problem(
        pointer,
        code,
        f"{found:,} {what}: {game} has at most {limit:,} (core/bounds.py); this is not one game",
        {"limit": limit, "found": found},
    )


def read_head(doc: Mapping[str, Any], ruleset: Ruleset | None) -> tuple[Ruleset, list[Problem]]:
    """A record's fields that are not a record's, and its ruleset (``ruleset``, when given, is the
    one to judge by whatever the record names); problems so far."""
    problems = [
        Problem(
            f"/{escape(str(k))}",
            "unknown_field",
            f"unknown field {k!r}; a record has {', '.join(sorted(_RECORD_KEYS))}",
        )
        for k in doc
        if k not in _RECORD_KEYS
    ]
    if ruleset is not None:
        return ruleset, problems
    try:
        return read_ruleset(doc.get("ruleset")), problems
    except RecordError as exc:
        return WEIHAI, [*problems, *exc.problems]


def read_seats_and_meta(doc: Mapping[str, Any], rs: Ruleset, problems: list[Problem]) -> tuple[Any, Any]:
    """A record's ``guard`` and ``first_candidate`` (the standard crown needs it, the others have
    none), and that ``meta`` is an object; problems are added to ``problems``."""
    guard = doc.get("guard")
    if guard is not None and not is_seat(guard):
        problems.append(Problem("/guard", "invalid_seat", "guard is a seat from 0 to 4"))
    first = doc.get("first_candidate")
    if rs.crown is CrownProcedure.CALLED:
        if first is None:
            problems.append(
                Problem(
                    "/first_candidate", "missing_field", f"ruleset {rs.name!r} records the seat first offered the crown"
                )
            )
        elif not is_seat(first):
            problems.append(Problem("/first_candidate", "invalid_seat", "first_candidate is a seat from 0 to 4"))
    elif first is not None:
        problems.append(
            Problem(
                "/first_candidate", "unexpected_field", f"ruleset {rs.name!r} offers the crown to the holder of BJ*"
            )
        )
    meta = doc.get("meta")
    if meta is not None and not isinstance(meta, dict):
        problems.append(Problem("/meta", "invalid_type", "meta is an object (kept, not checked)"))
    return guard, first


def _read_deal(value: object, rs: Ruleset, problems: list[Problem]) -> list[tuple[Card, ...]] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != SEATS:
        problems.append(Problem("/deal", "invalid_deal", "a deal is an array of five hands, seat 0 first"))
        return None
    parsed = [read_cards(h, f"/deal/{i}", problems) for i, h in enumerate(value)]
    hands = [h for h in parsed if h is not None]
    if len(hands) != SEATS:
        return None
    if rs.suits_required:
        for i, hand in enumerate(hands):
            k = next((k for k, c in enumerate(hand) if c.suit is None and not c.rank.is_joker), None)
            if k is not None:
                pointer = f"/deal/{i}/{k}" if isinstance(value[i], list) else f"/deal/{i}"
                problems.append(
                    Problem(
                        pointer,
                        "suit_required",
                        f"ruleset {rs.name!r} calls suited cards: every card but a joker shows its suit (token {k + 1}, {hand[k]})",
                    )
                )
    return hands


def _illegal(rs: Ruleset, violation: Violation, recon: bool, notes: tuple[str, ...] = ()) -> Adjudication:
    verdict = Verdict.INCOMPLETE if violation.code is V.INCOMPLETE else Verdict.ILLEGAL
    return Adjudication(verdict, rs, recon, violation, None, notes)


def _call_violation(fault: CallFault) -> Violation:
    pointer = "/calls" if fault.index is None else f"/calls/{fault.index}"
    return Violation(fault.code, pointer, fault.message, fault.seat)


def _raise_play_problems(plays: list[Any]) -> None:
    problems = plays_problems(plays, 0)
    if problems:
        raise RecordError(problems)


def _adjudicate_dealt(
    rs: Ruleset,
    hands: list[tuple[Card, ...]],
    calls: tuple[Call, ...],
    plays: list[Any],
    guard: int | None,
    first: int | None,
) -> Adjudication:
    facts = check_deal(hands, rs)
    if isinstance(facts, Violation):
        _raise_play_problems(plays)
        return _illegal(rs, facts, False)
    bj, sj = facts.bj_holder, facts.sj_holder
    table = _table_from_counts(list(facts.counts), -1 if bj is None else bj, -1 if sj is None else sj)
    if facts.suited:
        table.suits = _Suits(hands)
    view = DealView(tuple(hands), bj, sj, first)
    return _finish(rs, table, view, calls, plays, False, (), guard)


def _apply_moves(table: _Table, moves: Sequence[CardMove]) -> None:
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


def _finish(
    rs: Ruleset,
    table: _Table,
    view: DealView,
    calls: tuple[Call, ...],
    plays: list[Any],
    recon: bool,
    notes: tuple[str, ...],
    guard_claim: int | None,
) -> Adjudication:
    result = run_calls(calls, rs, view)
    if isinstance(result, CallFault):
        _raise_play_problems(plays)
        return _illegal(rs, _call_violation(result), recon, notes)
    if (
        guard_claim is not None
        and not recon
        and result.mode in (Mode.NORMAL, Mode.HIDDEN_SOLO)
        and result.guard != guard_claim
    ):
        raise RecordError(
            [
                Problem(
                    "/guard",
                    "guard_contradicts_deal",
                    f"the deal makes seat {result.guard} the guard, not seat {guard_claim}",
                )
            ]
        )
    _apply_moves(table, result.moves)
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        if plays:
            _raise_play_problems(plays)
            why = (
                "the soloist surrendered"
                if result.mode is Mode.SURRENDER
                else "the deal is void: nobody took the crown"
            )
            v = Violation(V.GAME_OVER, "/plays/0", f"{why}: the game ends without play", None)
            return _illegal(rs, v, recon, notes)
        finishing: tuple[int, ...] = ()
        leads: tuple[int, ...] = ()
        implied: tuple[int, ...] = ()
    else:
        assert result.emperor is not None
        run = _run_plays(plays, rs, table, result.emperor, recon=False)
        if run.problems:
            raise RecordError(run.problems)
        leads = tuple(i for i in run.leads if i < len(plays))
        implied = tuple(run.implied)
        if run.stop is not None:
            return _stopped(rs, run, plays, result.moves, recon, notes)
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
    return Adjudication(
        Verdict.LEGAL,
        rs,
        recon,
        None,
        score(facts, rs),
        notes,
        trick_starts=leads,
        implied_seats=implied,
        crown_moves=result.moves,
    )


def _stopped(
    rs: Ruleset,
    run: _PlayResult,
    plays: Sequence[Any],
    moves: Sequence[CardMove],
    recon: bool = True,
    notes: tuple[str, ...] = (),
) -> Adjudication:
    """A play log that breaks a rule (or stops early), with what the referee learnt up to there:
    where each trick started and whose turn each seat-less play was (the pages show the log)."""
    stopped = _illegal(rs, _play_violation(run), recon, notes)
    leads = tuple(i for i in run.leads if i < len(plays))
    return dataclasses.replace(stopped, trick_starts=leads, implied_seats=tuple(run.implied), crown_moves=tuple(moves))


def _play_violation(run: _PlayResult) -> Violation:
    stop = run.stop
    assert stop is not None
    pointer = "/plays" if stop.index < 0 else f"/plays/{stop.index}"
    return Violation(stop.code, pointer, stop.message, stop.seat, run.snapshot)


def _adjudicate_without_deal(
    rs: Ruleset, calls: tuple[Call, ...], plays: list[Any], guard: int | None, first: int | None
) -> Adjudication:
    """A play log without a deal. What the record does not write down about the deal is judged
    every way it could have been (RULES §10), and answered only where they agree: which seat
    was dealt which size where hands differ, and, in the standard crown, which later decliners
    had a 2 to give."""
    shapes = sorted(set(itertools.permutations(rs.hand_sizes)), reverse=True)
    ways: list[_Way] = [_Way(shape, givers) for shape in shapes for givers in _possible_givers(rs, calls)]
    if len(ways) == 1:
        return _adjudicate_way(rs, calls, plays, guard, first, ways[0])
    judged: list[tuple[_Way, Adjudication]] = []
    open_guard: set[int] = set()
    for way in ways:
        try:
            judged.append((way, _adjudicate_way(rs, calls, plays, guard, first, way)))
        except RecordError as exc:
            asked = [p for p in exc.problems if p.code == "guard_unknown"]
            if not asked or len(asked) != len(exc.problems):
                raise
            open_guard.update((asked[0].facts or {}).get("candidates", ()))
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
    rs: Ruleset, calls: tuple[Call, ...], plays: list[Any], guard: int | None, first: int | None, way: _Way
) -> Adjudication:
    if rs.suits_required:
        return _adjudicate_called(rs, calls, plays, guard, first, way)
    return _adjudicate_reconstructed(rs, calls, plays, guard, way.shape)


def _shape_words(rs: Ruleset) -> str:
    sizes = sorted(set(rs.hand_sizes), reverse=True)
    return " and ".join(f"{rs.hand_sizes.count(n)} × {n}" for n in sizes) + " cards"


def _adjudicate_reconstructed(
    rs: Ruleset, calls: tuple[Call, ...], plays: list[Any], guard: int | None, shape: Sequence[int]
) -> Adjudication:
    """A play log without a deal, dealt ``shape`` (each seat's hand size): each seat held what
    it played, the seat that never went out held the rest. Pass one rebuilds the hands; pass two
    runs the same checks as for a dealt record."""
    reveal = next((i for i, c in enumerate(calls) if c.kind is CallKind.REVEAL_GUARD), None)
    hint = guard if guard is not None else (None if reveal is None else calls[reveal].seat)
    result = run_calls(calls, rs, DealView(None, None, hint))
    if isinstance(result, CallFault):
        _raise_play_problems(plays)
        return _illegal(rs, _call_violation(result), True)
    table = _Table([GUARD] * SEATS, list(shape), result.crown_seat if result.crown_seat is not None else -1, -2)
    _apply_moves(table, result.moves)
    transferred_from = result.moves[0].src if rs.crown is CrownProcedure.WEIHAI and result.moves else None
    if transferred_from is not None:
        table.sj_holder = transferred_from  # only a seat holding both marked cards may transfer
    elif result.guard is not None:
        table.sj_holder = result.guard
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        view = DealView(None, result.crown_seat, table.sj_holder if table.sj_holder >= 0 else None)
        return _finish(rs, _Table([GUARD] * SEATS, list(shape), -1, -1), view, calls, plays, True, (), guard)
    deck = rs.dealt_counts
    pool = pack(deck) | GUARD
    assert result.emperor is not None
    run = _run_plays(plays, rs, table, result.emperor, recon=True, pool=pool)
    if run.problems:
        raise RecordError(run.problems)
    if run.stop is not None:
        return _stopped(rs, run, plays, result.moves)
    counts, last, notes = _held(run, deck)
    # Undo the crown's card moves: the deal is what was dealt.
    for m in reversed(result.moves):
        if counts[m.dst][m.rank] < 1:
            v = Violation(
                V.MARKED_CARD_MISSING, "/calls/0", f"seat {m.dst} received BJ* but never held a big joker", m.dst
            )
            return _illegal(rs, v, True, tuple(notes))
        counts[m.dst][m.rank] -= 1
        if m.src is not None:
            counts[m.src][m.rank] += 1
    crown = result.crown_seat
    assert crown is not None
    if counts[crown][Rank.BIG_JOKER] < 1:
        v = Violation(
            V.MARKED_CARD_MISSING, "/calls/0", f"seat {crown} took the crown but never held a big joker", crown
        )
        return _illegal(rs, v, True, tuple(notes))
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
            return _illegal(rs, v, True, tuple(notes))
        table = _table_from_counts(counts, crown, sj)
        return _finish(rs, table, DealView(None, crown, sj), calls, plays, True, tuple(notes), guard)
    return _judge_every_guard(rs, counts, crown, calls, plays, notes)


def _adjudicate_called(
    rs: Ruleset, calls: tuple[Call, ...], plays: list[Any], guard: int | None, first: int | None, way: _Way
) -> Adjudication:
    """A play log without a deal where the guard holds a called suited card (standard,
    kk-classic). Pass one runs the calls and plays against the deck alone and rebuilds each
    seat's cards by rank (each seat held what it played, the last seat the rest, the crown's
    card moves undone). Then, for each seat that could have held the called card's fourth copy,
    one suited deal is built that agrees with every suit the plays wrote, and the record is
    judged under it exactly as a dealt record: the other suits change nothing the rules look at."""
    shape = way.shape
    result = run_calls(calls, rs, DealView(None, None, None, first, way.givers))
    if isinstance(result, CallFault):
        _raise_play_problems(plays)
        return _illegal(rs, _call_violation(result), True)
    if result.mode in (Mode.SURRENDER, Mode.VOID):
        view = DealView(None, result.crown_seat, None, first, way.givers)
        return _finish(rs, _Table([GUARD] * SEATS, list(shape), -1, -1), view, calls, plays, True, (), guard)
    assert result.emperor is not None and result.crown_seat is not None
    crown = result.crown_seat
    marked = rs.marked_jokers
    table = _Table([GUARD] * SEATS, list(shape), crown if marked else -1, -2 if marked else -1)
    _apply_moves(table, result.moves)
    deck = list(rs.dealt_counts)
    for m in result.moves:
        if m.src is None:  # the set-aside card joins the game
            deck[m.rank] += 1
    run = _run_plays(plays, rs, table, result.emperor, recon=True, pool=pack(deck) | GUARD)
    if run.problems:
        raise RecordError(run.problems)
    if run.stop is not None:
        return _stopped(rs, run, plays, result.moves)
    counts, last, notes = _held(run, deck)
    received = [[0] * len(Rank) for _ in range(SEATS)]
    for m in reversed(result.moves):
        if counts[m.dst][m.rank] < 1:
            what = "the set-aside big joker" if m.src is None else f"a {Rank(m.rank).symbol} from seat {m.src}"
            v = Violation(V.NOT_IN_HAND, "/calls", f"seat {m.dst} received {what} but never played it", m.dst)
            return _illegal(rs, v, True, tuple(notes))
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
            return _illegal(rs, v, True, tuple(notes))
        holders = [s for s in (run.sj_seen, last, *range(SEATS)) if s >= 0 and counts[s][Rank.SMALL_JOKER]]
        if not holders:
            v = Violation(V.MARKED_CARD_MISSING, "/plays", "no seat held a small joker, so none held SJ*", None)
            return _illegal(rs, v, True, tuple(notes))
        marks = {Rank.BIG_JOKER: crown, Rank.SMALL_JOKER: holders[0]}  # SJ* names nobody here
    written = table.suits.seat_played if table.suits is not None else [{} for _ in range(SEATS)]

    def deal(placed: Placement) -> tuple[tuple[Card, ...], ...] | None:
        return suited_deal(counts, written, received, placed, marks)

    called = _guard_card(rs, calls)
    placements: dict[int | None, Placement] = {}
    accept = next((i for i, c in enumerate(calls) if c.kind is CallKind.ACCEPT), None)
    solo = next((i for i, c in enumerate(calls) if c.kind is CallKind.SOLO and c.card is not None), None)
    if accept is not None:
        seat = calls[accept].seat
        assert called is not None and called.suit is not None
        key = (int(called.rank), called.suit.value)
        for g in range(SEATS) if guard is None else (guard,):
            placed = {key: {seat: 4} if g == seat else {seat: 3, g: 1}}
            if deal(placed) is not None:
                placements[g] = placed
        pointer = f"/calls/{accept}"
        why = f"calling {called} needs three copies in the caller's hand and the fourth in one hand"
    elif solo is not None:
        seat, card = calls[solo].seat, calls[solo].card
        assert card is not None and card.suit is not None
        placed = {(int(card.rank), card.suit.value): {seat: 4}}
        if deal(placed) is not None:
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
        return _illegal(rs, v, True, tuple(notes))
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
                judged[holder] = _illegal(rs, v, True)
                continue
        assert hands is not None
        dealt = _adjudicate_dealt(rs, list(hands), calls, plays, None, first)
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
            key = (int(rank), suit.value)
            if key not in placed:
                hands = deal({**placed, key: {seat: 4}})
                if hands is not None:
                    return hands
    return None


def _held(run: _PlayResult, deck: Sequence[int]) -> tuple[list[list[int]], int, list[str]]:
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
        return _illegal(rs, v, True, tuple(notes))
    judged = {
        s: _finish(rs, _table_from_counts(counts, crown, s), DealView(None, crown, s), calls, plays, True, (), None)
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
