"""A 100 MB stream of games through the service as it runs (gunicorn, one gevent worker): every
line answered, in order, while the worker's memory stays that of a few games."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from pathlib import Path

import pytest

from service.core import PRESETS, random_record
from service.referee import answer_line
from tests.system.test_deploy import start_serve, wait_ready

pytestmark = pytest.mark.slow

BODY_BYTES = 100 * 1024 * 1024


def _peak_rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1))


def _worker_of(master: int) -> int:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                return int(entry.name)
    raise AssertionError("no worker")


def test_a_100_mb_stream_is_answered_in_order_in_bounded_memory(tmp_path):
    records = [json.dumps(random_record(seed, rs)).encode() for seed, rs in enumerate(PRESETS.values())]
    expected = [answer_line(r.decode(), 1)[0] for r in records]
    bad_every = 997
    proc, port = start_serve(
        tmp_path,
        1,
        BAOHUANG_BACKGROUND="0",
        BAOHUANG_MAX_STREAM_BYTES=str(2 * BODY_BYTES),
        BAOHUANG_STREAM_LINES="10000000 per minute",
        BAOHUANG_STREAM_CPU_MS="10000000 per minute",
    )
    try:
        wait_ready(port, proc)
        worker = _worker_of(proc.pid)
        # What a worker loads once, before: a short stream of each ruleset, and the dictionaries
        # it warms two seconds after it starts (service/gunicorn_conf.py).
        warm = b"".join(r + b"\n" for r in records)
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(
                b"POST /v1/adjudications/stream HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(warm), warm)
            )
            while s.recv(1 << 16):
                pass
        time.sleep(3)
        before = _peak_rss_kib(worker)
        sock = socket.create_connection(("127.0.0.1", port))
        sent = {"lines": 0}

        def send() -> None:  # the body, chunked, as the answers are read on the other side
            sock.sendall(
                b"POST /v1/adjudications/stream HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            )
            total = 0
            n = 0
            while total < BODY_BYTES:
                n += 1
                line = b"{not json\n" if n % bad_every == 0 else records[n % len(records)] + b"\n"
                sock.sendall(b"%x\r\n%s\r\n" % (len(line), line))
                total += len(line)
            sock.sendall(b"0\r\n\r\n")
            sent["lines"] = n

        sender = threading.Thread(target=send)
        sender.start()
        received = bytearray()
        while chunk := sock.recv(1 << 20):
            received += chunk
        sender.join()
        sock.close()
        peak = _peak_rss_kib(worker)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    head, _, body = bytes(received).partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200") and b"chunked" in head.lower()
    answers = _unchunked(body).splitlines()
    assert len(answers) == sent["lines"] > 10_000
    for n, line in enumerate(answers, start=1):
        answer = json.loads(line)
        if n % bad_every == 0:
            assert answer["line"] == n and answer["status"] == 422, n
        else:
            assert answer == expected[n % len(records)], n
    growth = (peak - before) / 1024
    assert growth < 20, f"the worker's peak memory grew by {growth:.0f} MiB over a 100 MiB body"


def _unchunked(body: bytes) -> bytes:
    out = bytearray()
    pos = 0
    while True:
        end = body.index(b"\r\n", pos)
        size = int(body[pos:end].split(b";")[0], 16)
        if size == 0:
            return bytes(out)
        out += body[end + 2 : end + 2 + size]
        pos = end + 2 + size + 2
