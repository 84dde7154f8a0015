"""The plays of a seeded random legal game (random_game.py deals and calls): each seat in turn
leads or follows with a random legal set, or passes, until four seats are out. For tests,
benchmarks and ``baohuang random-game``; not compiled (setup.py)."""

from __future__ import annotations

import random
from typing import Any

from .cards import Card, Rank, format_card
from .ruleset import LastRankRule, Ruleset

__all__ = ["random_plays"]


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


def random_plays(hands: list[list[Card]], leader: int, rs: Ruleset, rng: random.Random) -> list[dict[str, Any]]:
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
