"""Games in bulk: ``POST /v1/adjudications/stream`` through gunicorn (one gevent worker, as
deployed: rate limit counted, access log at INFO) against ``baohuang adjudicate --ndjson`` on
the same file, in interleaved rounds.

    .venv/bin/python benchmarks/bench_stream.py [--games 5000] [--rounds 5]

The file: legal games of every preset, with and without the deal. Each round runs the command
once and sends the file once (chunked, the answers read as they come); games a second for each,
and the ratio stream / command of the round. Target: the stream at least 80 % of the command.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.core import PRESETS, random_record  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stream_once(port: int, path: Path) -> tuple[float, int]:
    """Seconds to send ``path`` and read every answer, and how many verdicts were answered."""
    sock = socket.create_connection(("127.0.0.1", port))
    t0 = time.perf_counter()

    def send() -> None:
        sock.sendall(
            b"POST /v1/adjudications/stream HTTP/1.1\r\nHost: bench\r\nContent-Type: application/x-ndjson\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        )
        with path.open("rb") as f:
            while block := f.read(256 * 1024):
                sock.sendall(b"%x\r\n%s\r\n" % (len(block), block))
        sock.sendall(b"0\r\n\r\n")

    sender = threading.Thread(target=send)
    sender.start()
    received = bytearray()
    while chunk := sock.recv(1 << 20):
        received += chunk
    sender.join()
    sock.close()
    return time.perf_counter() - t0, received.count(b'{"verdict":')


def command_once(path: Path) -> float:
    t0 = time.perf_counter()
    with path.open("rb") as f:
        subprocess.run(
            [sys.executable, "-m", "service.cli", "adjudicate", "--ndjson", "-"],
            stdin=f,
            stdout=subprocess.DEVNULL,
            cwd=ROOT,
            check=False,
        )
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    presets = list(PRESETS.values())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.ndjson"
        with path.open("w") as f:
            for k in range(args.games):
                f.write(json.dumps(random_record(k, presets[k % len(presets)], with_deal=k % 2 == 0)) + "\n")
        port = free_port()
        env = dict(
            os.environ,
            PYTHONPATH=str(ROOT),
            HOST="127.0.0.1",
            PORT=str(port),
            WEB_CONCURRENCY="1",
            DATABASE_URL=f"sqlite:///{tmp}/bench.sqlite3",
            BAOHUANG_BACKGROUND="0",
            BAOHUANG_RATE_LIMIT_PER_MINUTE="1000000000",
            BAOHUANG_STREAM_LINES="1000000000 per minute",
            BAOHUANG_STREAM_CPU_MS="1000000000 per minute",
            LOG_LEVEL="info",
            PROMETHEUS_MULTIPROC_DIR=f"{tmp}/metrics",
        )
        subprocess.run([sys.executable, "-m", "service.cli", "db", "upgrade"], env=env, cwd=ROOT, check=True)
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:service.gunicorn_conf", "service.wsgi:app"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(200):
                try:
                    stream_once(port, path)  # also the warm-up
                    break
                except OSError:
                    time.sleep(0.1)
            command, stream = [], []
            for _ in range(args.rounds):
                command.append(args.games / command_once(path))
                seconds, answered = stream_once(port, path)
                if answered != args.games:
                    raise SystemExit(f"the stream answered {answered} lines of {args.games}")
                stream.append(args.games / seconds)
        finally:
            server.terminate()
            server.wait(timeout=30)
    ratios = [s / c for s, c in zip(stream, command, strict=True)]
    print(f"{args.games} games a round ({args.rounds} interleaved rounds), games a second min/median/max:")
    print(f"  baohuang adjudicate --ndjson: {min(command):.0f}/{statistics.median(command):.0f}/{max(command):.0f}")
    print(f"  POST /v1/adjudications/stream: {min(stream):.0f}/{statistics.median(stream):.0f}/{max(stream):.0f}")
    print(
        f"stream / command: {min(ratios):.2f}/{statistics.median(ratios):.2f}/{max(ratios):.2f} (target: at least 0.80)"
    )


if __name__ == "__main__":
    main()
