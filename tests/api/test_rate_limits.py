"""The rate limits' own store: fixed windows per address, no thread per key or request, counts
forgotten once their window ends, and a store that stops answering lets requests through."""

from __future__ import annotations

import logging
import threading

from service.api.limits import MemoryCounts, Rule
from service.app import create_app


def _app(tmp_path, **config):
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'r.sqlite3'}",
            "RATE_LIMIT_PER_MINUTE": 1000,
            **config,
        }
    )


def test_a_window_counts_then_starts_again():
    counts, rule = MemoryCounts(), Rule("every", 3, 60)
    assert [counts.hit(rule, "a", 120.0 + k) for k in range(4)] == [1, 2, 3, 4]
    assert counts.count(rule, "a", 150.0) == 4 and counts.count(rule, "b", 150.0) == 0
    assert counts.hit(rule, "a", 180.0) == 1  # the next minute is a new window
    other = Rule("signup", 10, 3600)
    assert counts.hit(other, "a", 180.0) == 1  # each rule counts on its own


def test_ended_windows_are_forgotten():
    counts, rule = MemoryCounts(), Rule("every", 5, 60)
    for k in range(1000):
        counts.hit(rule, f"10.0.{k // 250}.{k % 250}", 60.0)
    counts.hit(rule, "later", 600.0)  # a sweep is due: the old window's thousand addresses go
    assert counts.count(rule, "10.0.0.1", 600.0) == 0
    assert len(counts._counts) == 1


def test_no_thread_is_started_for_counting(tmp_path):
    c = _app(tmp_path).test_client()
    c.get("/v1/rulesets")
    before = threading.active_count()
    for k in range(500):
        c.get("/v1/rulesets/weihai", environ_base={"REMOTE_ADDR": f"10.1.{k // 250}.{k % 250}"})
    assert threading.active_count() == before


def test_a_store_that_does_not_answer_lets_requests_through(tmp_path, caplog):
    app = _app(tmp_path, RATE_LIMIT_STORAGE="redis://127.0.0.1:1/0", SIGNUP_LIMIT="1 per hour", OPEN_SIGNUP=True)
    c = app.test_client()
    with caplog.at_level(logging.WARNING):
        assert c.get("/v1/rulesets/weihai").status_code == 200
        assert [c.post("/v1/organizers", json={"name": f"c{i}"}).status_code for i in range(2)] == [201, 201]
        assert c.get("/v1/tournaments", headers={"Authorization": "Bearer bh_wrong"}).status_code == 401
    assert any("rate-limit store unreachable" in r.getMessage() for r in caplog.records)


def test_a_storage_that_is_not_a_store_is_refused(tmp_path):
    import pytest

    with pytest.raises(ValueError, match="BAOHUANG_RATE_LIMIT_STORAGE"):
        _app(tmp_path, RATE_LIMIT_STORAGE="memcached://x")


def test_limits_read_as_the_settings_write_them():
    import pytest

    assert Rule.parse("signup", "10 per hour") == Rule("signup", 10, 3600)
    assert Rule.parse("f", "20 per 10 minutes") == Rule("f", 20, 600)
    assert Rule.parse("f", "5/minute") == Rule("f", 5, 60)
    assert Rule.parse("f", " 3 per 2 days ") == Rule("f", 3, 172800)
    with pytest.raises(ValueError, match="10 per hour"):
        Rule.parse("f", "ten a week")
