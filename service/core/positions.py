"""The position after a record: whose turn it is, what must be beaten, and what the seat to act
may do — python-chess's ``board.legal_moves`` for 保皇.

Everything here is read from the referee's own answers, never worked out a second time:

- the phase, the seat to act, the trick to beat, who is out and the hand of the seat to act come
  from adjudicating the record (an unfinished record is ``incomplete`` with that snapshot; one
  whose crown waits for a seat names that seat);
- each call and play listed as legal was checked by :func:`.moves.check_move` — the record with
  that move added, adjudicated. Plays are enumerated from the hand (when the deal is known) and
  those that cannot be a set that beats the table (``sets.beats``, the one definition) are not
  tried; the rest are tried in order until :data:`PER_GROUP` legal ones of each group are found,
  within a budget of :data:`BUDGET` checks a position (the calls' checks and the plays' in one
  budget: a position costs at most that many adjudications). A group whose candidates were all tried
  says how many are legal; otherwise ``complete`` is false and the count is not given.

Without the deal, what depends on hidden cards is said as such: no hand, no concrete plays (the
pattern to beat is given), calls that name a card not listed.

>>> from service.core.random_game import random_record
>>> record = random_record(7)
>>> p = position({**record, "plays": []})
>>> p.phase.value, p.seat == record["plays"][0]["seat"], p.pass_allowed
('play', True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .adjudication import Adjudication, Verdict
from .calls import CallOutcome, DealView, run_calls
from .cards import parse_cards
from .deal import check_deal
from .engine import adjudicate
from .errors import RecordError, Violation
from .errors import ViolationCode as V
from .moves import check_move
from .record_form import read_calls
from .ruleset import Ruleset
from .sets import CardSet

__all__ = ["BUDGET", "PER_GROUP", "Phase", "PlayGroup", "Position", "position"]

PER_GROUP = 8  # legal plays listed a group
BUDGET = 400  # moves checked a position, at most (each adjudicates the record with it)
_SHARED_CALLS = ("solo", "reveal_guard", "rebel", "kick", "surrender")


class Phase(StrEnum):
    """Where a game stands: the crown's calls, the play, over, or stopped at an illegal move."""

    CROWN = "crown"
    PLAY = "play"
    OVER = "over"
    ILLEGAL = "illegal"


@dataclass(frozen=True, slots=True)
class PlayGroup:
    """Legal plays of one size: the first few found, and how many in all when all were tried."""

    size: int
    sets: tuple[str, ...]
    count: int | None  # None: not every candidate was tried (the budget)
    complete: bool

    def to_json(self) -> dict[str, Any]:
        return {"size": self.size, "sets": list(self.sets), "count": self.count, "complete": self.complete}


@dataclass(frozen=True, slots=True)
class Position:
    phase: Phase
    result: Adjudication  # the record adjudicated as it is
    seat: int | None = None  # to act
    hand: str | None = None  # the seat to act's, when the deal is known
    cards_left: tuple[int | None, ...] = ()
    out: tuple[int, ...] = ()
    to_beat: str | None = None  # the set on the table (None: the seat leads)
    to_beat_by: int | None = None
    calls_open: tuple[dict[str, Any], ...] = ()
    pass_allowed: bool | None = None
    plays: tuple[PlayGroup, ...] | None = None  # None: the hand is not known
    unknown: tuple[str, ...] = field(default=())  # what depends on hidden cards, said as such
    roles: dict[str, Any] | None = None  # what the calls settled so far (with the deal)
    calls: tuple[Any, ...] = ()  # the calls made, as the record gives them

    def to_json(self) -> dict[str, Any]:
        r = self.result
        return {
            "phase": self.phase.value,
            "seat": self.seat,
            "hand": self.hand,
            "cards_left": list(self.cards_left),
            "out": list(self.out),
            "trick": None if self.to_beat is None else {"cards": self.to_beat, "seat": self.to_beat_by},
            "calls": list(self.calls),
            "roles": self.roles,
            "calls_open": list(self.calls_open),
            "legal": {
                "pass": self.pass_allowed,
                "plays": None if self.plays is None else [g.to_json() for g in self.plays],
            },
            "unknown": list(self.unknown),
            "violation": None if self.phase != Phase.ILLEGAL or r.violation is None else r.violation.to_json(),
            "outcome": None if r.outcome is None else r.outcome.to_json(),
            "notes": list(r.notes),
        }


def position(record: Mapping[str, Any]) -> Position:
    """The position after ``record`` (decoded JSON). RecordError when it is not a record."""
    found = _position(record)
    calls = record.get("calls") or []
    roles = _roles(record, found.result.ruleset) if found.phase in (Phase.PLAY, Phase.OVER) else None
    unknown = found.unknown
    if roles is None and found.phase in (Phase.PLAY, Phase.OVER) and record.get("deal") is None:
        unknown = (
            *unknown,
            "roles: who is the guard, and the game's mode, depend on the hidden deal; the calls made are given",
        )
    return replace(found, calls=tuple(calls), roles=roles, unknown=unknown)


def _roles(record: Mapping[str, Any], rs: Ruleset) -> dict[str, Any] | None:
    """The roles the calls settled, read by the referee's own call rules (with the deal only:
    without it, who holds the guard's card is hidden)."""
    deal = record.get("deal")
    if deal is None:
        return None
    problems: list[Any] = []
    hands = [parse_cards(h) for h in deal]
    facts = check_deal(hands, rs)
    calls = read_calls(record.get("calls"), problems, rs)
    if isinstance(facts, Violation) or problems:
        return None
    settled = run_calls(
        calls, rs, DealView(tuple(hands), facts.bj_holder, facts.sj_holder, record.get("first_candidate"))
    )
    if not isinstance(settled, CallOutcome):
        return None
    return {
        "mode": settled.mode.value,
        "emperor": settled.emperor,
        "guard": settled.guard,
        "guard_revealed": settled.guard_revealed,
        "rebels": list(settled.rebels),
        "kicked_by": settled.kicked_by,
    }


class _Budget:
    """The checks a position may still make (each adjudicates the record once more)."""

    __slots__ = ("left",)

    def __init__(self, left: int = BUDGET) -> None:
        self.left = left

    def take(self) -> bool:
        if self.left <= 0:
            return False
        self.left -= 1
        return True


def _position(record: Mapping[str, Any]) -> Position:
    result = adjudicate(record)
    budget = _Budget()
    v = result.violation
    plays = record.get("plays") or []
    if result.verdict is Verdict.LEGAL:
        return Position(Phase.OVER, result, cards_left=(0,) * 5, out=_finishing(result))
    if result.verdict is Verdict.ILLEGAL:
        if v is not None and v.pointer == "/calls" and v.code is V.CROWN_OUT_OF_ORDER and not plays:
            crown_calls, why = _calls_open(record, result.ruleset, [v.seat] if v.seat is not None else [], budget)
            left = _cards_left(record, result, _played(record, result))
            return Position(
                Phase.CROWN, result, seat=v.seat, cards_left=left, calls_open=crown_calls, unknown=tuple(why)
            )
        return Position(Phase.ILLEGAL, result)
    assert v is not None and v.code is V.INCOMPLETE  # an unfinished record: the referee's snapshot
    state, seat = v.state, v.seat
    hand, table = state.get("hand"), state.get("table")
    opened: tuple[dict[str, Any], ...] = ()
    unknown: list[str] = []
    played = _played(record, result)
    left = _cards_left(record, result, played)
    if record.get("deal") is None and not _turn_is_known(result, played):
        # Without the deal a seat may have played its last card unseen (the hands' sizes differ,
        # or the crown moved cards): whose turn it is depends on hidden cards.
        unknown.append(
            f"the seat to act: seat {seat} unless a seat went out unseen (without the deal the hands' sizes are not known)"
        )
        return Position(
            Phase.PLAY,
            result,
            cards_left=left,
            out=tuple(state.get("out") or ()),
            to_beat=table or None,
            to_beat_by=state.get("table_seat") if table else None,
            unknown=tuple(unknown),
        )
    if not plays:  # declarations are open until the first card is played
        opened, why = _calls_open(record, result.ruleset, range(5), budget)
        unknown += why
    pass_allowed = check_move(record, {"seat": seat, "pass": True}).legal
    groups = None
    if hand is None:
        unknown.append("plays: the seat's hand is not known without the deal; any set it holds that beats the table")
    else:
        groups = _legal_plays(record, seat, hand, table, budget)
    return Position(
        Phase.PLAY,
        result,
        seat=seat,
        hand=hand,
        cards_left=left,
        out=tuple(state.get("out") or ()),
        to_beat=table or None,
        to_beat_by=state.get("table_seat") if table else None,
        calls_open=opened,
        pass_allowed=pass_allowed,
        plays=groups,
        unknown=tuple(unknown),
    )


def _played(record: Mapping[str, Any], result: Adjudication) -> list[int]:
    """How many cards each seat has played (a play's seat as written, or the seat whose turn it
    was, as the referee followed the log)."""
    played = [0] * 5
    plays = record.get("plays") or []
    for play, seat in zip(plays, result.seats(plays), strict=True):
        cards = play.get("cards") if isinstance(play, dict) else None
        if cards and seat is not None:
            played[seat] += len(parse_cards(cards))
    return played


def _turn_is_known(result: Adjudication, played: list[int]) -> bool:
    """Without the deal: no seat has played as many cards as the smallest hand may hold, less the
    cards the crown may have moved (so none can have gone out unseen; the referee's snapshot of
    an unfinished record without its deal does not know who went out)."""
    return max(played) < min(result.ruleset.hand_sizes) - len(result.crown_moves)


def _finishing(result: Adjudication) -> tuple[int, ...]:
    order = result.outcome.to_json().get("finishing_order") if result.outcome is not None else None
    return tuple(order or ())


def _calls_open(
    record: Mapping[str, Any], rs: Ruleset, seats: Any, budget: _Budget
) -> tuple[tuple[dict[str, Any], ...], list[str]]:
    """Every call each of ``seats`` may make now, each checked by the referee; calls that name a
    card are tried with each suited card the seat was dealt (without the deal: said as unknown).
    Each check is taken from the position's ``budget``; the calls it leaves unchecked are said."""
    from .crown import CROWN_CALLS  # the crown's own vocabulary, by procedure

    kinds = [*CROWN_CALLS[rs.crown], *(k for k in _SHARED_CALLS if k not in CROWN_CALLS[rs.crown])]
    deal = record.get("deal")
    out: list[dict[str, Any]] = []
    unknown: list[str] = []
    cut: list[str] = []
    for seat in seats:
        for kind in kinds:
            if not budget.take():
                cut.append(f"{kind} by seat {seat}")
                continue
            if _legal(record, {"seat": seat, "call": kind}):
                out.append({"seat": seat, "call": kind})
            elif rs.suits_required and kind in ("accept", "solo"):
                if deal is None:
                    unknown.append(f"{kind} by seat {seat}: which cards may be called depends on the hand")
                    continue
                for card in _callable(deal[seat]):
                    if not budget.take():
                        cut.append(f"{kind} {card} by seat {seat}")
                        break
                    if _legal(record, {"seat": seat, "call": kind, "card": card}):
                        out.append({"seat": seat, "call": kind, "card": card})
    if cut:
        unknown.append(f"calls not checked within the position's {BUDGET} checks: {', '.join(cut[:10])}")
    return tuple(out), unknown


def _legal(record: Mapping[str, Any], move: dict[str, Any]) -> bool:
    """The referee's word on one move; a move the record cannot hold (a call that must name a
    card, named without one) is not legal."""
    try:
        return check_move(record, move).legal
    except RecordError:
        return False


def _callable(hand: Any) -> list[str]:
    """The distinct suited cards of a dealt hand, as tokens (the candidates a call may name)."""
    seen: dict[str, None] = {}
    for card in parse_cards(hand):
        if card.suit is not None and not card.rank.is_joker:
            seen.setdefault(f"{card.rank.symbol}{card.suit.value}", None)
    return list(seen)


def _legal_plays(
    record: Mapping[str, Any], seat: int | None, hand: str, table: str | None, budget: _Budget
) -> tuple[PlayGroup, ...]:
    top = CardSet.of(table) if table else None
    groups = []
    by_size: dict[int, list[str]] = {}
    for size, cards in _candidates(hand, top):
        by_size.setdefault(size, []).append(cards)
    for size in sorted(by_size):
        found: list[str] = []
        count = 0
        tried = 0
        for cards in by_size[size]:
            if len(found) >= PER_GROUP and budget.left < BUDGET // 4:
                break
            if not budget.take():
                break
            tried += 1
            if check_move(record, {"seat": seat, "cards": cards}).legal:
                count += 1
                if len(found) < PER_GROUP:
                    found.append(cards)
        complete = tried == len(by_size[size])
        if found or not complete:
            groups.append(PlayGroup(size, tuple(found), count if complete else None, complete))
    return tuple(groups)


def _candidates(hand: str, top: CardSet | None) -> Iterator[tuple[int, str]]:
    """Every set the hand can make (marked jokers as cards of their own), smallest first, rank
    by rank; only those of the table's size that beat it (``sets.beats``) when there is a table."""
    counts: dict[str, int] = {}
    for card in parse_cards(hand):
        token = card.rank.symbol + ("*" if card.marked and card.rank.is_joker else "")
        counts[token] = counts.get(token, 0) + 1
    sj, sjm, bj, bjm = (counts.pop(t, 0) for t in ("SJ", "SJ*", "BJ", "BJ*"))
    ranks = sorted(counts, key=_rank)
    jokers = [
        (s, sm, b, bm) for s in range(sj + 1) for sm in range(sjm + 1) for b in range(bj + 1) for bm in range(bjm + 1)
    ]
    out: list[tuple[int, str]] = []
    for rank in [None, *ranks]:
        most = 0 if rank is None else counts[rank]
        for n in range(most + 1) if rank is None else range(1, most + 1):
            for s, sm, b, bm in jokers:
                size = n + s + sm + b + bm
                if size == 0 or (rank is None and n):
                    continue
                tokens = [rank] * n if rank is not None else []
                tokens += ["BJ*"] * bm + ["BJ"] * b + ["SJ*"] * sm + ["SJ"] * s
                text = " ".join(tokens)
                if top is not None:
                    mine = CardSet.of(text)
                    if mine is None or not mine.beats(top):
                        continue
                out.append((size, text))
    out.sort(key=lambda c: c[0])
    yield from out


def _rank(token: str) -> int:
    cards = parse_cards(token)
    return int(cards[0].rank)


def _cards_left(record: Mapping[str, Any], result: Adjudication, played: list[int]) -> tuple[int | None, ...]:
    """Each seat's count of cards: as dealt (the deal's hands; without it, the ruleset's sizes when
    all five are equal and the crown moved no card — who gave a card to the crown is not known
    without the deal), moved by the crown, less what it ``played``. None where the count depends
    on the hidden deal."""
    rs = result.ruleset
    deal = record.get("deal")
    if deal is not None:
        left = [len(parse_cards(h)) for h in deal]
    elif len(set(rs.hand_sizes)) == 1 and rs.set_aside is None and not result.crown_moves:
        left = [rs.hand_sizes[0]] * 5  # all five alike, and the crown moved no card
    else:
        return (None,) * 5
    for m in result.crown_moves:
        if m.src is not None:
            left[m.src] -= 1
        left[m.dst] += 1
    return tuple(n - p for n, p in zip(left, played, strict=True))
