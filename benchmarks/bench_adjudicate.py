"""Full-game adjudications per second, beside json.loads of the same records.

    .venv/bin/python benchmarks/bench_adjudicate.py [--games 1000] [--rounds 15] [--no-deal]

Target: adjudicating a decoded record costs no more than 3x decoding its JSON.
Prints figures; asserts nothing (timing belongs in benchmarks, not tests).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.core import COMPILED, adjudicate, random_record

CORE = "core: compiled (mypyc)" if COMPILED else "core: pure Python"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def timed(fn, rounds: int) -> list[float]:
    """Seconds per round, with the garbage collector off while timing (as timeit does)."""
    out = []
    for _ in range(rounds):
        gc.collect()
        gc.disable()
        try:
            t = time.perf_counter()
            fn()
            out.append(time.perf_counter() - t)
        finally:
            gc.enable()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--no-deal", action="store_true", help="records without a deal (two passes)")
    args = ap.parse_args()

    texts = [json.dumps(random_record(seed, with_deal=not args.no_deal)) for seed in range(args.games)]
    docs = [json.loads(t) for t in texts]
    verdicts = [adjudicate(d).verdict.value for d in docs]
    assert verdicts.count("legal") == len(docs), "every seeded random game must be legal"
    plays = sum(len(d["plays"]) for d in docs)
    size = sum(len(t) for t in texts)

    loads = timed(lambda: [json.loads(t) for t in texts], args.rounds)
    adj = timed(lambda: [adjudicate(d) for d in docs], args.rounds)
    both = timed(lambda: [adjudicate(json.loads(t)) for t in texts], args.rounds)

    n = args.games
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.system()}); {CORE}"
    )
    print(
        f"records: {n} seeded random games{' without deal' if args.no_deal else ''}, "
        f"{plays / n:.0f} actions and {size / n / 1024:.1f} KiB of JSON each on average"
    )
    print(f"rounds: {args.rounds}; figures are the best round (median in brackets): this machine is shared and noisy")
    rows = [("json.loads", loads), ("adjudicate (decoded record)", adj), ("json.loads + adjudicate", both)]
    for name, runs in rows:
        med, best = statistics.median(runs), min(runs)
        print(f"  {name:30s} {n / best:9.0f} records/s   {best / n * 1e6:7.1f} µs/record  [{med / n * 1e6:6.1f}]")
    ratio = min(adj) / min(loads)
    print(f"adjudicate / json.loads = {ratio:.2f}x (target: at most 3x) -> {'met' if ratio <= 3 else 'NOT met'}")


if __name__ == "__main__":
    main()
