"""ONE club at scale on PostgreSQL, as deployed: the club holds every game (a busy club or a
league: evenings of 200 games, 40 members, 20 players an evening; one season over every evening),
at each scale N (11,000, 110,000 and 1,100,000 games by default). The rows are written straight
into a migrated PostgreSQL database (``generate_series``; the kept rows — the members' counts and
totals, the season's rows — by the service's own statements); the club's ratings are made from
scratch by the service itself (timed); the seeding is checked through the API (the season's
games are the club's, five seats each; its 40 members).

Then the service runs as deployed (``baohuang serve``: gunicorn, 2 gevent workers) on it and every
read of the club (bench_club_reads.py) is timed over HTTP beside ``/readyz``: the median of each at
each scale, and b in t ~ N^b from the smallest scale to the largest.

``--in-process`` adds the older measures, in-process through Flask's test client: what a read
costs after each kind of write, what the ratings update each write triggers costs against
openskill's own cost for the games it re-rates, an organizer's write during a large update, and
the plans of every query the reads send (no sequential scan over games, their seats or the rating
steps). ``--spread`` puts the games above 100,000 in 500 organizers instead (the measured club is
one of them), as the in-process measures first did.

    .venv/bin/python benchmarks/bench_club_scale.py [--scales 11000,110000,1100000] \\
        [--admin-url postgresql+psycopg2://postgres@127.0.0.1:5432/postgres] [--repeat 20] [--keep]
    .venv/bin/python benchmarks/bench_club_scale.py --reads-of bh_scale_11000_…,bh_scale_1100000_…

``--catch-up`` then voids the club's first game through the server and times a member's read
through it while a worker process re-rates everything after that game, in batches (its longest
transaction read from pg_stat_activity).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import bench_club_reads
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import make_url

from service.app import create_app
from service.core.sheets import read_sheet, score
from service.persistence import member_totals, season_totals
from service.persistence import members as members_repo
from service.persistence.keys import hash_secret
from service.tournament import ratings

SECRET = "bh_benchmarkclubsecret"
CLUB_MAX = 10**12  # ONE club holds every game (--spread: 100,000, the rest in 500 organizers)
EVENING = 200
CLUB_MEMBERS = 40
OTHER_MEMBERS = 30
BIG = ("games", "game_seats", "game_versions", "rating_steps", "players", "player_stats", "round_seats")
START = datetime(2024, 1, 1, 11, 30, tzinfo=UTC)


def patterns(n: int = 60) -> list[tuple[int, int, str, int | None, int]]:
    """Scored sheets: (pattern, seat, role, place, score)."""
    rng = random.Random(5)
    out = []
    for p in range(n):
        order = list(range(5))
        rng.shuffle(order)
        emperor = rng.randrange(5)
        guard = rng.choice([s for s in range(5) if s != emperor])
        rs, facts = read_sheet({"mode": "normal", "emperor": emperor, "guard": guard, "finishing_order": order})
        out.extend((p, r.seat, r.role, r.place, r.score) for r in score(facts, rs).seat_results())
    return out


def seed(conn: Any, total: int) -> dict[str, int]:
    """Write the organizers, members, evenings, players, games, versions, seats and totals."""
    club_games = total if total <= CLUB_MAX else total // 500
    others = 0 if total <= CLUB_MAX else 499
    other_games = total - club_games

    def x(sql: str) -> Any:  # psycopg2 reads % as a parameter: the modulo is %%
        return conn.exec_driver_sql(sql.replace("%", "%%"))

    x("INSERT INTO organizers (id, name, created_at, time_zone) VALUES (1, '威海俱乐部', now(), 'Asia/Shanghai')")
    if others:
        x(
            f"INSERT INTO organizers (id, name, created_at, time_zone) SELECT i, 'club ' || i, now(), 'Asia/Shanghai' FROM generate_series(2, {others + 1}) i"
        )
    x(
        f"INSERT INTO api_keys (id, organizer_id, prefix, secret_hash, label, created_at) VALUES (1, 1, 'bh_bench', '{hash_secret(SECRET)}', 'bench', now())"
    )
    x(
        f"""INSERT INTO members (organizer_id, name, name_key, reading, created_at)
        SELECT 1, '会员' || m, 'member ' || m, 'hui yuan ' || lpad(m::text, 4, '0'), now() FROM generate_series(1, {CLUB_MEMBERS}) m"""
    )
    if others:
        x(
            f"""INSERT INTO members (organizer_id, name, name_key, reading, created_at)
            SELECT o, 'm' || m, 'm' || m, 'm' || lpad(m::text, 4, '0'), now()
            FROM generate_series(2, {others + 1}) o, generate_series(1, {OTHER_MEMBERS}) m"""
        )
    # evenings: the club's first, then the others' (each organizer's games in evenings of 200)
    club_evenings = club_games // EVENING
    x(
        f"""INSERT INTO tournaments (organizer_id, name, ruleset_name, ruleset_options, status, private, created_at,
            seating, bye_points, deals_per_round, table_link_hours)
        SELECT 1, '第' || e || '晚', 'weihai', '{{}}', 'open', false, TIMESTAMP WITH TIME ZONE '{START.isoformat()}' + e * interval '1 day',
            'balanced', 0, 1, 12 FROM generate_series(1, {club_evenings}) e"""
    )
    per_other = (other_games // others // EVENING) if others else 0
    if others and per_other:
        x(
            f"""INSERT INTO tournaments (organizer_id, name, ruleset_name, ruleset_options, status, private, created_at,
                seating, bye_points, deals_per_round, table_link_hours)
            SELECT o, 'evening ' || e, 'weihai', '{{}}', 'open', false, TIMESTAMP WITH TIME ZONE '{START.isoformat()}' + e * interval '1 day',
                'balanced', 0, 1, 12 FROM generate_series(2, {others + 1}) o, generate_series(1, {per_other}) e"""
        )
    # players: 20 an evening, members of the organizer in turn
    x(
        """INSERT INTO players (tournament_id, name, name_key, created_at, member_id)
        SELECT t.id, m.name, m.name_key, t.created_at, m.id
        FROM tournaments t
        CROSS JOIN generate_series(0, 19) k
        JOIN LATERAL (
            SELECT mm.id, mm.name, mm.name_key FROM members mm WHERE mm.organizer_id = t.organizer_id
            ORDER BY mm.id OFFSET ((t.id * 7 + k) % (SELECT count(*) FROM members m2 WHERE m2.organizer_id = t.organizer_id)) LIMIT 1
        ) m ON true"""
    )
    # one round an evening, its twenty players at four tables (what byes are counted from)
    x(
        "INSERT INTO rounds (tournament_id, number, method, created_at) SELECT id, 1, 'balanced', created_at FROM tournaments"
    )
    x(
        """INSERT INTO round_seats (round_id, player_id, table_no, seat)
        SELECT r.id, p.id, (row_number() OVER w - 1) / 5 + 1, (row_number() OVER w - 1) % 5
        FROM rounds r JOIN players p ON p.tournament_id = r.tournament_id
        WINDOW w AS (PARTITION BY r.id ORDER BY p.id)"""
    )
    x(
        "CREATE TEMP TABLE bench_players AS SELECT id, tournament_id, row_number() OVER (PARTITION BY tournament_id ORDER BY id) - 1 AS k FROM players"
    )
    x("CREATE INDEX ON bench_players (tournament_id, k)")
    x("CREATE TEMP TABLE bench_patterns (p int, seat int, role text, place int, score int)")
    conn.execute(
        text("INSERT INTO bench_patterns VALUES (:p, :s, :r, :pl, :sc)"),
        [{"p": p, "s": s, "r": r, "pl": pl, "sc": sc} for p, s, r, pl, sc in patterns()],
    )
    # games: 200 an evening, two minutes apart; one version each; five seats each
    x(
        f"""INSERT INTO games (id, tournament_id, organizer_id, record_hash, current_version, voided, played_at, created_at)
        SELECT row_number() OVER (ORDER BY t.id, g), t.id, t.organizer_id, NULL, 1, false,
            t.created_at + interval '8 hours' + g * interval '2 minutes', t.created_at
        FROM tournaments t, generate_series(0, {EVENING - 1}) g"""
    )
    x("SELECT setval('games_id_seq', (SELECT max(id) FROM games))")
    x(
        """INSERT INTO game_versions (id, game_id, version, action, kind, body, outcome, key_id, created_at)
        SELECT id, id, 1, 'submit', 'sheet', '{}', '{"mode": "normal"}', 1, created_at FROM games"""
    )
    x("SELECT setval('game_versions_id_seq', (SELECT max(id) FROM game_versions))")
    x(
        """INSERT INTO game_seats (version_id, game_id, tournament_id, player_id, seat, role, place, score, counted)
        SELECT g.id, g.id, g.tournament_id, bp.id, pt.seat, pt.role, pt.place, pt.score, true
        FROM games g
        JOIN bench_patterns pt ON pt.p = g.id % 60
        JOIN bench_players bp ON bp.tournament_id = g.tournament_id AND bp.k = (g.id * 7 + pt.seat * 4) % 20"""
    )
    x(
        """INSERT INTO player_stats (player_id, tournament_id, games, total, wins, draws, losses, emperor_games,
            emperor_total, emperor_wins, guard_games, guard_total, guard_wins)
        SELECT p.id, p.tournament_id, count(s.id), coalesce(sum(s.score), 0), count(s.id) FILTER (WHERE s.score > 0),
            count(s.id) FILTER (WHERE s.score = 0), count(s.id) FILTER (WHERE s.score < 0),
            count(s.id) FILTER (WHERE s.role = 'emperor'), coalesce(sum(s.score) FILTER (WHERE s.role = 'emperor'), 0),
            count(s.id) FILTER (WHERE s.role = 'emperor' AND s.score > 0),
            count(s.id) FILTER (WHERE s.role = 'guard'), coalesce(sum(s.score) FILTER (WHERE s.role = 'guard'), 0),
            count(s.id) FILTER (WHERE s.role = 'guard' AND s.score > 0)
        FROM players p LEFT JOIN game_seats s ON s.player_id = p.id
        GROUP BY p.id, p.tournament_id"""
    )
    # the other organizers' rating steps, as an update would write them (figures made up)
    if others:
        x(
            """INSERT INTO rating_steps (organizer_id, member_id, game_id, tournament_id, played_at, mu, sigma, games)
            SELECT g.organizer_id, p.member_id, g.id, g.tournament_id, g.played_at, 25 + (g.id % 7), 3 + (g.id % 5) * 0.1,
                row_number() OVER (PARTITION BY p.member_id ORDER BY g.played_at, g.id)
            FROM games g JOIN game_seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id
            WHERE g.organizer_id <> 1"""
        )
        x(
            """INSERT INTO member_ratings (member_id, organizer_id, mu, sigma, games, version)
            SELECT DISTINCT ON (member_id) member_id, organizer_id, mu, sigma, games, 1 FROM rating_steps
            ORDER BY member_id, played_at DESC, game_id DESC"""
        )
    x("DELETE FROM rating_marks")
    x("""INSERT INTO seasons (organizer_id, name, counting, best, created_at) VALUES (1, '全年', 'all', NULL, now())""")
    x(
        """INSERT INTO season_tournaments (season_id, tournament_id, position)
        SELECT (SELECT max(id) FROM seasons), id, row_number() OVER (ORDER BY id) FROM tournaments WHERE organizer_id = 1"""
    )
    # the members' counts of players and the season's kept rows, by the service's own statements
    conn.execute(members_repo.RECOUNT_PLAYERS)
    conn.execute(member_totals.REBUILD_EVENINGS)
    conn.execute(member_totals.SUM_TOTALS)
    season_id = conn.exec_driver_sql("SELECT max(id) FROM seasons").scalar()
    conn.execute(season_totals.REBUILD_EVENINGS, {"season_id": season_id})
    conn.execute(season_totals.SUM_MEMBERS, {"season_id": season_id})
    return {"club_games": club_games, "others": others, "club_evenings": club_evenings}


class Meter:
    """Wall, CPU and bytes of a callable, over repeats: median (min–max)."""

    def __init__(self, repeat: int) -> None:
        self.repeat = repeat
        self.rows: list[tuple[str, str, str, str]] = []

    def measure(self, name: str, call: Callable[[], Any], *, once: bool = False) -> Any:
        walls, cpus, sizes, answer = [], [], [], None
        for _ in range(1 if once else self.repeat):
            w, c = time.perf_counter(), time.process_time()
            answer = call()
            walls.append((time.perf_counter() - w) * 1000)
            cpus.append((time.process_time() - c) * 1000)
            data = getattr(answer, "data", None)
            sizes.append(len(data) if isinstance(data, bytes) else 0)
        self.rows.append((name, _fig(walls), _fig(cpus), f"{statistics.median(sizes) / 1024:.1f}"))
        return answer

    def print(self, title: str) -> None:
        print(f"\n{title}")
        print("| what | wall ms | CPU ms | KB |\n|---|---|---|---|")
        for row in self.rows:
            print("| " + " | ".join(row) + " |")
        self.rows = []


def _fig(xs: list[float]) -> str:
    m = statistics.median(xs)
    return f"{m:.1f}" if len(xs) == 1 else f"{m:.1f} ({min(xs):.1f}–{max(xs):.1f})"


class Reratings:
    """Every re-rating an update makes: the games, its time, and openskill's own time for them."""

    def __init__(self) -> None:
        self.log: list[tuple[int, float, float]] = []
        self.real = ratings.rerate

    def __call__(self, s: Any, organizer_id: int, start: Any, games: Any, **how: Any) -> Any:
        played = list(games)
        t = time.perf_counter()
        done = self.real(s, organizer_id, start, played, **how)
        took = time.perf_counter() - t
        states: dict[int, Any] = {}
        t = time.perf_counter()
        for g in played:
            ratings.rate_game(g, states)
        floor = time.perf_counter() - t
        self.log.append((len(played), took * 1000, floor * 1000))
        return done


def plans(conn: Any, statements: list[tuple[str, Any]]) -> list[tuple[str, str]]:
    """EXPLAIN every SELECT the reads sent; the sequential scans over the big tables found."""
    found = []
    seen = set()
    for statement, params in statements:
        head = statement.lstrip().split(None, 1)[0].upper()
        if head not in ("SELECT", "WITH") or statement in seen:
            continue
        seen.add(statement)
        cur = conn.connection.cursor()
        cur.execute("EXPLAIN (FORMAT JSON) " + statement, params)
        plan = cur.fetchone()[0][0]["Plan"]
        cur.close()
        stack = [plan]
        while stack:
            node = stack.pop()
            if node.get("Node Type") == "Seq Scan" and node.get("Relation Name") in BIG:
                found.append((node["Relation Name"], " ".join(statement.split())[:160]))
            stack.extend(node.get("Plans", []))
    return found


def run_scale(
    admin_url: str, total: int, repeat: int, keep: bool, in_process: bool, catch_up: bool = False
) -> list[Any]:
    """Seed the club at this scale, check it through the API, time its reads through gunicorn
    (and in-process, if asked): the reads' rows."""
    name = f"bh_scale_{total}_{uuid.uuid4().hex[:6]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    app = create_app({"DATABASE_URL": url, "RATE_LIMIT_PER_MINUTE": 0, "TESTING": False})
    db = app.extensions["baohuang_db"]
    try:
        db.upgrade()
        t = time.perf_counter()
        with db.engine.begin() as conn:
            shape = seed(conn, total)
        with db.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")
        print(
            f"\n## {total:,} games in the database: the club {shape['club_games']:,} in {shape['club_evenings']} evenings, "
            f"{shape['others']} other organizers; written in {time.perf_counter() - t:.0f} s"
        )
        t = time.perf_counter()
        done = ratings.recompute(db, 1)
        took = time.perf_counter() - t
        print(
            f"the club's ratings from scratch: {took:.1f} s for {done.games:,} games ({took / max(1, done.games) * 1e6:.0f} µs a game)"
        )
        with db.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")
            member = conn.exec_driver_sql(
                "SELECT id FROM members WHERE organizer_id = 1 ORDER BY players DESC, id LIMIT 1"
            ).scalar()
            season = conn.exec_driver_sql("SELECT max(id) FROM seasons").scalar()
        _verify(app, shape, season)
        with served(url) as base:
            rows = bench_club_reads.measure(base, 1, int(member), int(season), repeat)
            bench_club_reads.print_table(rows)
            if catch_up:
                catching_up(base, url, admin, name, int(member))
        if in_process:
            measure(app, db, max(3, repeat // 4))
        return rows
    finally:
        db.dispose()
        if not keep:
            with admin.connect() as c:
                c.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


def _verify(app: Any, shape: dict[str, int], season: int) -> None:
    """The seeding as the API reads it: the season holds the club's games (five seats each) and
    its members."""
    client = app.test_client()
    standing = client.get(f"/v1/organizers/1/seasons/{season}/standings").get_json()["standings"]
    seats = sum(r["games"] for r in standing)
    assert seats == 5 * shape["club_games"], (seats, shape)
    members = client.get("/v1/organizers/1/members").get_json()["total"]
    assert members == CLUB_MEMBERS, members
    print(f"checked through the API: {seats:,} seats in the season's standings, {members} members")


@contextlib.contextmanager
def served(url: str) -> Iterator[str]:
    """``baohuang serve`` (gunicorn, 2 gevent workers, no background work) on the database at
    ``url`` on a free port, until the block ends: its address. Stopped by its process group."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = dict(os.environ, DATABASE_URL=url, BAOHUANG_BACKGROUND="0", BAOHUANG_RATE_LIMIT_PER_MINUTE="0")
    env.pop("BAOHUANG_AUTO_UPGRADE", None)
    cli = os.path.join(os.path.dirname(sys.executable), "baohuang")
    server = subprocess.Popen(
        [cli, "serve", "--port", str(port), "--workers", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/readyz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("the service did not become ready")
            time.sleep(0.2)
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@contextlib.contextmanager
def longest_transaction(admin: Any, name: str) -> Iterator[list[float]]:
    """While the block runs, the age of the oldest open transaction on database ``name`` (from
    pg_stat_activity, every 20 ms), its longest in ``[0]`` of what it yields."""
    done, longest = threading.Event(), [0.0]

    def watch() -> None:
        with admin.connect() as conn:
            while not done.is_set():
                age = conn.execute(
                    text(
                        "SELECT coalesce(max(extract(epoch FROM now() - xact_start)), 0) FROM pg_stat_activity "
                        "WHERE datname = :d AND pid <> pg_backend_pid() AND xact_start IS NOT NULL"
                    ),
                    {"d": name},
                ).scalar()
                longest[0] = max(longest[0], float(age or 0))
                time.sleep(0.02)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        yield longest
    finally:
        done.set()
        watcher.join()


def catching_up(base: str, url: str, admin: Any, name: str, member: int) -> None:
    """The club's first game voided through the server, and a worker process (as deployed)
    re-rating everything after it in batches: how long, its longest transaction (polled from
    pg_stat_activity every 20 ms), and a member's read through the server idle and during it."""
    from bench_catch_up import WORKER

    to = ("127.0.0.1", int(base.rsplit(":", 1)[1]))
    auth = {"Authorization": f"Bearer {SECRET}", "Content-Type": "application/json"}
    read = f"/v1/organizers/1/members/{member}"
    idle = statistics.median(bench_club_reads._get(to, read)[0] for _ in range(20))
    engine = create_engine(url)
    with engine.connect() as conn:
        game, tournament = conn.exec_driver_sql(
            "SELECT id, tournament_id FROM games WHERE organizer_id = 1 ORDER BY played_at, id LIMIT 1"
        ).one()
    engine.dispose()
    c = http.client.HTTPConnection(*to, timeout=60)
    body = '{"action": "void", "reason": "the catch-up measured"}'
    c.request("POST", f"/v1/tournaments/{tournament}/games/{game}/corrections", body=body, headers=auth)
    voided = c.getresponse()
    assert voided.status < 300, voided.read()
    c.close()
    during: list[float] = []
    with longest_transaction(admin, name) as longest:
        t = time.perf_counter()
        worker = subprocess.Popen([sys.executable, "-c", WORKER, url, str(ratings.BATCH_GAMES)])
        while worker.poll() is None:
            during.append(bench_club_reads._get(to, read)[0])
        took = time.perf_counter() - t
    assert worker.returncode == 0
    median = statistics.median(during) if during else float("nan")
    print(
        f"\nthe first game voided: caught up in {took:.1f} s ({ratings.BATCH_GAMES:,} games a transaction), "
        f"longest transaction {longest[0]:.2f} s; a member read idle {idle:.1f} ms, during {median:.1f} ms "
        f"({len(during)} reads, {median / idle:.2f}×)"
    )


def print_scales(scales: list[int], rows: list[list[Any]]) -> None:
    """Each read's median at each scale, and b from the smallest scale to the largest."""
    print("\n## Every read through gunicorn, by scale (medians, ms)\n")
    print("| read | " + " | ".join(f"{n:,}" for n in scales) + " | b | answer at the largest, KB |")
    print("|---|" + "---|" * (len(scales) + 2))
    for k, (name, *_) in enumerate(rows[0]):
        medians = [r[k][1] for r in rows]
        b = math.log(medians[-1] / medians[0]) / math.log(scales[-1] / scales[0]) if len(scales) > 1 else 0.0
        cells = " | ".join(f"{x:.1f}" for x in medians)
        print(f"| {name} | {cells} | {b:.2f} | {rows[-1][k][4] / 1024:.0f} |")
    floors = [statistics.median(r[k][2] for k in range(len(r))) for r in rows]
    print("| /readyz beside them | " + " | ".join(f"{x:.1f}" for x in floors) + " | | |")


def measure(app: Any, db: Any, repeat: int) -> None:
    client = app.test_client()
    auth = {"Authorization": f"Bearer {SECRET}"}
    meter = Meter(repeat)
    with db.engine.connect() as conn:
        heavy = conn.exec_driver_sql(
            """SELECT p.member_id, count(*) FROM game_seats s JOIN players p ON p.id = s.player_id
            JOIN games g ON g.id = s.game_id WHERE g.organizer_id = 1 GROUP BY p.member_id ORDER BY 2 DESC LIMIT 1"""
        ).one()
        season = conn.exec_driver_sql("SELECT max(id) FROM seasons").scalar()
        first_t = conn.exec_driver_sql("SELECT min(id) FROM tournaments WHERE organizer_id = 1").scalar()
        early, last = conn.exec_driver_sql("SELECT min(id), max(id) FROM games WHERE organizer_id = 1").one()
    member, member_games = int(heavy[0]), int(heavy[1])
    m = f"/v1/organizers/1/members/{member}"
    reads: list[tuple[str, str]] = [
        ("members (API, a page)", "/v1/organizers/1/members"),
        (f"a member, {member_games:,} games (API)", m),
        ("a member's rating history (API, a page of 500)", f"{m}/rating-history"),
        ("the members page", "/clubs/1/members?lang=zh"),
        ("a member's page", f"/clubs/1/members/{member}?lang=zh"),
        *(
            (f"chart {c} (drawn again)", f"/clubs/1/members/{member}/charts/{c}.svg")
            for c in ("score", "rating", "roles", "partners", "opponents")
        ),
        ("season standings (API)", f"/v1/organizers/1/seasons/{season}/standings"),
        ("the season's page", f"/clubs/1/seasons/{season}?lang=zh"),
        ("leaders.svg", f"/clubs/1/seasons/{season}/charts/leaders.svg"),
        ("an evening's standings (API)", f"/v1/tournaments/{first_t}/standings"),
    ]
    statements: list[tuple[str, Any]] = []

    def capture(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool) -> None:
        statements.append((statement, parameters))

    event.listen(db.engine, "before_cursor_execute", capture)
    for what, path in reads:
        r = meter.measure(what, lambda p=path: client.get(p))
        assert r.status_code == 200, (path, r.status_code)
    event.remove(db.engine, "before_cursor_execute", capture)
    page = client.get(f"/clubs/1/members/{member}?lang=zh")
    charts = [
        u.replace("&amp;", "&")
        for u in __import__("re").findall(r'<img src="([^"]+\.svg\?v=[0-9a-f]+)"', page.get_data(as_text=True))
    ]
    together = len(page.data) + sum(len(client.get(u).data) for u in charts)
    meter.measure("a chart the page drew (cached)", lambda: client.get(charts[1]))
    meter.print("Reads, nothing changed")
    print(f"member page and its {len(charts)} charts: {together / 1024:.0f} KB in all")
    with db.engine.connect() as conn:
        found = plans(conn, statements)
    print(
        f"plans of the {len({s for s, _ in statements})} distinct queries the reads sent: "
        + ("no sequential scan over " + ", ".join(BIG) if not found else f"{len(found)} sequential scan(s):")
    )
    for rel, q in found:
        print(f"  - {rel}: {q}")

    watch = Reratings()
    ratings.rerate = watch  # type: ignore[assignment]
    try:
        sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
        # the last game corrected: one game re-rated by the write itself
        client.get(f"/v1/tournaments/{first_t}").get_json()  # warm
        with db.engine.connect() as conn:
            t_last = conn.exec_driver_sql(f"SELECT tournament_id FROM games WHERE id = {last}").scalar()
        body = {"action": "replace", "reason": "bench", "sheet": sheet}
        meter.measure(
            "correct the last game (the write)",
            lambda: client.post(f"/v1/tournaments/{t_last}/games/{last}/corrections", json=body, headers=auth),
            once=True,
        )
        n, took, floor = watch.log[-1]
        print_update("the last game corrected", n, took, floor)
        meter.measure("members after it (API)", lambda: client.get("/v1/organizers/1/members"))
        # a new game after every other, entered at a table: a round, its links, an entry and a confirmation
        confirm = table_confirmation(client, auth, db)
        meter.measure("a table's confirmation (the write)", confirm, once=True)
        n, took, floor = watch.log[-1]
        print_update("a table's confirmation", n, took, floor)
        meter.measure("members after it (API)", lambda: client.get("/v1/organizers/1/members"))
        # a void of an early game: too many games for the write; the worker's
        with db.engine.connect() as conn:
            t_early = conn.exec_driver_sql(f"SELECT tournament_id FROM games WHERE id = {early}").scalar()
        meter.measure(
            "void the first game (the write)",
            lambda: client.post(
                f"/v1/tournaments/{t_early}/games/{early}/corrections",
                json={"action": "void", "reason": "bench"},
                headers=auth,
            ),
            once=True,
        )
        meter.measure("members after it, pending (API)", lambda: client.get("/v1/organizers/1/members"))
        pending = client.get("/v1/organizers/1/members").get_json()["ratings"]
        # an organizer's write while the worker re-rates everything after the first game
        worker = threading.Thread(target=ratings.update_all, args=(db,))
        worker.start()
        time.sleep(0.5)
        meter.measure(
            "create a tournament during the update",
            lambda: client.post("/v1/tournaments", json={"name": "新的一晚"}, headers=auth),
            once=True,
        )
        meter.measure(
            "add a player during the update",
            lambda: client.post(
                f"/v1/tournaments/{first_t}/players", json={"name": f"新人{uuid.uuid4().hex[:4]}"}, headers=auth
            ),
            once=True,
        )
        worker.join()
        n, took, floor = watch.log[-1]
        print_update(f"the first game voided (the worker; pending since {pending['pending_since']})", n, took, floor)
        meter.measure("members after the update (API)", lambda: client.get("/v1/organizers/1/members"))
        meter.print("Writes and the reads after them")
    finally:
        ratings.rerate = watch.real  # type: ignore[assignment]


def print_update(what: str, games: int, took_ms: float, floor_ms: float) -> None:
    print(
        f"  rating update for {what}: {games:,} game(s) re-rated in {took_ms:.1f} ms; "
        f"openskill alone {floor_ms:.1f} ms ({took_ms / max(floor_ms, 1e-6):.1f}×)"
    )


def table_confirmation(client: Any, auth: dict[str, str], db: Any) -> Callable[[], Any]:
    """A new evening of five players, seated, its link made and a deal entered: the confirmation
    that stores it is the call returned."""
    t = client.post("/v1/tournaments", json={"name": "桌上录入"}, headers=auth).get_json()["id"]
    for n in range(1, 6):
        client.post(f"/v1/tournaments/{t}/players", json={"name": f"会员{n}"}, headers=auth)
    client.post(f"/v1/tournaments/{t}/rounds", headers=auth)
    links = client.post(f"/v1/tournaments/{t}/rounds/1/table-links", headers=auth).get_json()["links"]
    token = {"X-Table-Token": links[0]["token"]}
    players = [p["player_id"] for p in links[0]["players"]]
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
    entry = client.post(
        f"/v1/tournaments/{t}/rounds/1/tables/1/deals",
        json={"entered_by": players[0], "deal": 1, "sheet": sheet},
        headers=token,
    ).get_json()
    other = next(p for p in players if p not in (players[0], players[1]))
    return lambda: client.post(
        f"/v1/tournaments/{t}/rounds/1/tables/1/deals/1/confirm",
        json={"player": other, "entry": entry["id"]},
        headers=token,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scales", default="11000,110000,1100000")
    ap.add_argument("--admin-url", default="postgresql+psycopg2://postgres@127.0.0.1:5432/postgres")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--keep", action="store_true", help="keep the databases (for EXPLAIN by hand)")
    ap.add_argument("--in-process", action="store_true", help="the older in-process measures too")
    ap.add_argument("--spread", action="store_true", help="above 100,000 games, 500 organizers share them")
    ap.add_argument(
        "--catch-up",
        action="store_true",
        help="then void the club's first game and time the reads while a worker re-rates what follows",
    )
    ap.add_argument(
        "--reads-of",
        metavar="DB,DB,...",
        help="time the reads again on databases an earlier --keep run left (their names, smallest first)",
    )
    args = ap.parse_args()
    global CLUB_MAX
    if args.spread:
        CLUB_MAX = 100_000
    if args.reads_of:
        names = args.reads_of.split(",")
        scales = [int(n.split("_")[2]) for n in names]  # bh_scale_<games>_<suffix>
        rows = [reads_again(args.admin_url, n, args.repeat) for n in names]
    else:
        scales = [int(x) for x in args.scales.split(",")]
        rows = [
            run_scale(args.admin_url, total, args.repeat, args.keep, args.in_process, args.catch_up) for total in scales
        ]
    print_scales(scales, rows)


def reads_again(admin_url: str, name: str, repeat: int) -> list[Any]:
    """The reads of a kept database (one an earlier --keep run seeded), through the server."""
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    engine = create_engine(url)
    with engine.connect() as conn:
        member = conn.exec_driver_sql(
            "SELECT id FROM members WHERE organizer_id = 1 ORDER BY players DESC, id LIMIT 1"
        ).scalar()
        season = conn.exec_driver_sql("SELECT max(id) FROM seasons").scalar()
    engine.dispose()
    print(f"\n## {name}, as kept")
    with served(url) as base:
        rows = bench_club_reads.measure(base, 1, int(member), int(season), repeat)
    bench_club_reads.print_table(rows)
    return rows


if __name__ == "__main__":
    main()
