"""One move checked after a long prefix, against adjudicating the whole prefix, in one process.

    .venv/bin/python benchmarks/bench_moves.py [--samples 2000]

For games of every preset with at least 300 plays, the record cut after play 300 and the next
play: ``POST /v1/positions/check`` with the prefix and that play, and ``POST /v1/adjudications``
of the prefix, both through the app's WSGI stack (Flask's test client: the server's whole work but
the socket), taken in turn; p50/p99/max of each, in milliseconds. Target: the check's p99 within
2 ms. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.app import create_app  # noqa: E402
from service.core import PRESETS, random_record  # noqa: E402

PREFIX = 300


def cases(n: int) -> list[tuple[bytes, bytes]]:
    out = []
    presets = list(PRESETS.values())
    seed = 0
    while len(out) < n:
        record = random_record(seed, presets[seed % len(presets)])
        seed += 1
        if len(record["plays"]) <= PREFIX:
            continue
        before = {**record, "plays": record["plays"][:PREFIX]}
        check = json.dumps({"record": before, "move": record["plays"][PREFIX]}).encode()
        out.append((check, json.dumps(before).encode()))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=2000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/b.sqlite3", "RATE_LIMIT_PER_MINUTE": 0})
        client = app.test_client()
        games = cases(50)
        for check, whole in games[:10]:  # warm up
            client.post("/v1/positions/check", data=check, content_type="application/json")
            client.post("/v1/adjudications", data=whole, content_type="application/json")
        checks, wholes = [], []
        for i in range(args.samples):
            check, whole = games[i % len(games)]
            t0 = time.perf_counter()
            r = client.post("/v1/positions/check", data=check, content_type="application/json")
            t1 = time.perf_counter()
            s = client.post("/v1/adjudications", data=whole, content_type="application/json")
            t2 = time.perf_counter()
            assert r.status_code == s.status_code == 200 and r.get_json()["legal"]
            checks.append((t1 - t0) * 1000)
            wholes.append((t2 - t1) * 1000)
    print(f"{args.samples} samples, prefix of {PREFIX} plays ({len(games)} games of every preset), ms p50/p99/max:")
    for name, values in (("move check", checks), ("adjudicating the prefix", wholes)):
        print(f"  {name:>24}: {pct(values, 0.5):.3f} / {pct(values, 0.99):.3f} / {max(values):.3f}")
    print(f"check / prefix at p50: {pct(checks, 0.5) / pct(wholes, 0.5):.2f}× (target: the check's p99 within 2 ms)")


if __name__ == "__main__":
    main()
