"""The ruleset: every rule decision the engine makes reads one of these fields.

A ruleset is a named, immutable value. Presets live in :data:`PRESETS`; a club that plays Weihai
with one house rule changed asks for ``Ruleset.from_options("weihai", {"pass": "hard"})``.

>>> Ruleset.from_options("weihai", {"pass": "hard"}).pass_rule
<PassRule.HARD: 'hard'>
>>> Ruleset.from_options("weihai", {"pass": "sticky"})
Traceback (most recent call last):
...
service.core.ruleset.RulesetError: option 'pass' must be one of 'soft', 'hard'
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from .cards import Card, Rank, Suit
from .choices import (
    DECKS,
    CrownProcedure,
    Deck,
    DoubleStacking,
    HiddenSoloTable,
    LastRankRule,
    OpenSoloTable,
    PassRule,
    TransferTarget,
)

__all__ = [
    "DECKS",
    "PRESETS",
    "WEIHAI",
    "CrownProcedure",
    "Deck",
    "DoubleStacking",
    "HiddenSoloTable",
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
            "憋6/憋三: 'sixes' = a play with a six is legal only when the hand holds nothing but sixes; "
            "'sixes_final_play' = a play with sixes must be the seat's last (保六); "
            "'threes' = the same as 'sixes' for threes (needs a deck with threes); 'off' = no such rule",
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
    hidden_solo_table: HiddenSoloTable = field(
        default=HiddenSoloTable.BY_PLACE,
        metadata=_opt(
            "hidden_solo_table",
            "暗独: 'by_place' = the soloist 16/8/0/−8/−16 by place, others −¼ each; "
            "'first_wins' = 1st wins (+16), 2nd draws (0), anything else loses (−16), others −¼ each",
        ),
    )
    solo_base_percent: int = field(
        default=100,
        metadata=_opt(
            "solo_base_percent",
            "a solo's points (declared and hidden) against a normal game's: 100 = the tables as they are, "
            "150 = half as much again (a declared solo won is +48 against a normal game's +12)",
            choices=(100, 150),
        ),
    )
    crown: CrownProcedure = CrownProcedure.WEIHAI
    open_solo_by_others: bool = True
    place_points: tuple[int, ...] = (4, 2, 0, -2, -4)
    hidden_solo_points: tuple[int, ...] = (16, 8, 0, -8, -16)
    hidden_solo_first_wins: tuple[int, ...] = (16, 0, -16, -16, -16)
    open_solo_place_points: tuple[int, ...] = (32, 8, 0, -8, -32)
    # (the options as JSON values, the canonical text, the dealt counts, the hand sizes): made
    # once, as an answer shows them and as every game's deal is checked against them.
    _derived: tuple[dict[str, Any], str, tuple[int, ...], tuple[int, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_derived", _derive(self))

    # Derived facts the engine reads often.
    @property
    def deck_spec(self) -> Deck:
        return DECKS[self.deck]

    @property
    def last_rank_card(self) -> Rank | None:
        if self.last_rank is LastRankRule.OFF:
            return None
        return Rank.THREE if self.last_rank is LastRankRule.THREES else Rank.SIX

    @property
    def marked_jokers(self) -> bool:
        """Whether the deal marks one BJ (BJ*) and one SJ (SJ*)."""
        return self.crown is not CrownProcedure.CALLED

    @property
    def set_aside(self) -> Rank | None:
        """A card kept out of the deal and offered with the crown (standard: one big joker)."""
        return Rank.BIG_JOKER if self.crown is CrownProcedure.CALLED else None

    @property
    def suits_required(self) -> bool:
        """Whether the guard is chosen by calling a suited card, so the deal must show suits."""
        return self.crown in (CrownProcedure.CALLED, CrownProcedure.KK_CLASSIC)

    @property
    def dealt_counts(self) -> tuple[int, ...]:
        return self._derived[2]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The sizes of the five hands, largest first: as even as the deal allows."""
        return self._derived[3]

    def dealt_cards(self) -> list[Card]:
        """The cards that are dealt, low to high: marked jokers where the ruleset marks them,
        suits (spread evenly) where it calls suited cards, without the set-aside card."""
        cards = self.deck_spec.cards(self.marked_jokers)
        if self.set_aside is not None:
            cards.remove(Card(self.set_aside))
        if not self.suits_required:
            return cards
        suits = list(Suit)
        seen: dict[Rank, int] = {}
        out = []
        for c in cards:
            if c.rank.is_joker:
                out.append(c)
                continue
            n = seen.get(c.rank, 0)
            seen[c.rank] = n + 1
            out.append(Card(c.rank, suits[n % 4]))
        return out

    @property
    def even_hands(self) -> bool:
        sizes = self.hand_sizes
        return sizes[0] == sizes[-1]

    def transfer_target(self, seat: int) -> int:
        if self.transfer_to is TransferTarget.NEXT_BUT_ONE:
            return (seat + 2) % 5
        return (seat - 1) % 5

    def options(self) -> dict[str, Any]:
        """The settable options as JSON values, by option key (a fresh dict each time)."""
        return dict(self._derived[0])

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the preset this ruleset is named after."""
        base = PRESETS[self.name].options()
        return {k: v for k, v in self.options().items() if base[k] != v}

    def to_json(self) -> str | dict[str, Any]:
        """As a record writes it: the name alone, or the name with the options it changes."""
        changed = self.changed_options()
        return {"name": self.name, "options": changed} if changed else self.name

    def canonical(self) -> str:
        """The ruleset as one canonical JSON text, ``[name, options]``: what a game's fingerprint
        and a tournament's stored ruleset are keyed by."""
        return self._derived[1]

    @classmethod
    def from_options(cls, name: str, options: Mapping[str, Any] | None = None, *, check: bool = True) -> Ruleset:
        """The preset ``name`` with ``options`` changed. Rulesets are immutable values, so each
        (name, options) is built once (the one ruleset cache: see ``_build``)."""
        if not options:
            base = PRESETS.get(name)
            if base is None:
                raise RulesetError(f"unknown ruleset {name!r}; known: {', '.join(PRESETS)}")
            return base
        try:
            key = json.dumps(options, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):  # not JSON values: no cache, and the checks below say why
            return _build(name, tuple(options.items()), check)
        return _built(name, key, check)

    def check(self) -> None:
        """Options that cannot go together."""
        if self.last_rank is LastRankRule.THREES and not self.deck_spec.counts[Rank.THREE]:
            raise RulesetError("option 'last_rank': 'threes' needs a deck with threes (deck '216')", "last_rank")


# The one ruleset cache: rulesets built from (name, options), bounded (options come from requests).
@functools.lru_cache(maxsize=1024)
def _built(name: str, options_json: str, check: bool) -> Ruleset:
    return _build(name, tuple(json.loads(options_json).items()), check)


def _derive(rs: Ruleset) -> tuple[dict[str, Any], str, tuple[int, ...], tuple[int, ...]]:
    out: dict[str, Any] = {}
    for f in fields(rs):
        if f.metadata:
            value = getattr(rs, f.name)
            out[f.metadata["key"]] = value.value if isinstance(value, Enum) else value
    counts = list(rs.deck_spec.counts)
    if rs.set_aside is not None:
        counts[rs.set_aside] -= 1
    base, extra = divmod(sum(counts), 5)
    sizes = tuple([base + 1] * extra + [base] * (5 - extra))
    return out, json.dumps([rs.name, out], sort_keys=True, separators=(",", ":")), tuple(counts), sizes


def _build(name: str, options: tuple[tuple[str, Any], ...], check: bool) -> Ruleset:
    base = PRESETS.get(name)
    if base is None:
        raise RulesetError(f"unknown ruleset {name!r}; known: {', '.join(PRESETS)}")
    changes: dict[str, Any] = {}
    for key, raw in options:
        f = _OPTION_FIELDS.get(key)
        if f is None:
            raise RulesetError(f"unknown option {key!r}; known: {', '.join(_OPTION_FIELDS)}", key)
        changes[f.name] = _coerce(f, key, raw)
    rs = replace(base, **changes)
    if check:
        rs.check()
    return rs


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

PRESETS: dict[str, Ruleset] = {
    "weihai": WEIHAI,
    "standard": Ruleset(
        name="standard",
        deck="216",
        last_rank=LastRankRule.OFF,
        transfer_to=TransferTarget.PREVIOUS,
        crown=CrownProcedure.CALLED,
        open_solo_by_others=False,
    ),
    "kk-simple": Ruleset(
        name="kk-simple",
        deck="168",
        last_rank=LastRankRule.OFF,
        twos_with_jokers=False,
        transfer_to=TransferTarget.PREVIOUS,
        crown=CrownProcedure.KK_SIMPLE,
        open_solo_by_others=False,
    ),
    "kk-classic": Ruleset(
        name="kk-classic",
        deck="216",
        last_rank=LastRankRule.OFF,
        twos_with_jokers=False,
        transfer_to=TransferTarget.PREVIOUS,
        crown=CrownProcedure.KK_CLASSIC,
    ),
    "shandong": Ruleset(name="shandong", surrender=True, royal_sweep_double=True),
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "weihai": "Weihai (威海): 165 cards, the marked jokers choose emperor and guard, sixes last, soft pass, "
    "rebellion at two rebels, one kick per game.",
    "standard": "Standard (seed 004): 216 cards with 3, 4, 5; one big joker is set aside and offered with the "
    "crown; the emperor calls a suited triple and the holder of the fourth copy is the guard.",
    "kk-simple": "KK simple (固定保): 168 cards, the marked jokers choose emperor and guard, the crown may be "
    "passed to the previous seat (two rounds, then the deal is void), 2s never carry jokers.",
    "kk-classic": "KK classic (叫侍卫): 216 cards; the holder of BJ* calls a suited triple (the fourth copy's "
    "holder is the guard), calls four for a hidden solo, or declares an open solo; 抢独 with three jokers "
    "and four identical cards.",
    "shandong": "Shandong (seed 003): Weihai with surrender (投降) in an open solo and a double when the "
    "emperor and guard take 1st+2nd or 4th+5th; 憋三 with the 216-card deck as an option.",
}
