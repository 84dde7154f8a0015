"""Seeded random legal games, for tests, benchmarks and ``baohuang random-game``.

The same seed and ruleset always give the same record. The calls are varied on
purpose: ascend, hidden solo, open solo by the crown holder and by another
seat, transfer, reveal, rebels and kicks all come up.

>>> random_record(3) == random_record(3)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .calls import kick_allowed
from .cards import Card, Rank, Suit, format_card
from .random_play import random_plays
from .roles import Mode, rebellion_succeeded
from .ruleset import WEIHAI, CrownProcedure, Ruleset

__all__ = ["ALL_SCENARIOS", "SCENARIOS", "random_record"]

SCENARIOS: dict[CrownProcedure, tuple[str, ...]] = {
    CrownProcedure.WEIHAI: (
        "normal",
        "normal",
        "normal",
        "hidden_solo",
        "holder_solo",
        "other_solo",
        "transfer_ascend",
        "transfer_solo",
    ),
    CrownProcedure.KK_SIMPLE: ("normal", "normal", "hidden_solo", "holder_solo", "passed", "passed", "void"),
    CrownProcedure.CALLED: ("normal", "normal", "normal", "declined", "declined", "hidden_solo", "open_solo", "void"),
    CrownProcedure.KK_CLASSIC: ("normal", "normal", "passed", "hidden_solo", "holder_solo", "snatch"),
}
ALL_SCENARIOS = tuple(sorted({s for names in SCENARIOS.values() for s in names}))


@dataclass
class _Crown:
    calls: list[dict[str, Any]]
    mode: Mode
    emperor: int
    guard: int | None
    first_candidate: int | None = None


def _holder(hands: list[list[Card]], rank: Rank) -> int:
    return next(i for i, h in enumerate(hands) for c in h if c.marked and c.rank is rank)


def _give(
    hands: list[list[Card]],
    seat: int,
    wanted: list[Card],
    rng: random.Random,
    keep: frozenset[Card] | set[Card] = frozenset(),
) -> None:
    """Move each wanted card into ``seat``'s hand, swapping out a card it does not need."""
    needed = list(wanted)
    for card in wanted:
        if card in hands[seat] and hands[seat].count(card) >= needed.count(card):
            continue
        src = next(s for s in rng.sample(range(5), 5) if s != seat and card in hands[s])
        k = hands[src].index(card)
        spare = [j for j, c in enumerate(hands[seat]) if c not in needed and c not in keep and not c.marked]
        j = rng.choice(spare)
        hands[src][k], hands[seat][j] = hands[seat][j], hands[src][k]


def _move_marked_sj(hands: list[list[Card]], to: int, rng: random.Random) -> None:
    src = _holder(hands, Rank.SMALL_JOKER)
    if src == to:
        return
    k = hands[src].index(Card(Rank.SMALL_JOKER, marked=True))
    candidates = [j for j, c in enumerate(hands[to]) if not c.marked]
    j = rng.choice(candidates)
    hands[src][k], hands[to][j] = hands[to][j], hands[src][k]


def _move_card(hands: list[list[Card]], src: int, dst: int, card: Card) -> None:
    hands[dst].append(hands[src].pop(hands[src].index(card)))


def random_record(
    seed: int,
    ruleset: Ruleset = WEIHAI,
    *,
    scenario: str | None = None,
    with_deal: bool = True,
) -> dict[str, Any]:
    """A legal record for ``seed``. ``scenario`` forces one of the ruleset's :data:`SCENARIOS`."""
    rng = random.Random(seed)
    rs = ruleset
    hands = _dealt(rs, rng)
    choices = SCENARIOS[rs.crown]
    if scenario is None:
        scenario = rng.choice(choices)
    elif scenario not in choices:
        raise ValueError(f"ruleset {rs.name!r} has no scenario {scenario!r}; it has {', '.join(sorted(set(choices)))}")
    plan = _CROWNS[rs.crown](hands, rs, scenario, rng)
    deal = [
        " ".join(
            format_card(c) for c in sorted(h, key=lambda c: (-c.rank, not c.marked, (c.suit and c.suit.value) or ""))
        )
        for h in plan.dealt
    ]
    crown = plan.crown
    record: dict[str, Any] = {"ruleset": rs.to_json()}
    if with_deal:
        record["deal"] = deal
    if crown.first_candidate is not None:
        record["first_candidate"] = crown.first_candidate
    record["calls"] = crown.calls
    if crown.mode is Mode.VOID:
        record["plays"] = []
        return record
    if rs.open_solo_by_others and crown.mode is not Mode.OPEN_SOLO and scenario == "snatch":
        snatcher = plan.snatcher
        assert snatcher is not None
        crown.calls.append({"seat": snatcher, "call": "solo"})
        crown.mode, crown.emperor, crown.guard = Mode.OPEN_SOLO, snatcher, None
    revealed = _declare(crown, rs, rng)
    mode, emperor, guard = crown.mode, crown.emperor, crown.guard
    if mode is Mode.OPEN_SOLO and rs.surrender and rng.random() < 0.3:
        crown.calls.append({"seat": emperor, "call": "surrender"})
        record["plays"] = []
        return record
    record["plays"] = random_plays(plan.hands, emperor, rs, rng)
    if not with_deal and guard is not None and mode is not Mode.OPEN_SOLO and not revealed:
        record["guard"] = guard
    return record


def _dealt(rs: Ruleset, rng: random.Random) -> list[list[Card]]:
    """The deck shuffled and dealt, in hands of the ruleset's sizes in a random order."""
    deck = rs.dealt_cards()
    rng.shuffle(deck)
    sizes = list(rs.hand_sizes)
    rng.shuffle(sizes)
    hands, start = [], 0
    for size in sizes:
        hands.append(deck[start : start + size])
        start += size
    return hands


def _declare(crown: _Crown, rs: Ruleset, rng: random.Random) -> bool:
    """Random reveals, rebellions and a kick after the crown (added to its calls); whether the
    guard revealed."""
    mode, emperor, guard, calls = crown.mode, crown.emperor, crown.guard, crown.calls
    revealed = False
    rebels: list[int] = []
    if mode is not Mode.OPEN_SOLO:
        others = [s for s in range(5) if s not in (emperor, guard)]
        declarers = [s for s in others if rng.random() < 0.35]
        if mode is Mode.NORMAL and rng.random() < 0.3:
            declarers.append(-1)  # the guard reveals
        rng.shuffle(declarers)
        for s in declarers:
            if s == -1:
                assert guard is not None
                calls.append({"seat": guard, "call": "reveal_guard"})
                revealed = True
            else:
                calls.append({"seat": s, "call": "rebel"})
                rebels.append(s)
    rebellion = rebellion_succeeded(mode, rebels, rs)
    kickers = [s for s in range(5) if kick_allowed(s, mode, emperor, guard, revealed, rebellion)]
    if kickers and rng.random() < 0.5:
        calls.append({"seat": rng.choice(kickers), "call": "kick"})
    return revealed


@dataclass
class _Plan:
    dealt: list[list[Card]]  # the deal as dealt (before any card moved)
    hands: list[list[Card]]  # the hands when play starts
    crown: _Crown
    snatcher: int | None = None


def _weihai(hands: list[list[Card]], rs: Ruleset, scenario: str, rng: random.Random) -> _Plan:
    crown = _holder(hands, Rank.BIG_JOKER)
    if scenario in ("hidden_solo", "transfer_ascend", "transfer_solo") or (
        scenario == "holder_solo" and rng.random() < 0.5
    ):
        _move_marked_sj(hands, crown, rng)
    elif scenario != "holder_solo" and _holder(hands, Rank.SMALL_JOKER) == crown:
        _move_marked_sj(hands, rng.choice([s for s in range(5) if s != crown]), rng)
    dealt = [list(h) for h in hands]
    sj = _holder(hands, Rank.SMALL_JOKER)
    if scenario in ("transfer_ascend", "transfer_solo"):
        target = rs.transfer_target(crown)
        _move_card(hands, crown, target, Card(Rank.BIG_JOKER, marked=True))
        calls = [{"seat": crown, "call": "transfer"}]
        if scenario == "transfer_solo":
            return _Plan(dealt, hands, _Crown([*calls, {"seat": target, "call": "solo"}], Mode.OPEN_SOLO, target, None))
        return _Plan(dealt, hands, _Crown([*calls, {"seat": target, "call": "ascend"}], Mode.NORMAL, target, crown))
    if scenario == "holder_solo":
        return _Plan(dealt, hands, _Crown([{"seat": crown, "call": "solo"}], Mode.OPEN_SOLO, crown, None))
    if scenario == "other_solo":
        soloist = rng.choice([s for s in range(5) if s != crown])
        calls = [{"seat": crown, "call": "ascend"}, {"seat": soloist, "call": "solo"}]
        return _Plan(dealt, hands, _Crown(calls, Mode.OPEN_SOLO, soloist, None))
    mode = Mode.HIDDEN_SOLO if sj == crown else Mode.NORMAL
    return _Plan(dealt, hands, _Crown([{"seat": crown, "call": "ascend"}], mode, crown, sj))


def _kk_simple(hands: list[list[Card]], rs: Ruleset, scenario: str, rng: random.Random) -> _Plan:
    crown = _holder(hands, Rank.BIG_JOKER)
    if scenario == "hidden_solo" or (scenario == "holder_solo" and rng.random() < 0.5):
        _move_marked_sj(hands, crown, rng)
    elif scenario == "normal" and _holder(hands, Rank.SMALL_JOKER) == crown:
        _move_marked_sj(hands, rng.choice([s for s in range(5) if s != crown]), rng)
    dealt = [list(h) for h in hands]
    sj = _holder(hands, Rank.SMALL_JOKER)
    calls: list[dict[str, Any]] = []
    seat = crown
    passes = {"void": 10, "passed": rng.randint(1, 9)}.get(scenario, 0)
    for _ in range(passes):
        target = rs.transfer_target(seat)
        _move_card(hands, seat, target, Card(Rank.BIG_JOKER, marked=True))
        calls.append({"seat": seat, "call": "transfer"})
        seat = target
    if scenario == "void":
        return _Plan(dealt, hands, _Crown(calls, Mode.VOID, -1, None))
    if scenario == "holder_solo" or (scenario == "passed" and rng.random() < 0.3):
        return _Plan(dealt, hands, _Crown([*calls, {"seat": seat, "call": "solo"}], Mode.OPEN_SOLO, seat, None))
    mode = Mode.HIDDEN_SOLO if sj == seat else Mode.NORMAL
    return _Plan(dealt, hands, _Crown([*calls, {"seat": seat, "call": "ascend"}], mode, seat, sj))


def _callable_cards(rs: Ruleset) -> list[Card]:
    return [Card(r, s) for r in Rank if not r.is_joker and r is not Rank.TWO and rs.deck_spec.counts[r] for s in Suit]


def _rig_call(hands: list[list[Card]], seat: int, copies: int, rs: Ruleset, rng: random.Random) -> Card:
    """Give ``seat`` exactly ``copies`` (3 or 4) of a random suited card; the rest elsewhere."""
    card = rng.choice(_callable_cards(rs))
    _give(hands, seat, [card] * copies, rng)
    while hands[seat].count(card) > copies:  # it was dealt all four: pass one on
        other = rng.choice([s for s in range(5) if s != seat])
        k = hands[seat].index(card)
        j = rng.choice([j for j, c in enumerate(hands[other]) if c != card and not c.marked])
        hands[seat][k], hands[other][j] = hands[other][j], hands[seat][k]
    return card


def _holder_of_other(hands: list[list[Card]], seat: int, card: Card) -> int:
    return next(s for s in range(5) if s != seat and card in hands[s])


def _called(hands: list[list[Card]], rs: Ruleset, scenario: str, rng: random.Random) -> _Plan:
    first = rng.randrange(5)
    declines = {"declined": rng.randint(1, 5), "void": 6}.get(scenario, 0)
    candidates = [first]
    for _ in range(declines):
        candidates.append(rs.transfer_target(candidates[-1]))
    emperor = candidates[-1]
    calls = [{"seat": s, "call": "decline"} for s in candidates[:declines]]
    if scenario == "void":
        return _Plan([list(h) for h in hands], hands, _Crown(calls, Mode.VOID, -1, None, first))
    copies = 4 if scenario in ("hidden_solo", "open_solo") else 3
    card = _rig_call(hands, emperor, copies, rs, rng)
    dealt = [list(h) for h in hands]
    # the set-aside big joker, and a 2 from each decliner after the first
    hands[emperor].append(Card(Rank.BIG_JOKER))
    for i, s in enumerate(candidates[:declines]):
        if i > 0 and s != emperor and any(c.rank is Rank.TWO for c in hands[s]):
            two = next(c for c in hands[s] if c.rank is Rank.TWO)
            _move_card(hands, s, emperor, two)
    token = format_card(card)
    if scenario == "open_solo":
        return _Plan(
            dealt,
            hands,
            _Crown([*calls, {"seat": emperor, "call": "solo", "card": token}], Mode.OPEN_SOLO, emperor, None, first),
        )
    accept = {"seat": emperor, "call": "accept", "card": token}
    if copies == 4:
        return _Plan(dealt, hands, _Crown([*calls, accept], Mode.HIDDEN_SOLO, emperor, emperor, first))
    return _Plan(
        dealt, hands, _Crown([*calls, accept], Mode.NORMAL, emperor, _holder_of_other(hands, emperor, card), first)
    )


def _kk_classic(hands: list[list[Card]], rs: Ruleset, scenario: str, rng: random.Random) -> _Plan:
    crown = _holder(hands, Rank.BIG_JOKER)
    passes = rng.randint(1, 5) if scenario == "passed" else 0
    seat = crown
    chain = []
    for _ in range(passes):
        chain.append(seat)
        seat = rs.transfer_target(seat)
    emperor = seat
    snatcher = None
    if scenario == "holder_solo":
        card = None
    else:
        card = _rig_call(hands, emperor, 4 if scenario == "hidden_solo" else 3, rs, rng)
    if scenario == "snatch":
        snatcher = rng.choice([s for s in range(5) if s != emperor])
        keep = {card} if card is not None else set()
        four = rng.choice([c for c in _callable_cards(rs) if c != card])
        _give(hands, snatcher, [four] * 4, rng, keep)
        have = sum(1 for c in hands[snatcher] if c.rank.is_joker)
        jokers = [c for s in range(5) if s != snatcher for c in hands[s] if c.rank.is_joker and not c.marked]
        rng.shuffle(jokers)
        _give(
            hands,
            snatcher,
            [c for c in hands[snatcher] if c.rank.is_joker and not c.marked] + jokers[: max(0, 3 - have)],
            rng,
            keep | {four},
        )
    dealt = [list(h) for h in hands]
    calls: list[dict[str, Any]] = []
    for s in chain:
        target = rs.transfer_target(s)
        _move_card(hands, s, target, Card(Rank.BIG_JOKER, marked=True))
        calls.append({"seat": s, "call": "transfer"})
    if card is None:
        return _Plan(dealt, hands, _Crown([*calls, {"seat": emperor, "call": "solo"}], Mode.OPEN_SOLO, emperor, None))
    accept = {"seat": emperor, "call": "accept", "card": format_card(card)}
    if scenario == "hidden_solo":
        return _Plan(dealt, hands, _Crown([*calls, accept], Mode.HIDDEN_SOLO, emperor, emperor))
    guard = _holder_of_other(hands, emperor, card)
    return _Plan(dealt, hands, _Crown([*calls, accept], Mode.NORMAL, emperor, guard), snatcher)


_CROWNS = {
    CrownProcedure.WEIHAI: _weihai,
    CrownProcedure.KK_SIMPLE: _kk_simple,
    CrownProcedure.CALLED: _called,
    CrownProcedure.KK_CLASSIC: _kk_classic,
}
