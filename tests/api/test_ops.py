"""Health, limits, request ids, logs and metrics."""

from __future__ import annotations

import json
import logging
import time

import pytest

from service.app import create_app
from service.core import random_record
from tests.tournament_helpers import Club


@pytest.fixture()
def ops_app(tmp_path):
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'ops.sqlite3'}", "OPEN_SIGNUP": True})


def test_livez_and_readyz(ops_app, tmp_path):
    c = ops_app.test_client()
    assert c.get("/livez").get_json() == {"status": "ok"}
    assert c.get("/readyz").get_json()["schema"] == "head"
    behind = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'b.sqlite3'}", "AUTO_UPGRADE": False})
    r = behind.test_client().get("/readyz")
    assert r.status_code == 503 and r.content_type == "application/problem+json" and r.headers["Retry-After"]
    assert behind.test_client().get("/livez").status_code == 200


def test_request_id_is_echoed_or_made(ops_app):
    c = ops_app.test_client()
    assert c.get("/v1/rulesets", headers={"X-Request-ID": "table-4.ab:12"}).headers["X-Request-ID"] == "table-4.ab:12"
    made = c.get("/v1/rulesets", headers={"X-Request-ID": "no spaces allowed"}).headers["X-Request-ID"]
    assert len(made) == 32 and made != "no spaces allowed"


def test_body_too_large_is_413_problem(tmp_path):
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'l.sqlite3'}", "MAX_CONTENT_LENGTH": 64 * 1024}
    )
    c = app.test_client()
    body = json.dumps(random_record(1))  # a whole game fits
    assert (
        len(body) < 64 * 1024
        and c.post("/v1/adjudications", data=body, content_type="application/json").status_code == 200
    )
    r = c.post("/v1/adjudications", data="[" + " " * 70_000 + "]", content_type="application/json")
    assert r.status_code == 413 and r.content_type == "application/problem+json"


def _limited_app(tmp_path, **config):
    tmp_path.mkdir(parents=True, exist_ok=True)
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'r.sqlite3'}",
            "OPEN_SIGNUP": True,
            "RATE_LIMIT_PER_MINUTE": 1000,
            **config,
        }
    )


def test_rate_limits_count_the_address_not_the_bearer_string(tmp_path):
    """400 sign-ups each with its own made-up Bearer string were 400 x 201; now sign-ups are
    counted per address, whatever the request carries."""
    c = _limited_app(tmp_path, SIGNUP_LIMIT="5 per hour").test_client()
    statuses = [
        c.post("/v1/organizers", json={"name": f"club {i}"}, headers={"Authorization": f"Bearer x{i}"}).status_code
        for i in range(8)
    ]
    assert statuses == [201] * 5 + [429] * 3
    r = c.post("/v1/organizers", json={"name": "one more"})
    assert r.status_code == 429 and r.content_type == "application/problem+json" and int(r.headers["Retry-After"]) >= 1
    # another address has its own count
    assert (
        c.post("/v1/organizers", json={"name": "elsewhere"}, environ_base={"REMOTE_ADDR": "10.1.2.3"}).status_code
        == 201
    )


def test_every_request_of_an_address_is_counted(tmp_path):
    c = _limited_app(tmp_path, RATE_LIMIT_PER_MINUTE=6).test_client()
    statuses = [c.post("/v1/adjudications", json=random_record(2)).status_code for _ in range(8)]
    assert statuses == [200] * 6 + [429] * 2
    assert c.get("/v1/rulesets", headers={"Authorization": "Bearer another"}).status_code == 429
    assert c.get("/livez").status_code == 200 and c.get("/metrics").status_code == 200  # health is exempt
    assert c.get("/v1/rulesets", environ_base={"REMOTE_ADDR": "10.9.9.9"}).status_code == 200


def test_failed_keys_are_counted_per_address(tmp_path):
    """400 wrong keys were 400 x 401 and never a 429."""
    c = _limited_app(tmp_path, FAILED_KEY_LIMIT="10 per 10 minutes").test_client()
    club = Club(c)
    statuses = [
        c.get("/v1/tournaments", headers={"Authorization": f"Bearer bh_guess{i}"}).status_code for i in range(14)
    ]
    assert statuses[:10] == [401] * 10 and set(statuses[10:]) == {429}
    r = c.post("/v1/tournaments", json={"name": "t"}, headers=club.auth)  # the right key from there too
    assert r.status_code == 429 and "unknown or revoked API keys" in r.get_json()["detail"]
    assert c.get("/v1/tournaments").status_code == 200  # reading without a key is not refused
    elsewhere = {"REMOTE_ADDR": "10.4.4.4"}
    assert c.post("/v1/tournaments", json={"name": "t"}, headers=club.auth, environ_base=elsewhere).status_code == 201


def test_forwarded_addresses_count_only_behind_a_trusted_proxy(tmp_path):
    spoofed = [{"X-Forwarded-For": f"203.0.113.{i}"} for i in range(8)]
    c = _limited_app(tmp_path, SIGNUP_LIMIT="3 per hour").test_client()
    statuses = [c.post("/v1/organizers", json={"name": f"c{i}"}, headers=h).status_code for i, h in enumerate(spoofed)]
    assert statuses == [201] * 3 + [429] * 5  # the header is the client's word, and not taken
    proxied = _limited_app(tmp_path / "p", SIGNUP_LIMIT="3 per hour", TRUSTED_PROXIES=1).test_client()
    statuses = [
        proxied.post("/v1/organizers", json={"name": f"d{i}"}, headers=h).status_code for i, h in enumerate(spoofed)
    ]
    assert statuses == [201] * 8  # behind the proxy, each client is its own address


def test_a_shared_store_counts_for_every_worker(tmp_path, redis_url):
    """Two app instances (two workers, or two servers) with one Redis share one count."""
    prefix = f"redis-{time.time_ns()}"
    a = _limited_app(tmp_path / "a", SIGNUP_LIMIT="4 per hour", RATE_LIMIT_STORAGE=redis_url).test_client()
    b = _limited_app(tmp_path / "b", SIGNUP_LIMIT="4 per hour", RATE_LIMIT_STORAGE=redis_url).test_client()
    addr = {"REMOTE_ADDR": f"10.77.{time.time_ns() % 250}.{time.time_ns() % 200}"}
    statuses = [
        (a if i % 2 else b).post("/v1/organizers", json={"name": f"{prefix} {i}"}, environ_base=addr).status_code
        for i in range(6)
    ]
    assert statuses == [201] * 4 + [429] * 2


def test_metrics_and_structured_logs(ops_app, caplog):
    c = ops_app.test_client()
    club = Club(c)
    tid, ids = club.tournament()
    with caplog.at_level(logging.INFO, logger="baohuang.access"):
        assert (
            club.submit(tid, {"players": ids[:5], "record": random_record(3)}, **{"X-Request-ID": "log-me"}).status_code
            == 201
        )
    c.post("/v1/adjudications", json=random_record(4))
    metrics = c.get("/metrics")
    assert metrics.headers["Content-Type"].count("charset") == 1, metrics.headers["Content-Type"]
    text = metrics.data.decode()
    assert 'baohuang_adjudications_total{verdict="legal"}' in text
    assert "baohuang_games_stored_total" in text
    assert 'baohuang_http_request_duration_seconds_bucket{le="0.05",route="/v1/adjudications"}' in text
    record = next(r for r in caplog.records if getattr(r, "fields", {}).get("request_id") == "log-me")
    assert record.fields["status"] == 201 and record.fields["route"].endswith("/games")
    assert record.fields["organizer"] == club.organizer["id"] and record.fields["duration_ms"] > 0
