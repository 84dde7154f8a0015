"""Ratings follow the writes, each update starting at the first game a change affects: after any
sequence of stores, corrections, voids, moved players, merges and privacy changes — some updates
made by the writes themselves, some left to the worker — the ratings and every step are exactly
what a recompute from scratch gives (a property test, on SQLite and on PostgreSQL). A correction
of the last game re-rates one game; nobody who reads writes anything."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.club.errors import Conflict
from service.core.record_form import read_ruleset
from service.persistence import ratings as ratings_repo
from service.persistence.models import utcnow
from service.tournament import clubs, corrections, games, members, ratings
from service.tournament.unit_of_work import UnitOfWork

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "陈静", "孙悦"]


def _sheet(rng: random.Random) -> dict:
    order = list(range(5))
    rng.shuffle(order)
    emperor = rng.randrange(5)
    guard = rng.choice([s for s in range(5) if s != emperor])
    if rng.random() < 0.15:
        return {"mode": "hidden_solo", "emperor": emperor, "finishing_order": order}
    return {"mode": "normal", "emperor": emperor, "guard": guard, "finishing_order": order}


class Club:
    """An organizer with two evenings of seven players (the same names: the same members)."""

    def __init__(self, db, name: str) -> None:
        self.db = db
        with UnitOfWork(db) as uow:
            reg = clubs.register_organizer(uow, name)
        self.org, self.secret = reg.organizer.id, reg.key.secret
        with UnitOfWork(db) as uow:
            self.key = clubs.authenticate(uow, self.secret)
        self.tournaments: list[int] = []
        self.players: dict[int, list[int]] = {}
        for evening in ("一", "二"):
            with UnitOfWork(db) as uow:
                tid = clubs.create_tournament(uow, self.org, evening, read_ruleset("weihai"), False).id
            self.tournaments.append(tid)
            ids = []
            for n in NAMES:
                with UnitOfWork(db) as uow:
                    ids.append(clubs.add_player(uow, self.org, tid, n).id)
            self.players[tid] = ids
        self.games: list[tuple[int, int]] = []  # tournament, game
        self.private: set[int] = set()
        self.start = utcnow() - timedelta(days=30)

    def store(self, seed: int, minutes: int) -> None:
        rng = random.Random(seed)
        tid = rng.choice(self.tournaments)
        played = (self.start + timedelta(minutes=minutes)).isoformat()
        doc = {"players": rng.sample(self.players[tid], 5), "sheet": _sheet(rng), "played_at": played}
        with UnitOfWork(self.db, single_statement=True) as uow:
            done = games.submit_game(uow, self.secret, tid, games.Body(doc, json.dumps(doc)), None)
        self.games.append((tid, done.game.id))

    def correct(self, which: int, seed: int | None, minutes: int) -> None:
        if not self.games:
            return
        tid, game_id = self.games[which % len(self.games)]
        if seed is None:
            doc = {"action": "void", "reason": "记错了"}
            self.games.remove((tid, game_id))
        else:
            rng = random.Random(seed)
            played = (self.start + timedelta(minutes=minutes)).isoformat()
            doc = {"action": "replace", "reason": "改", "sheet": _sheet(rng), "played_at": played}
        with UnitOfWork(self.db) as uow:
            corrections.correct_game(uow, self.key, tid, game_id, doc, json.dumps(doc))

    def move(self, player: int, member_of: int) -> None:
        tid = self.tournaments[player % 2]
        pid = self.players[tid][player % len(NAMES)]
        target = self._member(member_of)
        try:
            with UnitOfWork(self.db) as uow:
                clubs.change_player(
                    uow, self.org, tid, pid, None, None, member_id=target, reason="换", key_id=self.key.id
                )
        except Conflict:
            pass  # that member plays in the tournament already

    def merge(self, a: int, b: int) -> None:
        into, other = self._member(a), self._member(b)
        try:
            with UnitOfWork(self.db) as uow:
                members.merge_members(uow, self.key, self.org, into, other, "同一个人")
        except Conflict:
            pass  # both in one tournament, or the same member

    def toggle(self, which: int) -> None:
        tid = self.tournaments[which % 2]
        private = tid not in self.private
        with UnitOfWork(self.db) as uow:
            clubs.change_tournament(uow, self.org, tid, {"private": private}, None)
        (self.private.add if private else self.private.discard)(tid)

    def _member(self, k: int) -> int:
        with UnitOfWork(self.db) as uow:
            listed = members.member_names(uow, self.org)
        return listed[k % len(listed)].id

    def snapshot(self) -> tuple[dict, list]:
        with UnitOfWork(self.db) as uow:
            s = uow.session
            now = {m: (r.mu, r.sigma, r.games) for m, r in ratings_repo.current(s, self.org).items()}
            steps = sorted(
                (x.member_id, x.played_at, x.game_id, x.tournament_id, x.mu, x.sigma, x.games)
                for m in now
                for x in ratings_repo.history_page(s, m, 100_000, 0)
            )
        return now, steps


ops = st.lists(
    st.one_of(
        st.tuples(st.just("store"), st.integers(0, 10**6), st.integers(0, 600)),
        st.tuples(st.just("replace"), st.integers(0, 50), st.integers(0, 10**6), st.integers(0, 600)),
        st.tuples(st.just("void"), st.integers(0, 50)),
        st.tuples(st.just("move"), st.integers(0, 13), st.integers(0, 20)),
        st.tuples(st.just("merge"), st.integers(0, 20), st.integers(0, 20)),
        st.tuples(st.just("privacy"), st.integers(0, 1)),
        st.tuples(
            st.just("worker"),
        ),
        st.tuples(
            st.just("stopped"),
        ),
    ),
    min_size=1,
    max_size=16,
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=ops, seed=st.integers(0, 10**6), inline=st.sampled_from([0, 2, 200]), batch=st.sampled_from([1, 3, 1000]))
def test_ratings_that_follow_the_writes_are_the_ratings_from_scratch(db, monkeypatch, script, seed, inline, batch):
    """Whatever the writes, and however the updates went (inline, by the worker in batches of
    ``batch`` games, a worker stopped after one batch and another going on): the ratings and
    their history are those made from scratch."""
    monkeypatch.setattr(ratings, "INLINE_GAMES", inline)  # 0: the worker does every update
    monkeypatch.setattr(ratings, "BATCH_GAMES", batch)
    club = Club(db, f"club {seed}")
    for k in range(6):  # a history to start from
        club.store(seed + k, 10 * k)
    for op in script:
        kind, *args = op
        if kind == "store":
            club.store(*args)
        elif kind == "replace":
            club.correct(args[0], args[1], args[2])
        elif kind == "void":
            club.correct(args[0], None, 0)
        elif kind == "move":
            club.move(*args)
        elif kind == "merge":
            club.merge(*args)
        elif kind == "privacy":
            club.toggle(*args)
        elif kind == "stopped":  # a worker that does one batch and is stopped: the next goes on
            ratings.bring_up_to_date(db, club.org, batches=1)
        else:
            ratings.update_all(db)
    ratings.update_all(db)  # what the worker leaves: nothing
    with UnitOfWork(db) as uow:
        assert ratings.freshness(uow, club.org).up_to_date
    followed = club.snapshot()
    done = ratings.recompute(db, club.org)
    assert club.snapshot() == followed
    rated = {g for _, _, g, *_ in followed[1]}
    assert done.games >= len(rated)  # a void deal is read but rates nobody
    _pages_are_the_history_in_played_order(db, followed[1])


def _pages_are_the_history_in_played_order(db, steps) -> None:
    """A member's history read a page at a time (a page is a range of ``games``) is every step
    in played order, each one more game than the last, and its count the last step's."""
    with UnitOfWork(db) as uow:
        s = uow.session
        for m in {x[0] for x in steps}:
            mine = sorted((x for x in steps if x[0] == m), key=lambda x: (x[1], x[2]))
            assert [x[6] for x in mine] == list(range(1, len(mine) + 1))
            paged = [p for offset in range(0, len(mine), 3) for p in ratings_repo.history_page(s, m, 3, offset)]
            assert [(p.played_at, p.game_id) for p in paged] == [(x[1], x[2]) for x in mine]
            assert ratings_repo.steps_count(s, m) == len(mine)


def test_a_correction_of_the_last_game_re_rates_one_game(db, monkeypatch):
    club = Club(db, "club")
    for k in range(8):
        club.store(k, 10 * k)
    seen = []
    real = ratings.rerate

    def counted(s, organizer_id, start, games_from, **how):
        played = list(games_from)
        seen.append(len(played))
        return real(s, organizer_id, start, played, **how)

    monkeypatch.setattr(ratings, "rerate", counted)
    club.correct(len(club.games) - 1, 99, 75)  # the last game, still the last
    club.store(1234, 80)  # a new game after every other
    assert seen == [1, 1]
    club.store(4321, 5)  # played before all but the first: itself and the eight after it
    assert seen[-1] == 9


def test_a_large_change_is_left_to_the_worker_and_said_so(db, monkeypatch):
    monkeypatch.setattr(ratings, "INLINE_GAMES", 3)
    club = Club(db, "club")
    for k in range(6):
        club.store(k, 10 * k)
    club.correct(0, None, 0)  # a void of the first game: five games to re-rate, more than 3
    with UnitOfWork(db) as uow:
        fresh = ratings.freshness(uow, club.org)
    assert not fresh.up_to_date and fresh.pending_since is not None and fresh.from_played_at is not None
    with UnitOfWork(db) as uow:
        page = members.get_member(uow, None, club.org, club._member(0))
    assert not page.ratings.up_to_date
    assert ratings.update_all(db) == 1
    with UnitOfWork(db) as uow:
        assert ratings.freshness(uow, club.org).up_to_date


@pytest.fixture()
def writes(db):
    """Every INSERT, UPDATE and DELETE the database is sent while the fixture is asked."""
    from sqlalchemy import event

    seen: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            seen.append(statement)

    engines = [db.engine, *([db._autocommit_engine] if getattr(db, "_autocommit_engine", None) else [])]
    for engine in engines:
        event.listen(engine, "before_cursor_execute", count)
    yield seen
    for engine in engines:
        event.remove(engine, "before_cursor_execute", count)


def test_reading_a_club_writes_nothing(db, writes, monkeypatch):
    monkeypatch.setattr(ratings, "INLINE_GAMES", 0)  # marks left pending: a reader must not take them in
    club = Club(db, "club")
    for k in range(5):
        club.store(k, 10 * k)
    writes.clear()
    with UnitOfWork(db) as uow:
        listed = members.list_members(uow, club.org)
        for m in listed.members:
            members.get_member(uow, None, club.org, m.id)
            members.rating_history(uow, None, club.org, m.id)
            members.get_member(uow, club.org, club.org, m.id)
        clubs.standings(uow, None, club.tournaments[0])
    assert writes == []
    with UnitOfWork(db) as uow:
        assert not ratings.freshness(uow, club.org).up_to_date  # nobody who read took them in


def test_the_organizers_writes_do_not_wait_for_a_running_update(pg_url, monkeypatch):
    """PostgreSQL: while a large update holds the ratings (its transaction open, mid-way), the
    organizer creates a tournament, adds a player and stores games — none waits for it — and a
    reader sees the ratings as they were, said to be pending."""
    import threading
    import time

    from service.persistence.db import Database

    db = Database(pg_url)
    db.upgrade()
    try:
        monkeypatch.setattr(ratings, "INLINE_GAMES", 0)
        club = Club(db, "club")
        for k in range(6):
            club.store(k, 10 * k)
        inside, release = threading.Event(), threading.Event()
        real = ratings.rerate

        def held(s, organizer_id, start, games_from, **how):
            done = real(s, organizer_id, start, games_from, **how)
            inside.set()
            release.wait(30)  # the update's transaction stays open here, its rows written
            return done

        monkeypatch.setattr(ratings, "rerate", held)
        worker = threading.Thread(target=ratings.update_all, args=(db,))
        worker.start()
        assert inside.wait(10)
        took = {}
        t0 = time.monotonic()
        with UnitOfWork(db) as uow:
            tid = clubs.create_tournament(uow, club.org, "三", read_ruleset("weihai"), False).id
        took["create a tournament"] = time.monotonic() - t0
        t0 = time.monotonic()
        with UnitOfWork(db) as uow:
            clubs.add_player(uow, club.org, tid, "新人")
        took["add a player"] = time.monotonic() - t0
        t0 = time.monotonic()
        club.store(99, 300)
        club.correct(0, 5, 1)
        took["store and correct games"] = time.monotonic() - t0
        with UnitOfWork(db) as uow:
            assert not ratings.freshness(uow, club.org).up_to_date
            members.list_members(uow, club.org)
        assert all(v < 2.0 for v in took.values()), took
        release.set()
        worker.join(30)
        monkeypatch.setattr(ratings, "rerate", real)
        ratings.update_all(db)  # the marks written meanwhile are taken in after it
        followed = club.snapshot()
        ratings.recompute(db, club.org)
        assert club.snapshot() == followed
    finally:
        release.set()
        db.dispose()


def test_no_page_and_no_api_read_writes(db, monkeypatch):
    """Every GET of a club's pages and API answers, charts included, sends no INSERT, UPDATE or
    DELETE — with changes pending that a reader could be tempted to take in."""
    from sqlalchemy import event

    from service.app import create_app

    monkeypatch.setattr(ratings, "INLINE_GAMES", 0)
    club = Club(db, "club")
    for k in range(5):
        club.store(k, 10 * k)
    app = create_app({"TESTING": True, "DATABASE_URL": db.url, "RATE_LIMIT_PER_MINUTE": 0})
    client = app.test_client()
    oid, tid = club.org, club.tournaments[0]
    with UnitOfWork(db) as uow:
        member = members.member_names(uow, oid)[0].id
    seen: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            seen.append(statement)

    engine = app.extensions["baohuang_db"].engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        paths = [
            f"/v1/organizers/{oid}",
            f"/v1/organizers/{oid}/members",
            f"/v1/organizers/{oid}/members/{member}",
            f"/v1/organizers/{oid}/members/{member}/rating-history",
            f"/v1/tournaments/{tid}",
            f"/v1/tournaments/{tid}/standings",
            f"/v1/tournaments/{tid}/games",
            f"/clubs/{oid}/members",
            f"/clubs/{oid}/members/{member}",
            *(
                f"/clubs/{oid}/members/{member}/charts/{c}.svg"
                for c in ("score", "rating", "roles", "partners", "opponents")
            ),
            f"/tournaments/{tid}",
        ]
        for path in paths:
            assert client.get(path).status_code == 200, path
    finally:
        event.remove(engine, "before_cursor_execute", count)
        app.extensions["baohuang_db"].dispose()
    assert seen == [], seen[:3]


def test_ratings_are_written_under_cooperative_psycopg2(db, monkeypatch):
    """Under gunicorn's gevent workers psycopg2 waits through a callback (psycogreen), and COPY
    cannot run there: the steps are written all the same, and the ratings equal those made
    without the callback."""
    import psycopg2.extensions
    import psycopg2.extras

    club = Club(db, "club")
    before = psycopg2.extensions.get_wait_callback()
    psycopg2.extensions.set_wait_callback(psycopg2.extras.wait_select)
    try:
        for k in range(4):
            club.store(k, 10 * k)
        club.correct(0, 77, 0)  # the first game: every game re-rated
        with UnitOfWork(db) as uow:
            assert ratings.freshness(uow, club.org).up_to_date
        followed = club.snapshot()
        assert len(followed[1]) >= 15  # four games' steps (a void deal rates nobody)
    finally:
        psycopg2.extensions.set_wait_callback(before)
    ratings.recompute(db, club.org)
    assert club.snapshot() == followed


def test_a_stored_game_stays_stored_when_the_ratings_update_fails(db, monkeypatch):
    """The update that follows a write runs after the write committed: whatever goes wrong in it
    (here: writing the steps fails), the game is answered as stored, and the change stays marked
    for the worker, which takes it in."""
    club = Club(db, "club")
    club.store(1, 10)

    def broken(s, rows):
        raise RuntimeError("the steps could not be written")

    real = ratings_repo.add_steps
    monkeypatch.setattr(ratings_repo, "add_steps", broken)
    club.store(2, 20)  # no exception: stored
    with UnitOfWork(db) as uow:
        assert not ratings.freshness(uow, club.org).up_to_date
    monkeypatch.setattr(ratings_repo, "add_steps", real)
    assert ratings.update_all(db) == 1
    with UnitOfWork(db) as uow:
        assert ratings.freshness(uow, club.org).up_to_date
    assert len(club.games) == 2
