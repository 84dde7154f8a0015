"""A record as a typed value: the ruleset, the deal (optional), the calls and the plays.

:meth:`Record.from_json` reads a record (decoded JSON) and refuses anything that is not one,
every problem with its JSON pointer; :meth:`Record.to_json` writes it back in the canonical
spelling (``Record.from_json(r.to_json()) == r``). The engine judges the decoded JSON directly
(building an object for each of a game's few hundred plays would cost more than checking them);
this is the value the rest of the program hands around: the notation reads into it and writes
from it, and its :meth:`fingerprint` names the game for the duplicate check.

>>> from service.core.random_game import random_record
>>> r = Record.from_json(random_record(7))
>>> Record.from_json(r.to_json()) == r, r.adjudicate().verdict.value
(True, 'legal')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .call_types import Call
from .cards import Card, format_card, format_cards
from .claims import read_claim
from .engine import Adjudication, _read_deal, adjudicate, read_head, read_seats_and_meta
from .errors import Problem, RecordError
from .identity import record_fingerprint
from .record_form import play_problems, read_calls, read_cards
from .ruleset import WEIHAI, Ruleset

__all__ = ["Play", "Record"]


@dataclass(frozen=True, slots=True)
class Play:
    """One entry of the play log: a seat's cards, or its pass (``cards`` None). ``seat`` None:
    the record left it out (the seat whose turn it is)."""

    seat: int | None
    cards: tuple[Card, ...] | None

    @property
    def is_pass(self) -> bool:
        return self.cards is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.seat is None else {"seat": self.seat}
        if self.cards is None:
            out["pass"] = True
        else:
            out["cards"] = format_cards(self.cards)
        return out


@dataclass(frozen=True, slots=True)
class Record:
    ruleset: Ruleset = WEIHAI
    deal: tuple[tuple[Card, ...], ...] | None = None
    calls: tuple[Call, ...] = ()
    plays: tuple[Play, ...] = ()
    guard: int | None = None
    first_candidate: int | None = None
    meta: Mapping[str, Any] | None = field(default=None, hash=False)
    claimed: Mapping[str, Any] | None = field(default=None, hash=False)

    @classmethod
    def from_json(cls, doc: object, ruleset: Ruleset | None = None) -> Record:
        """The record ``doc`` (decoded JSON) writes; RecordError naming every problem.
        ``ruleset``: judge by this one whatever the record names (a tournament's)."""
        if not isinstance(doc, dict):
            raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
        rs, problems = read_head(doc, ruleset)
        hands = _read_deal(doc.get("deal"), rs, problems)
        calls = read_calls(doc.get("calls"), problems, rs)
        plays: list[Play] = []
        raw_plays = doc.get("plays")
        if raw_plays is not None and not isinstance(raw_plays, list):
            problems.append(Problem("/plays", "invalid_type", "plays are an array"))
        for i, p in enumerate(raw_plays if isinstance(raw_plays, list) else ()):
            wrong = play_problems(p, i)
            if wrong:
                problems.extend(wrong)
                continue
            cards = p.get("cards")
            parsed = None if cards is None else read_cards(cards, f"/plays/{i}/cards", problems)
            plays.append(Play(p.get("seat"), parsed))
        guard, first = read_seats_and_meta(doc, rs, problems)
        meta = doc.get("meta")
        claimed = None
        if doc.get("claimed") is not None:
            try:
                claimed = read_claim(doc["claimed"])
            except RecordError as exc:
                problems.extend(exc.problems)
        if problems:
            raise RecordError(problems)
        return cls(
            rs,
            None if hands is None else tuple(hands),
            calls,
            tuple(plays),
            guard,
            first,
            meta,
            claimed,
        )

    def to_json(self) -> dict[str, Any]:
        """The record in the canonical spelling: canonical card tokens, in the order written; the
        ruleset as its name and the options it changes; empty fields left out."""
        out: dict[str, Any] = {"ruleset": self.ruleset.to_json()}
        if self.first_candidate is not None:
            out["first_candidate"] = self.first_candidate
        if self.deal is not None:
            out["deal"] = [format_cards(hand) for hand in self.deal]
        out["calls"] = [
            {"seat": c.seat, "call": c.kind.value, **({} if c.card is None else {"card": format_card(c.card)})}
            for c in self.calls
        ]
        out["plays"] = [p.to_json() for p in self.plays]
        if self.guard is not None:
            out["guard"] = self.guard
        if self.meta is not None:
            out["meta"] = dict(self.meta)
        if self.claimed is not None:
            out["claimed"] = dict(self.claimed)
        return out

    def fingerprint(self) -> str:
        """Which game this is, whoever sat where and however its cards were spelled: the key of
        the duplicate check (core/identity.py)."""
        return record_fingerprint(self.to_json(), self.ruleset)

    def adjudicate(self) -> Adjudication:
        return adjudicate(self.to_json(), self.ruleset)
