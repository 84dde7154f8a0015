"""The stream and the import answer each line as it is read, through the service as it runs
(gunicorn, a gevent worker): a line sent alone is answered before the next is sent, however long
the body says it is (it was read ahead 64 KB, so four lines sent 2 s apart were all answered at the
end)."""

from __future__ import annotations

import json
import socket
import time

import pytest

from service.core import random_record
from tests.system.test_deploy import start_serve, wait_ready
from tests.tournament_helpers import Club

pytestmark = pytest.mark.slow


def _answered(s: socket.socket, buffer: bytearray, at_least: int, seconds: float) -> list[dict]:
    """The answer lines received so far, once there are ``at_least`` (or the time is up)."""
    deadline = time.monotonic() + seconds
    s.settimeout(0.1)
    while True:
        body = bytes(buffer).partition(b"\r\n\r\n")[2]
        lines = _lines_of_chunked(body)
        if len(lines) >= at_least or time.monotonic() > deadline:
            return lines
        try:
            got = s.recv(65536)
        except TimeoutError:
            continue
        if not got:
            return lines
        buffer.extend(got)


def _lines_of_chunked(body: bytes) -> list[dict]:
    out, rest = [], body
    while rest:
        size, _, rest = rest.partition(b"\r\n")
        n = int(size, 16)
        if n == 0:
            break
        chunk, rest = rest[:n], rest[n + 2 :]
        out.extend(json.loads(x) for x in chunk.splitlines() if x.strip())
    return out


def test_each_line_is_answered_before_the_next_is_sent(tmp_path):
    proc, port = start_serve(tmp_path, 1, BAOHUANG_BACKGROUND="0")
    try:
        wait_ready(port, proc)
        lines = [json.dumps(random_record(n)).encode() + b"\n" for n in range(3)]
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(
                b"POST /v1/adjudications/stream HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                b"Content-Length: %d\r\nConnection: close\r\n\r\n" % (sum(map(len, lines)) + 10_000_000)
            )
            buffer = bytearray()
            for n, line in enumerate(lines, start=1):
                s.sendall(line)
                answered = _answered(s, buffer, n, 5)
                assert len(answered) == n and "verdict" in answered[-1], (n, bytes(buffer)[-300:])
                # and nothing more comes until the next line is sent
                assert len(_answered(s, buffer, n + 1, 0.5)) == n
    finally:
        proc.terminate()
        proc.wait(20)


def test_an_import_line_is_stored_and_answered_before_the_next_is_sent(tmp_path):
    import urllib.request

    proc, port = start_serve(tmp_path, 1, BAOHUANG_BACKGROUND="0", BAOHUANG_OPEN_SIGNUP="1")
    try:
        wait_ready(port, proc)

        class _Client:
            def post(self, path, json=None, headers=None):
                req = urllib.request.Request(
                    f"http://127.0.0.1:{port}{path}",
                    data=(__import__("json").dumps(json or {})).encode(),
                    headers={"Content-Type": "application/json", **(headers or {})},
                    method="POST",
                )
                with urllib.request.urlopen(req, timeout=10) as r:
                    body = r.read()
                return _Answer(r.status, body)

        club = Club(_Client())
        tid, ids = club.tournament(players=5)
        lines = [json.dumps({"players": ids, "record": random_record(n)}).encode() + b"\n" for n in range(2)]
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(
                f"POST /v1/tournaments/{tid}/games/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                f"Authorization: Bearer {club.secret}\r\nContent-Length: {sum(map(len, lines)) + 5_000_000}\r\n"
                "Connection: close\r\n\r\n".encode()
            )
            buffer = bytearray()
            s.sendall(lines[0])
            answered = _answered(s, buffer, 1, 5)
            assert len(answered) == 1 and answered[0]["status"] == "stored", bytes(buffer)[-300:]
    finally:
        proc.terminate()
        proc.wait(20)


class _Answer:
    def __init__(self, status: int, body: bytes) -> None:
        self.status_code = status
        self._body = body

    def get_json(self):
        return json.loads(self._body)
