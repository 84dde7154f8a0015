"""A deal entered by taps on the table's page (360×740 and 390×844, Chinese): the player taps
their own name, the other names in finishing order (头科 first; the last place fills itself),
and 皇帝 / 保子 / 造反 / 明保 as toggles; the scores show before sending, as the referee scores
the sheet; a tapped name tapped again takes its place back; a reload keeps the taps; the deal
sent is pending with those scores. Eight taps in all. Screenshot: docs/screenshots/phone-table-taps.png."""

from __future__ import annotations

import re

import pytest

from service.core.sheets import read_sheet, score
from tests.browser.conftest import accessible, api, shot
from tests.browser.test_phone_fit import PHONES, _fits, _phone

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋"]


def _taps(page):
    """Clicks counted: each is one tap of a finger."""
    count = {"n": 0}

    def tap(selector: str) -> None:
        count["n"] += 1
        page.click(selector)

    return tap, count


def _preview(page) -> list[int]:
    page.wait_for_selector("#tap-preview table")
    rows = page.locator("#tap-preview table tr")
    return [int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(1, rows.count())]


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}px")
def test_a_deal_by_taps_with_the_scores_before_sending(browser, server, size):
    key = api(server, "POST", "/v1/organizers", {"name": "威海俱乐部"})["key"]["secret"]
    tid = api(server, "POST", "/v1/tournaments", {"name": "周四联赛", "deals_per_round": 2}, key)["id"]
    for name in NAMES:
        api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, key)
    api(server, "POST", f"/v1/tournaments/{tid}/rounds", None, key)
    url = api(server, "POST", f"/v1/tournaments/{tid}/rounds/1/table-links", None, key)["links"][0]["url"]
    seating = api(server, "GET", f"/v1/tournaments/{tid}/rounds/1")["tables"][0]["seats"]
    context, page = _phone(browser, *size)
    try:
        page.goto(url)
        assert page.locator("#tap").is_visible()
        assert not page.locator("details.sheet-selects").evaluate("d => d.open")  # folded under the taps
        tap, taps = _taps(page)
        tap(f"label:has(input[name=entered_by][value='{seating[2]['player_id']}'])")
        order = [0, 2, 3, 1, 4]  # the crown first and fourth: the emperor wins
        for seat in order[:2]:
            tap(f".tap-name[data-seat='{seat}']")
        # a reload keeps what was tapped (the form's draft), and the taps are drawn from it
        page.reload()
        assert page.locator(f".tap-name[data-seat='{order[0]}'] .tap-place").inner_text() == "头科"
        assert page.locator(f".tap-name[data-seat='{order[1]}'] .tap-place").inner_text() == "二科"
        # a placed name tapped again takes its place (and those after it) back
        page.click(f".tap-name[data-seat='{order[0]}']")
        assert page.locator(".tap-name[aria-pressed=true]").count() == 0
        assert page.locator("#t-place0").input_value() == ""
        taps["n"] = 1  # the player's own name; the names from here
        for seat in order[:4]:
            tap(f".tap-name[data-seat='{seat}']")
        assert page.locator("#t-place4").input_value() == "4"  # the last place fills itself
        assert page.locator(".tap-name[data-seat='4'] .tap-place").inner_text() == "大落"
        tap(".tap-role[data-role=emperor][data-seat='0']")
        tap(".tap-role[data-role=guard][data-seat='1']")
        assert page.locator("#t-emperor").input_value() == "0" and page.locator("#t-guard").input_value() == "1"
        # toggles: 造反 and 明保 set their boxes and unset them
        page.click(".tap-role[data-role=rebel][data-seat='3']")
        assert page.locator("input[name=rebel3]").is_checked()
        page.click(".tap-role[data-role=rebel][data-seat='3']")
        assert not page.locator("input[name=rebel3]").is_checked()
        page.click("[data-tap-revealed]")
        assert page.locator("input[name=guard_revealed]").is_checked()
        page.click("[data-tap-revealed]")
        sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": order}
        rs, facts = read_sheet(sheet)
        scored = score(facts, rs).scores
        shown = _preview(page)
        assert shown == [scored[s] for s in order]  # by place, as the referee scores the sheet
        assert sum(shown) == 0 and any(shown)
        _fits(page)
        accessible(page)
        if size == (390, 844):
            page.locator("#tap").scroll_into_view_if_needed()
            shot(page, "phone-table-taps")
        with page.expect_navigation():
            tap("#enter ~ form button[type=submit]")
        assert taps["n"] == 8  # own name, four names, emperor, guard, send
        assert "第 1 局已录入" in page.locator("main").inner_text()
        pending = page.locator("section.deal.pending table.scores tbody tr")
        by_seat = {}
        for i in range(pending.count()):
            label = pending.nth(i).locator("td").nth(0).inner_text()
            seat = int(re.match(r"(\d)号位", label).group(1)) - 1  # 1号位 is seat 0
            by_seat[seat] = int(pending.nth(i).locator("td").nth(4).inner_text())
        assert by_seat == dict(enumerate(scored))
    finally:
        context.close()
