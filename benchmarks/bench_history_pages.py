"""A member's rating history a page at a time, in ONE club on PostgreSQL: the page from an offset
read as a range of the (member, games) index against OFFSET over the played order (the way it
was), and the count as the last step's ``games`` against ``count(*)``, side by side, interleaved,
for the busiest member's first and last page of 500. The club is written as bench_club_scale.py
writes it (evenings of 200 games, 40 members) and its ratings made by the service.

    .venv/bin/python benchmarks/bench_history_pages.py [--games 1100000] \\
        [--admin-url postgresql+psycopg2://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid
from typing import Any

import bench_club_scale
from bench_club_scale import seed
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url

from service.persistence import ratings as ratings_repo
from service.persistence.db import Database
from service.persistence.models import RatingStep
from service.tournament import ratings


def offset_page(s: Any, member_id: int, limit: int, offset: int) -> Any:
    q = select(RatingStep).where(RatingStep.member_id == member_id)
    return s.scalars(q.order_by(RatingStep.played_at, RatingStep.game_id).limit(limit).offset(offset)).all()


def counted(s: Any, member_id: int) -> int:
    return int(s.scalar(select(func.count()).select_from(RatingStep).where(RatingStep.member_id == member_id)) or 0)


def timed(db: Database, call: Any) -> float:
    with db.sessions() as s:
        t = time.perf_counter()
        call(s)
        return (time.perf_counter() - t) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1_100_000)
    ap.add_argument("--admin-url", default="postgresql+psycopg2://postgres@127.0.0.1:5432/postgres")
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    name = f"bh_history_{uuid.uuid4().hex[:6]}"
    admin = create_engine(args.admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    db = Database(make_url(args.admin_url).set(database=name).render_as_string(hide_password=False))
    try:
        db.upgrade()
        bench_club_scale.CLUB_MAX = args.games  # ONE club holds every game
        with db.engine.begin() as conn:
            seed(conn, args.games)
        ratings.recompute(db, 1)
        with db.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")
            member, steps = conn.exec_driver_sql(
                "SELECT member_id, count(*) FROM rating_steps GROUP BY member_id ORDER BY 2 DESC LIMIT 1"
            ).one()
        last = (steps - 1) // 500 * 500
        cases = [
            (
                "first page of 500",
                lambda s: offset_page(s, member, 500, 0),
                lambda s: ratings_repo.history_page(s, member, 500, 0),
            ),
            (
                "last page of 500",
                lambda s: offset_page(s, member, 500, last),
                lambda s: ratings_repo.history_page(s, member, 500, last),
            ),
            ("how many steps", lambda s: counted(s, member), lambda s: ratings_repo.steps_count(s, member)),
        ]
        print(
            f"\n## One club of {args.games:,} games: the busiest member's {steps:,} steps, medians of {args.rounds}, ms\n"
        )
        print("| read | OFFSET / count(*) (the way it was) | a range of (member, games) | ratio |")
        print("|---|---|---|---|")
        for what, old, new in cases:
            with db.sessions() as s:
                assert (
                    [(x.played_at, x.game_id) for x in old(s)] == [(x.played_at, x.game_id) for x in new(s)]
                    if what != "how many steps"
                    else old(s) == new(s)
                )
            a, b = [], []
            for _ in range(args.rounds):
                a.append(timed(db, old))
                b.append(timed(db, new))
            ma, mb = statistics.median(a), statistics.median(b)
            print(f"| {what} | {ma:.1f} | {mb:.1f} | {ma / mb:.1f}× |")
    finally:
        db.dispose()
        with admin.connect() as c:
            c.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


if __name__ == "__main__":
    main()
