"""The referee's answer: a verdict, the ruleset it was judged by, the violation or the outcome,
the notes on what a record without its deal was assumed to be, the table's claim set against the
rules, and what the pages need to show the log (where each trick started, whose turn each
seat-less play was, the cards that changed hands during the crown)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .call_types import CardMove
from .claims import Difference
from .errors import Violation
from .ruleset import Ruleset
from .scoring import Outcome

__all__ = ["Adjudication", "Verdict", "ruleset_json"]


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

    # Written out rather than generated (see Call): the same parameters as the fields.
    def __init__(
        self,
        verdict: Verdict,
        ruleset: Ruleset,
        deal_reconstructed: bool,
        violation: Violation | None = None,
        outcome: Outcome | None = None,
        notes: tuple[str, ...] = (),
        claim: dict[str, Any] | None = None,
        differences: tuple[Difference, ...] = (),
        trick_starts: tuple[int, ...] = (),
        implied_seats: tuple[int, ...] = (),
        crown_moves: tuple[CardMove, ...] = (),
    ) -> None:
        object.__setattr__(self, "verdict", verdict)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "deal_reconstructed", deal_reconstructed)
        object.__setattr__(self, "violation", violation)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "claim", claim)
        object.__setattr__(self, "differences", differences)
        object.__setattr__(self, "trick_starts", trick_starts)
        object.__setattr__(self, "implied_seats", implied_seats)
        object.__setattr__(self, "crown_moves", crown_moves)

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
            "ruleset": ruleset_json(self.ruleset),
            "deal_reconstructed": self.deal_reconstructed,
            "notes": list(self.notes),
            "violation": None if self.violation is None else self.violation.to_json(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "claim": self.claim_json(),
        }


def ruleset_json(rs: Ruleset) -> dict[str, Any]:
    """The ruleset as an answer shows it (``options()`` is a fresh copy each time)."""
    return {"name": rs.name, "options": rs.options()}
