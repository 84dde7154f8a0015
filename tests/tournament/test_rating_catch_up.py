"""A change early in a club's history re-rates what follows in batches, each its own transaction:
a worker killed in the middle (SIGKILL, between or inside batches) loses nothing; the next one
goes on from the last batch committed, not from the start; while it runs the members' ratings are
those from before the change, said to be catching up; at the end they are a recompute's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from service.persistence import rating_progress as progress_repo
from service.persistence import ratings as ratings_repo
from service.persistence.db import Database
from service.tournament import ratings
from service.tournament.unit_of_work import UnitOfWork

from .test_ratings import Club

# A worker rating two games a transaction, slowly (each batch's steps take a while to write).
WORKER = """
import sys, time
from service.persistence import ratings as ratings_repo
from service.persistence.db import Database
from service.tournament import ratings
real = ratings_repo.add_steps
def slow(s, rows):
    time.sleep(0.05)
    real(s, rows)
ratings_repo.add_steps = slow
ratings.bring_up_to_date(Database(sys.argv[1]), int(sys.argv[2]), batch=2)
"""


def _progress(db, org):
    with UnitOfWork(db) as uow:
        return progress_repo.where(uow.session, org)


def test_a_killed_worker_loses_nothing_and_the_next_goes_on_from_its_last_batch(db_url, monkeypatch):
    db = Database(db_url)
    db.upgrade()
    monkeypatch.setattr(ratings, "INLINE_GAMES", 0)  # every update is the worker's
    club = Club(db, "batches")
    for k in range(40):
        club.store(k, 10 * k)
    ratings.update_all(db)
    with UnitOfWork(db) as uow:
        before = {m: (r.mu, r.sigma, r.games) for m, r in ratings_repo.current(uow.session, club.org).items()}
    club.correct(0, None, 0)  # the first game voided: everything after it is re-rated
    with UnitOfWork(db) as uow:
        start = ratings_repo.marks(uow.session, club.org)[1]
    assert _progress(db, club.org) is None

    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    worker = subprocess.Popen([sys.executable, "-c", WORKER, db_url, str(club.org)], env=env)
    try:
        deadline = time.monotonic() + 60
        while ((now := _progress(db, club.org)) is None or now.at <= start) and time.monotonic() < deadline:
            time.sleep(0.02)
        os.kill(worker.pid, signal.SIGKILL)
    finally:
        worker.wait()
    assert worker.returncode == -signal.SIGKILL
    at = now.at
    assert at > start  # at least one batch was committed before the kill

    with UnitOfWork(db) as uow:  # meanwhile: the ratings from before, said to be catching up
        now = {m: (r.mu, r.sigma, r.games) for m, r in ratings_repo.current(uow.session, club.org).items()}
        assert now == before and not ratings.freshness(uow, club.org).up_to_date
    left = _progress(db, club.org)
    assert left.start == start and left.at >= at

    rated = []
    real = ratings._rate
    monkeypatch.setattr(
        ratings, "_rate", lambda s, o, st, games: rated.append(list(games)) or real(s, o, st, rated[-1])
    )
    assert ratings.bring_up_to_date(db, club.org, batch=5) is ratings.Update.DONE
    assert rated[0][0].played_at >= left.at[0]  # it went on from the last batch, not from the start
    assert sum(map(len, rated)) < len(club.games) - 1

    with UnitOfWork(db) as uow:
        assert ratings.freshness(uow, club.org).up_to_date
    followed = club.snapshot()
    ratings.recompute(db, club.org)
    assert club.snapshot() == followed
    db.dispose()
