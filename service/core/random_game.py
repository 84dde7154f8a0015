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
from .roles import Mode, rebellion_succeeded
from .ruleset import WEIHAI, CrownProcedure, LastRankRule, Ruleset

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
    deck = rs.dealt_cards()
    rng.shuffle(deck)
    sizes = list(rs.hand_sizes)
    rng.shuffle(sizes)
    hands, start = [], 0
    for size in sizes:
        hands.append(deck[start : start + size])
        start += size
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
    hands = plan.hands
    crown = plan.crown
    calls = crown.calls
    mode, emperor, guard = crown.mode, crown.emperor, crown.guard

    record: dict[str, Any] = {"ruleset": rs.to_json()}
    if with_deal:
        record["deal"] = deal
    if crown.first_candidate is not None:
        record["first_candidate"] = crown.first_candidate
    record["calls"] = calls
    if mode is Mode.VOID:
        record["plays"] = []
        return record

    if rs.open_solo_by_others and mode is not Mode.OPEN_SOLO and scenario == "snatch":
        snatcher = plan.snatcher
        assert snatcher is not None
        calls.append({"seat": snatcher, "call": "solo"})
        mode, emperor, guard = Mode.OPEN_SOLO, snatcher, None

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
    if mode is Mode.OPEN_SOLO and rs.surrender and rng.random() < 0.3:
        calls.append({"seat": emperor, "call": "surrender"})
        record["plays"] = []
        return record
    record["plays"] = _play(hands, emperor, rs, rng)
    if not with_deal and guard is not None and mode is not Mode.OPEN_SOLO and not revealed:
        record["guard"] = guard
    return record


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


def _counts(hand: list[Card]) -> list[int]:
    c = [0] * len(Rank)
    for card in hand:
        c[card.rank] += 1
    return c


def _take(hand: list[Card], rank: Rank, n: int, rng: random.Random) -> list[str]:
    """Remove n cards of rank from hand (plain copies first) and spell them."""
    out = []
    for _ in range(n):
        plain = next((k for k, c in enumerate(hand) if c.rank is rank and not c.marked), None)
        if plain is not None:
            card = hand.pop(plain)
            out.append(format_card(card))
        else:
            k = next(k for k, c in enumerate(hand) if c.rank is rank)
            card = hand.pop(k)
            out.append(format_card(card) if rng.random() < 0.5 else rank.symbol)
    return out


def _options(c: list[int], rs: Ruleset, top: tuple[int, int, int, int] | None) -> list[tuple[int, int, int, int]]:
    """Sets (rank, n, small, big) this hand may play now; rank -1 = jokers only."""
    total = sum(c)
    last = rs.last_rank_card
    sixes = 0 if last is None else c[last]
    rule = rs.last_rank
    out: list[tuple[int, int, int, int]] = []

    def six_ok(n: int, x: int, y: int) -> bool:
        if rule is LastRankRule.OFF:
            return True
        if rule in (LastRankRule.SIXES, LastRankRule.THREES):
            return sixes == total
        return n + x + y == total

    sizes = range(1, total + 1) if top is None else range(top[1] + top[2] + top[3], top[1] + top[2] + top[3] + 1)
    for size in sizes:
        for y in range(0, min(size, c[Rank.BIG_JOKER]) + 1):
            if top is not None and (top[3] or y < top[2]):
                continue
            for x in range(0, min(size - y, c[Rank.SMALL_JOKER]) + 1):
                n = size - x - y
                if n == 0:
                    out.append((-1, 0, x, y))
                    continue
                for r in range(Rank.SMALL_JOKER):
                    if c[r] < n:
                        continue
                    if top is not None and top[1] and r <= top[0]:
                        continue
                    if r == last and not six_ok(n, x, y):
                        continue
                    if r == Rank.TWO and (x or y) and not rs.twos_with_jokers:
                        continue
                    out.append((r, n, x, y))
        if top is None and len(out) > 40:
            break
    if rule in (LastRankRule.SIXES, LastRankRule.THREES) and sixes and sixes != total:
        out = [o for o in out if o[0] != last]
    return out


def _play(hands: list[list[Card]], leader: int, rs: Ruleset, rng: random.Random) -> list[dict[str, Any]]:
    plays: list[dict[str, Any]] = []
    out = [False] * 5
    finished = 0
    turn = leader
    top: tuple[int, int, int, int] | None = None
    top_seat = -1
    passed: set[int] = set()
    hard = rs.pass_rule.value == "hard"

    def next_seat(s: int, skip: set[int]) -> int:
        for _ in range(5):
            s = (s + 1) % 5
            if not out[s] and s not in skip:
                return s
        return s  # pragma: no cover

    while finished < 4:
        opts = _options(_counts(hands[turn]), rs, top)
        if top is not None and (not opts or rng.random() < 0.45):
            plays.append({"seat": turn, "pass": True})
            passed.add(turn)
            active = 5 - finished
            if len(passed) >= active - (0 if out[top_seat] else 1):
                turn = next_seat(top_seat, set()) if out[top_seat] else top_seat
                top, passed = None, set()
            else:
                turn = next_seat(turn, passed)
            continue
        r, n, x, y = rng.choice(opts)
        spelled = _take(hands[turn], Rank.BIG_JOKER, y, rng) + _take(hands[turn], Rank.SMALL_JOKER, x, rng)
        if n:
            spelled += _take(hands[turn], Rank(r), n, rng)
        plays.append({"seat": turn, "cards": " ".join(spelled)})
        top, top_seat = (r, n, x, y), turn
        if not hard:
            passed = set()
        seat = turn
        if not hands[seat]:
            out[seat] = True
            finished += 1
            if finished == 4:
                break
        active = 5 - finished
        if hard and len(passed) >= active - (0 if out[seat] else 1):
            turn = next_seat(seat, set()) if out[seat] else seat
            top, passed = None, set()
        else:
            turn = next_seat(seat, passed)
    return plays
