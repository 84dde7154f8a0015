"""Entering a deal at the table, as a scripted player on a phone (390×844, Chinese, Chromium):
the taps and the seconds from the open page to the deal stored, by the drop-downs (the form as it
was: the player's own name, a select for the emperor, the guard and each of the five places,
send) and by taps (the player's own name, four names in finishing order, 皇帝, 保子, send; the
scores shown before sending). The two ways alternate deal by deal in one run against one server
(`baohuang serve`, gunicorn, SQLite in a temporary directory).

A tap is one touch: a native drop-down takes two (open it, choose), a button one. The seconds
are the script's (the page's and the server's cost, and the score preview's round trip), not a
person's: a person's time follows the taps.

    .venv/bin/python benchmarks/bench_table_entry.py [--deals 20] [--browser /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_board import call, free_port

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋"]
# Two results, taken in turn: a table whose deal ends as the previous one did is asked to say so
# (a repeat is refused until confirmed), which no way of entering should be timed on.
SHEETS = (
    {"emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]},
    {"emperor": 2, "guard": 4, "finishing_order": [3, 1, 2, 0, 4]},
)


def by_dropdowns(page: Any, player: int, sheet: dict[str, Any]) -> int:
    """The sheet by its drop-downs; the taps a phone needs for it."""
    taps = 0
    page.click(f"label:has(input[name=entered_by][value='{player}'])")
    taps += 1
    page.evaluate("document.querySelectorAll('details.sheet-selects').forEach(d => { d.open = true; })")
    page.select_option("#t-emperor", str(sheet["emperor"]))
    page.select_option("#t-guard", str(sheet["guard"]))
    taps += 4
    for place, seat in enumerate(sheet["finishing_order"]):
        page.select_option(f"#t-place{place}", str(seat))
        taps += 2
    with page.expect_navigation():
        page.click("#enter ~ form button[type=submit]")
    return taps + 1


def by_taps(page: Any, player: int, sheet: dict[str, Any]) -> int:
    """The sheet by tapping the names in finishing order and the roles beside them; the scores
    are read before sending."""
    taps = 0
    page.click(f"label:has(input[name=entered_by][value='{player}'])")
    taps += 1
    for seat in sheet["finishing_order"][:4]:
        page.click(f".tap-name[data-seat='{seat}']")
        taps += 1
    page.click(f".tap-role[data-role=emperor][data-seat='{sheet['emperor']}']")
    page.click(f".tap-role[data-role=guard][data-seat='{sheet['guard']}']")
    taps += 2
    page.wait_for_selector("#tap-preview table")
    with page.expect_navigation():
        page.click("#enter ~ form button[type=submit]")
    return taps + 1


def run(base: str, args: argparse.Namespace) -> None:
    from playwright.sync_api import sync_playwright

    key = call(base, "POST", "/v1/organizers", {"name": "威海俱乐部"})[1]["key"]["secret"]
    auth = {"Authorization": f"Bearer {key}"}
    body = {"name": "录入测速", "deals_per_round": 2 * args.deals}
    tid = call(base, "POST", "/v1/tournaments", body, auth)[1]["id"]
    for name in NAMES:
        call(base, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, auth)
    call(base, "POST", f"/v1/tournaments/{tid}/rounds", None, auth)
    url = call(base, "POST", f"/v1/tournaments/{tid}/rounds/1/table-links", None, auth)[1]["links"][0]["url"]
    seats = call(base, "GET", f"/v1/tournaments/{tid}/rounds/1")[1]["tables"][0]["seats"]
    player = seats[0]["player_id"]
    ways = {"drop-downs": by_dropdowns, "taps": by_taps}
    seconds: dict[str, list[float]] = {w: [] for w in ways}
    taps: dict[str, int] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.browser, args=["--no-sandbox"])
        try:
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="zh-CN"
            )
            page = context.new_page()
            for k in range(args.deals):
                for j, (way, enter) in enumerate(ways.items()):
                    page.goto(url)
                    page.wait_for_selector("#tap:not([hidden])")
                    start = time.perf_counter()
                    taps[way] = enter(page, player, SHEETS[(2 * k + j) % 2])
                    seconds[way].append(time.perf_counter() - start)
                    assert "已录入" in page.locator("main").inner_text(), way
            context.close()
        finally:
            browser.close()
    print(f"entering a deal at the table, {args.deals} deals each way, alternating (390×844, zh)")
    print(f"{'way':<12} {'taps':>5} {'median s':>9} {'min s':>7} {'max s':>7}")
    for way in ways:
        xs = seconds[way]
        print(f"{way:<12} {taps[way]:>5} {statistics.median(xs):>9.3f} {min(xs):>7.3f} {max(xs):>7.3f}")
    ratio = [a / b for a, b in zip(seconds["taps"], seconds["drop-downs"], strict=True)]
    print(
        f"taps / drop-downs: taps {taps['taps'] / taps['drop-downs']:.2f}; seconds per deal, median of the "
        f"deal-by-deal ratio {statistics.median(ratio):.2f} (min {min(ratio):.2f}, max {max(ratio):.2f})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--browser", default=os.environ.get("BAOHUANG_BROWSER", "/usr/bin/chromium"))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-entry-")
    port = free_port()
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        DATABASE_URL=f"sqlite:///{tmp}/entry.sqlite3",
        PROMETHEUS_MULTIPROC_DIR=os.path.join(tmp, "metrics"),
        BAOHUANG_OPEN_SIGNUP="1",
        BAOHUANG_RATE_LIMIT_PER_MINUTE="0",
        BAOHUANG_SECRET_KEY="bench",
        BAOHUANG_COOKIE_SECURE="0",
    )
    os.makedirs(os.path.join(tmp, "metrics"), exist_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", "2"],
        env=env,
        cwd=tmp,
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(tmp, "serve.log"), "w"),  # noqa: SIM115 (kept open for the server's life)
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if call(base, "GET", "/livez")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        run(base, args)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
