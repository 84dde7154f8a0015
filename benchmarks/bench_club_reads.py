"""Every read of a club through the service as deployed (a running ``baohuang serve``), each
paired with ``/readyz`` in interleaved rounds: the median wall time of each (ms, as the client
sees it over HTTP on this machine), the answer's size, and the median of ``/readyz`` beside it
(what any request costs at all).

Point it at a service holding the club to measure (bench_season_standings.py --keep leaves one):

    .venv/bin/python benchmarks/bench_club_reads.py --base http://127.0.0.1:8000 \\
        [--organizer 1] [--member 26] [--season 1] [--repeat 20]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import time
from typing import Any
from urllib.parse import urlsplit


def _get(conn_to: tuple[str, int], path: str, headers: dict[str, str] | None = None) -> tuple[float, int, int, str]:
    conn = http.client.HTTPConnection(*conn_to, timeout=60)
    t = time.perf_counter()
    conn.request("GET", path, headers=headers or {})
    r = conn.getresponse()
    body = r.read()
    took = (time.perf_counter() - t) * 1000
    conn.close()
    return took, r.status, len(body), r.getheader("ETag") or ""


def measure(
    base: str, organizer: int, member: int, season: int, repeat: int, tournament: int | None = None
) -> list[tuple[str, float, float, int, int]]:
    """Each read of the club (name, median ms, /readyz's median beside it, status, bytes)."""
    url = urlsplit(base)
    to = (url.hostname or "127.0.0.1", url.port or 80)
    o, m, s = organizer, member, season
    evening = tournament
    if evening is None:
        evening = _json(to, f"/v1/organizers/{o}/seasons/{s}/standings")["tournaments"][-1]
    _, _, _, etag = _get(to, f"/clubs/{o}/members/{m}?lang=zh")
    steps = _json(to, f"/v1/organizers/{o}/members/{m}/rating-history?limit=1")["total"]
    reads = [
        ("members (API, page 1)", f"/v1/organizers/{o}/members", None),
        ("members page (HTML)", f"/clubs/{o}/members?lang=zh", None),
        ("a member (API)", f"/v1/organizers/{o}/members/{m}", None),
        ("a member's page (HTML)", f"/clubs/{o}/members/{m}?lang=zh", None),
        ("the same page, 304 revalidation", f"/clubs/{o}/members/{m}?lang=zh", {"If-None-Match": etag}),
        ("rating history, first page", f"/v1/organizers/{o}/members/{m}/rating-history?limit=500", None),
        (
            "rating history, last page",
            f"/v1/organizers/{o}/members/{m}/rating-history?limit=500&offset={max(0, steps - 500)}",
            None,
        ),
        *(
            (f"chart: {c}", f"/clubs/{o}/members/{m}/charts/{c}.svg", None)
            for c in ("score", "rating", "roles", "partners", "opponents")
        ),
        ("season standings (API)", f"/v1/organizers/{o}/seasons/{s}/standings", None),
        ("season page (HTML)", f"/clubs/{o}/seasons/{s}?lang=zh", None),
        ("leaders.svg", f"/clubs/{o}/seasons/{s}/charts/leaders.svg", None),
        ("evening standings (API)", f"/v1/tournaments/{evening}/standings", None),
        ("evening page (HTML)", f"/tournaments/{evening}?lang=zh", None),
    ]
    out = []
    for name, path, headers in reads:
        _get(to, path, headers)  # warm
        walls, floor = [], []
        status = size = 0
        for _ in range(repeat):
            w, status, size, _ = _get(to, path, headers)
            walls.append(w)
            floor.append(_get(to, "/readyz")[0])
        out.append((name, statistics.median(walls), statistics.median(floor), status, size))
    return out


def _json(to: tuple[str, int], path: str) -> Any:
    conn = http.client.HTTPConnection(*to, timeout=60)
    conn.request("GET", path)
    answer = json.loads(conn.getresponse().read())
    conn.close()
    return answer


def print_table(rows: list[tuple[str, float, float, int, int]]) -> None:
    print("| read | median, ms | /readyz beside it, ms | status | answer, KB |")
    print("|---|---|---|---|---|")
    for name, median, floor, status, size in rows:
        print(f"| {name} | {median:.1f} | {floor:.1f} | {status} | {size / 1024:.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="http://127.0.0.1:8000")
    ap.add_argument("--organizer", type=int, default=1)
    ap.add_argument("--member", type=int, default=26)
    ap.add_argument("--season", type=int, default=1)
    ap.add_argument("--tournament", type=int, help="an evening (default: the club's last, from the season)")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    print_table(measure(args.base, args.organizer, args.member, args.season, args.repeat, args.tournament))


if __name__ == "__main__":
    main()
