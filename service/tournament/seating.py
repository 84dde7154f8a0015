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
import random
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


def _table_cost(table: Sequence[int], history: History) -> int:
    """Repeated meetings, each worse than the one before (4 ** times met): the search spreads them."""
    return sum(4 ** history.met[_pair(a, b)] for a, b in itertools.combinations(table, 2))


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


def balanced(players: Sequence[int], history: History, seed: int, restarts: int | None = None) -> Round:
    """A round of tables of five for ``players``, spreading meetings and sit-outs evenly."""
    rng = random.Random(seed)
    out = _sitting_out(players, history, None, rng)
    playing = [p for p in players if p not in set(out)]
    if restarts is None:  # more for small fields, where each choice weighs more; about a second at most
        restarts = max(4, 400 // max(len(playing), 1))
    n_tables = len(playing) // TABLE
    best: list[list[int]] | None = None
    best_cost = None
    for _ in range(restarts):
        order = playing[:]
        rng.shuffle(order)
        tables = [order[i * TABLE : (i + 1) * TABLE] for i in range(n_tables)]
        costs = [_table_cost(t, history) for t in tables]
        improved = True
        while improved:  # swap two players of two tables while it lowers the total
            improved = False
            for a, b in itertools.combinations(range(n_tables), 2):
                for i in range(TABLE):
                    for j in range(TABLE):
                        ta, tb = tables[a][:], tables[b][:]
                        ta[i], tb[j] = tb[j], ta[i]
                        ca, cb = _table_cost(ta, history), _table_cost(tb, history)
                        if ca + cb < costs[a] + costs[b]:
                            tables[a], tables[b], costs[a], costs[b] = ta, tb, ca, cb
                            improved = True
        total = sum(costs)
        if best_cost is None or total < best_cost:
            best, best_cost = [t[:] for t in tables], total
    assert best is not None or n_tables == 0
    seated = tuple(_seat_order(sorted(t), history) for t in best or [])
    return Round(seated, tuple(sorted(out)))


def swiss(ranked_players: Sequence[int], history: History, seed: int) -> Round:
    """Tables by the standings: ``ranked_players`` best first; table 1 the top five."""
    rng = random.Random(seed)
    rank = {p: i for i, p in enumerate(ranked_players)}
    out = set(_sitting_out(ranked_players, history, rank, rng))
    playing = [p for p in ranked_players if p not in out]
    tables = tuple(_seat_order(playing[i : i + TABLE], history) for i in range(0, len(playing) - TABLE + 1, TABLE))
    return Round(tables, tuple(sorted(out, key=rank.__getitem__)))
