"""Health, limits, request ids, logs and metrics."""

from __future__ import annotations

import json
import logging

import pytest

from service.api import create_app
from service.core import random_record
from tests.tournament_helpers import Club


@pytest.fixture()
def ops_app(tmp_path):
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'ops.sqlite3'}"})


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


def test_rate_limit_per_key_with_retry_after(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'r.sqlite3'}",
            "RATE_LIMIT_PER_MINUTE": 60,
            "RATE_LIMIT_BURST": 5,
        }
    )
    c = app.test_client()
    club = Club(c)
    statuses = [c.get("/v1/tournaments", headers=club.auth).status_code for _ in range(8)]
    assert statuses[:4] == [200] * 4 and statuses[-1] == 429  # the sign-up took the first token
    r = c.get("/v1/tournaments", headers=club.auth)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1 and r.content_type == "application/problem+json"
    other = Club(c, "other")
    assert c.get("/v1/tournaments", headers=other.auth).status_code == 200  # buckets are per key
    assert c.get("/livez").status_code == 200  # health is exempt
    assert c.post("/v1/adjudications", json=random_record(2)).status_code == 200  # anonymous reads are not limited


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
    text = c.get("/metrics").data.decode()
    assert 'baohuang_adjudications_total{verdict="legal"}' in text
    assert "baohuang_games_stored_total" in text
    assert 'baohuang_http_request_duration_seconds_bucket{le="0.05",route="/v1/adjudications"}' in text
    record = next(r for r in caplog.records if getattr(r, "fields", {}).get("request_id") == "log-me")
    assert record.fields["status"] == 201 and record.fields["route"].endswith("/games")
    assert record.fields["organizer"] == club.organizer["id"] and record.fields["duration_ms"] > 0
