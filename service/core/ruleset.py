"""The ruleset: every rule decision the engine makes reads one of these fields.

A ruleset is a named, immutable value. Presets live in :data:`PRESETS`; a club
that plays Weihai with one house rule changed asks for
``Ruleset.from_options("weihai", {"pass": "hard"})``.

>>> Ruleset.from_options("weihai", {"pass": "hard"}).pass_rule
<PassRule.HARD: 'hard'>
>>> Ruleset.from_options("weihai", {"pass": "sticky"})
Traceback (most recent call last):
...
service.core.ruleset.RulesetError: option 'pass' must be one of 'soft', 'hard'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from .cards import Card, Rank

__all__ = [
    "DECKS",
    "PRESETS",
    "WEIHAI",
    "Deck",
    "LastRankRule",
    "OpenSoloTable",
    "OptionInfo",
    "PassRule",
    "Ruleset",
    "RulesetError",
    "TransferTarget",
    "option_infos",
]


class RulesetError(ValueError):
    """An unknown ruleset, an unknown option or a bad option value.

    ``key`` is the option name (None for the ruleset name itself).
    """

    def __init__(self, message: str, key: str | None = None) -> None:
        self.key = key
        super().__init__(message)


class PassRule(Enum):
    SOFT = "soft"
    HARD = "hard"


class LastRankRule(Enum):
    SIXES = "sixes"
    SIXES_FINAL_PLAY = "sixes_final_play"
    OFF = "off"


class TransferTarget(Enum):
    NEXT_BUT_ONE = "next_but_one"
    PREVIOUS = "previous"


class DoubleStacking(Enum):
    ONCE = "once"
    STACKED = "stacked"


class OpenSoloTable(Enum):
    FLAT = "flat"
    PER_PLACE = "per_place"


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: how many copies of each rank, and how many cards each seat gets."""

    name: str
    counts: tuple[int, ...]
    hand_size: int
    description: str

    @property
    def size(self) -> int:
        return sum(self.counts)

    def cards(self) -> list[Card]:
        """Every card of the deck, low to high; one big and one small joker are the marked copies."""
        out: list[Card] = []
        for rank in Rank:
            n = self.counts[rank]
            if rank.is_joker and n:
                out.append(Card(rank, marked=True))
                n -= 1
            out.extend([Card(rank)] * n)
        return out


def _counts(**by_rank: int) -> tuple[int, ...]:
    out = [0] * len(Rank)
    for name, n in by_rank.items():
        out[Rank[name]] = n
    return tuple(out)


DECKS: dict[str, Deck] = {
    "165": Deck(
        "165",
        _counts(
            SIX=13,
            SEVEN=16,
            EIGHT=16,
            NINE=16,
            TEN=16,
            JACK=16,
            QUEEN=16,
            KING=16,
            ACE=16,
            TWO=16,
            SMALL_JOKER=4,
            BIG_JOKER=4,
        ),
        33,
        "four 54-card decks without 3, 4, 5 and without three of the sixes; 33 cards a seat",
    ),
}


def _opt(key: str, description: str, **extra: Any) -> Any:
    return {"key": key, "description": description, **extra}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Rule options (RULES §8). Defaults are the Weihai rules."""

    name: str = "weihai"
    deck: str = field(default="165", metadata=_opt("deck", "which deck is dealt", choices=tuple(DECKS)))
    last_rank: LastRankRule = field(
        default=LastRankRule.SIXES,
        metadata=_opt(
            "last_rank",
            "憋6: 'sixes' = a play with a six is legal only when the hand holds nothing but sixes; "
            "'sixes_final_play' = all of a seat's sixes go out in its final play; 'off' = no such rule",
        ),
    )
    twos_with_jokers: bool = field(
        default=True, metadata=_opt("twos_with_jokers", "whether a set of 2s may carry jokers")
    )
    pass_rule: PassRule = field(
        default=PassRule.SOFT,
        metadata=_opt(
            "pass",
            "'soft' = a pass answers only the set in front of you; 'hard' = a pass ends your part in the trick",
        ),
    )
    transfer_to: TransferTarget = field(
        default=TransferTarget.NEXT_BUT_ONE,
        metadata=_opt(
            "transfer_to",
            "where a transferred crown goes: 'next_but_one' = seat s+2, 'previous' = seat s-1 (上家)",
        ),
    )
    rebellion_threshold: int = field(
        default=2,
        metadata=_opt("rebellion_threshold", "how many rebels make a rebellion succeed", choices=(2, 3)),
    )
    reveal_and_rebellion: DoubleStacking = field(
        default=DoubleStacking.ONCE,
        metadata=_opt(
            "reveal_and_rebellion",
            "a revealed guard and a successful rebellion together: 'once' = ×2, 'stacked' = ×4",
        ),
    )
    surrender: bool = field(
        default=False,
        metadata=_opt("surrender", "投降: the soloist of an open solo may give up before play (−4 / +1 each)"),
    )
    royal_sweep_double: bool = field(
        default=False,
        metadata=_opt(
            "royal_sweep_double",
            "×2 when the emperor and guard take 1st and 2nd, or 4th and 5th (normal games)",
        ),
    )
    open_solo_table: OpenSoloTable = field(
        default=OpenSoloTable.FLAT,
        metadata=_opt(
            "open_solo_table",
            "'flat' = soloist 1st +32 and others −8 each, otherwise −32 / +8; "
            "'per_place' = soloist 16/4/0/−4/−16 by place, ×2, others −¼ each",
        ),
    )
    place_points: tuple[int, ...] = (4, 2, 0, -2, -4)
    hidden_solo_points: tuple[int, ...] = (16, 8, 0, -8, -16)
    open_solo_place_points: tuple[int, ...] = (32, 8, 0, -8, -32)

    # Derived facts the engine reads often.
    @property
    def deck_spec(self) -> Deck:
        return DECKS[self.deck]

    @property
    def last_rank_card(self) -> Rank | None:
        return None if self.last_rank is LastRankRule.OFF else Rank.SIX

    def transfer_target(self, seat: int) -> int:
        if self.transfer_to is TransferTarget.NEXT_BUT_ONE:
            return (seat + 2) % 5
        return (seat - 1) % 5

    def options(self) -> dict[str, Any]:
        """The settable options as JSON values, by option key."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if not f.metadata:
                continue
            value = getattr(self, f.name)
            out[f.metadata["key"]] = value.value if isinstance(value, Enum) else value
        return out

    @classmethod
    def from_options(cls, name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
        base = PRESETS.get(name)
        if base is None:
            raise RulesetError(f"unknown ruleset {name!r}; known: {', '.join(PRESETS)}")
        if not options:
            return base
        changes: dict[str, Any] = {}
        for key, raw in options.items():
            f = _OPTION_FIELDS.get(key)
            if f is None:
                raise RulesetError(f"unknown option {key!r}; known: {', '.join(_OPTION_FIELDS)}", key)
            changes[f.name] = _coerce(f, key, raw)
        return replace(base, **changes)


def _coerce(f: Any, key: str, raw: Any) -> Any:
    default = f.default
    if isinstance(default, Enum):
        enum_type = type(default)
        for member in enum_type:
            if raw == member.value:
                return member
        allowed = ", ".join(repr(m.value) for m in enum_type)
        raise RulesetError(f"option {key!r} must be one of {allowed}", key)
    if isinstance(default, bool):
        if type(raw) is not bool:
            raise RulesetError(f"option {key!r} must be true or false", key)
        return raw
    choices = f.metadata.get("choices")
    if choices is not None:
        if type(raw) is not type(default) or raw not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise RulesetError(f"option {key!r} must be one of {allowed}", key)
        return raw
    raise RulesetError(f"option {key!r} cannot be set", key)  # pragma: no cover


_OPTION_FIELDS = {f.metadata["key"]: f for f in fields(Ruleset) if f.metadata}


@dataclass(frozen=True, slots=True)
class OptionInfo:
    key: str
    default: Any
    choices: tuple[Any, ...]
    description: str


def option_infos(ruleset: Ruleset) -> tuple[OptionInfo, ...]:
    """Every settable option with its value in ``ruleset`` and its allowed values."""
    out = []
    for f in fields(ruleset):
        if not f.metadata:
            continue
        value = getattr(ruleset, f.name)
        if isinstance(value, Enum):
            choices: tuple[Any, ...] = tuple(m.value for m in type(value))
            value = value.value
        elif isinstance(value, bool):
            choices = (True, False)
        else:
            choices = tuple(f.metadata["choices"])
        out.append(OptionInfo(f.metadata["key"], value, choices, f.metadata["description"]))
    return tuple(out)


WEIHAI = Ruleset()

PRESETS: dict[str, Ruleset] = {"weihai": WEIHAI}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "weihai": "Weihai (威海) rules: 165 cards, marked jokers choose emperor and guard, "
    "sixes last, soft pass, rebellion at two rebels, kick once per game.",
}
