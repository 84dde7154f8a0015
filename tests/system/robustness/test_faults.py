"""Faults under load, against a throwaway PostgreSQL cluster this test starts itself (initdb on a
free port; never the machine's shared server) and the service under gunicorn:

* the database stops mid-load and starts again: the service answers 503 meanwhile, then recovers;
* a gunicorn worker is killed mid-load.

After each, every game that was acknowledged with a 201 must be in the database.
"""

from __future__ import annotations

import contextlib
import glob
import http.client
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from service.core import random_record
from tests.system.robustness.figures import FIGURES

ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return str(Path(found[-1]).parent) if found else None


class Cluster:
    def __init__(self, bindir: str) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="bh-pg-")
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            pw = pwd.getpwnam("postgres")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
        self._run("initdb", "-D", self.dir, "-A", "trust", "-U", "postgres", "--no-sync")

    def _run(self, tool: str, *args: str) -> None:
        cmd = [f"{self.bindir}/{tool}", *args]
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def start(self) -> None:
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", self.dir, "-o", opts, "-l", f"{self.dir}/log", "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", self.dir, "-m", mode, "-w", "stop")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg2://postgres@127.0.0.1:{self.port}/postgres"

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster():
    bindir = _pg_bin()
    if bindir is None or shutil.which("runuser") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("PostgreSQL server binaries are needed for the fault tests")
        pytest.skip("no PostgreSQL server binaries here")
    c = Cluster(bindir)
    c.start()
    yield c
    c.remove()


class Service:
    def __init__(self, cluster: Cluster, tmp: Path) -> None:
        self.port = free_port()
        env = dict(
            os.environ,
            PYTHON=sys.executable,
            PYTHONPATH=str(ROOT),
            DATABASE_URL=cluster.url,
            HOST="127.0.0.1",
            PORT=str(self.port),
            WEB_CONCURRENCY="2",
            BAOHUANG_RATE_LIMIT_PER_MINUTE="0",
            BAOHUANG_OPEN_SIGNUP="1",
            PROMETHEUS_MULTIPROC_DIR=str(tmp / "metrics"),
            LOG_LEVEL="warning",
        )
        self.log = open(tmp / "service.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            ["sh", str(ROOT / "docker" / "entrypoint.sh")], env=env, stdout=self.log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 30
        while self.call("GET", "/readyz")[0] != 200:
            assert time.monotonic() < deadline and self.proc.poll() is None, "the service did not start"
            time.sleep(0.2)

    def call(self, method: str, path: str, body: object = None, headers: dict | None = None) -> tuple[int, dict | None]:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            data = None if body is None else json.dumps(body)
            conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
            r = conn.getresponse()
            payload = r.read()
            conn.close()
            return r.status, (
                json.loads(payload) if payload and r.getheader("Content-Type", "").endswith("json") else None
            )
        except (OSError, http.client.HTTPException):
            return 0, None  # no answer: not acknowledged

    def workers(self) -> list[int]:
        """gunicorn's web workers (its other child, the background work, is not one)."""
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout
        found = []
        for pid in out.split():
            with contextlib.suppress(OSError):  # gone meanwhile: not a worker now
                if b"background" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(int(pid))
        return found

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(30)
        self.log.close()


class Load:
    """Client threads submitting distinct games until stopped; remembers what was acknowledged."""

    def __init__(self, service: Service, tid: int, ids: list[int], auth: dict, seed: int, threads: int = 4) -> None:
        self.service, self.tid, self.ids, self.auth = service, tid, ids, auth
        self.acked: list[int] = []
        self.statuses: Counter[int] = Counter()
        self.running = True
        self.next = seed
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._run) for _ in range(threads)]
        for t in self.threads:
            t.start()

    def _run(self) -> None:
        while self.running:
            with self.lock:
                n = self.next
                self.next += 1
            body = {"players": self.ids[(n % 2) * 5 : (n % 2) * 5 + 5], "record": random_record(n)}
            status, doc = self.service.call("POST", f"/v1/tournaments/{self.tid}/games", body, self.auth)
            with self.lock:
                self.statuses[status] += 1
                if status == 201 and doc is not None:
                    self.acked.append(doc["id"])

    def stop(self) -> None:
        self.running = False
        for t in self.threads:
            t.join(30)
        FIGURES["requests tried"] += sum(self.statuses.values())
        FIGURES["games acknowledged"] += len(self.acked)


@pytest.fixture()
def service(cluster, tmp_path):
    s = Service(cluster, tmp_path)
    yield s
    s.stop()


def _setup(service: Service) -> tuple[int, list[int], dict]:
    status, org = service.call("POST", "/v1/organizers", {"name": "fault club"})
    assert status == 201
    auth = {"Authorization": f"Bearer {org['key']['secret']}"}
    status, t = service.call("POST", "/v1/tournaments", {"name": "faults"}, auth)
    ids = [
        service.call("POST", f"/v1/tournaments/{t['id']}/players", {"name": f"p{i}"}, auth)[1]["id"] for i in range(10)
    ]
    return t["id"], ids, auth


def _lost(cluster: Cluster, acked: list[int]) -> int:
    engine = create_engine(cluster.url)
    with engine.connect() as c:
        present = {row[0] for row in c.execute(text("SELECT id FROM games"))}
    engine.dispose()
    lost = len(set(acked) - present)
    FIGURES["games lost"] += lost
    return lost


def test_database_stops_mid_load_and_comes_back(cluster, service):
    tid, ids, auth = _setup(service)
    load = Load(service, tid, ids, auth, seed=10_000)
    time.sleep(2)
    cluster.stop("fast")
    FIGURES["faults injected"] += 1
    time.sleep(2)
    cluster.start()
    before_restart = len(load.acked)
    time.sleep(3)
    load.stop()
    assert load.statuses[503] > 0, load.statuses  # the service said so while the database was away
    assert len(load.acked) > before_restart, "no game was stored after the database came back"
    assert not [s for s in load.statuses if s >= 500 and s != 503], load.statuses
    assert _lost(cluster, load.acked) == 0


def test_a_worker_killed_mid_load(cluster, service):
    tid, ids, auth = _setup(service)
    load = Load(service, tid, ids, auth, seed=20_000)
    time.sleep(2)
    victim = service.workers()[0]
    os.kill(victim, signal.SIGKILL)
    FIGURES["faults injected"] += 1
    time.sleep(3)
    load.stop()
    assert victim not in service.workers()  # gunicorn replaced it
    assert len(service.workers()) == 2
    assert not [s for s in load.statuses if s >= 500], load.statuses
    assert _lost(cluster, load.acked) == 0
    assert len(load.acked) > 0
