"""Webhooks that cannot reach inside the server's network, cannot be held up by one slow
receiver, and are posted once however many deliverers run."""

from __future__ import annotations

import ipaddress
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from service.persistence import webhooks as webhooks_repo
from service.persistence.db import Database
from service.tournament import egress, webhooks
from service.tournament.unit_of_work import UnitOfWork
from tests.tournament.test_webhooks import ROOT, Receiver, _tournament

INTERNAL = [
    "http://127.0.0.1:5432/",
    "http://localhost:8000/v1",
    "http://[::1]/",
    "http://0.0.0.0/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]:6379/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    "http://[::]/",
    "http://[2002:7f00:1::]/",  # 6to4 carrying 127.0.0.1
    "http://[64:ff9b::a00:1]/",  # NAT64 carrying 10.0.0.1
    "http://127.1/",  # what a resolver makes of shorthand forms
    "http://2130706433/",
    "http://0x7f000001/",
]


@pytest.fixture(autouse=True)
def no_allowed_networks(monkeypatch):
    monkeypatch.delenv("BAOHUANG_WEBHOOK_ALLOW_NETWORKS", raising=False)


@pytest.mark.parametrize("url", INTERNAL)
def test_an_internal_address_is_refused_at_registration(url):
    with pytest.raises(egress.AddressRefused, match="public addresses"):
        egress.check_url(url)


@pytest.mark.parametrize(
    "url, words",
    [
        ("http://user:secret@example.com/", "user name or password"),
        ("http://@example.com/", "user name or password"),
        ("ftp://example.com/", "http:// or https://"),
        ("file:///etc/passwd", "http:// or https://"),
        ("http:///nohost", "names a host"),
        ("http://exa mple.com/", "no spaces"),
        ("http://example.com:99999/", "not a URL"),
    ],
)
def test_a_url_with_userinfo_or_another_scheme_is_refused(url, words):
    with pytest.raises(egress.AddressRefused, match=words):
        egress.check_url(url, resolve=False)


def test_every_address_a_name_resolves_to_must_be_public(monkeypatch):
    answers = {"mixed.example": ["93.184.216.34", "10.0.0.7"], "public.example": ["93.184.216.34", "2606:2800::1"]}

    def fake(host, port, *args, **kwargs):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in answers[host]]

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    with pytest.raises(egress.AddressRefused, match=r"mixed.example \(10.0.0.7\) is a private"):
        egress.check_url("https://mixed.example/hook")
    target = egress.check_url("https://public.example/hook?x=1")
    assert [str(a) for a in target.addresses] == ["93.184.216.34", "2606:2800::1"]
    assert target.path == "/hook?x=1" and target.port == 443 and target.host == "public.example"


def test_an_operator_allows_internal_networks(monkeypatch):
    monkeypatch.setenv("BAOHUANG_WEBHOOK_ALLOW_NETWORKS", "127.0.0.0/8, 10.1.0.0/16")
    assert egress.check_url("http://127.0.0.1:9/").addresses == (ipaddress.ip_address("127.0.0.1"),)
    assert egress.check_url("http://10.1.2.3/").port == 80
    with pytest.raises(egress.AddressRefused):
        egress.check_url("http://10.2.0.1/")


def test_registration_refuses_internal_urls_over_http(db_app):
    from tests.tournament_helpers import Club

    client = db_app.test_client()
    club = Club(client)
    tid, _ = club.tournament(players=5)
    for url in ("http://127.0.0.1:5432/", "http://user:pw@example.com/", "http://169.254.169.254/"):
        r = client.post(f"/v1/tournaments/{tid}/webhooks", json={"url": url}, headers=club.auth)
        assert r.status_code == 422, (url, r.get_json())
        (problem,) = r.get_json()["errors"]
        assert problem["pointer"] == "/url" and problem["code"] == "url_not_allowed"
    assert client.get(f"/v1/tournaments/{tid}/webhooks", headers=club.auth).get_json()["webhooks"] == []


def _hooked(db, url, monkeypatch, events=("game.stored",)):
    """A tournament with a webhook at ``url`` (registered as an operator who allows 127/8 would)."""
    secret, org, tid, ids = _tournament(db, 5)
    monkeypatch.setenv("BAOHUANG_WEBHOOK_ALLOW_NETWORKS", "127.0.0.0/8")
    with UnitOfWork(db) as uow:
        hook = webhooks.register(uow, org, tid, url, list(events))
    return secret, org, tid, ids, hook


def _event(db, tid, n=1):
    with UnitOfWork(db) as uow:
        for i in range(n):
            webhooks_repo.add_event(uow.session, tid, "game.stored", {"tournament_id": tid, "game_id": i + 1})
        uow.commit()


def _attempts(db, org, tid, hook):
    with UnitOfWork(db) as uow:
        return [a for d in webhooks.deliveries(uow, org, tid, hook.id) for a in d.attempts]


def test_the_address_is_checked_again_at_delivery(db, monkeypatch):
    receiver = Receiver([])
    try:
        _, org, tid, _, hook = _hooked(db, receiver.url, monkeypatch)
        monkeypatch.delenv("BAOHUANG_WEBHOOK_ALLOW_NETWORKS")  # the operator took it back
        _event(db, tid)
        assert webhooks.deliver_once(db) == 1
        assert receiver.received == []
        (attempt,) = _attempts(db, org, tid, hook)
        assert attempt.status is None and attempt.error.startswith("refused: 127.0.0.1 is a loopback address")
    finally:
        receiver.close()


def test_a_name_is_resolved_once_and_the_checked_address_connected(db, monkeypatch):
    receiver = Receiver([])
    port = receiver.server.server_address[1]
    lookups = []
    real = socket.getaddrinfo

    def resolver(host, *args, **kwargs):
        lookups.append(host)
        if host == "hooks.example":
            return real("127.0.0.1", *args, **kwargs)
        return real(host, *args, **kwargs)

    try:
        monkeypatch.setattr(socket, "getaddrinfo", resolver)
        tid = _hooked(db, f"http://hooks.example:{port}/in", monkeypatch)[2]
        lookups.clear()
        _event(db, tid)
        assert webhooks.deliver_once(db) == 1
        assert lookups == ["hooks.example"]  # one lookup a post; the connection went to its answer
        headers, _, _ = receiver.received[0]
        assert headers["Host"] == f"hooks.example:{port}"
    finally:
        receiver.close()


def test_a_redirect_is_not_followed(db, monkeypatch):
    elsewhere = Receiver([])
    receiver = Receiver([f"redirect:{elsewhere.url}"])
    try:
        _, org, tid, _, hook = _hooked(db, receiver.url, monkeypatch)
        _event(db, tid)
        webhooks.deliver_once(db)
        assert elsewhere.received == []
        (attempt,) = _attempts(db, org, tid, hook)
        assert attempt.status == 302 and "not followed" in attempt.error
        with UnitOfWork(db) as uow:
            (d,) = webhooks.deliveries(uow, org, tid, hook.id)
        assert d.state == "pending"  # a failed attempt, retried later
    finally:
        receiver.close()
        elsewhere.close()


def test_the_attempts_do_not_tell_a_closed_port_from_a_reset(db, monkeypatch):
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there now
    reset = socket.socket()
    reset.bind(("127.0.0.1", 0))
    reset.listen()

    def accept_and_reset():
        conn, _ = reset.accept()
        conn.close()

    threading.Thread(target=accept_and_reset, daemon=True).start()
    monkeypatch.setenv("BAOHUANG_WEBHOOK_ALLOW_NETWORKS", "127.0.0.0/8")
    a = egress.post(f"http://127.0.0.1:{port}/", b"{}", {}, 2.0)
    b = egress.post(f"http://127.0.0.1:{reset.getsockname()[1]}/", b"{}", {}, 2.0)
    reset.close()
    assert a == b == (None, "no connection, or the connection was closed before an answer")


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_a_slow_drip_receiver_does_not_delay_another_webhook(db, monkeypatch):
    """One receiver answers a byte every 0.4 s (each read within any per-read timeout); the
    deadline (1.5 s here) cuts it off, and another tournament's webhook is posted meanwhile."""
    monkeypatch.setattr(webhooks, "TIMEOUT", 1.5)
    slow, quick = Receiver(["drip"] * 10), Receiver([])
    stop = threading.Event()
    try:
        _, org, slow_tid, _, slow_hook = _hooked(db, slow.url, monkeypatch)
        _, _, quick_tid, _, _ = _hooked(db, quick.url, monkeypatch)
        runner = threading.Thread(target=webhooks.run, args=(db, stop), kwargs={"interval": 0.05})
        runner.start()
        _event(db, slow_tid)
        deadline = time.monotonic() + 5
        while not slow.received and time.monotonic() < deadline:
            time.sleep(0.01)
        assert slow.received, "the slow receiver got its post"
        sent = time.monotonic()
        _event(db, quick_tid)
        while not quick.received and time.monotonic() < sent + 5:
            time.sleep(0.01)
        assert quick.received and quick.times[0] - sent < 1.0  # not behind the slow one's deadline
        while not _attempts(db, org, slow_tid, slow_hook) and time.monotonic() < deadline + 5:
            time.sleep(0.05)
        (attempt,) = _attempts(db, org, slow_tid, slow_hook)
        assert attempt.error == "no answer within 1.5 s"
        assert 1.4 < (attempt.at - _event_time(db, slow_tid)).total_seconds() < 3.0
    finally:
        stop.set()
        runner.join(timeout=10)
        slow.close()
        quick.close()


def _event_time(db, tid):
    from sqlalchemy import select

    from service.persistence.models import WebhookEvent

    with UnitOfWork(db) as uow:
        return uow.session.scalar(select(WebhookEvent.created_at).where(WebhookEvent.tournament_id == tid))


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_a_backlog_of_events_without_webhooks_does_not_hold_up_one_with(db, monkeypatch):
    receiver = Receiver([])
    try:
        _, _, tid, _, _ = _hooked(db, receiver.url, monkeypatch)
        quiet = _tournament(db, 5)[2]
        _event(db, quiet, 1_200)  # more than a fan-out batch
        _event(db, tid)
        assert webhooks.deliver_once(db) == 1 and len(receiver.received) == 1
        with UnitOfWork(db) as uow:
            from sqlalchemy import func, select

            from service.persistence.models import WebhookEvent

            left = uow.session.scalar(select(func.count()).where(WebhookEvent.fanned_out.is_(False)))
        assert left == 0
    finally:
        receiver.close()


def _deliverer(url: str, tmp_path, *extra: str, timeout: str = "10") -> subprocess.Popen:
    env = dict(
        os.environ,
        DATABASE_URL=url,
        PYTHONPATH=str(ROOT),
        BAOHUANG_WEBHOOK_ALLOW_NETWORKS="127.0.0.0/8",
        BAOHUANG_WEBHOOK_TIMEOUT=timeout,
    )
    return subprocess.Popen(
        [sys.executable, "-m", "service.cli", "webhooks", "deliver", *extra],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_once_delivers_everything_due_then_exits(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'once.sqlite3'}"
    db = Database(url)
    db.upgrade()
    receiver = Receiver([])
    try:
        _, _, tid, _, _ = _hooked(db, receiver.url, monkeypatch)
        _, _, other, _, _ = _hooked(db, receiver.url, monkeypatch)
        _event(db, tid, 13)  # one pass posted one of these a webhook before: 14 passes
        _event(db, other, 2)
        proc = _deliverer(url, tmp_path, "--once")
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert out.strip() == "15 deliveries attempted"
        ids = [body["data"]["game_id"] for _, body, _ in receiver.received if body["data"]["tournament_id"] == tid]
        assert ids == list(range(1, 14))  # in order
    finally:
        receiver.close()
        db.dispose()


@pytest.mark.slow
def test_sigterm_stops_the_deliverer_within_the_deadline(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'term.sqlite3'}"
    db = Database(url)
    db.upgrade()
    receiver = Receiver(["drip"] * 5)
    Receiver.DRIP = 1.0  # 27 bytes a second apart: far beyond the deadline
    proc = None
    try:
        _, _, tid, _, _ = _hooked(db, receiver.url, monkeypatch)
        _event(db, tid)
        proc = _deliverer(url, tmp_path, "--interval", "0.05", timeout="3")
        deadline = time.monotonic() + 20
        while not receiver.received and time.monotonic() < deadline:
            time.sleep(0.02)
        assert receiver.received, "the post is under way"
        proc.send_signal(signal.SIGTERM)
        asked = time.monotonic()
        proc.wait(timeout=20)
        assert time.monotonic() - asked < 3 + 2  # the post's deadline, and a margin
    finally:
        Receiver.DRIP = 0.4
        if proc is not None and proc.poll() is None:
            proc.kill()
        receiver.close()
        db.dispose()


@pytest.mark.slow
def test_two_deliverers_post_two_hundred_deliveries_exactly_once(pg_url, tmp_path, monkeypatch):
    db = Database(pg_url)
    db.upgrade()
    receiver = Receiver([])
    procs = []
    try:
        tournaments = []
        for _ in range(10):
            _, org, tid, _, _ = _hooked(db, receiver.url, monkeypatch)
            with UnitOfWork(db) as uow:  # a second webhook on the same tournament
                webhooks.register(uow, org, tid, receiver.url, ["game.stored"])
            tournaments.append(tid)
        for tid in tournaments:
            _event(db, tid, 10)  # 10 tournaments x 2 webhooks x 10 events = 200 deliveries
        procs = [_deliverer(pg_url, tmp_path, "--interval", "0.02") for _ in range(2)]
        deadline = time.monotonic() + 60
        while len(receiver.received) < 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # a duplicate would arrive now
        for p in procs:
            p.send_signal(signal.SIGTERM)
        for p in procs:
            p.wait(timeout=20)
        posted = Counter(headers["X-Baohuang-Delivery"] for headers, _, _ in receiver.received)
        assert len(posted) == 200 and set(posted.values()) == {1}, posted.most_common(3)
        with UnitOfWork(db) as uow:
            from sqlalchemy import func, select

            from service.persistence.models import WebhookDelivery

            states = dict(
                uow.session.execute(select(WebhookDelivery.state, func.count()).group_by(WebhookDelivery.state)).all()
            )
        assert states == {"delivered": 200}
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        receiver.close()
        db.dispose()


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_events_of_a_webhook_stay_in_order_with_concurrent_posts(db, monkeypatch):
    receivers = [Receiver([]) for _ in range(3)]
    try:
        hooked = [_hooked(db, r.url, monkeypatch) for r in receivers]
        for h in hooked:
            _event(db, h[2], 5)
        clock = datetime.now(UTC)
        for _ in range(3):
            webhooks.deliver_once(db, now=clock)
            clock += timedelta(seconds=1)
        for r in receivers:
            assert [json.loads(raw)["data"]["game_id"] for _, _, raw in r.received] == [1, 2, 3, 4, 5]
    finally:
        for r in receivers:
            r.close()
