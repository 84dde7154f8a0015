"""The ratings catching up after a change early in ONE club's history, on PostgreSQL: the club
holds every game (evenings of 200 games, 40 members; the rows written as bench_club_scale.py
writes them), its ratings made by the service, then its first game voided through the API and
the worker (a process of its own) left to re-rate everything after it — in batches (BATCH_GAMES a transaction, each
committed) against one transaction for the whole history (the way it was), side by side in the
same run (the second change voids the club's second game).

For each: the catch-up's wall time, its longest transaction (``pg_stat_activity``'s
``xact_start``, polled every 20 ms while it runs), and a member's API read (Flask's test client,
in-process) idle and during the catch-up, medians.

    .venv/bin/python benchmarks/bench_catch_up.py [--games 100000] \\
        [--admin-url postgresql+psycopg2://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import threading
import time
import uuid
from typing import Any

import bench_club_scale
from bench_club_scale import SECRET, seed
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from service.app import create_app
from service.tournament import ratings

WORKER = """
import sys
from service.persistence.db import Database
from service.tournament import ratings
db = Database(sys.argv[1])
while ratings.bring_up_to_date(db, 1, batch=int(sys.argv[2])) is not ratings.Update.DONE:
    pass
"""


def _median_ms(call: Any, stop: threading.Event | None = None, n: int = 20) -> tuple[float, int]:
    walls = []
    while len(walls) < n or (stop is not None and not stop.is_set()):
        t = time.perf_counter()
        call()
        walls.append((time.perf_counter() - t) * 1000)
        if stop is None and len(walls) >= n:
            break
    return statistics.median(walls), len(walls)


def catch_up(app: Any, db: Any, admin: Any, name: str, game_id: int, batch: int) -> None:
    client = app.test_client()
    auth = {"Authorization": f"Bearer {SECRET}"}
    member = client.get("/v1/organizers/1/members").get_json()["members"][0]["id"]
    read = lambda: client.get(f"/v1/organizers/1/members/{member}")  # noqa: E731
    _median_ms(read, n=5)  # warm
    idle, _ = _median_ms(read)
    with db.engine.connect() as conn:
        t_id = conn.exec_driver_sql(f"SELECT tournament_id FROM games WHERE id = {game_id}").scalar()
    client.post(
        f"/v1/tournaments/{t_id}/games/{game_id}/corrections", json={"action": "void", "reason": "bench"}, headers=auth
    )
    done, took = threading.Event(), [0.0]

    def work() -> None:  # the worker is a process of its own, as deployed
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", WORKER, str(db.engine.url.render_as_string(hide_password=False)), str(batch)],
            check=True,
        )
        took[0] = time.perf_counter() - t
        done.set()

    with bench_club_scale.longest_transaction(admin, name) as longest:
        worker = threading.Thread(target=work)
        worker.start()
        during, reads = _median_ms(read, stop=done)
        worker.join()
    what = f"{batch:,} games a transaction" if batch < 10**8 else "one transaction (the way it was)"
    print(
        f"| {what} | {took[0]:.1f} s | {longest[0]:.2f} s | {idle:.1f} | {during:.1f} ({reads} reads) "
        f"| {during / idle:.2f}× |"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--admin-url", default="postgresql+psycopg2://postgres@127.0.0.1:5432/postgres")
    args = ap.parse_args()
    name = f"bh_catch_up_{uuid.uuid4().hex[:6]}"
    admin = create_engine(args.admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(args.admin_url).set(database=name).render_as_string(hide_password=False)
    app = create_app({"DATABASE_URL": url, "RATE_LIMIT_PER_MINUTE": 0, "TESTING": False})
    db = app.extensions["baohuang_db"]
    ratings.INLINE_GAMES = 0  # every update is the worker's (here: the benchmark's own calls)
    try:
        db.upgrade()
        bench_club_scale.CLUB_MAX = args.games  # ONE club holds every game, however many
        with db.engine.begin() as conn:
            shape = seed(conn, args.games)
        with db.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")
            first, second = conn.exec_driver_sql(
                "SELECT id FROM games WHERE organizer_id = 1 ORDER BY played_at, id LIMIT 2"
            ).scalars()
        t = time.perf_counter()
        ratings.recompute(db, 1)
        print(
            f"\n## One club of {shape['club_games']:,} games: its ratings from scratch in {time.perf_counter() - t:.0f} s\n"
        )
        print(
            "| the first games voided, caught up in | catch-up | longest transaction | member read idle, ms | during, ms | ratio |"
        )
        print("|---|---|---|---|---|---|")
        catch_up(app, db, admin, name, first, ratings.BATCH_GAMES)
        catch_up(app, db, admin, name, second, 10**9)
    finally:
        db.dispose()
        with admin.connect() as c:
            c.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


if __name__ == "__main__":
    main()
