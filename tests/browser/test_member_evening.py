"""A member's page on a phone (360×740, Chinese) adds up as the standings do: an evening the
member sat out (a bye) counts its bye points there, the same as in the evening's standings and
the season's; the rating is μ − 3σ in figures, in the sentence that explains it and on the
chart's line that draws it."""

from __future__ import annotations

import re

from tests.browser.conftest import accessible, api
from tests.browser.test_phone_fit import _fits, _phone

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "孙悦"]
SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}


def test_a_members_evening_counts_its_bye_and_the_rating_is_one_convention(browser, server):
    key = api(server, "POST", "/v1/organizers", {"name": "威海俱乐部"})["key"]["secret"]
    tid = api(server, "POST", "/v1/tournaments", {"name": "十二月第二周", "bye_points": 1}, key)["id"]
    for name in NAMES:
        api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, key)
    seated = api(server, "POST", f"/v1/tournaments/{tid}/rounds", None, key)
    out = seated["sitting_out"][0]["player_id"]
    api(server, "POST", f"/v1/tournaments/{tid}/games", {"round": 1, "table": 1, "sheet": SHEET}, key)
    standings = {
        r["player_id"]: r["total"] for r in api(server, "GET", f"/v1/tournaments/{tid}/standings")["standings"]
    }
    assert standings[out] == 1
    oid = api(server, "GET", f"/v1/tournaments/{tid}")["organizer_id"]
    sid = api(
        server, "POST", f"/v1/organizers/{oid}/seasons", {"name": "冬季", "counting": "all", "tournaments": [tid]}, key
    )["id"]
    season = api(server, "GET", f"/v1/organizers/{oid}/seasons/{sid}/standings")
    member = api(server, "GET", f"/v1/tournaments/{tid}/players/{out}")["member_id"]
    row = next(r for r in season["standings"] if r["member_id"] == member)
    context, page = _phone(browser, 360, 740)
    try:
        page.goto(server + f"/clubs/{oid}/members/{member}?lang=zh")
        _fits(page)
        evening = page.locator("table tbody tr").filter(has_text="十二月第二周").first
        if not evening.is_visible():
            page.locator("details summary").first.click()
        cells = [c.inner_text() for c in evening.locator("td").all()]
        assert cells[1:] == ["0", "1", "1", "1"]  # no game, one bye: 1 that evening, 1 in all
        assert row["total"] == 1
        # one convention: the rating is μ − 3σ in the figures and the sentence, and a line of its chart
        facts = page.locator("dl.facts").inner_text()
        rating, mu, sigma = (float(x) for x in re.search(r"([-\d.]+) \(μ ([-\d.]+), σ ([-\d.]+)\)", facts).groups())
        assert abs(rating - (mu - 3 * sigma)) <= 0.15
        assert "μ − 3σ" in page.locator("#rating-explained").inner_text()
        src = page.locator(".chart img[src*='/rating.svg']").get_attribute("src")
        accessible(page)
        page.goto(server + src)
        assert "等级分（μ − 3σ）" in page.content()
    finally:
        context.close()
