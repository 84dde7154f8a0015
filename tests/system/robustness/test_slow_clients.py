"""Slow clients against the service as `baohuang serve` runs it (gunicorn, three workers).

Three connections that each sent a header line every two seconds used to hold all three sync
workers: /livez failed for as long as they kept at it, and a half-sent request ended in an HTML
500 'WORKER TIMEOUT'. Here 200 such connections are kept open (reopened as the server drops
them) for SLOW_CLIENT_SECONDS (default 20) while /livez and a game submission are asked every
half second: each must answer within a second.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from service.core import random_record
from tests.system.robustness.figures import FIGURES
from tests.system.test_deploy import start_serve, wait_ready

ROOT = Path(__file__).resolve().parents[3]
SECONDS = float(os.environ.get("SLOW_CLIENT_SECONDS", "20"))
CONNECTIONS = 200
HEAD_TIMEOUT = 5


class Slowloris:
    """CONNECTIONS sockets, each sending one more header line every two seconds and never
    finishing its head; a socket the server closes is opened again."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.socks: list[socket.socket | None] = [None] * CONNECTIONS
        self.opened = self.dropped = 0
        self.answers: list[bytes] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def _open(self) -> socket.socket | None:
        try:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            s.sendall(b"POST /v1/adjudications HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            s.setblocking(False)
            self.opened += 1
            return s
        except OSError:
            return None

    def run(self) -> None:
        line = 0
        while not self.stop.is_set():
            for i in range(CONNECTIONS):
                s = self.socks[i]
                if s is not None:
                    try:
                        data = s.recv(4096)  # the server answered or closed: it dropped us
                        if data:
                            self.answers.append(data)
                        s.close()
                        s, self.dropped = None, self.dropped + 1
                    except BlockingIOError:
                        try:
                            s.send(f"X-Slow-{line}: {'a' * 10}\r\n".encode())
                        except OSError:
                            s.close()
                            s, self.dropped = None, self.dropped + 1
                    except OSError:
                        s.close()
                        s, self.dropped = None, self.dropped + 1
                if s is None:
                    s = self._open()
                self.socks[i] = s
            line += 1
            self.stop.wait(2.0)
        for s in self.socks:
            if s is not None:
                s.close()


def _timed(request: urllib.request.Request | str) -> tuple[float, int]:
    t0 = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            status = r.status
    except urllib.error.HTTPError as e:
        status = e.code
    except OSError:
        status = 0
    return time.monotonic() - t0, status


@pytest.mark.slow
def test_two_hundred_slow_clients_do_not_stop_the_service(tmp_path):
    proc, port = start_serve(
        tmp_path,
        3,
        BAOHUANG_RATE_LIMIT_PER_MINUTE="0",
        BAOHUANG_OPEN_SIGNUP="1",
        BAOHUANG_HEAD_TIMEOUT=str(HEAD_TIMEOUT),
    )
    slow = None
    try:
        wait_ready(port, proc)
        base = f"http://127.0.0.1:{port}"

        def post(path: str, body: dict, headers: dict | None = None) -> dict:
            req = urllib.request.Request(
                base + path,
                data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json", **(headers or {})},
            )
            with urllib.request.urlopen(req, timeout=5) as r:
                return json.loads(r.read())

        made = post("/v1/organizers", {"name": "slow club"})
        auth = {"Authorization": f"Bearer {made['key']['secret']}"}
        tid = post("/v1/tournaments", {"name": "t"}, auth)["id"]
        players = [post(f"/v1/tournaments/{tid}/players", {"name": f"p{i}"}, auth)["id"] for i in range(5)]

        slow = Slowloris(port)
        slow.thread.start()
        time.sleep(3)  # all 200 connected and trickling
        live: list[tuple[float, int]] = []
        games: list[tuple[float, int]] = []
        seed = 0
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            live.append(_timed(base + "/livez"))
            seed += 1
            req = urllib.request.Request(
                f"{base}/v1/tournaments/{tid}/games",
                data=json.dumps({"players": players, "record": random_record(seed)}).encode(),
                headers={"Content-Type": "application/json", **auth},
            )
            games.append(_timed(req))
            time.sleep(0.5)
        slow.stop.set()
        slow.thread.join(10)
        FIGURES["slow connections opened"] = FIGURES.get("slow connections opened", 0) + slow.opened
        worst_live, worst_game = max(t for t, _ in live), max(t for t, _ in games)
        FIGURES["slowest /livez under slow clients (ms)"] = round(worst_live * 1000)
        FIGURES["slowest game submission under slow clients (ms)"] = round(worst_game * 1000)
        assert slow.opened >= CONNECTIONS
        assert {s for _, s in live} == {200} and worst_live < 1.0, live
        assert {s for _, s in games} == {201} and worst_game < 1.0, games
        # the server dropped the heads that took too long, each with a 408 problem document
        assert slow.dropped > 0 and slow.answers
        assert all(a.startswith(b"HTTP/1.1 408") and b"application/problem+json" in a for a in slow.answers)
    finally:
        if slow is not None:
            slow.stop.set()
        proc.terminate()
        proc.wait(30)


@pytest.mark.slow
def test_errors_gunicorn_answers_itself_are_problem_documents(tmp_path):
    proc, port = start_serve(tmp_path, 1, BAOHUANG_HEAD_TIMEOUT="2")

    def exchange(raw: bytes, wait: float = 5) -> bytes:
        with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
            s.sendall(raw)
            chunks = []
            while True:
                try:
                    data = s.recv(65536)
                except OSError:
                    break
                if not data:
                    break
                chunks.append(data)
            return b"".join(chunks)

    try:
        wait_ready(port, proc)
        cases = {
            b"414": b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            b"431": b"GET /livez HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n",
            b"400": b"NOT-HTTP\r\n\r\n",
            b"408": b"GET /livez HTTP/1.1\r\nHost: x\r\n",  # and never the blank line
        }
        for status, raw in cases.items():
            answer = exchange(raw)
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 " + status), (status, answer[:200])
            assert b"Content-Type: application/problem+json" in head, answer[:300]
            assert json.loads(body)["status"] == int(status)
        # a body that stalls halfway: 408 from the app, and the worker serves on
        assert _timed(f"http://127.0.0.1:{port}/livez")[1] == 200
    finally:
        proc.terminate()
        proc.wait(30)
