"""A tournament that asks for players' own PINs, at a real table on a phone (390×844, Chinese): the
round sheet prints each player's slip; the table page asks for the PIN beside the name; a wrong
PIN is refused in Chinese with the form kept; the right ones enter and confirm the deal. Nothing
scrolls sideways. Screenshot: docs/screenshots/table-pin.png."""

from __future__ import annotations

import re

from tests.browser.conftest import accessible, api, shot

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋"]


def test_a_deal_entered_and_confirmed_with_the_players_pins(browser, server):
    reg = api(server, "POST", "/v1/organizers", {"name": "威海密码俱乐部"})
    key = reg["key"]["secret"]
    tid = api(server, "POST", "/v1/tournaments", {"name": "周四联赛", "player_pins": True}, key)["id"]
    for name in NAMES:
        api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, key)
    api(server, "POST", f"/v1/tournaments/{tid}/rounds", None, key)
    link = api(server, "POST", f"/v1/tournaments/{tid}/rounds/1/table-links", None, key)["links"][0]
    pins = {
        p["player_id"]: p["pin"] for p in api(server, "GET", f"/v1/tournaments/{tid}/rounds/1/pins", None, key)["pins"]
    }
    seats = [p["player_id"] for p in link["players"]]
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="zh-CN"
    )
    page = context.new_page()
    try:
        page.goto(link["url"])
        assert page.locator("#t-pin").count() == 1 and "你的密码" in page.locator("main").inner_text()
        page.check(f"input[name=entered_by][value='{seats[0]}']")
        page.evaluate("document.querySelectorAll('details.sheet-selects').forEach(d => { d.open = true; })")
        page.select_option("#t-emperor", "0")
        page.select_option("#t-guard", "1")
        for place, seat in enumerate([0, 2, 3, 1, 4]):
            page.select_option(f"#t-place{place}", str(seat))
        wrong = f"{(int(pins[seats[0]]) + 1) % 10000:04d}"
        page.fill("#t-pin", wrong)
        with page.expect_navigation():
            page.click("#enter ~ form button[type=submit]")
        assert "这不是该选手的密码" in page.locator("main").inner_text()
        assert page.locator(f"input[name=entered_by][value='{seats[0]}']").is_checked()  # nothing typed is lost
        page.fill("#t-pin", pins[seats[0]])
        with page.expect_navigation():
            page.click("#enter ~ form button[type=submit]")
        assert "第 1 局已录入" in page.locator("main").inner_text()
        confirm = page.locator(f"form[action$='/confirm']:has(input[name=player][value='{seats[2]}'])")
        confirm.locator("input[name=pin]").fill(pins[seats[2]])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        accessible(page)
        shot(page, "table-pin")
        with page.expect_navigation():
            confirm.locator("button").click()
        assert "计入排名" in page.locator("main").inner_text()
        assert not re.search(r"\b\d{4}\b", page.locator("ul.seats").inner_text())  # no PIN shown at the table
    finally:
        context.close()
