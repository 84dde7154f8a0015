"""Four anonymous 1 MB streams of junk (``yes x | head -c 1M``) at once to a one-worker service as
it runs, with its default limits, and a bystander's GET meanwhile: the worker's CPU, the bytes
answered, and the bystander's wall time. ``--tree`` serves another checkout side by side (the
previous main, say): both are started the same way, with the pure core (``BAOHUANG_PURE=1``, so that a
checkout without compiled modules is compared fairly), in turn, ``--rounds`` times.

    .venv/bin/python benchmarks/bench_junk_stream.py [--tree PATH] [--rounds N]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bounds import cpu_seconds, free_port, request, serve, worker_of

ROOT = Path(__file__).resolve().parent.parent
JUNK = b"x\n" * (512 * 1024)


def once(tree: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = serve(tree, port, tmp, BAOHUANG_RATE_LIMIT_PER_MINUTE="1200", BAOHUANG_PURE="1")
        try:
            worker = worker_of(proc.pid)
            request(port, "GET", "/v1/rulesets/weihai")  # warm
            cpu = cpu_seconds(worker)
            sizes: list[int] = []
            bystander: list[float] = []

            def stream() -> None:
                sizes.append(
                    request(port, "POST", "/v1/adjudications/stream", JUNK, {"Content-Type": "application/x-ndjson"})[1]
                )

            threads = [threading.Thread(target=stream) for _ in range(4)]
            t0 = time.perf_counter()
            for th in threads:
                th.start()
            while any(th.is_alive() for th in threads):
                t = time.perf_counter()
                request(port, "GET", "/v1/rulesets/weihai")
                bystander.append(time.perf_counter() - t)
                time.sleep(0.05)
            for th in threads:
                th.join()
            return {
                "cpu": cpu_seconds(worker) - cpu,
                "out_mb": sum(sizes) / 2**20,
                "wall": time.perf_counter() - t0,
                "bystander_max": max(bystander) if bystander else 0.0,
            }
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", type=Path, help="another checkout, measured in turn with this one")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    trees = [("this", ROOT)] + ([("other", args.tree.resolve())] if args.tree else [])
    got: dict[str, list[dict[str, float]]] = {name: [] for name, _ in trees}
    for _ in range(args.rounds):
        for name, tree in trees:
            got[name].append(once(tree))
    print("four anonymous 1 MB streams of 'x' lines at once, one gevent worker, default limits (medians):")
    print(f"{'tree':<6} {'worker CPU s':>12} {'answered MB':>12} {'wall s':>8} {'bystander max s':>16}")
    for name, runs in got.items():
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(f"{name:<6} {med['cpu']:>12.2f} {med['out_mb']:>12.2f} {med['wall']:>8.2f} {med['bystander_max']:>16.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
