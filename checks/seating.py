"""How even the balanced seating is: for 10, 23, 37 and 60 players over 4 to 12 rounds (and 200,
500 and 1,500 players over 4 and 8), the worst and the mean number of times a pair of players
meets, against the lower bound, the spread of sit-outs (most minus fewest), and the longest
a round took to seat (the search is bounded: BAOHUANG_SEATING_BUDGET swaps weighed, at most
BAOHUANG_SEATING_SECONDS).

    .venv/bin/python checks/seating.py

The lower bound: a player who played r rounds met 4r others, spread over the n - 1 others at
best, so some pair met at least ceil(4r / (n - 1)) times; the mean over all pairs is fixed by
the number of tables (10 pairs a table).
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.tournament.seating import History, balanced


def run(n: int, rounds: int) -> dict[str, float]:
    players = list(range(1, n + 1))
    history = History()
    slowest = 0.0
    for r in range(rounds):
        t = time.perf_counter()
        seated = balanced(players, history, seed=1000 * n + r)
        slowest = max(slowest, time.perf_counter() - t)
        history.add(seated)
    pairs = n * (n - 1) // 2
    met = [m for m in history.met.values() if m]  # the pairs that never met are the rest
    played = [rounds - history.sat_out[p] for p in players]
    bound = max(math.ceil(4 * r / (n - 1)) for r in played)
    out = [history.sat_out[p] for p in players]
    return {
        "worst": max(met),
        "bound": bound,
        "mean": sum(met) / pairs,
        "never": (pairs - len(met)) / pairs,
        "sat_out_spread": max(out) - min(out),
        "round_seconds": slowest,
    }


def main() -> int:
    print(
        f"{'players':>7} {'rounds':>6} {'worst':>5} {'bound':>5} {'mean':>6} {'never met':>9} "
        f"{'sit-out spread':>14} {'s/round':>7}"
    )
    cases = [(n, r) for n in (10, 23, 37, 60) for r in (4, 6, 8, 10, 12)]
    cases += [(n, r) for n in (200, 500, 1500) for r in (4, 8)]
    for n, rounds in cases:
        f = run(n, rounds)
        print(
            f"{n:>7} {rounds:>6} {f['worst']:>5} {f['bound']:>5} {f['mean']:>6.2f} {f['never']:>8.0%} "
            f"{f['sat_out_spread']:>14} {f['round_seconds']:>7.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
