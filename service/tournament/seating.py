"""Who sits at which table in a round: tables of five, and the players left over sitting out.

Pure functions over player ids and what was played before; the use cases (rounds.py) store the
result. Two ways, chosen per tournament:

- **balanced**: every pair of players should meet as evenly as possible, each player's
  neighbours (the seat before and the seat after) should vary, and sitting out rotates: the
  players who have sat out least sit out next. Tables are searched (random restarts and swaps
  between tables, seeded by the tournament and the round, so a round is reproducible) for the
  fewest repeated meetings, then each table's order for the fewest repeated neighbours. Built
  round by round from the rounds actually seated, so late arrivals and withdrawals fold in.
- **swiss**: by the standings, table 1 the top five, table 2 the next five, …; sitting out
  falls to the lowest-ranked players who have sat out least (as a Swiss bye goes to the bottom).

checks/seating.py prints how even the balanced schedule is for 10, 23, 37 and 60 players.
"""

from __future__ import annotations

import itertools
import os
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["History", "Round", "balanced", "swiss"]

TABLE = 5


@dataclass
class History:
    """What earlier rounds did: how often each pair met, each pair sat side by side, each player sat out."""

    met: Counter[tuple[int, int]] = field(default_factory=Counter)
    beside: Counter[tuple[int, int]] = field(default_factory=Counter)
    sat_out: Counter[int] = field(default_factory=Counter)

    @classmethod
    def of(cls, rounds: Sequence[Round]) -> History:
        h = cls()
        for r in rounds:
            h.add(r)
        return h

    def add(self, r: Round) -> None:
        for table in r.tables:
            for a, b in itertools.combinations(table, 2):
                self.met[_pair(a, b)] += 1
            for i, p in enumerate(table):
                self.beside[_pair(p, table[(i + 1) % len(table)])] += 1
        for p in r.sitting_out:
            self.sat_out[p] += 1


@dataclass(frozen=True)
class Round:
    tables: tuple[tuple[int, ...], ...]  # each table's players in seat order 0–4
    sitting_out: tuple[int, ...]


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _sitting_out(
    players: Sequence[int], history: History, rank: dict[int, int] | None, rng: random.Random
) -> list[int]:
    """The len % 5 players who sit out: those who sat out least; among them, at random (balanced)
    or the lowest-ranked (swiss)."""
    extra = len(players) % TABLE
    if not extra:
        return []
    jitter = {p: rng.random() for p in players}
    if rank is None:
        order = sorted(players, key=lambda p: (history.sat_out[p], jitter[p]))
    else:
        order = sorted(players, key=lambda p: (history.sat_out[p], -rank[p], jitter[p]))
    return order[:extra]


def _seat_order(table: Sequence[int], history: History) -> tuple[int, ...]:
    """The table's seat order with the fewest repeated neighbours (the first player stays at seat
    0: the 24 orders of the other four cover every arrangement round the table)."""
    first, rest = table[0], list(table[1:])
    best, best_cost = tuple(table), None
    for perm in itertools.permutations(rest):
        order = (first, *perm)
        cost = sum(history.beside[_pair(order[i], order[(i + 1) % TABLE])] ** 2 for i in range(TABLE))
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
    return best


# How much searching one round may do: swaps weighed (each a handful of lookups), and a clock.
# The work budget makes a round reproducible (the same history and seed give the same round);
# the clock is a backstop for a slow machine: what was found by then is taken.
BUDGET = int(os.environ.get("BAOHUANG_SEATING_BUDGET", "300000"))
SECONDS = float(os.environ.get("BAOHUANG_SEATING_SECONDS", "5"))
# Up to this many tables every swap between every two tables is tried (sweeps to a local best,
# from several random starts); above it, swaps are drawn at random among players who meet someone
# at their table again.
EXHAUSTIVE_TABLES = 40


class _Search:
    """Tables of five and what each repeated meeting costs: a pair that met m times before costs
    4**m - 1 more than a first meeting (so a third meeting weighs more than two seconds). The
    cost of moving one player for another is worked out from their two tables alone."""

    def __init__(self, history: History, players: Sequence[int]) -> None:
        extra: dict[int, dict[int, int]] = {p: {} for p in players}
        for (a, b), m in history.met.items():
            if m and a in extra and b in extra:
                extra[a][b] = extra[b][a] = 4**m - 1
        self.extra = extra
        self.evaluated = 0

    def table_cost(self, table: Sequence[int]) -> int:
        e = self.extra
        return sum(e[a].get(b, 0) for a, b in itertools.combinations(table, 2))

    def swap_gain(self, ta: Sequence[int], i: int, tb: Sequence[int], j: int) -> int:
        """How much the cost falls if ta[i] and tb[j] change tables (negative: it rises)."""
        self.evaluated += 1
        x, y = ta[i], tb[j]
        ex, ey = self.extra[x], self.extra[y]
        gain = 0
        for k, o in enumerate(ta):
            if k != i:
                gain += ex.get(o, 0) - ey.get(o, 0)
        for k, o in enumerate(tb):
            if k != j:
                gain += ey.get(o, 0) - ex.get(o, 0)
        return gain


def balanced(
    players: Sequence[int],
    history: History,
    seed: int,
    restarts: int | None = None,
    *,
    budget: int | None = None,
    seconds: float | None = None,
) -> Round:
    """A round of tables of five for ``players``, spreading meetings and sit-outs evenly: the
    best seating found within ``budget`` swaps weighed (BAOHUANG_SEATING_BUDGET) or ``seconds``
    (BAOHUANG_SEATING_SECONDS), whichever ends first."""
    rng = random.Random(seed)
    out = _sitting_out(players, history, None, rng)
    playing = [p for p in players if p not in set(out)]
    n_tables = len(playing) // TABLE
    search = _Search(history, playing)
    budget = BUDGET if budget is None else budget
    stop_at = time.monotonic() + (SECONDS if seconds is None else seconds)
    if restarts is None:  # more for small fields, where each choice weighs more
        restarts = max(4, 400 // max(len(playing), 1)) if n_tables <= EXHAUSTIVE_TABLES else 1
    best: list[list[int]] | None = None
    best_cost = None
    for attempt in range(restarts):
        if attempt and (search.evaluated >= budget or time.monotonic() >= stop_at):
            break
        order = playing[:]
        rng.shuffle(order)
        tables = [order[i * TABLE : (i + 1) * TABLE] for i in range(n_tables)]
        if n_tables <= EXHAUSTIVE_TABLES:
            _sweep(tables, search, budget, stop_at)
        else:
            _sample(tables, search, budget, stop_at, rng)
        total = sum(map(search.table_cost, tables))
        if best_cost is None or total < best_cost:
            best, best_cost = [t[:] for t in tables], total
    assert best is not None or n_tables == 0
    seated = tuple(_seat_order(sorted(t), history) for t in best or [])
    return Round(seated, tuple(sorted(out)))


def _sweep(tables: list[list[int]], search: _Search, budget: int, stop_at: float) -> None:
    """Swap two players of two tables while it lowers the total, trying every swap in turn, to
    a local best or the end of the budget."""
    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(range(len(tables)), 2):
            ta, tb = tables[a], tables[b]
            for i in range(TABLE):
                for j in range(TABLE):
                    if search.swap_gain(ta, i, tb, j) > 0:
                        ta[i], tb[j] = tb[j], ta[i]
                        improved = True
            if search.evaluated >= budget or time.monotonic() >= stop_at:
                return


def _sample(tables: list[list[int]], search: _Search, budget: int, stop_at: float, rng: random.Random) -> None:
    """For large fields: take a player who meets someone at their table again, weigh swapping them
    with a player drawn from another table, and keep swaps that lower the total (or leave it
    equal, to move along a plateau), until no table has a repeated meeting or the budget ends."""
    extra = search.extra

    def clashes(t: list[int]) -> list[int]:
        return [k for k, x in enumerate(t) if any(o in extra[x] for o in t)]

    bad = {a: c for a, t in enumerate(tables) if (c := clashes(t))}
    n = len(tables)
    checked = 0
    while bad and search.evaluated < budget:
        checked += 1
        if checked % 256 == 0 and time.monotonic() >= stop_at:
            return
        a = rng.choice(list(bad)) if len(bad) < 64 or checked % 16 == 0 else _any_key(bad, rng)
        i = rng.choice(bad[a])
        b = rng.randrange(n - 1)
        b += b >= a
        j = rng.randrange(TABLE)
        ta, tb = tables[a], tables[b]
        if search.swap_gain(ta, i, tb, j) >= 0:
            ta[i], tb[j] = tb[j], ta[i]
            for t_index in (a, b):
                c = clashes(tables[t_index])
                if c:
                    bad[t_index] = c
                else:
                    bad.pop(t_index, None)


def _any_key(d: dict[int, list[int]], rng: random.Random) -> int:
    """A key of ``d`` without listing them all (a few tries at random keys, then the first)."""
    for _ in range(8):
        k = rng.randrange(max(d) + 1)
        if k in d:
            return k
    return next(iter(d))


def swiss(ranked_players: Sequence[int], history: History, seed: int) -> Round:
    """Tables by the standings: ``ranked_players`` best first; table 1 the top five."""
    rng = random.Random(seed)
    rank = {p: i for i, p in enumerate(ranked_players)}
    out = set(_sitting_out(ranked_players, history, rank, rng))
    playing = [p for p in ranked_players if p not in out]
    tables = tuple(_seat_order(playing[i : i + TABLE], history) for i in range(0, len(playing) - TABLE + 1, TABLE))
    return Round(tables, tuple(sorted(out, key=rank.__getitem__)))
