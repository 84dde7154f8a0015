"""A database that goes away: 503 problem documents meanwhile, and recovery without a restart.

The service talks to PostgreSQL through a small TCP relay that the test can cut and restore.
"""

from __future__ import annotations

import contextlib
import socket
import threading

import pytest
from sqlalchemy.engine import make_url

from service.app import create_app
from service.core import random_record
from tests.tournament_helpers import Club


class Relay:
    """Forwards a local port to the database server until cut."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.listener.listen(50)
        self.open = True
        self.conns: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.open:
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            self.conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.close()

    def cut(self) -> None:
        self.open = False
        for c in self.conns:
            with contextlib.suppress(OSError):
                c.shutdown(socket.SHUT_RDWR)
        self.conns.clear()

    def restore(self) -> None:
        self.open = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


@pytest.fixture()
def relayed(pg_url):
    url = make_url(pg_url)
    relay = Relay((url.host or "127.0.0.1", url.port or 5432))
    app = create_app(
        {
            "TESTING": True,
            "RATE_LIMIT_PER_MINUTE": 0,
            "OPEN_SIGNUP": True,
            "DATABASE_URL": url.set(host="127.0.0.1", port=relay.port).render_as_string(False),
        }
    )
    yield app, relay
    relay.close()
    app.extensions["baohuang_db"].dispose()


@pytest.fixture()
def table(relayed):
    """The relayed app with a club, its tournament and players: (app, relay, client, club, tid, ids)."""
    app, relay = relayed
    client = app.test_client()
    club = Club(client)
    tid, ids = club.tournament()
    return app, relay, client, club, tid, ids


def test_503_while_the_database_is_away_then_recovery(table):
    _, relay, client, club, tid, ids = table
    assert club.submit(tid, {"players": ids[:5], "record": random_record(1)}).status_code == 201

    relay.cut()
    r = client.get(f"/v1/tournaments/{tid}/standings")
    assert r.status_code == 503 and r.content_type == "application/problem+json"
    assert r.headers["Retry-After"]
    assert club.submit(tid, {"players": ids[:5], "record": random_record(2)}).status_code == 503
    # the referee itself needs no database
    assert client.post("/v1/adjudications", json=random_record(3)).status_code == 200

    relay.restore()
    assert club.submit(tid, {"players": ids[:5], "record": random_record(2)}).status_code == 201
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 2


def test_a_connection_that_died_while_idle_is_replaced_before_use(table, monkeypatch):
    """The server restarted while the service was quiet: the pooled connections are dead, and the
    first request after that is answered normally (they are checked when they were idle)."""
    app, relay, client, club, tid, ids = table
    assert client.get(f"/v1/tournaments/{tid}/standings").status_code == 200
    assert club.submit(tid, {"players": ids[:5], "record": random_record(8)}).status_code == 201
    relay.cut()  # every pooled connection is now dead
    relay.restore()
    monkeypatch.setattr("service.persistence.db.time.monotonic", lambda: 1e12)  # as if idle for ages
    assert club.submit(tid, {"players": ids[:5], "record": random_record(9)}).status_code == 201
    assert client.get(f"/v1/tournaments/{tid}/standings").status_code == 200
    assert [e.pool.checkedout() for e in app.extensions["baohuang_db"].engines] == [0, 0]


def test_a_connection_that_dies_in_steady_use_fails_one_request_then_the_pool_renews(table):
    _, relay, client, _, tid, _ = table
    assert client.get(f"/v1/tournaments/{tid}/standings").status_code == 200
    relay.cut()
    relay.restore()
    assert client.get(f"/v1/tournaments/{tid}/standings").status_code == 503
    assert client.get(f"/v1/tournaments/{tid}/standings").status_code == 200


def test_a_submission_whose_connection_dies_is_503_stores_nothing_and_the_next_one_lands(table):
    """Submissions without an Idempotency-Key run without a transaction (one statement): a
    connection lost under one is a 503 like any other, and its pool renews."""
    app, relay, client, club, tid, ids = table
    assert club.submit(tid, {"players": ids[:5], "record": random_record(1)}).status_code == 201
    relay.cut()
    relay.restore()
    r = club.submit(tid, {"players": ids[:5], "record": random_record(2)})
    assert r.status_code == 503 and r.content_type == "application/problem+json"
    assert club.submit(tid, {"players": ids[:5], "record": random_record(3)}).status_code == 201
    games = client.get(f"/v1/tournaments/{tid}/games")
    if games.status_code == 503:  # the reading pool lost its connections in the cut too
        games = client.get(f"/v1/tournaments/{tid}/games")
    assert games.get_json()["total"] == 2
    assert [e.pool.checkedout() for e in app.extensions["baohuang_db"].engines] == [0, 0]
