"""What one request may cost: for each endpoint that takes a body, the largest accepted body of
the worst shapes, sent to a one-worker gunicorn as the service runs (gevent), one at a time; per
request the worker's memory growth (peak resident set during the request minus before), its CPU
seconds, the answer's size and the wall time. Then six of the worst bodies at once, and how long
/livez waits meanwhile.

    .venv/bin/python benchmarks/bench_bounds.py [--tree PATH] [--quick]

``--tree`` serves another checkout (the previous main, say) with the same bodies, so that the two
can be read side by side; ``--quick`` leaves out the 32 MB import bodies. Linux only (/proc:
the peak is reset through clear_refs before each request). Prints figures; asserts nothing.

Every public POST (no key: adjudications, the stream, positions, a move checked, scores, a sign-up)
is in the list with its worst shapes found, and the last table gives each one's worst CPU per KB
sent: what an anonymous caller can make the service spend.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.core import PRESETS, random_record  # noqa: E402

MB = 1024 * 1024


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(tree: Path, port: int, tmp: str, **extra: str) -> subprocess.Popen[bytes]:
    env = dict(
        os.environ,
        PYTHONPATH=str(tree),
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY="1",
        DATABASE_URL=f"sqlite:///{tmp}/bounds.sqlite3",
        BAOHUANG_RATE_LIMIT_PER_MINUTE="0",
        BAOHUANG_OPEN_SIGNUP="1",
        BAOHUANG_SECRET_KEY="bench",
        BAOHUANG_BACKGROUND="0",
        GUNICORN_TIMEOUT="120",
        LOG_LEVEL="warning",
        PROMETHEUS_MULTIPROC_DIR=f"{tmp}/metrics",
    )
    env.update(extra)
    subprocess.run(
        [sys.executable, "-m", "service.cli", "db", "upgrade"], env=env, cwd=tmp, check=True, capture_output=True
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:service.gunicorn_conf", "service.wsgi:app"],
        env=env,
        cwd=tmp,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if request(port, "GET", "/livez")[0] == 200:
                return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the service did not start")


def request(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, int]:
    """The status and the size of the answer (read and dropped as it arrives)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    conn.request(method, path, body=body, headers=headers or {})
    r = conn.getresponse()
    size = 0
    while chunk := r.read(64 * 1024):
        size += len(chunk)
    conn.close()
    return r.status, size


def worker_of(master: int) -> int:
    for _ in range(100):
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        if children:
            return int(children[0])
        time.sleep(0.1)
    raise RuntimeError("no worker")


def status_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(port: int, worker: int, method: str, path: str, body: bytes, headers: dict[str, str]) -> dict[str, float]:
    Path(f"/proc/{worker}/clear_refs").write_text("5")  # the peak resident set starts again here
    before = status_kb(worker, "VmRSS")
    cpu = cpu_seconds(worker)
    t = time.perf_counter()
    status, size = request(port, method, path, body, headers)
    wall = time.perf_counter() - t
    return {
        "status": status,
        "grew_mb": (status_kb(worker, "VmHWM") - before) / 1024,
        "cpu": cpu_seconds(worker) - cpu,
        "answer_kb": size / 1024,
        "wall": wall,
    }


def bodies(tid: int, ids: list[int], quick: bool) -> list[tuple[str, str, str, bytes, str]]:
    """(what, method, path, body, content type): the worst shapes of the largest accepted bodies."""
    game = json.dumps({"players": ids, "record": random_record(3)})
    plays_of_ones = b'{"plays": [' + b",".join([b"1"] * (MB // 2 - 200)) + b"]}"
    meta = json.dumps({**random_record(5), "meta": {"note": "x" * (MB - 20_000)}}).encode()
    notation_lines = b"plays\n" + b"9\n" * (MB // 2 - 4)
    seat_lines = b"plays\n" + b"0: 9\n" * (MB // 5 - 2)
    header_lines = b'[A "x"]\n' * (MB // 8)
    deal_string = json.dumps({"deal": ["9 " * (MB // 10 - 100)] * 5, "plays": []}).encode()
    scores = json.dumps({"mode": "normal", "emperor": 0, "guard": 3, "finishing_order": [0] * (MB // 3 - 100)}).encode()
    games = f"/v1/tournaments/{tid}/games"
    out = [
        ("adjudications: 1 MB of plays [1, 1, …]", "POST", "/v1/adjudications", plays_of_ones, "application/json"),
        ("adjudications: a game with 1 MB of meta", "POST", "/v1/adjudications", meta, "application/json"),
        ("adjudications: deal hands of 200 KB", "POST", "/v1/adjudications", deal_string, "application/json"),
        ("adjudications: 1 MB of notation lines '9'", "POST", "/v1/adjudications", notation_lines, "text/x-baohuang"),
        ("adjudications: 1 MB of lines '0: 9'", "POST", "/v1/adjudications", seat_lines, "text/x-baohuang"),
        ("adjudications: 1 MB of header lines", "POST", "/v1/adjudications", header_lines, "text/x-baohuang"),
        ("scores: finishing_order of 1 MB", "POST", "/v1/scores", scores, "application/json"),
        ("games: 1 MB of plays [1, 1, …]", "POST", games, b'{"players": %s, "record": %s}' % (json.dumps(ids).encode(), plays_of_ones), "application/json"),
        ("games: 1 MB of notation lines '9'", "POST", games, notation_lines, "text/x-baohuang"),
    ]  # fmt: skip
    line_2mb = json.dumps({"players": ids, "record": {"plays": [1] * (MB - 100)}}).encode()
    out.append(("import: one line of 2 MB", "POST", f"{games}/import", line_2mb + b"\n", "application/x-ndjson"))
    if not quick:
        many = b"\n".join([json.dumps({"players": ids, "record": {"plays": [1] * 800}}).encode()] * 2000)
        out.append(
            ("import: 2,000 lines, 800 wrong plays each", "POST", f"{games}/import", many, "application/x-ndjson")
        )
        line_32 = json.dumps({"players": ids, "record": {"plays": [1] * (16 * MB - 100)}}).encode()[: 32 * MB - 10]
        out.append(("import: one line of 32 MB", "POST", f"{games}/import", line_32 + b"\n", "application/x-ndjson"))
        legal = b"\n".join([game.encode()] * 2000)
        out.append(("import: 2,000 lines of one legal game", "POST", f"{games}/import", legal, "application/x-ndjson"))
    standard = random_record(18, PRESETS["standard"])
    before_play = json.dumps({**standard, "plays": []}).encode()  # every call of every seat, then plays
    out.append(
        ("positions: a standard deal before its first play", "POST", "/v1/positions", before_play, "application/json")
    )
    moved = json.dumps(
        {"record": {**standard, "plays": standard["plays"][:40]}, "move": standard["plays"][40]}
    ).encode()
    out.append(("positions/check: a move after 40 plays", "POST", "/v1/positions/check", moved, "application/json"))
    junk = b"x\n" * (MB // 2)
    out.append(("stream: 1 MB of lines 'x'", "POST", "/v1/adjudications/stream", junk, "application/x-ndjson"))
    games_1mb = b"\n".join(json.dumps(random_record(n)).encode() for n in range(120))
    out.append(("stream: 1 MB of legal games", "POST", "/v1/adjudications/stream", games_1mb, "application/x-ndjson"))
    signup = json.dumps({"name": "俱" * 200, "time_zone": "Asia/Shanghai"}).encode()
    out.append(("organizers: a sign-up of the longest name", "POST", "/v1/organizers", signup, "application/json"))
    check = json.dumps({"game": "plays\n" + "9\n" * 240_000})  # text parts: at most 500 KB (Flask)
    out.append(("page /check: 480 KB of notation lines", "POST", "/check", check.encode(), "form"))
    return out


def setup(port: int) -> tuple[dict[str, str], int, list[int]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(path: str, body: dict[str, object], headers: dict[str, str]) -> dict[str, object]:
        conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json", **headers})
        r = conn.getresponse()
        out: dict[str, object] = json.loads(r.read())
        return out

    reg = post("/v1/organizers", {"name": "bench"}, {})
    key = reg["key"]["secret"]  # type: ignore[index]
    auth = {"Authorization": f"Bearer {key}"}
    tid = post("/v1/tournaments", {"name": "bounds"}, auth)["id"]
    ids = [post(f"/v1/tournaments/{tid}/players", {"name": f"p{i}"}, auth)["id"] for i in range(5)]
    conn.close()
    return auth, int(tid), [int(i) for i in ids]  # type: ignore[call-overload]


def check_form(port: int, body: bytes) -> tuple[bytes, dict[str, str]]:
    """The check page's form as a browser sends it (multipart), with its CSRF token and cookie."""
    import re

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/check")
    r = conn.getresponse()
    page = r.read().decode()
    cookie = r.getheader("Set-Cookie", "").split(";", 1)[0]
    conn.close()
    token = re.search(r'name="csrf-token" content="([^"]+)"', page)
    fields = {"csrf_token": token.group(1) if token else "", "game": json.loads(body)["game"]}
    boundary = "----bench-bounds"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in fields.items()
    ]
    data = ("".join(parts) + f"--{boundary}--\r\n").encode()
    return data, {"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie}


def livez_under_load(port: int, worker: int, body: bytes, ctype: str, headers: dict[str, str]) -> tuple[float, float]:
    """Six of ``body`` at once: the slowest of them, and how long /livez took meanwhile."""
    done: list[float] = []

    def one() -> None:
        t = time.perf_counter()
        request(port, "POST", "/v1/adjudications", body, {"Content-Type": ctype, **headers})
        done.append(time.perf_counter() - t)

    threads = [threading.Thread(target=one) for _ in range(6)]
    for th in threads:
        th.start()
    time.sleep(0.05)
    t = time.perf_counter()
    request(port, "GET", "/livez")
    livez = time.perf_counter() - t
    for th in threads:
        th.join()
    return max(done), livez


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to serve (default: this one)")
    parser.add_argument("--quick", action="store_true", help="leave out the 32 MB import bodies")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = serve(args.tree.resolve(), port, tmp)
        try:
            auth, tid, ids = setup(port)
            worker = worker_of(proc.pid)
            print(f"tree: {args.tree.resolve()}  worker pid {worker}, RSS {status_kb(worker, 'VmRSS') / 1024:.0f} MB")
            print(f"{'body':<44} {'status':>6} {'grew MB':>8} {'CPU s':>7} {'answer KB':>10} {'wall s':>7}")
            worst = {"grew_mb": 0.0, "cpu": 0.0}
            per_kb: dict[str, tuple[float, str]] = {}
            for what, method, path, body, ctype in bodies(tid, ids, args.quick):
                public = not path.startswith("/v1/tournaments") and path != "/check"
                headers = {"Content-Type": ctype} if public else {**auth, "Content-Type": ctype}
                if ctype == "form":
                    body, headers = check_form(port, body)
                f = measure(port, worker, method, path, body, headers)
                worst = {k: max(worst[k], f[k]) for k in worst}
                if public:
                    ms_kb = 1000 * f["cpu"] / max(len(body) / 1024, 1)
                    if ms_kb >= per_kb.get(path, (-1.0, ""))[0]:
                        per_kb[path] = (ms_kb, what)
                print(
                    f"{what:<44} {f['status']:>6} {f['grew_mb']:>8.1f} {f['cpu']:>7.2f} "
                    f"{f['answer_kb']:>10,.1f} {f['wall']:>7.2f}"
                )
            print(f"worst growth {worst['grew_mb']:.1f} MB, worst CPU {worst['cpu']:.2f} s a request")
            print("worst CPU per KB sent, every public POST (anonymous):")
            for path, (ms_kb, what) in sorted(per_kb.items(), key=lambda x: -x[1][0]):
                print(f"  {path:<28} {ms_kb:>8.2f} ms/KB  ({what})")
            lines = b"plays\n" + b"9\n" * (MB // 2 - 4)
            slowest, livez = livez_under_load(port, worker, lines, "text/x-baohuang", {})
            print(f"six 1 MB notation bodies at once: slowest {slowest:.2f} s; /livez meanwhile {livez:.3f} s")
            ones = b'{"plays": [' + b",".join([b"1"] * (MB // 2 - 8)) + b"]}"
            slowest, livez = livez_under_load(port, worker, ones, "application/json", {})
            print(f"six 1 MB JSON bodies at once: slowest {slowest:.2f} s; /livez meanwhile {livez:.3f} s")
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
