"""Storing plain games on PostgreSQL, one process, no HTTP server: N submissions without an
Idempotency-Key through the app (the Flask test client), each stored by the one statement on the
autocommit pool, with its outbox row (and, ``--public``, its ratings mark and the ratings'
update that follows inline; without, the tournament is private and the figure is the store's
alone). Times the submissions alone (the setup and
the warm-up left out) and prints milliseconds a game, wall and CPU. Meant to be run twice side by
side, this checkout against another (``--tree``: the previous main, say), so the two are read as
a ratio in the same run.

    .venv/bin/python benchmarks/bench_submit_store.py [--games 300] [--tree PATH]

It makes a throwaway database on the server at BENCH_POSTGRES_URL (default: the local server,
user postgres) and drops it at the end. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=30)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose service runs")
    ap.add_argument(
        "--public", action="store_true", help="a rated tournament: each game's mark too, and the ratings' inline update"
    )
    args = ap.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))

    from service.app import create_app
    from service.core import random_record

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from throwaway_db import throwaway_database

    admin_url = os.environ.get("BENCH_POSTGRES_URL", "postgresql+psycopg2://postgres@127.0.0.1:5432/postgres")
    with throwaway_database(admin_url) as url:
        app = create_app({"DATABASE_URL": url, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True})
        client = app.test_client()
        r = client.post("/v1/organizers", json={"name": "bench club"})
        auth = {"Authorization": f"Bearer {r.get_json()['key']['secret']}"}
        t = {"name": "bench", "ruleset": "weihai", "private": not args.public}
        tid = client.post("/v1/tournaments", json=t, headers=auth).get_json()["id"]
        ids = [
            client.post(f"/v1/tournaments/{tid}/players", json={"name": f"p{i}"}, headers=auth).get_json()["id"]
            for i in range(5)
        ]
        bodies = [{"players": ids, "record": random_record(seed)} for seed in range(args.warmup + args.games)]
        for body in bodies[: args.warmup]:
            assert client.post(f"/v1/tournaments/{tid}/games", json=body, headers=auth).status_code == 201
        wall, cpu = time.perf_counter(), time.process_time()
        for body in bodies[args.warmup :]:
            r = client.post(f"/v1/tournaments/{tid}/games", json=body, headers=auth)
            assert r.status_code == 201, r.get_json()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"tree: {args.tree}; {'public' if args.public else 'private'} tournament")
        print(
            f"{args.games} games: {1000 * wall / args.games:.2f} ms a game wall, {1000 * cpu / args.games:.2f} ms CPU"
        )
        app.extensions["baohuang_db"].dispose()


if __name__ == "__main__":
    main()
