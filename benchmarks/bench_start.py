"""How long the service takes from spawn to its first answer, beside a bare Flask app under the
same gunicorn settings, in interleaved rounds.

    .venv/bin/python benchmarks/bench_start.py [--rounds 7] [--workers 2]

Three starts a round, in turn: the bare app (benchmarks/bare_app.py), the service as the container
image starts it (gunicorn on an already migrated database: the entrypoint's ``db upgrade`` has
run), and ``baohuang serve`` (which checks the schema itself first). For each: seconds from spawn
to the first answer to ``GET /livez`` and to the first ``200`` from ``/readyz`` (the app built,
the database at head; the bare app has no /readyz: its first answer is both). Prints
min/median/max over the rounds and the ratio to the bare app's first answer in the same round.
Target: the first answer within 1.0 s. Asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(port: int, path: str) -> int | None:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", path)
        r = conn.getresponse()
        r.read()
        conn.close()
        return r.status
    except OSError:
        return None


def start(kind: str, env: dict[str, str], workers: int) -> tuple[float, float]:
    """Seconds to the first answer and to ready for one start of ``kind``; the server is stopped
    (by its pid) before returning."""
    port = free_port()
    env = dict(env, HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY=str(workers))
    gunicorn = [sys.executable, "-m", "gunicorn", "-c", "python:service.gunicorn_conf"]
    cmd = {
        "bare": [*gunicorn, "bare_app:app"],
        "image": [*gunicorn, "service.wsgi:app"],
        "serve": [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
    }[kind]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        first = ready = None
        while time.perf_counter() - t0 < 60:
            if first is None and status(port, "/livez") is not None:
                first = time.perf_counter() - t0
                if kind == "bare":
                    return first, first
            if first is not None and status(port, "/readyz") == 200:
                ready = time.perf_counter() - t0
                return first, ready
            time.sleep(0.005)
        raise RuntimeError(f"{kind} did not start within 60 s")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def spread(values: list[float], unit: str = " s") -> str:
    return f"{min(values):.3f}/{statistics.median(values):.3f}/{max(values):.3f}{unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(
            os.environ,
            PYTHONPATH=f"{ROOT}:{ROOT / 'benchmarks'}",
            DATABASE_URL=f"sqlite:///{tmp}/start.sqlite3",
            BAOHUANG_BACKGROUND="0",
            PROMETHEUS_MULTIPROC_DIR=f"{tmp}/metrics",
        )
        subprocess.run([sys.executable, "-m", "service.cli", "db", "upgrade"], env=env, cwd=ROOT, check=True)
        kinds = ("bare", "image", "serve")
        first: dict[str, list[float]] = {k: [] for k in kinds}
        ready: dict[str, list[float]] = {k: [] for k in kinds}
        for _ in range(args.rounds):
            for kind in kinds:
                f, r = start(kind, env, args.workers)
                first[kind].append(f)
                ready[kind].append(r)
        print(f"{args.rounds} rounds, {args.workers} workers; min/median/max")
        for kind in kinds:
            ratio = [f / b for f, b in zip(first[kind], first["bare"], strict=True)]
            print(
                f"{kind:>6}: first answer {spread(first[kind])} ({spread(ratio, '×')} the bare app's),"
                f" ready {spread(ready[kind])}"
            )


if __name__ == "__main__":
    main()
