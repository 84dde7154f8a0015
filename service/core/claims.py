"""What a table claims its game came to, set against what the rules make of it.

Players checking a game bring the result they worked out by hand: the finishing order, the
scores, the multiplier, or any part of the outcome. :func:`read_claim` reads such a claim (a JSON
object with any of :data:`CLAIM_FIELDS`); :func:`compare_claim` lists each place where it parts
from the rules' result, with a pointer into the claim and the reason in words.

>>> from service.core.random_game import random_record
>>> from service.core.engine import adjudicate
>>> outcome = adjudicate(random_record(7)).outcome
>>> compare_claim({"scores": list(outcome.scores)}, outcome)
()
>>> [d.pointer for d in compare_claim({"multiplier": outcome.multiplier * 2}, outcome)]
['/claimed/multiplier']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import Problem, RecordError
from .record_form import is_seat
from .roles import Mode
from .scoring import Outcome

__all__ = ["CLAIM_FIELDS", "Difference", "compare_claim", "read_claim"]

CLAIM_FIELDS = (
    "mode",
    "emperor",
    "guard",
    "rebels",
    "guard_revealed",
    "rebellion",
    "kicked_by",
    "finishing_order",
    "multiplier",
    "scores",
)
_MODES = {m.value for m in Mode}
_PLACES = ("1st (头科)", "2nd (二科)", "3rd (三科)", "4th (二落)", "5th (大落)")


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where the claim and the rules part: where in the claim, both values, and why."""

    pointer: str
    claimed: Any
    computed: Any
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "claimed": self.claimed, "computed": self.computed, "reason": self.reason}


def _seat_or_null(v: object) -> bool:
    return v is None or is_seat(v)


def _seats(v: object) -> bool:
    return isinstance(v, list) and all(is_seat(x) for x in v) and len(set(v)) == len(v)


_CHECKS: dict[str, tuple[Any, str]] = {
    "mode": (lambda v: v in _MODES, f"mode is one of {', '.join(sorted(_MODES))}"),
    "emperor": (_seat_or_null, "a seat from 0 to 4, or null"),
    "guard": (_seat_or_null, "a seat from 0 to 4, or null"),
    "kicked_by": (_seat_or_null, "a seat from 0 to 4, or null"),
    "rebels": (_seats, "an array of distinct seats"),
    "finishing_order": (_seats, "an array of distinct seats, 1st first"),
    "guard_revealed": (lambda v: type(v) is bool, "true or false"),
    "rebellion": (lambda v: type(v) is bool, "true or false"),
    "multiplier": (lambda v: type(v) is int and v >= 1, "a whole number from 1 up"),
    "scores": (
        lambda v: isinstance(v, list) and len(v) == 5 and all(type(x) is int for x in v),
        "five whole numbers, seat 0 first",
    ),
}


def read_claim(value: object, pointer: str = "/claimed") -> dict[str, Any]:
    """A claim as a dict of the fields it gives, or RecordError listing every problem."""
    if not isinstance(value, Mapping):
        raise RecordError(
            [Problem(pointer, "invalid_type", "a claim is an object with any of " + ", ".join(CLAIM_FIELDS))]
        )
    problems = []
    for key, v in value.items():
        check = _CHECKS.get(key)
        if check is None:
            problems.append(
                Problem(f"{pointer}/{key}", "unknown_field", f"a claim has {', '.join(CLAIM_FIELDS)}, not {key!r}")
            )
        elif not check[0](v):
            problems.append(Problem(f"{pointer}/{key}", "invalid_value", f"{key}: {check[1]}"))
    if problems:
        raise RecordError(problems)
    return dict(value)


def compare_claim(claim: Mapping[str, Any], outcome: Outcome, pointer: str = "/claimed") -> tuple[Difference, ...]:
    """Every difference between a (read) claim and the rules' outcome, in field order."""
    computed = outcome.to_json()
    facts = outcome.facts
    out: list[Difference] = []
    for key in CLAIM_FIELDS:
        if key not in claim:
            continue
        mine, theirs = claim[key], computed[key]
        if key == "rebels":
            mine, theirs = sorted(mine), sorted(theirs)
        if mine == theirs:
            continue
        if key == "finishing_order":
            out.extend(_order(claim[key], computed[key], pointer))
        elif key == "scores":
            out.extend(_scores(claim[key], computed[key], outcome, pointer))
        elif key == "multiplier":
            out.append(Difference(f"{pointer}/multiplier", mine, theirs, _multiplier(mine, outcome)))
        else:
            out.append(Difference(f"{pointer}/{key}", claim[key], computed[key], _fact(key, mine, facts, outcome)))
    return tuple(out)


def _order(claimed: list[int], computed: list[int], pointer: str) -> list[Difference]:
    out = []
    for place, seat in enumerate(claimed):
        real = computed[place] if place < len(computed) else None
        if seat != real:
            where = computed.index(seat) if seat in computed else None
            said = f"the plays put seat {real} there" if real is not None else "the game had no such place"
            if where is not None:
                said += f", and seat {seat} {_PLACES[where]}"
            out.append(
                Difference(
                    f"{pointer}/finishing_order/{place}", seat, real, f"claimed seat {seat} {_PLACES[place]}; {said}"
                )
            )
    if len(claimed) < len(computed):
        out.append(
            Difference(
                f"{pointer}/finishing_order",
                claimed,
                computed,
                f"the claim lists {len(claimed)} places; the plays give {len(computed)}",
            )
        )
    return out


def _signed(n: int) -> str:
    return f"{n:+d}"


def _scores(claimed: list[int], computed: list[int], outcome: Outcome, pointer: str) -> list[Difference]:
    out = []
    base = outcome.base_scores
    for seat in range(5):
        if claimed[seat] == computed[seat]:
            continue
        why = f"claimed {_signed(claimed[seat])} for seat {seat}; the rules give {_signed(computed[seat])}"
        if base[seat] and claimed[seat] % base[seat] == 0 and claimed[seat] // base[seat] > 0:
            factor = claimed[seat] // base[seat]
            why += f" ({_signed(base[seat])} before multipliers, ×{outcome.multiplier} — the claim has ×{factor})"
        out.append(Difference(f"{pointer}/scores/{seat}", claimed[seat], computed[seat], why))
    if sum(claimed) != 0:
        out.append(
            Difference(
                f"{pointer}/scores",
                claimed,
                computed,
                f"the claimed scores add up to {_signed(sum(claimed))}; every game's scores add up to 0",
            )
        )
    return out


def _multiplier(claimed: int, outcome: Outcome) -> str:
    facts = outcome.facts
    applied = "; ".join(f"{m.reason} ×{m.factor}" for m in outcome.multipliers) or "no doubling applies"
    why = f"claimed ×{claimed}; the rules give ×{outcome.multiplier} ({applied})"
    if claimed > outcome.multiplier:
        missing = []
        if facts.mode is Mode.NORMAL and not facts.guard_revealed:
            missing.append("the guard never revealed (no 明保)")
        if facts.mode in (Mode.NORMAL, Mode.HIDDEN_SOLO) and not outcome.rebellion:
            missing.append(f"the rebellion did not succeed ({len(facts.rebels)} rebels; no 造反)")
        if facts.kicked_by is None:
            missing.append("nobody kicked (no 踢)")
        if missing:
            why += ": but " + ", and ".join(missing)
    return why


def _fact(key: str, claimed: Any, facts: Any, outcome: Outcome) -> str:
    computed = outcome.to_json()[key]
    sentences = {
        "mode": f"claimed a {claimed} game; the calls make it {computed}",
        "emperor": f"claimed seat {claimed} as the emperor; the calls make it seat {computed}",
        "guard": f"claimed seat {claimed} as the guard; the deal and calls make it {'nobody' if computed is None else f'seat {computed}'}",
        "guard_revealed": "claimed the guard revealed (明保); no reveal was called"
        if claimed
        else "claimed the guard stayed hidden; it revealed (明保)",
        "rebellion": "claimed a successful rebellion (造反); "
        + (f"only {len(facts.rebels)} rebelled" if claimed else f"{len(facts.rebels)} rebels made it succeed"),
        "kicked_by": f"claimed a kick by seat {claimed}; "
        + ("nobody kicked" if computed is None else f"seat {computed} kicked"),
        "rebels": f"claimed rebels {claimed}; the calls have {computed}",
    }
    return sentences.get(key, f"claimed {claimed!r}; the rules give {computed!r}")
