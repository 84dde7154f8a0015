"""The play phase, the hot path: every play of a record read straight from its decoded JSON and
checked with packed hands (turns, passes soft or hard, 接风, sets and what beats what, not in
hand, sixes last, the marked jokers, suits written in plays), and the messages and snapshot of
the play it stops at. ``sets.beats`` is the one definition of what beats what; it is inlined
here, and tests/core/test_sets.py runs this loop against it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import SEATS, Rank, format_counts
from .errors import Problem
from .errors import ViolationCode as V
from .play_state import PlayState, Stop
from .record_form import play_keys, plays_problems
from .ruleset import LastRankRule, PassRule, Ruleset
from .sets import _CACHE as _MOVE_CACHE
from .sets import FIELD_BITS, GUARD, VALUE_MASK, Move, compile_move, unpack
from .suits import Suits

__all__ = ["PlayResult", "deck_exhausted", "run_plays"]

_SJ_SHIFT = FIELD_BITS * Rank.SMALL_JOKER
_BJ_SHIFT = FIELD_BITS * Rank.BIG_JOKER


def deck_exhausted(plays: Sequence[Any], i: int, seat: int, pool: int, mv: Move, rs: Ruleset) -> Stop:
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
        m = compile_move(cards)  # (it looks in the move cache first)
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
    return Stop(i, V.NOT_IN_HAND, seat, message, {"earlier_plays": earlier})


@dataclass(slots=True)
class PlayResult:
    order: list[int]
    stop: Stop | None
    problems: list[Problem]
    snapshot: dict[str, Any]
    played: list[int]  # packed counts each seat played (reconstruction)
    sj_seen: int  # seat that played SJ* explicitly, or -1
    leads: list[int]  # the plays that lead a trick (the table was empty)
    implied: list[int]  # play index, seat, … for each play that left its seat to the turn

    def __init__(  # written out: see call_types.Call
        self,
        order: list[int],
        stop: Stop | None,
        problems: list[Problem],
        snapshot: dict[str, Any],
        played: list[int],
        sj_seen: int,
        leads: list[int],
        implied: list[int],
    ) -> None:
        self.order = order
        self.stop = stop
        self.problems = problems
        self.snapshot = snapshot
        self.played = played
        self.sj_seen = sj_seen
        self.leads = leads
        self.implied = implied


def _next_seat_slow(seat: int, skip: int) -> int:
    t = seat
    for _ in range(SEATS):
        t = t + 1 if t < 4 else 0
        if not (skip >> t) & 1:
            return t
    return seat  # everyone skipped: never asked while two seats are in


# _AFTER[skip][seat]: the next seat after ``seat`` in playing order whose bit is not set in
# ``skip`` (seats out, or out of this trick under the hard pass).
_AFTER = [[_next_seat_slow(seat, skip) for seat in range(SEATS)] for skip in range(1 << SEATS)]


def run_plays(
    plays: Sequence[Any],
    rs: Ruleset,
    table: PlayState,
    leader: int,
    recon: bool,
    pool: int = 0,
) -> PlayResult:
    hands, counts = table.hands, table.counts
    out = [False] * SEATS
    outmask = 0
    nxt = _AFTER
    after = nxt[0]  # nxt[outmask | passed]: the next seat from each seat
    order: list[int] = []
    leads = [0]
    implied: list[int] = []
    played = [0] * SEATS
    sj_seen = -1
    active = SEATS
    turn = leader
    top: Move | None = None
    top_seat = -1
    passed = 0  # seats out of this trick (the hard pass only: a soft pass never comes round again)
    npass = 0
    need = 0  # passes that end the trick; 0 while the table is empty, so that a pass there stops
    hard = rs.pass_rule is PassRule.HARD
    last_rank = rs.last_rank_card
    last_field = 0 if last_rank is None else 0x7F << (FIELD_BITS * last_rank)
    others_mask = VALUE_MASK & ~last_field
    last = -2 if last_rank is None or recon else int(last_rank)  # a set's rank (-1: jokers only)
    final_play_rule = rs.last_rank is LastRankRule.SIXES_FINAL_PLAY
    last_name = "threes" if last_rank is Rank.THREE else "sixes"  # the rank that goes last (憋六, 憋三)
    over = False
    cache = _MOVE_CACHE  # a local: the compiled loop calls the dictionary's own get
    suits = table.suits
    seat_key, cards_key, pass_key = play_keys(plays)
    guard = GUARD  # a module's global is a dictionary lookup at each use in compiled code
    i = -1
    try:
        for i, play in enumerate(plays):
            if type(play) is not dict:
                raise _Malformed
            p: dict[str, Any] = play  # typed, so the compiled loop uses the dict operations directly
            # Most plays are the seat whose turn it is passing or playing a set it played before,
            # written with its seat: {"seat": s, "pass": true} or {"seat": s, "cards": "..."}.
            # Those are taken here in a few tests; anything else is read by _read_play. ``is``
            # compares the written seat with the turn as an object: it holds only for an int
            # of the turn's value (CPython keeps one object for each small int), and where it
            # does not hold the general reading decides.
            passed_ = p.get(pass_key)
            mv: Move | None
            if passed_ is True and p.get(seat_key) is turn and len(p) == 2:
                mv = None
            elif not (
                passed_ is None
                and p.get(seat_key) is turn
                and len(p) == 2
                and type(cards := p.get(cards_key)) is str
                and (mv := cache.get(cards)) is not None
                and mv.plain
            ):
                mv = _read_play(p, i, turn, False, out, implied, rs)
            if mv is None:  # a pass by the seat whose turn it is
                npass += 1
                if npass >= need:
                    if top is None:
                        raise Stop(
                            i, V.MUST_LEAD, turn, f"seat {turn} leads: the table is empty, so it must play a set"
                        )
                    passed = npass = need = 0
                    after = nxt[outmask]
                    turn = after[top_seat] if out[top_seat] else top_seat
                    top = None
                    leads.append(i + 1)
                elif hard:
                    passed |= 1 << turn
                    after = nxt[outmask | passed]
                    turn = after[turn]
                else:
                    turn = after[turn]
                continue
            seat = turn  # a set: _read_play stops one played out of turn or not allowed
            h = pool if recon else hands[seat]
            h2 = h - mv.packed
            if h2 & guard != guard:
                if recon:
                    raise deck_exhausted(plays, i, seat, h, mv, rs)
                raise Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold {_written(mv)}")
            left = counts[seat] - mv.size
            if left < 0:
                raise Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} has only {counts[seat]} cards left")
            if mv.special:
                if mv.suited:
                    if suits is None:
                        suits = table.suits = Suits(None)
                    suits.play(i, seat, mv)
                if mv.big or mv.small:
                    sj_seen = _marked(i, seat, mv, table, h2, recon, sj_seen)
            if mv.rank == last:  # a set of the rank that goes last (never while reconstructing)
                if final_play_rule:
                    if left:
                        raise Stop(
                            i, V.SIXES_NOT_LAST, seat, f"{last_name} go out in the seat's final play, all at once"
                        )
                elif h & others_mask:
                    raise Stop(i, V.SIXES_NOT_LAST, seat, f"seat {seat} still holds cards other than {last_name}")
            # sets.beats, inlined: this line runs for every follow of every game (test_sets.py
            # checks the two agree).
            if top is not None and (
                mv.size != top.size or top.big or mv.big < top.small or (mv.n and top.n and mv.rank <= top.rank)
            ):
                raise Stop(i, V.DOES_NOT_BEAT, seat, _beat_message(mv, top, top_seat))
            if recon:
                pool = h2
                played[seat] += mv.packed
            else:
                hands[seat] = h2
            counts[seat] = left
            top = mv
            top_seat = seat
            if left == 0:
                out[seat] = True
                outmask |= 1 << seat
                order.append(seat)
                active -= 1
                if active == 1:
                    order.append(out.index(False))
                    over = True
                    break
                after = nxt[outmask | passed]
                need = active
            else:
                need = active - 1
            if not hard:
                npass = 0
            elif npass >= need:  # every other seat has passed out of this trick: it leads again
                passed = npass = need = 0
                after = nxt[outmask]
                turn = after[seat] if left == 0 else seat
                top = None
                leads.append(i + 1)
                continue
            turn = after[seat]
        if over and i + 1 < len(plays):  # the game is over: the next play is one too many
            i += 1
            if type(plays[i]) is not dict:
                raise _Malformed
            _read_play(plays[i], i, turn, True, out, implied, rs)
    except _Malformed:
        problems = plays_problems(plays, i) or [Problem(f"/plays/{i}", "invalid_play", "this is not a play")]
        return PlayResult(order, None, problems, {}, played, sj_seen, leads, implied)
    except Stop as found:
        snap = _snapshot(found.seat, hands, recon, top, top_seat, order, turn, table)
        if found.extra:
            snap.update(found.extra)
        return PlayResult(order, found, plays_problems(plays, found.index + 1), snap, played, sj_seen, leads, implied)
    if not over:
        message = f"the log stops with {active} seats still holding cards; seat {turn} is to play"
        snap = _snapshot(turn, hands, recon, top, top_seat, order, turn, table)
        return PlayResult(order, Stop(-1, V.INCOMPLETE, turn, message), [], snap, played, sj_seen, leads, implied)
    return PlayResult(order, None, [], {}, played, sj_seen, leads, implied)


class _Malformed(Exception):
    pass


def _read_play(
    p: dict[str, Any], i: int, turn: int, over: bool, out: list[bool], implied: list[int], rs: Ruleset
) -> Move | None:
    """Play ``i`` as written, in any form the record allows: its move, None for a pass (the
    seat is the turn's: where the play writes none, that is noted in ``implied``). Raises
    _Malformed for what is not a play, Stop for a play after the game, out of turn or not a set."""
    # A play has no keys but seat, cards and pass (reading.PLAY_KEYS; a test holds the two
    # together): the ones present, counted from the lookups, against len(p). Only where the
    # count and the keys disagree (a key given as null, or another key) is each looked up again.
    written = p.get("seat")
    passed_ = p.get("pass")
    cards = p.get("cards")
    size = len(p)
    has_pass = passed_ is not None
    if (written is not None) + (cards is not None) + has_pass != size:
        if ("seat" in p) + ("cards" in p) + ("pass" in p) != size:
            raise _Malformed
        has_pass = "pass" in p
    seat: int
    if written is None:
        seat = turn
        implied.append(i)  # (a record that writes its seats pays nothing for this)
        implied.append(turn)
    elif type(written) is not int:
        raise _Malformed
    else:
        seat = written  # an int from here: compared as one
        if seat < 0 or seat > 4:
            raise _Malformed
    mv: Move | None = None
    if cards is None:
        if passed_ is not True:
            raise _Malformed
    else:
        if type(cards) is not str and not (type(cards) is list and all(type(t) is str for t in cards)):
            raise _Malformed
        mv = compile_move(cards)  # (it looks in the move cache first)
        # The common case is one test; the rest is sorted out here.
        if (not mv.plain or has_pass) and (mv.cards is None or mv.size == 0 or (has_pass and passed_ is not False)):
            raise _Malformed
    if over:
        raise Stop(i, V.GAME_OVER, seat, "the game was over: four seats had gone out")
    if seat != turn:
        raise Stop(i, V.OUT_OF_TURN, seat, _turn_message(seat, turn, out))
    if mv is not None:
        if not mv.is_set:
            raise Stop(i, V.NOT_A_SET, seat, "two different ranks in one play are never a set")
        if mv.two_with_jokers and not rs.twos_with_jokers:
            raise Stop(i, V.NOT_A_SET, seat, f"ruleset {rs.name!r} does not let 2s carry jokers")
    return mv


def _marked(i: int, seat: int, mv: Move, table: PlayState, h2: int, recon: bool, sj_seen: int) -> int:
    """Track the two marked jokers through a play that holds jokers."""
    if mv.marked_big:
        if mv.marked_big > 1 or table.bj_holder != seat:
            raise Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold BJ*")
        table.bj_holder = -1
    elif mv.big and table.bj_holder == seat and not recon and not (h2 >> _BJ_SHIFT) & 0x7F:
        table.bj_holder = -1  # its last big joker was the marked one
    if mv.marked_small:
        if mv.marked_small > 1:
            raise Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold two SJ*")
        if recon and table.sj_holder == -2:
            if sj_seen >= 0:
                raise Stop(i, V.NOT_IN_HAND, seat, f"SJ* was already played by seat {sj_seen}")
            return seat
        if table.sj_holder != seat:
            raise Stop(i, V.NOT_IN_HAND, seat, f"seat {seat} does not hold SJ*")
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
    table: PlayState,
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
