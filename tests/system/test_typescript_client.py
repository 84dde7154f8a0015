"""The TypeScript client (clients/typescript) against a live service: its Node test runner test
(test/client.test.ts) adjudicates a game, asks a position, checks a move, reads a problem in
Chinese, runs a tournament to its standings and checks a webhook signature as this service makes
it. `.ci/typescript.sh` installs its packages first; CI asks for it (BAOHUANG_EXPECT_TYPESCRIPT)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from service.core import adjudicate, random_record
from service.tournament.webhooks import sign as signature
from tests.system.test_deploy import start_serve, wait_ready

pytestmark = pytest.mark.slow

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"


def test_the_typescript_client_against_the_service(tmp_path):
    ready = shutil.which("npm") and (CLIENT / "node_modules").is_dir()
    if not ready:
        if os.environ.get("BAOHUANG_EXPECT_TYPESCRIPT") == "1":
            pytest.fail("the TypeScript client's packages are not installed: run .ci/typescript.sh")
        pytest.skip("the TypeScript client's packages are not installed (.ci/typescript.sh)")
    record = random_record(5)
    prefix = {**record, "plays": record["plays"][:9]}
    nxt = record["plays"][9]
    body = json.dumps({"event": "game.stored", "data": {"id": 1}})
    fixtures = {
        "record": record,
        "scores": list(adjudicate(record).outcome.scores),
        "prefix": prefix,
        "next": nxt,
        "wrong": {"seat": (nxt["seat"] + 1) % 5, "pass": True},
        "webhook": {
            "secret": "whsec-test",
            "timestamp": 1_780_000_000,
            "body": body,
            "signature": signature("whsec-test", 1_780_000_000, body.encode()),
        },
    }
    path = tmp_path / "fixtures.json"
    path.write_text(json.dumps(fixtures, ensure_ascii=False))
    proc, port = start_serve(tmp_path, 1, BAOHUANG_OPEN_SIGNUP="1", BAOHUANG_BACKGROUND="0")
    try:
        wait_ready(port, proc)
        done = subprocess.run(
            ["npm", "test", "--silent"],
            cwd=CLIENT,
            env={**os.environ, "BAOHUANG_URL": f"http://127.0.0.1:{port}", "BAOHUANG_FIXTURES": str(path)},
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# pass 5" in done.stdout and "# fail 0" in done.stdout, done.stdout[-2000:]
