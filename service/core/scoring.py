"""Scores (RULES §6): one class per scoring rule.

The base rules give each seat its points before doubling; the multiplier rules
each say whether they apply and why. Every table is zero-sum.

>>> facts = GameFacts(Mode.NORMAL, emperor=0, guard=1, finishing_order=(0, 2, 3, 1, 4))
>>> score(facts).scores   # seed 004: emperor 1st, guard 4th, K = 4 - 2 = 2
(4, 2, -2, -2, -2)
>>> from dataclasses import replace
>>> score(replace(facts, guard_revealed=True, kicked_by=2)).scores
(16, 8, -8, -8, -8)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import Card, format_card
from .roles import Mode, Role, rebellion_succeeded
from .ruleset import WEIHAI, DoubleStacking, HiddenSoloTable, OpenSoloTable, Ruleset

__all__ = [
    "GameFacts",
    "Mode",
    "Multiplier",
    "Outcome",
    "SeatResult",
    "score",
]


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What happened, as far as scoring cares. Seats are 0–4."""

    mode: Mode
    emperor: int | None  # None only for a void deal
    guard: int | None = None
    rebels: tuple[int, ...] = ()
    guard_revealed: bool = False
    kicked_by: int | None = None
    finishing_order: tuple[int, ...] = ()
    called: Card | None = None  # the suited card the emperor called, where the ruleset calls one

    def __init__(  # written out: see call_types.Call
        self,
        mode: Mode,
        emperor: int | None,
        guard: int | None = None,
        rebels: tuple[int, ...] = (),
        guard_revealed: bool = False,
        kicked_by: int | None = None,
        finishing_order: tuple[int, ...] = (),
        called: Card | None = None,
    ) -> None:
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "emperor", emperor)
        object.__setattr__(self, "guard", guard)
        object.__setattr__(self, "rebels", rebels)
        object.__setattr__(self, "guard_revealed", guard_revealed)
        object.__setattr__(self, "kicked_by", kicked_by)
        object.__setattr__(self, "finishing_order", finishing_order)
        object.__setattr__(self, "called", called)

    def place_of(self, seat: int | None) -> int:
        """0 for 1st … 4 for 5th."""
        return self.finishing_order.index(seat)

    def rebellion(self, ruleset: Ruleset) -> bool:
        return rebellion_succeeded(self.mode, self.rebels, ruleset)


@dataclass(frozen=True, slots=True)
class Multiplier:
    rule: str
    factor: int
    reason: str

    def __init__(self, rule: str, factor: int, reason: str) -> None:  # written out: see call_types.Call
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "factor", factor)
        object.__setattr__(self, "reason", reason)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "factor": self.factor, "reason": self.reason}


# The roles of the emperor's side in a SeatResult (the rebels, and every seat of a void deal, are
# "other").
CROWN_ROLES = (Role.EMPEROR, Role.GUARD)


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's share of a game: its role, its place (1–5; None where nobody played), its
    score, and whether it called rebellion (造反: a seat of the other side that declared it). What
    a tournament stores a row of, and what its standings add up."""

    seat: int
    role: Role  # a hidden solo's emperor is its own guard: the emperor
    place: int | None
    score: int
    rebelled: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    facts: GameFacts
    rebellion: bool
    multipliers: tuple[Multiplier, ...]
    base_scores: tuple[int, ...]
    scores: tuple[int, ...]

    def __init__(  # written out: see call_types.Call
        self,
        facts: GameFacts,
        rebellion: bool,
        multipliers: tuple[Multiplier, ...],
        base_scores: tuple[int, ...],
        scores: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "facts", facts)
        object.__setattr__(self, "rebellion", rebellion)
        object.__setattr__(self, "multipliers", multipliers)
        object.__setattr__(self, "base_scores", base_scores)
        object.__setattr__(self, "scores", scores)

    @property
    def multiplier(self) -> int:
        m = 1
        for x in self.multipliers:
            m *= x.factor
        return m

    def seat_results(self) -> tuple[SeatResult, ...]:
        f = self.facts
        return tuple(
            SeatResult(
                seat,
                Role.EMPEROR if seat == f.emperor else Role.GUARD if seat == f.guard else Role.OTHER,
                f.finishing_order.index(seat) + 1 if seat in f.finishing_order else None,
                self.scores[seat],
                seat in f.rebels,
            )
            for seat in range(5)
        )

    def to_json(self) -> dict[str, Any]:
        f = self.facts
        return {
            "mode": f.mode.value,
            "emperor": f.emperor,
            "guard": f.guard,
            "rebels": list(f.rebels),
            "guard_revealed": f.guard_revealed,
            "rebellion": self.rebellion,
            "kicked_by": f.kicked_by,
            "finishing_order": list(f.finishing_order),
            "called_card": None if f.called is None else format_card(f.called),
            "multiplier": self.multiplier,
            "multipliers": [m.to_json() for m in self.multipliers],
            "base_scores": list(self.base_scores),
            "scores": list(self.scores),
        }


# --- base rules -----------------------------------------------------------------


class BaseRule:
    mode: ClassVar[Mode]

    def base(self, facts: GameFacts, ruleset: Ruleset) -> list[int]:
        raise NotImplementedError


def _emperor_against_all(facts: GameFacts, emperor_points: int) -> list[int]:
    # The four others share the emperor's points equally, with the opposite sign.
    assert facts.emperor is not None
    other, rest = divmod(-emperor_points, 4)
    if rest:  # pragma: no cover - every table divides by four
        raise ValueError("solo table does not divide by four")
    out = [other] * 5
    out[facts.emperor] = emperor_points
    return out


class NormalGameBase(BaseRule):
    """K = points(emperor) + points(guard); emperor 2K, guard K, each other seat −K."""

    mode = Mode.NORMAL

    def base(self, facts: GameFacts, ruleset: Ruleset) -> list[int]:
        assert facts.guard is not None and facts.emperor is not None
        pts = ruleset.place_points
        k = pts[facts.place_of(facts.emperor)] + pts[facts.place_of(facts.guard)]
        out = [-k] * 5
        out[facts.emperor] = 2 * k
        out[facts.guard] = k
        return out


def _solo_points(points: int, ruleset: Ruleset) -> int:
    """A solo's points scaled by the house's solo base (100 or 150 %: both keep quarters whole)."""
    return points * ruleset.solo_base_percent // 100


class HiddenSoloBase(BaseRule):
    """暗独: the emperor scores by place 16/8/0/−8/−16 (or, per option, first wins, second draws,
    anything else loses: 16/0/−16/−16/−16), each other seat −¼ of it."""

    mode = Mode.HIDDEN_SOLO

    def base(self, facts: GameFacts, ruleset: Ruleset) -> list[int]:
        if ruleset.hidden_solo_table is HiddenSoloTable.FIRST_WINS:
            table = ruleset.hidden_solo_first_wins
        else:
            table = ruleset.hidden_solo_points
        return _emperor_against_all(facts, _solo_points(table[facts.place_of(facts.emperor)], ruleset))


class OpenSoloBase(BaseRule):
    """明独/独保: flat 32 (1st) or −32; or, per option, a table by place."""

    mode = Mode.OPEN_SOLO

    def base(self, facts: GameFacts, ruleset: Ruleset) -> list[int]:
        place = facts.place_of(facts.emperor)
        if ruleset.open_solo_table is OpenSoloTable.FLAT:
            points = 32 if place == 0 else -32
        else:
            points = ruleset.open_solo_place_points[place]
        return _emperor_against_all(facts, _solo_points(points, ruleset))


class SurrenderBase(BaseRule):
    """投降: the soloist gives up before play: −4, every other seat +1."""

    mode = Mode.SURRENDER

    def base(self, facts: GameFacts, ruleset: Ruleset) -> list[int]:
        return _emperor_against_all(facts, -4)


class VoidBase(BaseRule):
    """A void deal (nobody took the crown): nothing is scored."""

    mode = Mode.VOID

    def base(self, facts: GameFacts, ruleset: Ruleset) -> list[int]:
        return [0] * 5


BASE_RULES: dict[Mode, BaseRule] = {
    r.mode: r for r in (NormalGameBase(), HiddenSoloBase(), OpenSoloBase(), SurrenderBase(), VoidBase())
}


# --- multiplier rules -------------------------------------------------------------


class MultiplierRule:
    name: ClassVar[str]

    def apply(self, facts: GameFacts, ruleset: Ruleset) -> Multiplier | None:
        raise NotImplementedError


class RevealOrRebellion(MultiplierRule):
    """Normal game: ×2 if the guard revealed (明保) or the rebellion succeeded (造反);
    both together are one doubling, or ×4 where the ruleset stacks them."""

    name = "reveal_or_rebellion"

    def apply(self, facts: GameFacts, ruleset: Ruleset) -> Multiplier | None:
        if facts.mode is not Mode.NORMAL:
            return None
        rebellion = facts.rebellion(ruleset)
        if facts.guard_revealed and rebellion:
            factor = 4 if ruleset.reveal_and_rebellion is DoubleStacking.STACKED else 2
            return Multiplier(self.name, factor, "guard revealed (明保) and rebellion succeeded (造反)")
        if facts.guard_revealed:
            return Multiplier(self.name, 2, "guard revealed (明保)")
        if rebellion:
            return Multiplier(self.name, 2, f"rebellion succeeded (造反): {len(facts.rebels)} rebels")
        return None


class HiddenSoloRebellion(MultiplierRule):
    """Hidden solo: ×2 if the rebellion succeeded."""

    name = "hidden_solo_rebellion"

    def apply(self, facts: GameFacts, ruleset: Ruleset) -> Multiplier | None:
        if facts.mode is Mode.HIDDEN_SOLO and facts.rebellion(ruleset):
            return Multiplier(
                self.name, 2, f"rebellion succeeded (造反) against a hidden solo: {len(facts.rebels)} rebels"
            )
        return None


class RoyalSweep(MultiplierRule):
    """Option: ×2 when emperor and guard take 1st and 2nd, or 4th and 5th."""

    name = "royal_sweep"

    def apply(self, facts: GameFacts, ruleset: Ruleset) -> Multiplier | None:
        if not ruleset.royal_sweep_double or facts.mode is not Mode.NORMAL or facts.guard is None:
            return None
        places = {facts.place_of(facts.emperor), facts.place_of(facts.guard)}
        if places == {0, 1}:
            return Multiplier(self.name, 2, "emperor and guard took 1st and 2nd")
        if places == {3, 4}:
            return Multiplier(self.name, 2, "emperor and guard took 4th and 5th")
        return None


class Kick(MultiplierRule):
    """踢: ×2 more, on top of everything, whoever wins."""

    name = "kick"

    def apply(self, facts: GameFacts, ruleset: Ruleset) -> Multiplier | None:
        if facts.kicked_by is None:
            return None
        return Multiplier(self.name, 2, f"kick (踢) by seat {facts.kicked_by}")


MULTIPLIER_RULES: tuple[MultiplierRule, ...] = (RevealOrRebellion(), HiddenSoloRebellion(), RoyalSweep(), Kick())


def score(facts: GameFacts, ruleset: Ruleset = WEIHAI) -> Outcome:
    """Score a finished game. The facts must be consistent (see :mod:`.calls`)."""
    base = BASE_RULES[facts.mode].base(facts, ruleset)
    multipliers = tuple(m for rule in MULTIPLIER_RULES if (m := rule.apply(facts, ruleset)) is not None)
    factor = 1
    for m in multipliers:
        factor *= m.factor
    scores = tuple(b * factor for b in base)
    assert sum(scores) == 0, "score table is not zero-sum"
    return Outcome(facts, facts.rebellion(ruleset), multipliers, tuple(base), scores)
