"""A request the database ended to break a deadlock is run again whole, inside the request, if it
had committed nothing; one that had committed is never run twice, and what still fails is a 503
that says the database was busy, not that it is unreachable."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from service.app import create_app
from service.persistence.db import note_write


class _Deadlock(Exception):
    pgcode = "40P01"


class _Refused(Exception):
    pgcode = "08006"  # a connection failure: not the database's choice to end the transaction


@pytest.fixture()
def retry_app(tmp_path):
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'r.sqlite3'}", "RATE_LIMIT_PER_MINUTE": 0}
    )
    runs = {"n": 0}

    def failing(times: int, orig: type[Exception], commit_first: bool = False):
        def view():
            runs["n"] += 1
            if commit_first:
                note_write()
            if runs["n"] <= times:
                raise OperationalError("UPDATE …", {}, orig("deadlock detected"))
            return {"runs": runs["n"]}

        return view

    app.add_url_rule("/test/twice", "twice", failing(2, _Deadlock), methods=["POST"])
    app.add_url_rule("/test/always", "always", failing(99, _Deadlock), methods=["POST"])
    app.add_url_rule("/test/committed", "committed", failing(1, _Deadlock, commit_first=True), methods=["POST"])
    app.add_url_rule("/test/away", "away", failing(1, _Refused), methods=["POST"])
    app.runs = runs
    yield app
    app.extensions["baohuang_db"].dispose()


def test_a_deadlocked_request_is_run_again_and_succeeds(retry_app):
    r = retry_app.test_client().post("/test/twice", json={"a": 1})
    assert r.status_code == 200 and r.get_json() == {"runs": 3}


def test_a_request_deadlocked_every_time_is_a_503_that_says_busy(retry_app):
    r = retry_app.test_client().post("/test/always", json={})
    assert r.status_code == 503 and r.headers["Retry-After"]
    assert "busy" in r.get_json()["detail"] and retry_app.runs["n"] == 1 + retry_app.RUN_AGAIN


def test_a_request_that_committed_is_not_run_again(retry_app):
    r = retry_app.test_client().post("/test/committed", json={})
    assert r.status_code == 503 and retry_app.runs["n"] == 1


def test_a_database_gone_away_is_not_run_again(retry_app):
    r = retry_app.test_client().post("/test/away", json={})
    assert r.status_code == 503 and retry_app.runs["n"] == 1
    assert "not reachable" in r.get_json()["detail"]
