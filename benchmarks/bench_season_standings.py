"""A season's standings in ONE club, on PostgreSQL: read from the kept rows (one a member, and a
member's best N evenings by an index) against added up from every evening's standings (the way
it was, still the way of ``?after=``, the season as it stood after an evening), interleaved in
the same run, for a season counting every evening and one counting each member's best 10.

The club holds every game (evenings of 200 games, 40 members; the rows written as
bench_club_scale.py writes them, the first season's rows built by the service's own statements);
the second season is made by the service's use case (its rows built as it is made: timed). Reads go
through Flask's test client in-process; each figure is the median of ``--repeat`` reads (ms), with
the answer's size. A game stored in the club's last evening (its season rows brought up to date
after the commit) is timed too.

    .venv/bin/python benchmarks/bench_season_standings.py [--games 11000,110000,1100000] \\
        [--admin-url postgresql+psycopg2://postgres@127.0.0.1:5432/postgres] [--repeat 20] [--keep]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid
from typing import Any

import bench_club_scale
from bench_club_scale import SECRET, seed
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from service.app import create_app
from service.tournament import seasons
from service.tournament.unit_of_work import UnitOfWork


def _ms(client: Any, url: str) -> tuple[float, int]:
    t = time.perf_counter()
    r = client.get(url)
    took = (time.perf_counter() - t) * 1000
    assert r.status_code == 200, (url, r.status_code)
    return took, len(r.get_data())


def interleaved(client: Any, a: str, b: str, repeat: int) -> tuple[float, float, int, int]:
    """A and B read in turn, ``repeat`` times each: their medians (ms) and answers' sizes."""
    _ms(client, a), _ms(client, b)  # warm
    walls_a, walls_b, size_a, size_b = [], [], 0, 0
    for _ in range(repeat):
        wa, size_a = _ms(client, a)
        wb, size_b = _ms(client, b)
        walls_a.append(wa)
        walls_b.append(wb)
    return statistics.median(walls_a), statistics.median(walls_b), size_a, size_b


def run(admin_url: str, games: int, repeat: int, keep: bool) -> None:
    name = f"bh_season_{uuid.uuid4().hex[:6]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    app = create_app({"DATABASE_URL": url, "RATE_LIMIT_PER_MINUTE": 0, "TESTING": False})
    db = app.extensions["baohuang_db"]
    try:
        db.upgrade()
        bench_club_scale.CLUB_MAX = games  # ONE club holds every game, however many
        t = time.perf_counter()
        with db.engine.begin() as conn:
            shape = seed(conn, games)
        seeded = time.perf_counter() - t
        with db.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")
            everyone = conn.exec_driver_sql("SELECT max(id) FROM seasons").scalar()
            evenings = list(
                conn.exec_driver_sql(
                    f"SELECT tournament_id FROM season_tournaments WHERE season_id = {everyone} ORDER BY position"
                ).scalars()
            )
        client = app.test_client()
        auth = {"Authorization": f"Bearer {SECRET}"}
        t = time.perf_counter()
        with UnitOfWork(db) as uow:  # the use case itself: the API takes up to 500 tournaments a request
            best = seasons.create_season(uow, 1, 1, "最好的十晚", "best", 10, evenings).id
        built = time.perf_counter() - t
        print(
            f"\n### One club of {shape['club_games']:,} games in {len(evenings):,} evenings "
            f"(written in {seeded:.0f} s; a season of them all, counting the best 10, made in {built * 1000:,.0f} ms)\n"
        )
        print("| read | kept rows, ms | added up (the way it was), ms | ratio | answer, KB (kept / added up) |")
        print("|---|---|---|---|---|")
        last = evenings[-1]
        for what, path in (
            ("season standings, every evening (API)", f"/v1/organizers/1/seasons/{everyone}/standings"),
            ("season standings, best 10 (API)", f"/v1/organizers/1/seasons/{best}/standings"),
            ("season page, every evening (HTML)", f"/clubs/1/seasons/{everyone}?lang=zh"),
        ):
            joiner = "&" if "?" in path else "?"
            a, b, size_a, size_b = interleaved(client, path, f"{path}{joiner}after={last}", repeat)
            print(f"| {what} | {a:.1f} | {b:.1f} | {b / a:.1f}× | {size_a / 1024:.0f} / {size_b / 1024:.0f} |")
        walls = [_ms(client, f"/clubs/1/seasons/{everyone}/charts/leaders.svg") for _ in range(repeat + 1)][1:]
        print(
            f"\nThe leaders' chart (leaders.svg, from the kept rows): {statistics.median(w for w, _ in walls):.1f} ms, "
            f"{walls[-1][1] / 1024:.0f} KB"
        )
        _write(client, auth, last, repeat)
    finally:
        db.dispose()
        if not keep:
            with admin.connect() as c:
                c.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        else:
            print(f"\nkept: {url}")


def _write(client: Any, auth: dict[str, str], tournament: int, repeat: int) -> None:
    """A game stored in the club's last evening, its season rows brought up to date after the
    commit: the median of ``repeat`` (ms)."""
    players = client.get(f"/v1/tournaments/{tournament}/players").get_json()["items"]
    ids = [p["id"] for p in players]
    rng = random.Random(1)
    walls = []
    for _ in range(repeat):
        order = list(range(5))
        rng.shuffle(order)
        sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": order}
        t = time.perf_counter()
        r = client.post(
            f"/v1/tournaments/{tournament}/games", json={"players": rng.sample(ids, 5), "sheet": sheet}, headers=auth
        )
        walls.append((time.perf_counter() - t) * 1000)
        assert r.status_code == 201, r.get_json()
    print(
        f"\nA game stored in the last evening (its two seasons' rows brought up to date): {statistics.median(walls):.1f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="11000,110000,1100000")
    ap.add_argument("--admin-url", default="postgresql+psycopg2://postgres@127.0.0.1:5432/postgres")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--keep", action="store_true", help="keep the last database (its address is printed)")
    args = ap.parse_args()
    for n in (int(x) for x in args.games.split(",")):
        run(args.admin_url, n, args.repeat, args.keep)


if __name__ == "__main__":
    main()
