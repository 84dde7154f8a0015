"""The pages a club evening uses, on the two common phone widths (360×740 and 390×844, Chinese),
with a 24-character name at the table: the round sheet names the tournament, the time and who
sits out, and warns that its links point where phones cannot go; no page scrolls sideways, the standings show each total
without scrolling, a pending deal shows role, place and score, the sheet's labels sit above
their drop-downs, and every button, drop-down, field, check box and menu link is a tap target of
at least 44 px (WCAG 2.5.5). Screenshots go to docs/screenshots (phone-*)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import accessible, api, shot

LONG = "Bartholomew-Featherstone"  # 24 characters, no place to break
NAMES = [
    LONG,
    "张伟",
    "李娜",
    "王芳",
    "赵雷",
    "刘洋",
    "陈静",
    "杨帆",
    "周敏",
    "欧阳诸葛司马上官东方皇甫长孙慕容令狐端木公孙",
    "郑浩",
]
PHONES = [(360, 740), (390, 844)]
SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}

# What a finger taps: buttons, drop-downs, fields, the labels of check boxes and radios, and the
# links of the menu (links inside a sentence are exempt, as WCAG 2.5.5 says).
TARGETS = """Array.from(document.querySelectorAll(
  'main button, main select, main input:not([type=hidden]):not([type=checkbox]):not([type=radio]), main textarea,'
  + ' main label.check, header nav a, header .lang a'))
  .filter(e => e.offsetParent !== null && !e.closest('.field-error'))
  .map(e => { const r = e.getBoundingClientRect();
              return [e.tagName + (e.id ? '#' + e.id : '') + ' ' + (e.innerText || e.value || '').slice(0, 30),
                      Math.round(r.width), Math.round(r.height)]; })
  .filter(([, w, h]) => w < 44 || h < 44)"""


def _phone(browser, width, height):
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True, locale="zh-CN"
    )
    return context, context.new_page()


def _fits(page) -> None:
    wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{page.url} is {wide}px wider than the phone"
    assert page.evaluate("window.scrollX") == 0, f"{page.url} landed scrolled sideways"
    small = page.evaluate(TARGETS)
    assert not small, f"{page.url}: tap targets under 44 px: {small[:8]}"
    boxes = page.evaluate(
        "Array.from(document.querySelectorAll('main input[type=checkbox], main input[type=radio]'))"
        ".filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().width)"
    )
    assert all(w >= 24 for w in boxes), f"{page.url}: check boxes of {sorted(set(boxes))} px"


def _visible(page, locator) -> None:
    box = locator.bounding_box()
    width = page.evaluate("window.innerWidth")
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (box, width)


@pytest.fixture()
def evening(server):
    key = api(server, "POST", "/v1/organizers", {"name": "威海俱乐部"})["key"]["secret"]
    tid = api(server, "POST", "/v1/tournaments", {"name": "周五晚上的长名字联赛", "deals_per_round": 2}, key)["id"]
    for name in NAMES:
        api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, key)
    api(server, "POST", f"/v1/tournaments/{tid}/rounds", None, key)
    oid = api(server, "GET", f"/v1/tournaments/{tid}")["organizer_id"]
    return {"key": key, "tid": tid, "oid": oid}


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}px")
def test_the_evenings_pages_fit_a_phone_with_a_long_name(browser, server, evening, size):
    width, height = size
    tid, key = evening["tid"], evening["key"]
    context, page = _phone(browser, width, height)
    try:
        page.goto(server + "/signin?lang=zh")
        page.fill("#key", key)
        page.click("main button[type=submit]")
        page.wait_for_url(re.compile(r".*/organizer$"))
        _fits(page)
        page.goto(server + f"/organizer/tournaments/{tid}/rounds/1/sheet")
        if page.locator(".table-card").count() == 0:
            with page.expect_navigation():
                page.click("form[action$='/rounds/1/sheet'] button[type=submit]")
        _fits(page)
        # the sheet says which tournament, when, who sits out, and that 127.0.0.1 is no address
        # for a phone on the mobile network
        assert page.locator("h1").inner_text().startswith("周五晚上的长名字联赛")
        assert "（北京时间） 排座" in page.locator(".lead").inner_text()
        assert page.locator(".sitting-out").inner_text().startswith("本轮轮空")
        assert page.locator("#nearby").is_visible()
        if width == 390:
            shot(page, "phone-round-sheet")
        seating = api(server, "GET", f"/v1/tournaments/{tid}/rounds/1")["tables"]
        table = next(t for t in seating if any(s["name"] == LONG for s in t["seats"]))
        card = page.locator(f".table-card[data-table='{table['table']}']")
        url = card.locator(".url a").inner_text()
        page.goto(url)
        _fits(page)
        # the long name's player enters deal 1; the page comes back with it pending
        long_id = next(s["player_id"] for s in table["seats"] if s["name"] == LONG)
        page.check(f"input[name=entered_by][value='{long_id}']")
        page.click("details.sheet-selects > summary")  # the drop-downs, folded away under the taps
        sheet_labels = page.locator(".sheet-fields label[for]")
        for i in range(sheet_labels.count()):
            label = sheet_labels.nth(i)
            control = page.locator("#" + label.get_attribute("for"))
            lb, cb = label.bounding_box(), control.bounding_box()
            assert lb["y"] + lb["height"] <= cb["y"] + 1, f"{label.inner_text()} is beside its drop-down"
        page.select_option("#t-mode", "normal")
        page.select_option("#t-emperor", "0")
        page.select_option("#t-guard", "1")
        for place, seat in enumerate(SHEET["finishing_order"]):
            page.select_option(f"#t-place{place}", str(seat))
        _fits(page)  # the drop-downs open, and the scores shown before sending
        with page.expect_navigation():
            page.click("#enter ~ form button[type=submit]")
        _fits(page)
        pending = page.locator("section.deal.pending").first
        for column in range(5):  # seat, role, place, base, score: all on the screen
            _visible(page, pending.locator("table.scores thead th").nth(column))
        assert page.locator("section.deal.pending table.scores td").filter(has_text="保子").count() >= 1
        accessible(page)
        if width == 390:
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, "phone-table")
        # the standings show every total on the phone
        body = {"round": 1, "table": table["table"], "deal": 2, "sheet": SHEET}
        api(server, "POST", f"/v1/tournaments/{tid}/games", body, key)
        page.goto(server + f"/tournaments/{tid}")
        _fits(page)
        rows = page.locator("table.standings tbody tr")
        assert rows.count() == len(NAMES)
        for i in range(rows.count()):
            _visible(page, rows.nth(i).locator("td").nth(2))
        accessible(page)
        if width == 390:
            shot(page, "phone-standings")
        member = api(server, "GET", f"/v1/tournaments/{tid}/players/{long_id}")["member_id"]
        page.goto(server + f"/clubs/{evening['oid']}/members/{member}")
        _fits(page)
        accessible(page)
        if width == 390:
            shot(page, "phone-member")
        page.goto(server + f"/organizer/tournaments/{tid}")
        _fits(page)
    finally:
        context.close()
