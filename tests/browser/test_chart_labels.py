"""The member's and the season's charts with long words in them (evenings named like
"十二月第二周 保皇俱乐部夜赛", a 12-character Chinese name and a 24-letter one), drawn by
Chromium: no label runs past the picture's edge, no label is drawn over another (a legend of a
24-letter name, the slanted evenings above the legend), no point sits on the title, and partners
and opponents are two charts."""

from __future__ import annotations

import random

from tests.browser.conftest import api
from tests.browser.test_club_pages import _sheet
from tests.browser.test_phone_fit import _phone

NAMES = ["欧阳诸葛司马上官东方皇甫", "Bartholomew-Featherstone", "张伟", "李娜", "王芳", "赵雷"]
EVENINGS = ["十二月第一周 保皇俱乐部夜赛", "十二月第二周 保皇俱乐部夜赛", "十二月第三周 保皇俱乐部夜赛"]

# Every <text> of the picture, where Chromium drew it, against the picture's own box.
OUTSIDE = """() => {
  const svg = document.documentElement, box = svg.getBoundingClientRect();
  return Array.from(document.querySelectorAll('text'))
    .filter(t => t.textContent.trim() && t.getBBox().width > 0)
    .map(t => [t.textContent.trim(), t.getBoundingClientRect()])
    .filter(([, r]) => r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
    .map(([s, r]) => s + ' @ ' + Math.round(r.left) + '..' + Math.round(r.right) + ' x ' + Math.round(r.top) + '..' + Math.round(r.bottom)
         + ' in ' + Math.round(box.right) + ' x ' + Math.round(box.bottom));
}"""


# Every two <text> boxes that overlap (more than a pixel each way), and every dot drawn over a text.
OVERLAPS = """() => {
  const texts = Array.from(document.querySelectorAll('text'))
    .filter(t => t.textContent.trim() && t.getBBox().width > 0)
    .map(t => [t.textContent.trim(), t.getBoundingClientRect()]);
  const dots = Array.from(document.querySelectorAll('circle.dot'))
    .map(c => ['dot', c.getBoundingClientRect()]);
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const out = [];
  texts.forEach(([s, r], i) => {
    texts.slice(i + 1).forEach(([t, q]) => { if (meet(r, q)) out.push(s + ' / ' + t); });
    dots.forEach(([, q]) => { if (meet(r, q)) out.push(s + ' / a point'); });
  });
  return out;
}"""


def test_no_chart_label_runs_off_the_picture(browser, server):
    key = api(server, "POST", "/v1/organizers", {"name": "威海俱乐部"})["key"]["secret"]
    rng = random.Random(7)
    tids = []
    for name in EVENINGS:
        tid = api(server, "POST", "/v1/tournaments", {"name": name}, key)["id"]
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
    oid = api(server, "GET", f"/v1/tournaments/{tids[0]}")["organizer_id"]
    member = api(server, "GET", f"/v1/tournaments/{tids[-1]}/players/{ids[0]}")["member_id"]
    sid = api(
        server, "POST", f"/v1/organizers/{oid}/seasons", {"name": "冬季赛", "counting": "all", "tournaments": tids}, key
    )["id"]
    context, page = _phone(browser, 390, 844)
    try:
        page.goto(server + f"/clubs/{oid}/members/{member}?lang=zh")
        charts = [
            page.locator(".chart img").nth(i).get_attribute("src") for i in range(page.locator(".chart img").count())
        ]
        assert any("/partners.svg" in c for c in charts) and any("/opponents.svg" in c for c in charts)
        charts.append(f"/clubs/{oid}/seasons/{sid}/charts/leaders.svg")
        clipped = {}
        for src in charts:
            page.goto(server + src)
            outside = page.evaluate(OUTSIDE) + page.evaluate(OVERLAPS)
            if outside:
                clipped[src] = outside
        assert not clipped, "\n".join(f"{k}: {v}" for k, v in clipped.items())
    finally:
        context.close()
