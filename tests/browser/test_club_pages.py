"""A member's page and a season's page in Chinese on a phone (390×844): the charts are drawn
(each SVG image loads), the numbers are a click away, axe-core finds no serious violation, the
page fits the phone. Screenshots go to docs/screenshots (member, season)."""

from __future__ import annotations

import random

from tests.browser.conftest import accessible, api, shot
from tests.browser.test_table_entry import _phone

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "陈静"]


def _sheet(rng):
    order = list(range(5))
    rng.shuffle(order)
    emperor = rng.randrange(5)
    guard = rng.choice([s for s in range(5) if s != emperor])
    return {"mode": "normal", "emperor": emperor, "guard": guard, "finishing_order": order}


def _loaded(page):
    images = page.locator(".chart img")
    assert images.count() >= 1
    for i in range(images.count()):
        assert page.evaluate("(img) => img.complete && img.naturalWidth > 0", images.nth(i).element_handle())
    wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{page.url} is {wide}px wider than the phone"


def test_a_member_and_a_season_in_pictures_on_a_phone(browser, server):
    key = api(server, "POST", "/v1/organizers", {"name": "威海俱乐部"})["key"]["secret"]
    rng = random.Random(5)
    tids = []
    for k in range(4):
        tid = api(server, "POST", "/v1/tournaments", {"name": f"第{k + 1}晚"}, key)["id"]
        ids = [api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": n}, key)["id"] for n in NAMES]
        for _ in range(6):
            api(
                server,
                "POST",
                f"/v1/tournaments/{tid}/games",
                {"players": rng.sample(ids, 5), "sheet": _sheet(rng)},
                key,
            )
        tids.append(tid)
    player = api(server, "GET", f"/v1/tournaments/{tid}/players/{ids[0]}")
    oid = api(server, "GET", f"/v1/tournaments/{tids[0]}")["organizer_id"]
    sid = api(
        server,
        "POST",
        f"/v1/organizers/{oid}/seasons",
        {"name": "冬季赛", "counting": "best", "best": 3, "tournaments": tids},
        key,
    )["id"]
    context, page = _phone(browser)
    try:
        page.goto(server + f"/clubs/{oid}/members/{player['member_id']}?lang=zh")
        assert page.locator("h1").inner_text() == NAMES[0]
        _loaded(page)
        page.locator("details summary").first.click()  # the numbers, a click away
        assert page.locator("details table tbody tr").first.is_visible()
        accessible(page)
        shot(page, "member")
        page.goto(server + f"/clubs/{oid}/seasons/{sid}?lang=zh")
        assert page.locator("#season-standings tbody tr").count() == len(NAMES)
        _loaded(page)
        accessible(page)
        shot(page, "season")
        assert not page.csp_errors, page.csp_errors
    finally:
        context.close()
