"""A round run from five phones at once (390×844, Chinese): the director seats the round and opens
the round sheet; two tables open their pages from the URLs under their QR codes (one QR code is
read back and is that URL); they enter and confirm deals; one deal is disputed and the director
settles it; the director's board shows each change without a reload; the round is closed and a
table link then refuses. The standings are the confirmed deals' scores, as the referee scores
them. Screenshots go to docs/screenshots (table-*)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter

import pytest

from service.core.sheets import read_sheet, score
from tests.browser.conftest import SHOTS, accessible, api, shot

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "陈静", "杨帆", "周敏", "吴刚", "孙丽"]
CROWN_WINS = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
REBELS_WIN = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [2, 3, 0, 4, 1]}


def _phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="zh-CN"
    )
    page = context.new_page()
    page.csp_errors = []
    page.on("console", lambda m: page.csp_errors.append(m.text) if "Content Security Policy" in m.text else None)
    return context, page


def _fill_sheet(page, sheet, entered_by, deal=None):
    """The sheet by its drop-downs (the taps are tests/browser/test_tap_entry.py)."""
    page.check(f"input[name=entered_by][value='{entered_by}']")
    page.evaluate("document.querySelectorAll('details.sheet-selects').forEach(d => { d.open = true; })")
    if deal is not None:
        page.select_option("#t-deal", str(deal))
    page.select_option("#t-mode", sheet["mode"])
    page.select_option("#t-emperor", str(sheet["emperor"]))
    page.select_option("#t-guard", str(sheet["guard"]))
    for place, seat in enumerate(sheet["finishing_order"]):
        page.select_option(f"#t-place{place}", str(seat))


def _send(page):
    with page.expect_navigation():
        page.click("#enter ~ form button[type=submit]")


def _cell(board, table, deal, state):
    board.wait_for_selector(f"[data-cell='{table}-{deal}'][data-state='{state}']", timeout=15_000)


def _decode_qr(page, selector, tmp_path):
    """The QR code drawn at ``selector``, read back by zbarimg from a screenshot of it."""
    zbar = shutil.which("zbarimg")
    if zbar is None:
        pytest.fail("zbarimg is needed to read the QR codes back: .ci/browser.sh installs zbar-tools")
    png = tmp_path / "qr.png"
    page.locator(selector).screenshot(path=str(png))
    out = subprocess.run([zbar, "--raw", "-q", str(png)], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_a_round_entered_and_confirmed_at_the_tables(browser, server, tmp_path):
    reg = api(server, "POST", "/v1/organizers", {"name": "威海俱乐部"})
    key = reg["key"]["secret"]
    tid = api(server, "POST", "/v1/tournaments", {"name": "周三联赛", "deals_per_round": 2}, key)["id"]
    for name in NAMES:
        api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, key)
    phones = [_phone(browser) for _ in range(5)]
    director, t1a, t1b, t2a, t2b = (p for _, p in phones)
    try:
        # the director signs in, seats the round and makes the round sheet
        director.goto(server + "/signin?lang=zh")
        director.fill("#key", key)
        director.click("main button[type=submit]")
        director.wait_for_url(re.compile(r".*/organizer$"))
        director.goto(server + f"/organizer/tournaments/{tid}")
        assert director.locator("#seat-round input[name=confirm]").count() == 0  # the first round: asked nothing
        with director.expect_navigation():
            director.click("#seat-round button[type=submit]")
        with director.expect_navigation():
            director.click("#round-links a[href$='/rounds/1/sheet']")
        with director.expect_navigation():
            director.click("form[action$='/rounds/1/sheet'] button[type=submit]")
        cards = director.locator(".table-card")
        assert cards.count() == 2
        urls = [cards.nth(i).locator(".url a").inner_text() for i in range(2)]
        assert all("/table/bht_" in u for u in urls)
        assert _decode_qr(director, ".table-card[data-table='1'] .qr svg", tmp_path) == urls[0]
        accessible(director)
        shot(director, "table-round-sheet")
        director.goto(server + f"/organizer/tournaments/{tid}/rounds/1/board")
        _cell(director, 1, 1, "missing")

        seating = api(server, "GET", f"/v1/tournaments/{tid}/rounds/1")["tables"]
        seats = {t["table"]: [s["player_id"] for s in t["seats"]] for t in seating}
        names = {s["player_id"]: s["name"] for t in seating for s in t["seats"]}
        for page, url in ((t1a, urls[0]), (t1b, urls[0]), (t2a, urls[1]), (t2b, urls[1])):
            page.goto(url)
            assert page.locator("ul.seats li").count() == 5

        # table 1: the emperor enters deal 1; the board shows it pending; a rebel confirms it
        _fill_sheet(t1a, CROWN_WINS, seats[1][0])
        _send(t1a)
        assert "第 1 局已录入" in t1a.locator("main").inner_text()
        shot(t1a, "table-entered")
        _cell(director, 1, 1, "pending")
        t1b.reload()
        rebel = names[seats[1][2]]
        assert t1b.locator(f"form[action$='/confirm'] button:has-text('{rebel}')").count() == 1
        assert (
            t1b.locator(f"form[action$='/confirm'] button:has-text('{names[seats[1][1]]}')").count() == 0
        )  # the guard is the same side
        with t1b.expect_navigation():
            t1b.click(f"form[action$='/confirm'] button:has-text('{rebel}')")
        assert "计入排名" in t1b.locator("main").inner_text()
        _cell(director, 1, 1, "confirmed")

        # nothing typed is lost: a half-filled entry survives a reload
        _fill_sheet(t1a, REBELS_WIN, seats[1][3])
        t1a.reload()
        assert t1a.locator(f"input[name=entered_by][value='{seats[1][3]}']").is_checked()
        assert t1a.locator("#t-place0").input_value() == "2"
        _send(t1a)
        _cell(director, 1, 2, "pending")

        # table 2: the two sides enter deal 1 differently; the director chooses one
        _fill_sheet(t2a, CROWN_WINS, seats[2][0])
        _send(t2a)
        _cell(director, 2, 1, "pending")
        t2b.reload()
        _fill_sheet(t2b, REBELS_WIN, seats[2][4], deal=1)
        _send(t2b)
        assert "有争议" in t2b.locator("main").inner_text()
        _cell(director, 2, 1, "disputed")
        shot(director, "table-board-disputed")
        versions = director.locator("#deal-2-1 .version")
        assert versions.count() == 2
        with director.expect_navigation():
            versions.nth(1).locator("form[action$='/resolve'] button").click()
        _cell(director, 2, 1, "confirmed")
        accessible(director)
        shot(director, "table-board")

        # the director closes the round: the table links refuse
        director.on("dialog", lambda d: d.accept())
        with director.expect_navigation():
            director.click("form[action$='/rounds/1/close'] button")
        answer = t2a.goto(urls[1])
        assert answer.status == 410 and "已结束" in t2a.locator("main").inner_text()

        # the standings are the confirmed deals' scores, as the referee scores them
        games = api(server, "GET", f"/v1/tournaments/{tid}/games?limit=500")["items"]
        assert len(games) == 2  # deal 2 of table 1 was never confirmed
        expected: Counter[int] = Counter()
        for table, sheet in ((1, CROWN_WINS), (2, REBELS_WIN)):
            rs, facts = read_sheet(sheet)
            for seat, points in enumerate(score(facts, rs).scores):
                expected[seats[table][seat]] += points
        standings = api(server, "GET", f"/v1/tournaments/{tid}/standings")["standings"]
        shown = {row["player_id"]: row["total"] for row in standings}
        assert shown == {p: expected[p] for p in shown} and sum(shown.values()) == 0
        for _, page in phones:
            assert not page.csp_errors, page.csp_errors
        assert (SHOTS / "table-round-sheet.png").exists()
    finally:
        for context, _ in phones:
            context.close()
