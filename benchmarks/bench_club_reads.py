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
import statistics
import time
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="http://127.0.0.1:8000")
    ap.add_argument("--organizer", type=int, default=1)
    ap.add_argument("--member", type=int, default=26)
    ap.add_argument("--season", type=int, default=1)
    ap.add_argument("--tournament", type=int, help="an evening (default: the club's last, from the season)")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    url = urlsplit(args.base)
    to = (url.hostname or "127.0.0.1", url.port or 80)
    o, m, s = args.organizer, args.member, args.season
    evening = args.tournament
    if evening is None:
        import json

        conn = http.client.HTTPConnection(*to)
        conn.request("GET", f"/v1/organizers/{o}/seasons/{s}/standings")
        evening = json.loads(conn.getresponse().read())["tournaments"][-1]
    _, _, _, etag = _get(to, f"/clubs/{o}/members/{m}?lang=zh")
    steps = 0
    conn = http.client.HTTPConnection(*to)
    conn.request("GET", f"/v1/organizers/{o}/members/{m}/rating-history?limit=1")
    import json

    steps = json.loads(conn.getresponse().read())["total"]
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
    print("| read | median, ms | /readyz beside it, ms | status | answer, KB |")
    print("|---|---|---|---|---|")
    for name, path, headers in reads:
        _get(to, path, headers)  # warm
        walls, floor = [], []
        status = size = 0
        for _ in range(args.repeat):
            w, status, size, _ = _get(to, path, headers)
            walls.append(w)
            floor.append(_get(to, "/readyz")[0])
        print(
            f"| {name} | {statistics.median(walls):.1f} | {statistics.median(floor):.1f} | {status} "
            f"| {size / 1024:.0f} |"
        )


if __name__ == "__main__":
    main()
