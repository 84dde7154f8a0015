"""The director's board: what a board of 20 tables × 10 deals costs, and how long a confirmation
at a table takes to reach the director's screen.

Runs `baohuang serve` (gunicorn, gevent workers, SQLite in a temporary directory, or
``--database-url``) and talks to it over HTTP, as the pages do:

- the board of a round of 100 players (20 tables) and 10 deals a round, with 120 deals
  confirmed, 40 pending and 20 disputed: the JSON answer, the page, and the 304 a poll that
  finds nothing new gets (its ETag), each the median and p95 of ``--rounds`` requests;
- the update latency: a poller asks for the board page as the page's script does (every
  ``--poll`` seconds, with If-None-Match) while a table confirms a deal at a random moment; the latency is from the
  confirmation's answer to the poll that sees the new board. Reported with the share that is the
  poll's own wait, so the server's part can be read off.

    .venv/bin/python benchmarks/bench_board.py [--rounds 60] [--poll 3] [--confirmations 15]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CROWN = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
REBELS = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [2, 3, 0, 4, 1]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(
    base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any, dict[str, str]]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            raw = r.read()
            kind = r.headers.get("Content-Type", "")
            return r.status, json.loads(raw) if "json" in kind else raw, dict(r.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), dict(exc.headers)


def signed_in(base: str, key: str) -> urllib.request.OpenerDirector:
    """A browser's cookie jar, signed in through the pages' form (the board page is the director's)."""
    import http.cookiejar
    import re
    from urllib.parse import urlencode

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    form = opener.open(base + "/signin", timeout=30).read().decode()
    token = re.search(r'name="csrf-token" content="([^"]+)"', form)
    assert token is not None
    data = urlencode({"key": key, "csrf_token": token.group(1)}).encode()
    opener.open(urllib.request.Request(base + "/signin", data=data, method="POST"), timeout=30).read()
    return opener


def timed(fn: Any, n: int) -> tuple[float, float]:
    samples = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--poll", type=float, default=3.0, help="the board page's interval (service/web/board.py)")
    ap.add_argument("--confirmations", type=int, default=15)
    ap.add_argument("--database-url")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-board-")
    port = free_port()
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        DATABASE_URL=args.database_url or f"sqlite:///{tmp}/board.sqlite3",
        PROMETHEUS_MULTIPROC_DIR=os.path.join(tmp, "metrics"),
        BAOHUANG_OPEN_SIGNUP="1",
        BAOHUANG_RATE_LIMIT_PER_MINUTE="0",
        BAOHUANG_SECRET_KEY="bench",
        BAOHUANG_COOKIE_SECURE="0",  # the page is read over plain HTTP here
    )
    os.makedirs(tmp, exist_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", "2"],
        env=env,
        cwd=tmp,
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(tmp, "serve.log"), "w"),  # noqa: SIM115 (kept open for the server's life)
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if call(base, "GET", "/livez")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        run(base, args)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def run(base: str, args: argparse.Namespace) -> None:
    key = call(base, "POST", "/v1/organizers", {"name": "bench club"})[1]["key"]["secret"]
    auth = {"Authorization": f"Bearer {key}"}
    tid = call(base, "POST", "/v1/tournaments", {"name": "board", "deals_per_round": 10}, auth)[1]["id"]
    for i in range(100):
        call(base, "POST", f"/v1/tournaments/{tid}/players", {"name": f"p{i}"}, auth)
    call(base, "POST", f"/v1/tournaments/{tid}/rounds", None, auth)
    links = call(base, "POST", f"/v1/tournaments/{tid}/rounds/1/table-links", None, auth)[1]["links"]
    rng = random.Random(1)
    plan = ["confirmed"] * 120 + ["pending"] * 40 + ["disputed"] * 20 + ["missing"] * 20
    rng.shuffle(plan)
    started = time.perf_counter()
    pending: list[tuple[dict[str, Any], int, int]] = []
    for k, state in enumerate(plan):
        link, deal = links[k // 10], k % 10 + 1
        tok = {"X-Table-Token": link["token"]}
        seats = [p["player_id"] for p in link["players"]]
        path = f"/v1/tournaments/{tid}/rounds/1/tables/{link['table']}"
        if state == "missing":
            continue
        # every deal ends alike here: each says so (repeat), as a table would when asked
        entry = {"entered_by": seats[0], "deal": deal, "sheet": CROWN, "repeat": True}
        _, made, _ = call(base, "POST", f"{path}/deals", entry, tok)
        if state == "confirmed":
            call(base, "POST", f"{path}/deals/{deal}/confirm", {"player": seats[2], "entry": made["id"]}, tok)
        elif state == "disputed":
            call(base, "POST", f"{path}/deals", {"entered_by": seats[3], "deal": deal, "sheet": REBELS}, tok)
        else:
            pending.append((link, deal, made["id"]))
    print(f"built a round of 20 tables x 10 deals in {time.perf_counter() - started:.1f} s")
    board_path = f"/v1/tournaments/{tid}/rounds/1/board"
    status, board, headers = call(base, "GET", board_path, None, auth)
    assert status == 200 and board["counts"] == {"missing": 20, "pending": 40, "disputed": 20, "confirmed": 120}, board[
        "counts"
    ]
    etag = headers["ETag"]
    print(f"board JSON: {len(json.dumps(board)) / 1024:.0f} KB")
    med, p95 = timed(lambda: call(base, "GET", board_path, None, auth), args.rounds)
    print(f"GET board (JSON, 200):        median {med:6.1f} ms, p95 {p95:6.1f} ms")
    med, p95 = timed(lambda: call(base, "GET", board_path, None, {**auth, "If-None-Match": etag}), args.rounds)
    print(f"GET board unchanged (304):    median {med:6.1f} ms, p95 {p95:6.1f} ms")

    page_path = f"/organizer/tournaments/{tid}/rounds/1/board"
    opener = signed_in(base, key)
    first = opener.open(base + page_path, timeout=30)
    page_tag = first.headers["ETag"]
    print(f"board page: {len(first.read()) / 1024:.0f} KB of HTML")
    med, p95 = timed(lambda: opener.open(base + page_path, timeout=30).read(), args.rounds)
    print(f"GET board page (HTML, 200):   median {med:6.1f} ms, p95 {p95:6.1f} ms")

    def page_unchanged() -> None:
        try:
            opener.open(urllib.request.Request(base + page_path, headers={"If-None-Match": page_tag}), timeout=30)
        except urllib.error.HTTPError as exc:
            assert exc.code == 304, exc.code

    med, p95 = timed(page_unchanged, args.rounds)
    print(f"GET board page unchanged (304): median {med:4.1f} ms, p95 {p95:6.1f} ms")

    # the latency: a poller like the page's, a confirmation at a random moment
    seen: list[tuple[float, str]] = []
    stop = threading.Event()

    def poll() -> None:
        """What the board page does: ask for itself with its ETag every few seconds."""
        tag = opener.open(base + page_path, timeout=30).headers["ETag"]
        while not stop.is_set():
            try:
                r = opener.open(urllib.request.Request(base + page_path, headers={"If-None-Match": tag}), timeout=30)
                r.read()
                tag = r.headers["ETag"]
                seen.append((time.perf_counter(), tag))
            except urllib.error.HTTPError as exc:
                assert exc.code == 304, exc.code
            stop.wait(args.poll)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    latencies = []
    for link, deal, entry_id in pending[: args.confirmations]:
        time.sleep(rng.uniform(0.2, args.poll))
        tok = {"X-Table-Token": link["token"]}
        seats = [p["player_id"] for p in link["players"]]
        before = len(seen)
        call(
            base,
            "POST",
            f"/v1/tournaments/{tid}/rounds/1/tables/{link['table']}/deals/{deal}/confirm",
            {"player": seats[2], "entry": entry_id},
            tok,
        )
        done = time.perf_counter()
        while len(seen) == before:
            time.sleep(0.005)
        latencies.append((seen[-1][0] - done) * 1000)
    stop.set()
    poller.join()
    latencies.sort()
    print(
        f"confirmation -> the director's board page ({len(latencies)} confirmations, the page polls every {args.poll:g} s): "
        f"median {statistics.median(latencies):.0f} ms, max {latencies[-1]:.0f} ms "
        f"(a poll's own wait is 0 to {args.poll * 1000:.0f} ms of it)"
    )


if __name__ == "__main__":
    main()
