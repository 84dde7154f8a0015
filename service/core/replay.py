"""A game step by step, for showing it: who played what, trick by trick, the set on the table and
who was out after each play, and each seat's hand where the deal is known.

The referee decides everything here (whose turn a seat-less play was, where a trick starts, how
far the log is legal); this module only lays it out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import RANK_COUNT, Rank, format_counts, parse_cards
from .engine import Adjudication, adjudicate

__all__ = ["Replay", "Step", "replay"]


@dataclass(frozen=True, slots=True)
class Step:
    index: int  # the play's index in the record (its pointer is /plays/index)
    seat: int | None
    cards: str | None  # None: a pass
    trick: int  # 1 for the first trick
    leads: bool
    table: str | None  # the set to beat after this play
    out: tuple[int, ...]  # the seats gone out so far, in order
    hands: tuple[str, ...] | None  # each seat's hand after this play, where the deal is known
    faulty: bool = False  # the play the referee stopped at

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "cards": self.cards,
            "trick": self.trick,
            "leads": self.leads,
            "table": self.table,
            "out": list(self.out),
            "hands": None if self.hands is None else list(self.hands),
            "faulty": self.faulty,
        }


@dataclass(frozen=True, slots=True)
class Replay:
    adjudication: Adjudication
    steps: tuple[Step, ...]
    start: tuple[str, ...] | None  # the hands before the first play (after the crown's card moves)

    def to_json(self) -> dict[str, Any]:
        return {
            "adjudication": self.adjudication.to_json(),
            "start": None if self.start is None else list(self.start),
            "steps": [s.to_json() for s in self.steps],
        }


def replay(record: Mapping[str, Any], judged: Adjudication | None = None) -> Replay:
    """The record's plays as steps. Raises RecordError where the record is not one (or the
    referee needs a fact it leaves open). ``judged``: the referee's answer for this record, where
    the caller has it already."""
    judged = judged or adjudicate(record)
    plays = record.get("plays") or []
    seats = judged.seats(plays)
    v = judged.violation
    stop = None
    if v is not None and v.pointer.startswith("/plays/"):
        stop = int(v.pointer.rsplit("/", 1)[1])
    followed = len(plays) if stop is None else stop + 1
    if v is not None and not v.pointer.startswith("/plays"):
        followed = 0  # the calls or the deal were at fault: no play was judged
    counts = _start_counts(record, judged)
    marked = _marked_holders(record, judged) if counts is not None else {}
    start = None if counts is None else _hands(counts, marked)
    starts = set(judged.trick_starts)
    # Without the deal, a seat went out with its last play (the finishing order says who did).
    went_out: dict[int, int] = {}
    if counts is None and judged.outcome is not None:
        for gone in judged.outcome.facts.finishing_order[:4]:
            mine = [
                i for i, s in enumerate(seats) if s == gone and isinstance(plays[i], dict) and plays[i].get("cards")
            ]
            if mine:
                went_out[mine[-1]] = gone
    steps: list[Step] = []
    top: str | None = None
    out: list[int] = []
    trick = 0
    for i in range(followed):
        p = plays[i]
        seat = seats[i]
        leads = i in starts or i == 0
        if leads:
            trick += 1
            top = None
        cards = p.get("cards") if isinstance(p, dict) else None
        faulty = stop == i
        text = None
        if cards is not None:
            parsed = parse_cards(cards)
            text = " ".join(str(c) for c in parsed)
            if not faulty:
                top = text
                if counts is not None and seat is not None:
                    for c in parsed:
                        counts[seat][c.rank] -= 1
                        # the marked copy is played when written so, or when it is the last of its rank
                        if marked.get(c.rank) == seat and (c.marked or counts[seat][c.rank] == 0):
                            del marked[c.rank]
                    if sum(counts[seat]) == 0 and seat not in out:
                        out.append(seat)
        if counts is None and i in went_out and went_out[i] not in out:
            out.append(went_out[i])
        hands = None if counts is None else _hands(counts, marked)
        steps.append(Step(i, seat, text, trick, leads, top, tuple(out), hands, faulty))
    return Replay(judged, tuple(steps), start)


def _start_counts(record: Mapping[str, Any], judged: Adjudication) -> list[list[int]] | None:
    """Each seat's cards by rank before the first play, where the deal is given: as dealt, with
    the crown's card moves (a transferred BJ*, the standard crown's big joker and 2s) made."""
    deal = record.get("deal")
    if not isinstance(deal, list) or judged.deal_reconstructed:
        return None
    counts = [[0] * RANK_COUNT for _ in range(5)]
    for seat, hand in enumerate(deal):
        for c in parse_cards(hand):
            counts[seat][c.rank] += 1
    for m in judged.crown_moves:
        if m.src is not None:
            counts[m.src][m.rank] -= 1
        counts[m.dst][m.rank] += 1
    return counts


def _marked_holders(record: Mapping[str, Any], judged: Adjudication) -> dict[int, int]:
    """Who holds BJ* and SJ* before the first play (a transferred BJ* has moved): rank → seat."""
    holders: dict[int, int] = {}
    for seat, hand in enumerate(record.get("deal") or []):
        for c in parse_cards(hand):
            if c.marked:
                holders[c.rank] = seat
    for m in judged.crown_moves:
        if m.marked:
            holders[m.rank] = m.dst
    return holders


def _hands(counts: list[list[int]], marked: dict[int, int]) -> tuple[str, ...]:
    """Each seat's hand, its marked jokers written BJ* and SJ*."""
    return tuple(
        format_counts(c, [Rank(r) for r, holder in marked.items() if holder == seat]) for seat, c in enumerate(counts)
    )
