"""``baohuang serve --lan``, the README's club evening: it listens on every address, says which URL
the phones open, and the table links and QR codes carry this machine's network address (unless
BAOHUANG_PUBLIC_URL names another). Requests go to 127.0.0.1 only: what phones would open is read
from the links and the listening socket."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from service.links import lan_address
from tests.system.test_deploy import ROOT, free_port, wait_ready
from tests.tournament_helpers import Club

pytestmark = pytest.mark.slow


def _listening_on_every_address(port: int) -> bool:
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if state == "0A" and local == f"00000000:{port:04X}":
            return True
    return False


class _Http:
    def __init__(self, port: int) -> None:
        self.port = port

    def post(self, path, json=None, headers=None):
        import json as js
        import urllib.request

        req = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=js.dumps(json or {}).encode(),
            headers={"Content-Type": "application/json", **(headers or {})},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return _Answer(r.status, r.read())


class _Answer:
    def __init__(self, status, body):
        self.status_code, self._body = status, body

    def get_json(self):
        import json

        return json.loads(self._body)


def test_serve_lan_listens_on_the_network_and_links_carry_its_address(tmp_path):
    port = free_port()
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'lan.sqlite3'}",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
        "BAOHUANG_OPEN_SIGNUP": "1",
        "BAOHUANG_BACKGROUND": "0",
        "BAOHUANG_SECRET_KEY": "lan",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--lan", "--port", str(port), "--workers", "1"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        named = proc.stdout.readline()
        assert named == f"baohuang: database sqlite:///{tmp_path / 'lan.sqlite3'}\n", named
        said = proc.stdout.readline()
        wait_ready(port, proc)
        assert _listening_on_every_address(port)
        address = lan_address()
        expected = f"http://{address}:{port}" if address else f"http://127.0.0.1:{port}"
        assert f"open {expected}/ on the phones" in said, said
        club = Club(_Http(port))
        tid, _ = club.tournament(players=5)
        assert club.client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
        links = club.client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()
        assert all(x["url"].startswith(expected + "/table/") for x in links["links"]), links
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        time.sleep(0.2)
