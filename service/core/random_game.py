"""Seeded random legal games, for tests, benchmarks and ``baohuang random-game``.

The same seed and ruleset always give the same record. The calls are varied on
purpose: ascend, hidden solo, open solo by the crown holder and by another
seat, transfer, reveal, rebels and kicks all come up.

>>> random_record(3) == random_record(3)
True
"""

from __future__ import annotations

import random
from typing import Any

from .calls import kick_allowed
from .cards import Card, Rank, format_card
from .ruleset import WEIHAI, LastRankRule, Ruleset
from .scoring import Mode

__all__ = ["SCENARIOS", "random_record"]

SCENARIOS = (
    "normal",
    "normal",
    "normal",
    "hidden_solo",
    "holder_solo",
    "other_solo",
    "transfer_ascend",
    "transfer_solo",
)


def _holder(hands: list[list[Card]], rank: Rank) -> int:
    return next(i for i, h in enumerate(hands) for c in h if c.marked and c.rank is rank)


def _move_marked_sj(hands: list[list[Card]], to: int, rng: random.Random) -> None:
    src = _holder(hands, Rank.SMALL_JOKER)
    if src == to:
        return
    k = hands[src].index(Card(Rank.SMALL_JOKER, marked=True))
    candidates = [j for j, c in enumerate(hands[to]) if not c.marked]
    j = rng.choice(candidates)
    hands[src][k], hands[to][j] = hands[to][j], hands[src][k]


def _ruleset_json(rs: Ruleset) -> Any:
    base = Ruleset.from_options(rs.name)
    options = {k: v for k, v in rs.options().items() if base.options()[k] != v}
    return {"name": rs.name, "options": options} if options else rs.name


def random_record(
    seed: int,
    ruleset: Ruleset = WEIHAI,
    *,
    scenario: str | None = None,
    with_deal: bool = True,
) -> dict[str, Any]:
    """A legal record for ``seed``. ``scenario`` forces one of :data:`SCENARIOS`."""
    rng = random.Random(seed)
    rs = ruleset
    deck = rs.deck_spec.cards()
    rng.shuffle(deck)
    size = rs.deck_spec.hand_size
    hands = [deck[i * size : (i + 1) * size] for i in range(5)]
    scenario = scenario or rng.choice(SCENARIOS)
    crown = _holder(hands, Rank.BIG_JOKER)
    if scenario in ("hidden_solo", "transfer_ascend", "transfer_solo"):
        _move_marked_sj(hands, crown, rng)
    elif scenario == "holder_solo":
        if rng.random() < 0.5:
            _move_marked_sj(hands, crown, rng)
    elif _holder(hands, Rank.SMALL_JOKER) == crown:
        _move_marked_sj(hands, rng.choice([s for s in range(5) if s != crown]), rng)
    deal = [" ".join(format_card(c) for c in sorted(h, key=lambda c: (-c.rank, not c.marked))) for h in hands]

    calls: list[dict[str, Any]] = []
    guard: int | None = _holder(hands, Rank.SMALL_JOKER)
    if scenario in ("transfer_ascend", "transfer_solo"):
        target = rs.transfer_target(crown)
        calls.append({"seat": crown, "call": "transfer"})
        k = hands[crown].index(Card(Rank.BIG_JOKER, marked=True))
        hands[target].append(hands[crown].pop(k))
        emperor = target
        if scenario == "transfer_solo":
            calls.append({"seat": emperor, "call": "solo"})
            mode, guard = Mode.OPEN_SOLO, None
        else:
            calls.append({"seat": emperor, "call": "ascend"})
            mode, guard = Mode.NORMAL, crown
    elif scenario == "holder_solo":
        calls.append({"seat": crown, "call": "solo"})
        emperor, mode, guard = crown, Mode.OPEN_SOLO, None
    elif scenario == "other_solo":
        calls.append({"seat": crown, "call": "ascend"})
        emperor = rng.choice([s for s in range(5) if s != crown])
        calls.append({"seat": emperor, "call": "solo"})
        mode, guard = Mode.OPEN_SOLO, None
    else:
        calls.append({"seat": crown, "call": "ascend"})
        emperor = crown
        mode = Mode.HIDDEN_SOLO if guard == crown else Mode.NORMAL

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
    rebellion = len(rebels) >= rs.rebellion_threshold
    kickers = [s for s in range(5) if kick_allowed(s, mode, emperor, guard, revealed, rebellion)]
    if kickers and rng.random() < 0.5:
        calls.append({"seat": rng.choice(kickers), "call": "kick"})
    record: dict[str, Any] = {"ruleset": _ruleset_json(rs)}
    if with_deal:
        record["deal"] = deal
    record["calls"] = calls
    if mode is Mode.OPEN_SOLO and rs.surrender and rng.random() < 0.3:
        calls.append({"seat": emperor, "call": "surrender"})
        record["plays"] = []
        return record
    record["plays"] = _play(hands, emperor, rs, rng)
    if not with_deal and guard is not None and mode is not Mode.OPEN_SOLO and not revealed:
        record["guard"] = guard
    return record


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
    sixes = c[Rank.SIX]
    rule = rs.last_rank
    out: list[tuple[int, int, int, int]] = []

    def six_ok(n: int, x: int, y: int) -> bool:
        if rule is LastRankRule.OFF:
            return True
        if rule is LastRankRule.SIXES:
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
                    if r == Rank.SIX and not six_ok(n, x, y):
                        continue
                    if r == Rank.TWO and (x or y) and not rs.twos_with_jokers:
                        continue
                    out.append((r, n, x, y))
        if top is None and len(out) > 40:
            break
    if rule is LastRankRule.SIXES and sixes and sixes != total:
        out = [o for o in out if o[0] != Rank.SIX]
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
