"""Webhooks end to end: a real receiver on 127.0.0.1 that fails, times out and then accepts;
every event arrives at least once, in order per tournament, with a valid signature, and a
deliverer stopped and started again loses nothing."""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import signal
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from service.core import random_record
from service.core.record_form import read_ruleset
from service.persistence.db import Database
from service.tournament import clubs, corrections, games, rounds, webhooks
from service.tournament.unit_of_work import UnitOfWork

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def local_receivers(monkeypatch):
    """The receivers of these tests listen on 127.0.0.1: allowed as an operator allows them."""
    monkeypatch.setenv("BAOHUANG_WEBHOOK_ALLOW_NETWORKS", "127.0.0.0/8")


class Receiver:
    """An HTTP receiver whose answers are scripted: 'fail' (500), 'hang' (no answer in time), 'ok',
    'drip' (the answer a byte at a time, DRIP seconds apart), 'redirect:URL' (302 to URL)."""

    DRIP = 0.4

    def __init__(self, script: list[str]) -> None:
        self.script = script
        self.received: list[tuple[dict, dict]] = []
        self.times: list[float] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                what = outer.script.pop(0) if outer.script else "ok"
                if what == "hang":
                    time.sleep(webhooks.TIMEOUT + 0.5)
                    return
                outer.received.append((dict(self.headers), json.loads(body), body))
                outer.times.append(time.monotonic())
                if what == "drip":
                    with contextlib.suppress(OSError):
                        for byte in b"HTTP/1.1 204 No Content\r\n\r\n":
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(Receiver.DRIP)
                    self.close_connection = True
                    return
                if what.startswith("redirect:"):
                    self.send_response(302)
                    self.send_header("Location", what.partition(":")[2])
                    self.end_headers()
                    return
                self.send_response(500 if what == "fail" else 204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _tournament(db, players=10):
    with UnitOfWork(db) as uow:
        reg = clubs.register_organizer(uow, "club")
    org, secret = reg.organizer.id, reg.key.secret
    with UnitOfWork(db) as uow:
        tid = clubs.create_tournament(uow, org, "hooks", read_ruleset("weihai"), False).id
    ids = []
    for i in range(players):
        with UnitOfWork(db) as uow:
            ids.append(clubs.add_player(uow, org, tid, f"p{i}").id)
    return secret, org, tid, ids


def _submit(db, secret, tid, doc):
    with UnitOfWork(db, single_statement=True) as uow:
        return games.submit_game(uow, secret, tid, games.Body(doc, json.dumps(doc)), None).game


def _valid(headers: dict, raw: bytes, key: str) -> bool:
    ts = int(headers["X-Baohuang-Timestamp"])
    return hmac.compare_digest(headers["X-Baohuang-Signature"], webhooks.sign(key, ts, raw))


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_events_arrive_in_order_signed_through_failures_and_a_timeout(db, monkeypatch):
    monkeypatch.setattr(webhooks, "TIMEOUT", 1.0)
    secret, org, tid, ids = _tournament(db)
    receiver = Receiver(["fail", "hang", "ok"])
    try:
        with UnitOfWork(db) as uow:
            hook = webhooks.register(uow, org, tid, receiver.url, [])
        g = _submit(db, secret, tid, {"players": ids[:5], "record": random_record(1)})
        with UnitOfWork(db) as uow:
            rounds.create_round(uow, org, tid)
        with UnitOfWork(db) as uow:
            corrections.correct_game(
                uow, clubs.authenticate(uow, secret), tid, g.id, {"action": "void", "reason": "wrong"}, ""
            )
        with UnitOfWork(db) as uow:
            clubs.change_tournament(uow, org, tid, {"status": "closed"}, None)
        clock = datetime.now(UTC)
        for _ in range(12):  # the clock moves past each backoff
            webhooks.deliver_once(db, now=clock)
            clock += timedelta(minutes=2)
        events = [body["event"] for _, body, _ in receiver.received if body]
        # the first event failed, then timed out, then arrived; the next waited for it
        assert events[-4:] == ["game.stored", "round.created", "game.corrected", "tournament.closed"]
        assert events.count("game.stored") == 2  # the failed post was received too, then the good one
        assert all(_valid(h, raw, hook.secret) for h, _, raw in receiver.received)
        assert receiver.received[-4][1]["data"] == {"tournament_id": tid, "game_id": g.id, "version": 1}
        with UnitOfWork(db) as uow:
            log = webhooks.deliveries(uow, org, tid, hook.id)
        first = log[-1]  # newest first
        assert first.state == "delivered" and [a.status for a in first.attempts] == [500, None, 204]
        assert first.attempts[1].error == "no answer within 1 s"
        assert {d.state for d in log} == {"delivered"}
        # redelivered by hand
        with UnitOfWork(db) as uow:
            webhooks.redeliver(uow, org, tid, hook.id, first.id)
        webhooks.deliver_once(db, now=clock)
        assert receiver.received[-1][1]["event"] == "game.stored"
    finally:
        receiver.close()


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_a_day_of_failures_is_given_up(db):
    secret, org, tid, ids = _tournament(db, 5)
    receiver = Receiver(["fail"] * 100)
    try:
        with UnitOfWork(db) as uow:
            hook = webhooks.register(uow, org, tid, receiver.url, ["game.stored"])
        _submit(db, secret, tid, {"players": ids, "record": random_record(2)})
        clock = datetime.now(UTC)
        while clock < datetime.now(UTC) + timedelta(days=1, hours=2):
            webhooks.deliver_once(db, now=clock)
            clock += timedelta(hours=1)
        with UnitOfWork(db) as uow:
            (d,) = webhooks.deliveries(uow, org, tid, hook.id)
        assert d.state == "gave_up" and 10 <= len(d.attempts) <= 40
    finally:
        receiver.close()


@pytest.mark.slow
def test_restarting_the_deliverer_loses_nothing(tmp_path):
    """The deliverer as it runs (`baohuang webhooks deliver`, a process), stopped halfway and
    started again: every event arrives, in order."""
    url = f"sqlite:///{tmp_path / 'hooks.sqlite3'}"
    db = Database(url)
    db.upgrade()
    secret, org, tid, ids = _tournament(db, 5)
    receiver = Receiver([])
    env = dict(os.environ, DATABASE_URL=url, PYTHONPATH=str(ROOT))

    def deliverer() -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-m", "service.cli", "webhooks", "deliver", "--interval", "0.1"],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    try:
        with UnitOfWork(db) as uow:
            webhooks.register(uow, org, tid, receiver.url, ["game.stored"])
        proc = deliverer()
        for n in range(3):
            _submit(db, secret, tid, {"players": ids, "record": random_record(10 + n)})
        deadline = time.monotonic() + 20
        while len(receiver.received) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
        for n in range(3, 6):  # games stored while no deliverer runs
            _submit(db, secret, tid, {"players": ids, "record": random_record(10 + n)})
        proc = deliverer()
        deadline = time.monotonic() + 20
        while len(receiver.received) < 6 and time.monotonic() < deadline:
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
        game_ids = [body["data"]["game_id"] for _, body, _ in receiver.received]
        assert len(game_ids) == 6 and game_ids == sorted(game_ids)
    finally:
        receiver.close()
        db.dispose()
