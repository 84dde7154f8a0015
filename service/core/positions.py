"""The position after a record: whose turn it is, what must be beaten, and what the seat to act
may do — python-chess's ``board.legal_moves`` for 保皇.

Everything here is the referee's, held to it by tests:

- the phase, the seat to act, the trick to beat, who is out and the hand of the seat to act come
  from adjudicating the record (an unfinished record is ``incomplete`` with that snapshot; one
  whose crown waits for a seat names that seat);
- each call listed as open was checked with the call added to the record (``calls_open``: with
  the deal by the referee's call rules on the deal read once, no play replayed; without it by
  :func:`.moves.check_move`), at most :data:`BUDGET` checks a position; whether the seat may pass
  is one adjudication more;
- the legal plays are generated from the seat's hand and the table (:func:`.legal.legal_sets`,
  when the deal is known): every set the hand may play now, each once (``BJ*`` and ``BJ`` are one
  card for what may be played), in a stable order, complete. An answer lists :data:`PAGE` of them
  from a ``cursor`` on and says where the next page starts.

Without the deal, what depends on hidden cards is said as such: no hand, no concrete plays (the
pattern to beat is given), calls that name a card not listed.

>>> from service.core.random_game import random_record
>>> record = random_record(7)
>>> p = position({**record, "plays": []})
>>> p.phase.value, p.seat == record["plays"][0]["seat"], p.pass_allowed
('play', True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .adjudication import Adjudication, Verdict
from .calls import CallOutcome, run_calls
from .calls_open import BUDGET, Budget, calls_open, dealt_calls
from .cards import parse_cards
from .engine import adjudicate, turns_to_act
from .errors import RecordError, Violation
from .errors import ViolationCode as V
from .legal import legal_sets
from .moves import check_move, guard_candidates, over_whoever_guards
from .ruleset import Ruleset
from .sets import CardSet

__all__ = ["BUDGET", "PAGE", "Phase", "PlayGroup", "Position", "position"]  # BUDGET: calls_open's

PAGE = 200  # legal plays an answer lists, at most (``cursor``: where the page starts)


class Phase(StrEnum):
    """Where a game stands: the crown's calls, the play, over, or stopped at an illegal move."""

    CROWN = "crown"
    PLAY = "play"
    OVER = "over"
    ILLEGAL = "illegal"


@dataclass(frozen=True, slots=True)
class PlayGroup:
    """The legal plays of one size: every one of them, in the generator's order."""

    size: int
    sets: tuple[str, ...]

    def to_json(self, start: int = 0, stop: int | None = None) -> dict[str, Any]:
        """The group as a page lists it: its sets from ``start`` to ``stop``, how many it has in
        all, and whether the page holds them all."""
        shown = self.sets[start:stop]
        return {
            "size": self.size,
            "sets": list(shown),
            "count": len(self.sets),
            "complete": len(shown) == len(self.sets),
        }


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

    def to_json(self, cursor: int = 0, page: int = PAGE) -> dict[str, Any]:
        """The position as an answer gives it, its legal plays from the ``cursor``-th on (in the
        generator's order), at most ``page`` of them; ``legal.next_cursor`` says where the next
        page starts (None: this is the last)."""
        r = self.result
        plays, next_cursor = self._page(cursor, page)
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
            "legal": {"pass": self.pass_allowed, "plays": plays, "next_cursor": next_cursor},
            "unknown": list(self.unknown),
            "violation": None if self.phase != Phase.ILLEGAL or r.violation is None else r.violation.to_json(),
            "outcome": None if r.outcome is None or self.phase is not Phase.OVER else r.outcome.to_json(),
            "notes": list(r.notes),
        }

    def _page(self, cursor: int, page: int) -> tuple[list[dict[str, Any]] | None, int | None]:
        if self.plays is None:
            return None, None
        out: list[dict[str, Any]] = []
        at, stop = 0, cursor + page
        for g in self.plays:
            n = len(g.sets)
            if at + n > cursor and at < stop:
                out.append(g.to_json(max(0, cursor - at), stop - at))
            at += n
        return out, stop if stop < at else None


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
    read = dealt_calls(record, rs)
    if read is None:
        return None
    calls, view = read
    settled = run_calls(calls, rs, view)
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


def _position(record: Mapping[str, Any]) -> Position:
    try:
        result = adjudicate(record)
    except RecordError as exc:  # a finished game whose scores depend on a guard the record does not name
        candidates = guard_candidates(exc)
        if candidates is None:
            raise
        over = over_whoever_guards(record, None, candidates)
        scores = f"the scores: they depend on who the guard was, seat {' or '.join(map(str, candidates))} (see notes)"
        return Position(Phase.OVER, over, cards_left=(0,) * 5, unknown=(scores,))
    v = result.violation
    plays = record.get("plays") or []
    if result.verdict is Verdict.LEGAL:
        going_on = _may_go_on(record, result, plays) if record.get("deal") is None and plays else None
        return going_on or Position(Phase.OVER, result, cards_left=(0,) * 5, out=_finishing(result))
    if result.verdict is Verdict.ILLEGAL:
        if v is not None and v.pointer == "/calls" and v.code is V.CROWN_OUT_OF_ORDER and not plays:
            return _crown(record, result, v)
        return Position(Phase.ILLEGAL, result)
    return _in_play(record, result, plays)


def _crown(record: Mapping[str, Any], result: Adjudication, v: Violation) -> Position:
    """The crown waits for the seat ``v`` names; without the deal, the first answer is the holder of
    BJ*'s, whom the record does not show: every seat's calls that some deal allows."""
    seats = [v.seat] if v.seat is not None else range(5)
    crown_calls, why = calls_open(record, result.ruleset, seats, Budget())
    if v.seat is None:
        why.insert(0, "the seat to act: the holder of BJ*, whom the record does not show without the deal")
    left = _cards_left(record, result, _played(record, result))
    return Position(Phase.CROWN, result, seat=v.seat, cards_left=left, calls_open=crown_calls, unknown=tuple(why))


def _in_play(record: Mapping[str, Any], result: Adjudication, plays: list[Any]) -> Position:
    """An unfinished record in its play (or before its first play): the referee's snapshot."""
    v = result.violation
    assert v is not None and v.code is V.INCOMPLETE  # an unfinished record: the referee's snapshot
    state, seat = v.state, v.seat
    hand, table = state.get("hand"), state.get("table")
    opened: tuple[dict[str, Any], ...] = ()
    unknown: list[str] = []
    played = _played(record, result)
    left = _cards_left(record, result, played)
    turns = (
        None
        if record.get("deal") is not None or _turn_is_known(result, played)
        else turns_to_act(record, result.ruleset)
    )
    if turns is not None and len(turns) != 1:
        # Without the deal a seat may have played its last card unseen (the hands' sizes differ,
        # or the crown moved cards): whose turn it is depends on hidden cards.
        who = " or ".join(f"seat {t}" for t in sorted(turns))
        unknown.append(f"the seat to act: {who}, by the hands' sizes (without the deal they are not known)")
        return Position(
            Phase.PLAY,
            result,
            cards_left=left,
            out=tuple(state.get("out") or ()),
            to_beat=table or None,
            to_beat_by=state.get("table_seat") if table else None,
            unknown=tuple(unknown),
        )
    if turns is not None:  # every way the deal could have been that the log fits: one seat acts
        (seat,) = turns
    if not plays:  # declarations are open until the first card is played
        opened, why = calls_open(record, result.ruleset, range(5), Budget())
        unknown += why
    pass_allowed = check_move(record, {"seat": seat, "pass": True}).legal
    groups = None
    if hand is None:
        unknown.append("plays: the seat's hand is not known without the deal; any set it holds that beats the table")
    else:
        groups = _legal_plays(hand, table, result.ruleset)
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


def _may_go_on(record: Mapping[str, Any], result: Adjudication, plays: list[Any]) -> Position | None:
    """Without the deal, a log the referee takes as a whole game for some deal may still go on
    for another: the seat that played last may or may not have played its last cards. The game
    goes on exactly when a pass may follow (the referee's word on it: a game never ends with a
    pass, so its last play is that seat's set, on the table). Then the position is the game going
    on, whose turn it is only if it does; None when the game is over for every deal."""
    goes_on = check_move(record, {"pass": True})
    if not goes_on.legal:
        return None
    last = result.seats(plays)[-1]
    after = goes_on.result
    nxt = after.seats([*plays, {"pass": True}])[-1]
    state = after.violation.state if after.violation is not None else {}
    played = _played(record, result)
    return Position(
        Phase.PLAY,
        result,  # its outcome is the game's if it is over: not given while it may go on
        cards_left=_cards_left(record, result, played),
        out=tuple(state.get("out") or ()),  # the seats out either way
        to_beat=str(CardSet.of(plays[-1]["cards"])),
        to_beat_by=last,
        unknown=(
            f"whether the game is over: it is if seat {last} played its last cards in play {len(plays) - 1} "
            f"(without the deal its hand's size is not known); if it goes on, seat {nxt} is to act",
        ),
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


def _legal_plays(hand: str, table: str | None, rs: Ruleset) -> tuple[PlayGroup, ...]:
    """The legal plays of ``hand`` on ``table``, grouped by size (``legal.legal_sets``)."""
    by_size: dict[int, list[str]] = {}
    for cards in legal_sets(hand, table, rs):
        by_size.setdefault(len(parse_cards(cards)), []).append(cards)
    return tuple(PlayGroup(size, tuple(sets)) for size, sets in by_size.items())


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
