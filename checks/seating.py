"""How even the balanced seating is: for 10, 23, 37 and 60 players over 4 to 12 rounds, the
worst and the mean number of times a pair of players meets, against the lower bound, and the
spread of sit-outs (most minus fewest).

    .venv/bin/python checks/seating.py

The lower bound: a player who played r rounds met 4r others, spread over the n - 1 others at
best, so some pair met at least ceil(4r / (n - 1)) times; the mean over all pairs is fixed by
the number of tables (10 pairs a table).
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.tournament.seating import History, balanced


def run(n: int, rounds: int) -> dict[str, float]:
    players = list(range(1, n + 1))
    history = History()
    for r in range(rounds):
        history.add(balanced(players, history, seed=1000 * n + r))
    pairs = [history.met[p] for p in itertools.combinations(players, 2)]
    played = [rounds - history.sat_out[p] for p in players]
    bound = max(math.ceil(4 * r / (n - 1)) for r in played)
    out = [history.sat_out[p] for p in players]
    return {
        "worst": max(pairs),
        "bound": bound,
        "mean": sum(pairs) / len(pairs),
        "never": sum(1 for m in pairs if m == 0) / len(pairs),
        "sat_out_spread": max(out) - min(out),
    }


def main() -> int:
    print(
        f"{'players':>7} {'rounds':>6} {'worst':>5} {'bound':>5} {'mean':>6} {'never met':>9} {'sit-out spread':>14} {'seconds':>7}"
    )
    for n in (10, 23, 37, 60):
        for rounds in (4, 6, 8, 10, 12):
            t = time.perf_counter()
            f = run(n, rounds)
            print(
                f"{n:>7} {rounds:>6} {f['worst']:>5} {f['bound']:>5} {f['mean']:>6.2f} {f['never']:>8.0%} "
                f"{f['sat_out_spread']:>14} {time.perf_counter() - t:>7.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
