"""``baohuang serve`` keeps its background work running: killed, it is started again (and the log
says how it ended); stopped so that it cannot beat its heartbeat, /readyz says so with a 503 until
it beats again."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.system.test_deploy import start_serve, wait_ready

pytestmark = pytest.mark.slow


def _background_pids() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"service.cli" in cmd and b"background" in cmd and b"--no-upgrade" in cmd:
                found.append(int(entry.name))
    return found


def _children(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry.name))
    return out


def _ready(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _until(check, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.2)
    return check()


def test_a_killed_background_is_started_again_and_a_silent_one_fails_readiness(tmp_path):
    proc, port = start_serve(tmp_path, 1, quiet=False, BAOHUANG_HEARTBEAT_STALE="3")
    try:
        wait_ready(port, proc)
        mine = lambda: [p for p in _background_pids() if p in _children(proc.pid)]  # noqa: E731
        first = _until(mine, 15)
        assert len(first) == 1, first
        status, body = _until(lambda: (s := _ready(port))[0] == 200 and s, 15) or _ready(port)
        assert status == 200 and body["background"] == "ok", body
        os.kill(first[0], signal.SIGKILL)
        again = _until(lambda: [p for p in mine() if p != first[0]], 15)
        assert len(again) == 1, "the background work was not started again"
        # stopped (alive, but beating nothing): readiness says so, then recovers when it goes on
        assert _until(lambda: _ready(port)[0] == 200, 15)
        os.kill(again[0], signal.SIGSTOP)
        try:
            late = _until(lambda: (s := _ready(port))[0] == 503 and s, 15)
            assert late and "heartbeat" in late[1]["detail"], late
        finally:
            os.kill(again[0], signal.SIGCONT)
        assert _until(lambda: _ready(port)[0] == 200, 15)
    finally:
        proc.terminate()
        try:
            out, _ = proc.communicate(timeout=30)
        except Exception:
            proc.kill()
            out, _ = proc.communicate()
    assert "starting it again" in out and "signal 9" in out, out[-2000:]
    assert not [p for p in _background_pids() if p in (first + again)], "the background work outlived serve"
