"""Page timings, as a browser waits for them: the time to the first byte and to the whole page of

1. a tournament's standings page with 200 players (and their games, rounds and seating), and
2. the check page answering a 300-play game (a POST with its CSRF token, as the form sends it).

    .venv/bin/python benchmarks/bench_pages.py [--players 200] [--games 400] [--runs 30]

The service runs as `baohuang serve` (gunicorn, 2 workers, SQLite in a temporary directory; the
pure-Python core of this checkout). Prints the median and the 90th percentile; asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.core import random_record  # noqa: E402
from service.core.notation import format_record  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[float, float, int, bytes, http.client.HTTPResponse]:
    """(seconds to the first byte, seconds to the last, status, body, response)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    first = response.read(1)
    ttfb = time.perf_counter() - start
    data = first + response.read()
    total = time.perf_counter() - start
    conn.close()
    return ttfb, total, response.status, data, response


def api(
    port: int, method: str, path: str, doc: object, key: str | None = None, content_type: str = "application/json"
) -> object:
    headers = {"Content-Type": content_type}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    body = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    _, _, status, data, _ = call(port, method, path, body, headers)
    assert status in (200, 201), (status, data[:300])
    return json.loads(data) if content_type == "application/json" else data


def report(label: str, times: list[tuple[float, float]]) -> None:
    first = sorted(t for t, _ in times)
    whole = sorted(t for _, t in times)

    def p90(xs: list[float]) -> float:
        return xs[int(0.9 * (len(xs) - 1))]

    print(
        f"  {label}: first byte median {statistics.median(first) * 1000:.1f} ms (p90 {p90(first) * 1000:.1f}), "
        f"whole page median {statistics.median(whole) * 1000:.1f} ms (p90 {p90(whole) * 1000:.1f})"
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    port = free_port()
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        DATABASE_URL=f"sqlite:///{tmp}/pages.sqlite3",
        BAOHUANG_OPEN_SIGNUP="1",
        BAOHUANG_SECRET_KEY="bench",
        BAOHUANG_COOKIE_SECURE="0",
        BAOHUANG_RATE_LIMIT_PER_MINUTE="0",
        PROMETHEUS_MULTIPROC_DIR=os.path.join(tmp, "metrics"),  # emptied by the server when it starts
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", "2"],
        cwd=tmp,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(150):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        key = api(port, "POST", "/v1/organizers", {"name": "bench club"})["key"]["secret"]  # type: ignore[index]
        tid = api(port, "POST", "/v1/tournaments", {"name": "big evening"}, key)["id"]  # type: ignore[index]
        ids = [
            api(port, "POST", f"/v1/tournaments/{tid}/players", {"name": f"选手 {i:03d}"}, key)["id"]  # type: ignore[index]
            for i in range(args.players)
        ]
        api(port, "POST", f"/v1/tournaments/{tid}/rounds", b"", key)
        lines = [
            json.dumps(
                {"players": ids[(5 * n) % len(ids) : (5 * n) % len(ids) + 5] or ids[:5], "record": random_record(n)}
            )
            for n in range(args.games)
        ]
        api(port, "POST", f"/v1/tournaments/{tid}/games/import", "\n".join(lines).encode(), key, "application/x-ndjson")
        print(
            f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}; gunicorn 2 workers, SQLite; "
            f"{args.players} players, {args.games} games, {args.runs} runs each"
        )
        standings = [call(port, "GET", f"/tournaments/{tid}")[:2] for _ in range(args.runs)]
        report(f"standings page, {args.players} players", standings)

        record = random_record(7)
        for p in record["plays"]:
            p.pop("seat")
        text = format_record(record)
        _, _, _, page, response = call(port, "GET", "/check")
        token = re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()  # type: ignore[union-attr]
        cookie = response.getheader("Set-Cookie", "").split(";", 1)[0]
        form = urllib.parse.urlencode({"game": text, "csrf_token": token}).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
        checks = []
        for _ in range(args.runs):
            ttfb, total, status, _, _ = call(port, "POST", "/check", form, headers)
            assert status == 200, status
            checks.append((ttfb, total))
        report(f"check page, a {len(record['plays'])}-play game", checks)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    import urllib.parse

    sys.exit(main())
