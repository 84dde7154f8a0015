"""Three instances behind HAProxy, on one PostgreSQL through PgBouncer (transaction pooling) and one
Redis, as docs/operations.md "Several instances" sets them up: started together on an empty
database, all three come up; restarted one by one under a load of game submissions and table
entries, every acknowledged write is stored exactly once and no request fails after its retries;
the server connections stay few; the rate limit is one count for all three.

HAProxy and PgBouncer are Debian's packages (.ci/balancer.sh installs them); each runs here on
free ports of its own and is stopped by its PID."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.api.test_tables_api import CROWN_WINS, REBELS_WIN
from tests.system.test_deploy import ROOT, free_port, wait_ready

pytestmark = pytest.mark.slow

SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}
RETRIED: list[str] = []  # the requests sent again (a refused or failed one), for the figures printed
MOST_GAMES = 1500  # each of four clients
TABLE_DEALS = 12  # each of two tables
PER_MINUTE = 1000


def _tool(name: str) -> str:
    path = shutil.which(name) or (f"/usr/sbin/{name}" if os.path.exists(f"/usr/sbin/{name}") else None)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is not installed (.ci/balancer.sh installs it)")
        pytest.skip(f"{name} is not installed")
    return path


@contextlib.contextmanager
def _process(args: list[str], log: Path, **kw: Any) -> Iterator[subprocess.Popen]:
    with open(log, "w") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, **kw)
    try:
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _listening(port: int, proc: subprocess.Popen, log: Path) -> None:
    """Wait until ``proc`` accepts connections on ``port`` (30 s at most)."""
    deadline = time.monotonic() + 30
    while True:
        assert proc.poll() is None, log.read_text()
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)


@contextlib.contextmanager
def pgbouncer(pg_url: str, folder: Path) -> Iterator[str]:
    """PgBouncer in transaction pooling in front of ``pg_url``'s server: the URL through it."""
    binary = _tool("pgbouncer")
    url = make_url(pg_url)
    port = free_port()
    folder.mkdir(mode=0o755)
    (folder / "users.txt").write_text(f'"{url.username}" "{url.password or ""}"\n')
    (folder / "pgbouncer.ini").write_text(
        "[databases]\n"
        f"* = host={url.host} port={url.port or 5432}\n"
        "[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
        f"auth_type = trust\nauth_file = {folder / 'users.txt'}\n"
        "pool_mode = transaction\ndefault_pool_size = 10\nmax_client_conn = 1000\n"
        "server_idle_timeout = 10\nignore_startup_parameters = extra_float_digits,options\n"
    )
    for f in folder.iterdir():
        f.chmod(0o644)
    run_as = ["-u", "postgres"] if os.geteuid() == 0 else []  # it refuses to run as root
    with _process([binary, *run_as, str(folder / "pgbouncer.ini")], folder.parent / "pgbouncer.log") as proc:
        _listening(port, proc, folder.parent / "pgbouncer.log")
        yield url.set(host="127.0.0.1", port=port).render_as_string(hide_password=False)


@contextlib.contextmanager
def haproxy(ports: list[int], folder: Path) -> Iterator[int]:
    """HAProxy in front of the instances: checks /readyz, sends a refused connection elsewhere."""
    binary = _tool("haproxy")
    port = free_port()
    servers = "".join(f"  server i{k} 127.0.0.1:{p} check\n" for k, p in enumerate(ports))
    cfg = folder / "haproxy.cfg"
    cfg.write_text(
        "global\n  maxconn 2000\n"
        "defaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  timeout server 30s\n"
        "  timeout check 2s\n  retries 2\n  option redispatch\n  option forwardfor\n  option http-server-close\n"
        f"frontend web\n  bind 127.0.0.1:{port}\n  default_backend app\n"
        "backend app\n  balance roundrobin\n  option httpchk GET /readyz\n  http-check expect status 200\n"
        "  default-server inter 500ms fall 2 rise 1\n" + servers
    )
    with _process([binary, "-db", "-f", str(cfg)], folder / "haproxy.log") as proc:
        _listening(port, proc, folder / "haproxy.log")
        deadline = time.monotonic() + 30  # and an instance behind it in rotation
        while httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code != 200:
            assert time.monotonic() < deadline, (folder / "haproxy.log").read_text()
            time.sleep(0.2)
        yield port


class Instance:
    """`baohuang serve` on a port of its own, started and stopped as an operator would."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder, self.env, self.port = folder, env, free_port()
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        self.folder.mkdir(exist_ok=True)
        env = dict(os.environ, PYTHONPATH=str(ROOT), PROMETHEUS_MULTIPROC_DIR=str(self.folder / "metrics"), **self.env)
        with open(self.folder / f"serve-{self.starts}.log", "w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "service.cli", "serve", "--port", str(self.port), "--workers", "2"],
                cwd=self.folder,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                text=True,
            )

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def logs(self) -> str:
        return "\n".join(p.read_text() for p in sorted(self.folder.glob("serve-*.log")))


def _send(client: httpx.Client, method: str, path: str, body: Any, headers: dict[str, str]) -> httpx.Response | None:
    """One request and at most two retries (the same Idempotency-Key) on a refused or failed one."""
    answer = None
    for attempt in range(3):
        if attempt:
            RETRIED.append(path)
        try:
            answer = client.request(method, path, json=body, headers=headers)
        except httpx.HTTPError:
            answer = None
        if answer is not None and answer.status_code < 500:
            return answer
        time.sleep(0.3)
    return answer


def _worker_memory(instances: list[Instance]) -> list[int]:
    """The resident memory of every process the instances' masters started (web workers and the
    background work), MiB."""
    masters = {i.proc.pid for i in instances if i.proc is not None}
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) in masters:
                rss = next(x for x in (entry / "status").read_text().splitlines() if x.startswith("VmRSS:"))
                out.append(int(rss.split()[1]) // 1024)
    return sorted(out)


def _server_connections(pg_url: str) -> int:
    name = make_url(pg_url).database
    engine = create_engine(make_url(pg_url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as c:
            return int(
                c.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = :d"), {"d": name}).scalar_one()
            )
    finally:
        engine.dispose()


def test_three_instances_behind_haproxy_and_pgbouncer_start_together_restart_and_lose_nothing(pg_url, redis_url):
    folder = Path(tempfile.mkdtemp(prefix="baohuang-instances-"))
    folder.chmod(0o755)
    instances: list[Instance] = []
    try:
        with pgbouncer(pg_url, folder / "pgbouncer") as pooled:
            env = {
                "DATABASE_URL": pooled,
                "BAOHUANG_DB_PREPARE": "0",  # transaction pooling: no statement outlives its transaction
                "BAOHUANG_RATE_LIMIT_STORAGE": redis_url,
                "BAOHUANG_RATE_LIMIT_PER_MINUTE": str(PER_MINUTE),
                "BAOHUANG_TRUSTED_PROXIES": "1",
                "BAOHUANG_SIGNUP_LIMIT": "100 per hour",
                "BAOHUANG_OPEN_SIGNUP": "1",
                "BAOHUANG_DB_POOL": "3",
                "BAOHUANG_DB_OVERFLOW": "5",
            }
            instances = [Instance(folder / f"i{k}", env) for k in range(3)]
            started = time.monotonic()
            for i in instances:  # together, on an empty database
                i.start()
            for i in instances:
                assert i.proc is not None
                wait_ready(i.port, i.proc, seconds=max(1.0, 60 - (time.monotonic() - started)))
            print(f"three instances on an empty database: ready after {time.monotonic() - started:.1f} s")
            with haproxy([i.port for i in instances], folder) as port:
                _under_load_restart_one_by_one(f"http://127.0.0.1:{port}", instances)
                time.sleep(12)  # at rest: PgBouncer closes what sat idle
                held = _server_connections(pg_url)
                print(f"server connections at rest: {held}; requests sent again: {len(RETRIED)}")
                print(f"memory of each web worker after the load, MiB: {_worker_memory(instances)}")
                assert held <= 30, held
                _the_limit_is_one_count(f"http://127.0.0.1:{port}")
    except BaseException:
        for i in instances:
            print(i.logs()[-4000:])
        raise
    finally:
        for i in instances:
            i.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _under_load_restart_one_by_one(base: str, instances: list[Instance]) -> None:
    with httpx.Client(base_url=base, timeout=30) as c:
        club = c.post("/v1/organizers", json={"name": f"club {uuid.uuid4().hex[:6]}"}).json()
        auth = {"Authorization": f"Bearer {club['key']['secret']}"}
        tid = c.post("/v1/tournaments", json={"name": "league"}, headers=auth).json()["id"]
        ids = [
            c.post(f"/v1/tournaments/{tid}/players", json={"name": f"p{k}"}, headers=auth).json()["id"]
            for k in range(5)
        ]
        evening = c.post(
            "/v1/tournaments", json={"name": "evening", "deals_per_round": TABLE_DEALS}, headers=auth
        ).json()
        for k in range(10):
            c.post(f"/v1/tournaments/{evening['id']}/players", json={"name": f"q{k}"}, headers=auth)
        assert c.post(f"/v1/tournaments/{evening['id']}/rounds", headers=auth).status_code == 201
        links = c.post(f"/v1/tournaments/{evening['id']}/rounds/1/table-links", headers=auth).json()["links"]

    done = threading.Event()  # set once every instance has been restarted

    def games(worker: int) -> list[tuple[int, int | None]]:
        """Submissions, one after another, until the restarts are over (at most MOST_GAMES)."""
        out: list[tuple[int, int | None]] = []
        with httpx.Client(base_url=base, timeout=30) as cl:
            while not done.is_set() and len(out) < MOST_GAMES:
                key = {"Idempotency-Key": f"game-{worker}-{len(out)}-{uuid.uuid4().hex[:8]}"}
                r = _send(cl, "POST", f"/v1/tournaments/{tid}/games", {"players": ids, "sheet": SHEET}, {**auth, **key})
                ok = r is not None and r.status_code == 201
                out.append(((599 if r is None else r.status_code), r.json()["id"] if ok and r is not None else None))
                time.sleep(0.02)
        return out

    def table(link: dict[str, Any]) -> list[int]:
        """The table's deals entered and confirmed, spread over the restarts."""
        tok = {"X-Table-Token": link["token"]}
        path = f"/v1/tournaments/{evening['id']}/rounds/1/tables/{link['table']}"
        out = []
        with httpx.Client(base_url=base, timeout=30) as cl:
            seats = [p["player_id"] for p in cl.get(path, headers=tok).json()["players"]]
            for deal in range(1, TABLE_DEALS + 1):
                key = {"Idempotency-Key": f"deal-{link['table']}-{deal}-{uuid.uuid4().hex[:8]}"}
                body = {"entered_by": seats[0], "deal": deal, "sheet": [CROWN_WINS, REBELS_WIN][deal % 2]}
                r = _send(cl, "POST", f"{path}/deals", body, {**tok, **key})
                out.append(599 if r is None else r.status_code)
                if r is not None and r.status_code == 201:
                    ok = _send(
                        cl, "POST", f"{path}/deals/{deal}/confirm", {"player": seats[2], "entry": r.json()["id"]}, tok
                    )
                    out.append(599 if ok is None else ok.status_code)
                done.wait(1.0)  # a deal a second or so while the restarts go on
        return out

    with ThreadPoolExecutor(max_workers=6) as pool:
        submitting = [pool.submit(games, w) for w in range(4)]
        tables = [pool.submit(table, link) for link in links]
        try:
            for i in instances:  # one by one, while the load runs
                time.sleep(1.0)
                i.stop()
                i.start()
                assert i.proc is not None
                wait_ready(i.port, i.proc, seconds=60)
        finally:
            done.set()
        answers = [a for f in submitting for a in f.result()]
        at_tables = [s for f in tables for s in f.result()]
    print(f"games acknowledged during the restarts: {len(answers)}; table requests: {len(at_tables)}")
    assert len(answers) > 100
    assert [s for s, _ in answers if s != 201] == []  # every submission acknowledged, after its retries
    assert sorted(s for s in at_tables if s not in (200, 201, 409)) == []  # a retried confirmation may meet its own
    with httpx.Client(base_url=base, timeout=30) as c:
        acknowledged = sorted(g for _, g in answers)
        stored = []
        for offset in range(0, len(answers) + 500, 500):
            page = c.get(f"/v1/tournaments/{tid}/games", params={"limit": 500, "offset": offset}).json()
            stored += [g["id"] for g in page["items"]]
        assert sorted(stored) == acknowledged  # each stored once: a retry found its first answer
        dealt = c.get(f"/v1/tournaments/{evening['id']}/games", params={"limit": 500}).json()
        assert dealt["total"] == 2 * TABLE_DEALS, at_tables
        places = [(g["round"], g["table"], g["deal"]) for g in dealt["items"]]
        assert len(set(places)) == len(places)
    assert all(i.starts == 2 for i in instances)


def _the_limit_is_one_count(base: str) -> None:
    """From one client address (127.0.0.2, as HAProxy reports it): PER_MINUTE requests of one
    minute are answered, whichever instance takes them, and the rest refused."""
    while time.time() % 60 > 30:  # the whole burst inside one window
        time.sleep(1)
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(base_url=base, timeout=30, transport=transport) as c:

        def one(_: int) -> int:
            return c.get("/v1/rulesets").status_code

        with ThreadPoolExecutor(max_workers=16) as pool:
            codes = list(pool.map(one, range(PER_MINUTE + 200)))
    assert codes.count(200) == PER_MINUTE and codes.count(429) == 200, sorted(set(codes))
