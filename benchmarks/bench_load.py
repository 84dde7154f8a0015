"""Adjudications per second through gunicorn, beside a bare Flask endpoint that only decodes
the same JSON with orjson under the same gunicorn settings; the service as deployed (the rate
limit counted and the access log written).

    .venv/bin/python benchmarks/bench_load.py [--seconds 8] [--rounds 5] [--connections 16] [--workers N] [--pure]

The service runs as the container runs it, with the rules core compiled by mypyc (in a copy of
this checkout, made first; needs mypy and a C compiler); --pure serves the checkout's pure-Python
core instead.

Target: the referee reaches at least 70 % of the bare endpoint's throughput. ``--tree`` serves
another checkout's referee (the previous main) beside, compiled, in the same rounds. Uses wrk (Debian
package `wrk`) when it is installed, else a Python client. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corebuild import compiled_copy, core_label  # noqa: E402

from service.core import random_record  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(app: str, port: int, workers: int, tmp: str, root: Path, worker_class: str) -> subprocess.Popen:
    env = dict(
        os.environ,
        PYTHONPATH=f"{root}:{root / 'benchmarks'}",
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY=str(workers),
        GUNICORN_WORKER_CLASS=worker_class,
        DATABASE_URL=f"sqlite:///{tmp}/bench.sqlite3",
        # as deployed: the rate limit counted on every request (high enough never to refuse the
        # benchmark's one address) and the access log written at INFO
        BAOHUANG_RATE_LIMIT_PER_MINUTE="1000000000",
        BAOHUANG_OPEN_SIGNUP="1",
        LOG_LEVEL="info",
        PROMETHEUS_MULTIPROC_DIR=f"{tmp}/metrics-{port}",
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:service.gunicorn_conf", app],
        env=env,
        cwd=root,
        stdout=subprocess.DEVNULL,  # the access log's lines are written, and dropped here
        stderr=subprocess.DEVNULL,
    )
    for _ in range(150):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{app} did not start")


def tree_cpu(master: int) -> float:
    """CPU seconds used so far by a gunicorn master and its workers, including workers that have
    exited (their time is added to the master's children time when it reaps them). Linux /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry), int(fields[1])
        if pid == master:
            total += sum(int(x) for x in fields[11:15]) / tick  # utime, stime, cutime, cstime
        elif ppid == master:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def wrk(port: int, body_file: str, seconds: int, connections: int) -> float:
    script = Path(body_file).with_suffix(".lua")
    script.write_text(
        f'local f = io.open("{body_file}", "rb"); local body = f:read("*a"); f:close()\n'
        'wrk.method = "POST"; wrk.body = body; wrk.headers["Content-Type"] = "application/json"\n'
    )
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{seconds}s",
            "-s",
            str(script),
            f"http://127.0.0.1:{port}/v1/adjudications",
        ],
        capture_output=True,
        text=True,
    ).stdout
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if not m or "Non-2xx" in out:
        raise RuntimeError(out)
    return float(m.group(1))


def python_client(port: int, body: bytes, seconds: int, connections: int) -> float:
    count = [0]
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def run() -> None:
        c = http.client.HTTPConnection("127.0.0.1", port)
        n = 0
        while time.monotonic() < stop:
            c.request("POST", "/v1/adjudications", body=body, headers={"Content-Type": "application/json"})
            r = c.getresponse()
            r.read()
            assert r.status == 200
            n += 1
        with lock:
            count[0] += n

    threads = [threading.Thread(target=run) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return count[0] / seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--workers", type=int, default=(os.cpu_count() or 1) + 1, help="default: the service's own")
    ap.add_argument(
        "--worker-class",
        default="gevent",
        choices=["gevent", "sync"],
        help="gunicorn workers (default: the service's own)",
    )
    ap.add_argument(
        "--pure", action="store_true", help="serve this checkout's pure-Python core instead of compiling it"
    )
    ap.add_argument(
        "--tree", type=Path, action="append", default=[], help="another checkout's referee to serve beside (compiled)"
    )
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="bh-load-")
    # By default the service runs as the container runs it: with the core compiled (a copy).
    root = ROOT if args.pure else compiled_copy(ROOT, Path(tmp) / "src")
    core = core_label(root)
    body = json.dumps(random_record(7)).encode()
    body_file = f"{tmp}/record.json"
    Path(body_file).write_bytes(body)
    tool = "wrk" if shutil.which("wrk") else "python client"
    apps = {"bare decode": "bare_app:app", "referee": "service.wsgi:app"}
    roots = {"bare decode": root, "referee": root}
    for k, tree in enumerate(args.tree):  # the previous main, say: compiled as the container would
        name = f"referee {tree.resolve().name}"
        apps[name] = "service.wsgi:app"
        roots[name] = compiled_copy(tree.resolve(), Path(tmp) / f"tree{k}")
        shutil.copytree(ROOT / "benchmarks", roots[name] / "benchmarks", dirs_exist_ok=True)  # the same bare app
    servers = {}
    for name, app in apps.items():
        port = free_port()
        servers[name] = (port, serve(app, port, args.workers, tmp, roots[name], args.worker_class))
    results: dict[str, list[float]] = {name: [] for name in apps}
    cpu: dict[str, list[float]] = {name: [0.0, 0.0] for name in apps}  # server CPU seconds, requests
    try:
        for port, _ in servers.values():  # warm up
            wrk(port, body_file, 2, args.connections) if tool == "wrk" else python_client(
                port, body, 2, args.connections
            )
        # This machine's speed wanders from minute to minute: alternate the two, several rounds.
        for _ in range(args.rounds):
            for name, (port, proc) in servers.items():
                before = tree_cpu(proc.pid)
                if tool == "wrk":
                    rate = wrk(port, body_file, args.seconds, args.connections)
                else:
                    rate = python_client(port, body, args.seconds, args.connections)
                results[name].append(rate)
                cpu[name][0] += tree_cpu(proc.pid) - before
                cpu[name][1] += rate * args.seconds
    finally:
        for _, proc in servers.values():
            proc.terminate()
            proc.wait(20)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; load: {tool}, "
        f"{args.connections} connections, {args.rounds} alternating rounds of {args.seconds} s; "
        f"gunicorn {args.workers} {args.worker_class} workers for both; {core}"
    )
    print(f"record: {len(body)} bytes, {len(random_record(7)['plays'])} actions (a whole game)")
    medians = {name: statistics.median(rates) for name, rates in results.items()}
    for name, rates in results.items():
        print(
            f"  {name:12s} {medians[name]:8.0f} requests/s (median of {len(rates)} rounds: {', '.join(f'{r:.0f}' for r in rates)})"
        )
    for name in apps:
        if name.startswith("referee"):
            share = medians[name] / medians["bare decode"]
            print(f"{name} / bare = {share:.0%} (target: at least 70%) -> {'met' if share >= 0.7 else 'NOT met'}")
    # Throughput moves with the machine's speed from second to second; the CPU each request costs
    # the server moves much less. Their ratio is the throughput ratio the two would reach on
    # the same cores if nothing else ran (wrk's own cost, the same for both, left out).
    per = {name: 1e6 * used / max(n, 1) for name, (used, n) in cpu.items()}
    for name in apps:
        if name.startswith("referee"):
            print(
                f"server CPU a request (gunicorn master and workers, all rounds): bare {per['bare decode']:.0f} µs, "
                f"{name} {per[name]:.0f} µs -> bare / {name} = {per['bare decode'] / per[name]:.0%}"
            )
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
