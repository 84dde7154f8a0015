"""The position and its legal moves, against adjudicating the same prefix, in one process.

    .venv/bin/python benchmarks/bench_positions.py [--games 8] [--every 23] [--tree PATH]

For games of every preset, with the deal, the record cut every ``--every`` plays (from none played
on): ``POST /v1/positions`` of the prefix and ``POST /v1/adjudications`` of the same prefix, taken
in turn through the app's WSGI stack (Flask's test client: the server's whole work but the socket),
each timed by the wall clock with its answer read whole (one thread, a quiet machine); p50/p99/max of each in milliseconds, and the ratio of the
p99s. Then the legal plays alone (``legal.legal_sets``) for the same positions' hands and tables:
p50/p99/max in microseconds. ``--tree`` runs another checkout's service (the previous main, say)
instead, for a side-by-side reading. Targets (docs/benchmarks.md): the position's p99 at most 3×
adjudicating, no position above 5 ms of CPU; the legal plays' p99 at most 1 ms. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
    return f"{1000 * statistics.median(xs):7.3f} / {1000 * p99:7.3f} / {1000 * xs[-1]:7.3f}"


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * 0.99))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--every", type=int, default=23)
    ap.add_argument("--tree", type=Path, default=ROOT)
    args = ap.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))

    from service.app import create_app
    from service.core import COMPILED, PRESETS, adjudicate, random_record

    app = create_app({"TESTING": True, "RATE_LIMIT_PER_MINUTE": 0})
    client = app.test_client()
    bodies = []
    for name, rs in PRESETS.items():
        for seed in range(args.games):
            record = {**random_record(seed, rs), "ruleset": name}
            for k in range(0, len(record["plays"]), args.every):
                bodies.append(json.dumps({**record, "plays": record["plays"][:k]}).encode())
    for body in bodies[:20]:  # warm
        client.post("/v1/positions", data=body, content_type="application/json")
    pos, adj = [], []
    worst = (0.0, b"")
    for body in bodies:
        t = time.perf_counter()
        r = client.post("/v1/positions", data=body, content_type="application/json")
        r.get_data()  # the answer read whole: a WSGI answer may be made as it is read
        cost = time.perf_counter() - t
        assert r.status_code == 200, r.get_data()[:300]
        pos.append(cost)
        worst = max(worst, (cost, body))
        t = time.perf_counter()
        r = client.post("/v1/adjudications", data=body, content_type="application/json")
        r.get_data()
        adj.append(time.perf_counter() - t)
        assert r.status_code == 200
    print(f"tree: {args.tree}; core compiled: {COMPILED}; {len(bodies)} positions of {len(PRESETS)} presets")
    print(f"        POST /v1/positions ms p50/p99/max: {_ms(pos)}")
    print(f"    POST /v1/adjudications ms p50/p99/max: {_ms(adj)}")
    print(f"positions / adjudications at p99: {_p99(pos) / _p99(adj):.2f}×")
    w = json.loads(worst[1])
    print(
        f"the worst position: {1000 * worst[0]:.1f} ms, {w['ruleset']}, {len(w['plays'])} plays, {len(worst[1])} bytes"
    )
    try:
        from service.core.legal import legal_sets
    except ImportError:
        return
    states = []
    for body in bodies:
        record = json.loads(body)
        v = adjudicate(record).violation
        if v is not None and v.state.get("hand"):
            states.append((v.state["hand"], v.state.get("table"), adjudicate(record).ruleset))
    took = []
    for hand, table, rs in states:
        t = time.perf_counter()
        legal_sets(hand, table, rs)
        took.append(time.perf_counter() - t)
    xs = sorted(took)
    print(
        f"legal_sets alone µs p50/p99/max over {len(xs)} positions: {1e6 * statistics.median(xs):.0f} / "
        f"{1e6 * _p99(xs):.0f} / {1e6 * xs[-1]:.0f}"
    )


if __name__ == "__main__":
    main()
