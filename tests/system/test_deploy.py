"""The container's pieces, checked without Docker: the entrypoint under gunicorn, the Dockerfile, compose.yaml."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import yaml

from service.core import random_record

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port: int, proc: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stdout.read() if proc.stdout else "exited"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the service did not become ready")


def test_entrypoint_upgrades_then_serves_and_stops_gracefully(tmp_path):
    port = free_port()
    env = dict(
        os.environ,
        PYTHON=sys.executable,
        PYTHONPATH=str(ROOT),
        DATABASE_URL=f"sqlite:///{tmp_path / 'app.sqlite3'}",
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY="2",
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"),
    )
    proc = subprocess.Popen(
        ["sh", str(ROOT / "docker" / "entrypoint.sh")],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_ready(port, proc)
        req = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/adjudications",
            data=json.dumps(random_record(1)).encode(),
            headers={"Content-Type": "application/json", "X-Request-ID": "from-the-test"},
        )
        with urllib.request.urlopen(req, timeout=5) as r:
            assert json.loads(r.read())["verdict"] == "legal"
            assert r.headers["X-Request-ID"] == "from-the-test"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
            assert b'baohuang_adjudications_total{verdict="legal"}' in r.read()
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out
    logs = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert any(entry.get("request_id") == "from-the-test" and entry.get("status") == 200 for entry in logs), out


def test_dockerfile_copies_what_exists_and_checks_health():
    text = (ROOT / "Dockerfile").read_text()
    for src in re.findall(r"^COPY (\S+)", text, flags=re.M):
        if src.startswith("--from="):  # from an earlier stage of the build
            assert re.search(rf"^FROM \S+ AS {src.removeprefix('--from=')}$", text, flags=re.M), src
            continue
        assert (ROOT / src).exists(), src
    assert "USER 10001" in text and "HEALTHCHECK" in text and "/livez" in text
    assert "docker/entrypoint.sh" in text


def test_every_install_comes_from_the_lock_with_hashes():
    """The image and CI install the pinned versions of requirements/, never what is newest that day."""
    docker = (ROOT / "Dockerfile").read_text()
    installs = re.findall(r"pip install[^\n]*", docker)
    assert installs and all("--require-hashes -r requirements/" in line for line in installs), installs
    ci = (ROOT / ".ci" / "run").read_text()
    assert "--require-hashes -r requirements/dev.txt" in ci and "bash .ci/lock.sh --check" in ci
    for name in ("service.txt", "build.txt", "dev.txt"):
        pins = [line for line in (ROOT / "requirements" / name).read_text().splitlines() if line[:1].isalnum()]
        assert pins and all("==" in line for line in pins), name


def test_compose_runs_three_instances_behind_haproxy_on_pgbouncer():
    """compose.yaml: the balancer sends to every instance and checks their /readyz; every
    instance and the background work reach PostgreSQL through PgBouncer in transaction pooling,
    which waits for PostgreSQL's health; the instances share the Redis rate limit."""
    spec = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = spec["services"]
    apps = [name for name in services if name.startswith("app")]
    assert len(apps) == 3
    for name in apps:
        env = services[name]["environment"]
        assert env["DATABASE_URL"].startswith("postgresql+psycopg2://") and "@pgbouncer:" in env["DATABASE_URL"]
        assert env["BAOHUANG_RATE_LIMIT_STORAGE"].startswith("redis://") and env["BAOHUANG_TRUSTED_PROXIES"] == "1"
        assert env["BAOHUANG_BACKGROUND"] == "0" and env["BAOHUANG_DB_PREPARE"] == "0"
    assert "@pgbouncer:" in services["background"]["environment"]["DATABASE_URL"]
    bouncer = services["pgbouncer"]
    assert bouncer["environment"]["POOL_MODE"] == "transaction"
    assert bouncer["depends_on"]["db"]["condition"] == "service_healthy"
    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    cfg = (ROOT / "deploy" / "haproxy.cfg").read_text()
    mounted = services["balancer"]["volumes"][0].split(":")[0]
    assert (ROOT / mounted).resolve() == (ROOT / "deploy" / "haproxy.cfg").resolve()
    assert "option httpchk GET /readyz" in cfg
    assert sorted(re.findall(r"server \S+ (\w+):8000 check", cfg)) == sorted(apps)


def start_serve(tmp_path: Path, workers: int, quiet: bool = True, **env: str) -> tuple[subprocess.Popen, int]:
    """`baohuang serve` on a free port with a SQLite file in ``tmp_path``, ``env`` added: the
    process (gunicorn, once it has exec'd) and its port."""
    port = free_port()
    environment = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        DATABASE_URL=f"sqlite:///{tmp_path / 'app.sqlite3'}",
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"),
    )
    environment.update(env)
    output = subprocess.DEVNULL if quiet else subprocess.PIPE
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", str(workers)],
        cwd=tmp_path,
        env=environment,
        stdout=output,
        stderr=subprocess.STDOUT if not quiet else subprocess.DEVNULL,
        text=True,
    )
    return proc, port


def _processes_with(marker: str) -> list[int]:
    """The pids of live processes whose environment holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_serve_stops_its_gunicorn_on_sigterm(tmp_path):
    """A supervisor that stops `baohuang serve` stops the server: gunicorn runs in its place, and
    takes its background work (webhooks, large ratings updates) with it."""
    mark = f"serve-{os.getpid()}-{time.monotonic_ns()}"
    marker = f"BAOHUANG_TEST_MARK={mark}"
    proc, port = start_serve(tmp_path, 2, quiet=False, BAOHUANG_TEST_MARK=mark)
    try:
        wait_ready(port, proc)
        deadline = time.monotonic() + 10
        while len(_processes_with(marker)) < 4 and time.monotonic() < deadline:
            time.sleep(0.1)
        running = _processes_with(marker)
        # the master (this very pid), two workers, and the background work
        assert len(running) == 4 and proc.pid in running, [_command_line(p) for p in running]
        assert sum("service.cli background" in _command_line(p) for p in running) == 1
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while _processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_with(marker) == []


def test_two_services_on_one_host_share_no_control_socket(tmp_path):
    """gunicorn's control socket defaulted to ~/.gunicorn/gunicorn.ctl for every master: two
    services of one user shared it. Off unless BAOHUANG_CONTROL_SOCKET gives an instance its own."""
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "XDG_RUNTIME_DIR": ""}
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    own = tmp_path / "b.ctl"
    first, port1 = start_serve(tmp_path / "a", 1, **env)
    second, port2 = start_serve(tmp_path / "b", 1, BAOHUANG_CONTROL_SOCKET=str(own), **env)
    try:
        wait_ready(port1, first)
        wait_ready(port2, second)
        assert not (home / ".gunicorn").exists()
        assert own.exists()  # the one asked for, and only that
    finally:
        for proc in (first, second):
            proc.send_signal(signal.SIGTERM)
        for proc in (first, second):
            proc.wait(timeout=30)


def test_serve_answers_livez_before_the_app_and_schema_and_then_everything(tmp_path):
    """The first /livez does not wait for the app's build nor the schema's migration (a fresh
    database here: every migration runs beside the start); /readyz and every other request wait
    for both, then get the app's own answers."""
    (tmp_path / "tmp").mkdir()
    proc, port = start_serve(tmp_path, 1, quiet=False, TMPDIR=str(tmp_path / "tmp"))
    try:
        first = None
        deadline = time.monotonic() + 30
        while first is None and time.monotonic() < deadline:
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else "exited"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/livez", timeout=5) as r:
                    first = (r.status, json.loads(r.read()))
            except OSError:
                time.sleep(0.02)
        assert first == (200, {"status": "ok"})
        early = _readyz(port)  # not ready while the app is built and the schema migrated
        assert early in ((503, {"status": "starting"}), (200, early[1]))
        wait_ready(port, proc, seconds=60)
        status, ready = _readyz(port)
        assert status == 200 and ready["schema"] == "head"
        record = json.dumps(random_record(3)).encode()
        req = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/adjudications", data=record, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            assert json.loads(r.read())["verdict"] == "legal"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/livez", timeout=5) as r:
            assert r.headers["X-Request-ID"]  # now the app's own /livez
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    assert not list((tmp_path / "tmp").glob("baohuang-schema-*"))  # the gate is cleared away on exit


def _readyz(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_serve_stops_when_the_schema_cannot_be_brought_to_head(tmp_path):
    """An unreachable database: the workers never build the app, the service stops (gunicorn's
    'failed to boot') and says why in one line."""
    proc, _port = start_serve(
        tmp_path, 1, quiet=False, DATABASE_URL="postgresql+psycopg2://nobody@127.0.0.1:1/none?connect_timeout=2"
    )
    try:
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode != 0
    assert "baohuang: the database schema could not be brought to head:" in out
    assert "127.0.0.1" in out and "port 1" in out
