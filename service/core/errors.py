"""Stable error codes.

Two kinds of trouble, kept apart on purpose:

* a **violation** is a well-formed record that breaks a rule: the adjudication
  answers ``illegal`` (or ``incomplete``) and names the call or play;
* a **problem** is a body that is not a record at all (wrong types, unknown
  card tokens, five hands missing): :class:`RecordError` lists every problem
  with a JSON pointer, and nothing is adjudicated.

Codes are snake_case strings and never change meaning once published.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

__all__ = ["Problem", "RecordError", "Violation", "ViolationCode"]


class ViolationCode(Enum):
    """Every rule a record can break, with a one-line explanation."""

    # Plays (RULES §5, §3), in the order of precedence for one play.
    GAME_OVER = "game_over"
    OUT_OF_TURN = "out_of_turn"
    MUST_LEAD = "must_lead"
    NOT_A_SET = "not_a_set"
    NOT_IN_HAND = "not_in_hand"
    SIXES_NOT_LAST = "sixes_not_last"
    DOES_NOT_BEAT = "does_not_beat"
    INCOMPLETE = "incomplete"
    # Calls (RULES §4).
    CROWN_OUT_OF_ORDER = "crown_out_of_order"
    TRANSFER_WITHOUT_BOTH = "transfer_without_both"
    SOLO_TOO_LATE = "solo_too_late"
    SOLO_NOT_ALLOWED = "solo_not_allowed"
    REVEAL_BY_NON_GUARD = "reveal_by_non_guard"
    REBEL_NOT_ALLOWED = "rebel_not_allowed"
    DUPLICATE_CALL = "duplicate_call"
    KICK_WITHOUT_DECLARATION = "kick_without_declaration"
    SECOND_KICK = "second_kick"
    CALL_AFTER_KICK = "call_after_kick"
    SURRENDER_NOT_ALLOWED = "surrender_not_allowed"
    CALL_NOT_IN_RULESET = "call_not_in_ruleset"
    CALLED_CARD_NOT_ALLOWED = "called_card_not_allowed"
    CALLED_CARD_NOT_HELD = "called_card_not_held"
    # The deal (RULES §2).
    DEAL_WRONG_SIZE = "deal_wrong_size"
    DEAL_NOT_THE_DECK = "deal_not_the_deck"
    MARKED_CARD_MISSING = "marked_card_missing"
    MARKED_CARD_DOUBLED = "marked_card_doubled"

    @property
    def summary(self) -> str:
        return _SUMMARIES[self]


_SUMMARIES = {
    ViolationCode.GAME_OVER: "the game was already over: four seats had gone out",
    ViolationCode.OUT_OF_TURN: "it was another seat's turn",
    ViolationCode.MUST_LEAD: "the table was empty: the leader must play a set, not pass",
    ViolationCode.NOT_A_SET: "the cards are not one set (one rank plus jokers)",
    ViolationCode.NOT_IN_HAND: "the seat does not hold these cards",
    ViolationCode.SIXES_NOT_LAST: "a six may be played only when the hand holds nothing but sixes",
    ViolationCode.DOES_NOT_BEAT: "the set does not beat the set on the table",
    ViolationCode.INCOMPLETE: "the log stops before four seats have gone out",
    ViolationCode.CROWN_OUT_OF_ORDER: "the holder of the emperor card must speak first",
    ViolationCode.TRANSFER_WITHOUT_BOTH: "only a seat holding both marked cards may transfer the crown",
    ViolationCode.SOLO_TOO_LATE: "an open solo must be called right after the crown",
    ViolationCode.SOLO_NOT_ALLOWED: "there is already an emperor for this solo",
    ViolationCode.REVEAL_BY_NON_GUARD: "only the guard of a normal game may reveal",
    ViolationCode.REBEL_NOT_ALLOWED: "only a seat on the rebel side of a game with a guard may rebel",
    ViolationCode.DUPLICATE_CALL: "the seat already made this call",
    ViolationCode.KICK_WITHOUT_DECLARATION: "a kick answers an open declaration by the other side",
    ViolationCode.SECOND_KICK: "a game allows one kick",
    ViolationCode.CALL_AFTER_KICK: "no reveal or rebel may follow the kick",
    ViolationCode.SURRENDER_NOT_ALLOWED: "only the soloist of an open solo may surrender, where the ruleset allows it",
    ViolationCode.CALL_NOT_IN_RULESET: "this ruleset has no such call",
    ViolationCode.CALLED_CARD_NOT_ALLOWED: "a called card is an ordinary suited card: not a joker, not a 2",
    ViolationCode.CALLED_CARD_NOT_HELD: "the emperor must hold three copies of the called card (four for a solo)",
    ViolationCode.DEAL_WRONG_SIZE: "a hand has the wrong number of cards",
    ViolationCode.DEAL_NOT_THE_DECK: "the hands together are not the deck",
    ViolationCode.MARKED_CARD_MISSING: "a marked card (BJ* or SJ*) is missing",
    ViolationCode.MARKED_CARD_DOUBLED: "a marked card (BJ* or SJ*) appears twice",
}


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken by a well-formed record."""

    code: ViolationCode
    pointer: str
    message: str
    seat: int | None = None
    state: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code.value,
            "pointer": self.pointer,
            "seat": self.seat,
            "message": self.message,
            "state": self.state,
        }


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a body is not a record: where (JSON pointer), a code, and a sentence; ``facts``:
    what a program may act on (for a missing fact: which one, and the values it could take)."""

    pointer: str
    code: str
    detail: str
    facts: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"pointer": self.pointer, "code": self.code, "detail": self.detail}
        if self.facts:
            out.update(self.facts)
        return out


class RecordError(ValueError):
    """A body that is not a record. Carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"{first.pointer or '/'}: {first.detail}{more}")
