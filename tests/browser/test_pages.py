"""Each page end to end in Chromium: check a game with a mistake in it, record one at the table
with and without the deal and submit it, replay it, enter a sheet as an organizer and see the
standings change; CSRF, both languages, a phone-sized screen, escaping, accessibility and the
content security policy. Screenshots of each page go to docs/screenshots/."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from service.core import adjudicate, random_record
from service.core.notation import format_record
from tests.browser.conftest import accessible, api, shot

NAMES = ["张伟", "Li Na", "王芳", "<script>alert(1)</script>", "Ólafur"]


def typed(seed: int) -> tuple[dict, str]:
    record = random_record(seed)
    for p in record["plays"]:
        p.pop("seat")
    return record, format_record(record)


def club(server: str) -> tuple[str, int, list[int]]:
    """An organizer (its key), a tournament and five players, through the API."""
    reg = api(server, "POST", "/v1/organizers", {"name": "Weihai club"})
    key = reg["key"]["secret"]
    t = api(server, "POST", "/v1/tournaments", {"name": "Monday league", "ruleset": "weihai"}, key)
    ids = [api(server, "POST", f"/v1/tournaments/{t['id']}/players", {"name": n}, key)["id"] for n in NAMES]
    return key, t["id"], ids


def sign_in(page, server: str, key: str) -> None:
    page.goto(server + "/signin")
    page.fill("#key", key)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/organizer.*"))


def test_home_in_both_languages(page, server):
    page.goto(server + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").inner_text() == "Baohuang referee"
    accessible(page)
    shot(page, "home-en")
    page.click("text=中文")
    page.wait_for_url(re.compile(r".*lang=zh"))
    assert page.locator("html").get_attribute("lang") == "zh-CN"
    assert page.locator("h1").inner_text() == "保皇裁判"
    page.goto(server + "/check")  # the choice is remembered
    assert page.locator("h1").inner_text() == "检查一局"
    accessible(page)
    shot(page, "home-zh")
    assert not page.csp_errors


def test_a_typed_game_with_a_mistake_is_caught_at_the_right_play(page, server):
    _, text = typed(21)
    lines = text.splitlines()
    k = lines.index("plays") + 6
    lines[k] = "2 2 2 2 2 2 2 2 2, " + lines[k].split(", ", 1)[1]  # nine 2s: nobody holds them
    page.goto(server + "/check")
    page.evaluate("localStorage.clear()")
    page.fill("#game", "\n".join(lines))
    with page.expect_navigation():
        page.click("#check-form button[type=submit]")
    verdict = page.locator("#verdict")
    assert "illegal" in verdict.inner_text()
    # the code is for programs: behind a toggle, not beside the rule in words
    assert "not_in_hand" not in verdict.inner_text()
    assert "not_in_hand" in verdict.locator("details.for-programs").text_content()
    assert f"line {k + 1}, column 1" in verdict.inner_text()
    faulty = page.locator("#faulty")
    assert faulty.is_visible() and "2 2 2 2 2 2 2 2 2" in faulty.inner_text()
    assert page.locator(".tricks > li").nth(5).locator("#faulty").count() == 1  # the sixth trick
    accessible(page)
    shot(page, "check-illegal")
    # the same game without the mistake: legal, with the scores and the multipliers' reasons
    record, text = typed(21)
    page.fill("#game", text)
    with page.expect_navigation():
        page.click("#check-form button[type=submit]")
    assert "legal" in page.locator("#verdict h2").inner_text()
    scores = [int(x) for x in page.locator("table.scores tbody td:last-child").all_inner_texts()]
    assert scores == list(adjudicate(record).outcome.scores)
    shot(page, "check-legal")
    assert not page.csp_errors


def test_a_phone_sized_screen(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(server + "/check?example=1&lang=zh")
        with page.expect_navigation():
            page.click("#check-form button[type=submit]")
        assert page.locator("#verdict").is_visible()
        box = page.locator("#verdict").bounding_box()
        assert box is not None and box["y"] < 844  # the verdict on the first screen
        wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
        assert wide <= 1, wide  # nothing wider than the screen
        shot(page, "phone-check-zh")
        page.goto(server + "/record")
        assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
        shot(page, "phone-record")
    finally:
        context.close()


def _click_play(page, cards: str | None) -> None:
    if cards is None:
        page.click("#p-pass")
        return
    for token in cards.split():
        page.click(f'.rank[data-rank="{token}"]')
    page.click("#p-play")


def _settled(page) -> str:
    page.wait_for_selector("#status:not([data-pending])")
    return page.locator("#status").inner_text()


def test_record_at_the_table_without_the_deal_catches_a_wrong_entry(page, server):
    record = random_record(5)
    page.goto(server + "/record")
    page.evaluate("localStorage.clear()")
    page.reload()
    call = record["calls"][0]
    page.select_option("#c-seat", str(call["seat"]))
    page.select_option("#c-kind", call["call"])
    page.click("#c-add")
    for c in record["calls"][1:]:
        page.select_option("#c-seat", str(c["seat"]))
        page.select_option("#c-kind", c["call"])
        page.click("#c-add")
    for p in record["plays"][:6]:
        _click_play(page, p.get("cards"))
        status = _settled(page)
        assert "To play" in status or "checked" in status.lower(), status
    # a pass when the table is empty (the trick just ended, or nobody led): caught at once
    lead = next(i for i in range(6, len(record["plays"])) if i in adjudicate(record).trick_starts)
    for p in record["plays"][6:lead]:
        _click_play(page, p.get("cards"))
        _settled(page)
    page.click("#p-pass")
    status = _settled(page)
    assert "the leader must play a set" in status, status
    assert page.locator("#plays-log .play.faulty").count() == 1
    shot(page, "record-caught")
    page.click("#p-undo")
    assert "the leader must play a set" not in _settled(page)
    accessible(page)
    # the rest of the game (kept in the browser), the last plays typed, and the game handed to a
    # tournament: no deal anywhere
    key, tid, ids = club(server)
    sign_in(page, server, key)
    page.goto(server + "/record")
    page.evaluate(
        "([calls, plays]) => localStorage.setItem('baohuang-recorder', JSON.stringify({calls, plays}))",
        [record["calls"], [{k: v for k, v in p.items() if k != "seat"} for p in record["plays"][:-3]]],
    )
    page.reload()
    for p in record["plays"][-3:]:
        _click_play(page, p.get("cards"))
        _settled(page)
    assert "Game over" in _settled(page)
    page.select_option("#to-tournament-id", str(tid))
    page.click("#to-tournament button[type=submit]")
    page.wait_for_url(re.compile(rf".*/organizer/tournaments/{tid}.*"))
    assert "\ndeal\n" not in page.locator("#g-text").input_value()
    for seat, pid in enumerate(ids):
        page.select_option(f"#g-seat{seat}", str(pid))
    page.click("#game ~ form button[type=submit]")
    page.wait_for_url(re.compile(r".*stored=game"))
    stored = api(server, "GET", f"/v1/tournaments/{tid}/games")["items"]
    assert [s["score"] for s in stored[0]["seats"]] == list(adjudicate(record).outcome.scores)
    assert not page.csp_errors


def test_record_with_the_deal_submit_it_and_replay_it(page, server):
    key, tid, ids = club(server)
    record = random_record(12)
    page.goto(server + "/record")
    # most of the game is already entered (the page keeps it in the browser); the last plays are typed
    page.evaluate(
        "([calls, plays]) => localStorage.setItem('baohuang-recorder', JSON.stringify({calls, plays}))",
        [record["calls"], [{k: v for k, v in p.items() if k != "seat"} for p in record["plays"][:-4]]],
    )
    sign_in(page, server, key)
    page.goto(server + "/record")
    page.click("summary")
    page.fill("#r-deal", "\n".join(f"{i}: {hand}" for i, hand in enumerate(record["deal"])))
    # a play the seat does not hold (with the deal the hands are known)
    page.click('.rank[data-rank="BJ*"]')
    page.click('.rank[data-rank="BJ*"]')
    page.click("#p-play")
    assert "does not hold" in _settled(page)
    page.click("#p-undo")
    _settled(page)
    for p in record["plays"][-4:]:
        _click_play(page, p.get("cards"))
        _settled(page)
    status = _settled(page)
    assert "Game over" in status, status
    shown = [int(x) for x in page.locator("#outcome table.scores tbody td:last-child").all_inner_texts()]
    assert shown == list(adjudicate(record).outcome.scores)
    with page.expect_download() as download:
        page.click("#download")
    with open(download.value.path(), encoding="utf-8") as f:
        text = f.read()
    assert text.startswith('[Ruleset "weihai"]') and "\ndeal\n" in text
    shot(page, "record-finished")
    page.select_option("#to-tournament-id", str(tid))
    page.click("#to-tournament button[type=submit]")
    page.wait_for_url(re.compile(rf".*/organizer/tournaments/{tid}.*"))
    assert "\nplays\n" in page.locator("#g-text").input_value()
    for seat, pid in enumerate(ids):
        page.select_option(f"#g-seat{seat}", str(pid))
    page.click("#game ~ form button[type=submit]")
    page.wait_for_url(re.compile(r".*stored=game"))
    games = api(server, "GET", f"/v1/tournaments/{tid}/games")["items"]
    assert len(games) == 1 and [s["score"] for s in games[0]["seats"]] == list(adjudicate(record).outcome.scores)
    # replay the stored game: step back and forth
    page.goto(server + f"/tournaments/{tid}/games/{games[0]['id']}")
    assert NAMES[3] in page.locator("main").inner_text()  # a name like <script> shows as text
    with page.expect_navigation():
        page.click("text=Replay this game")
    expect(page.locator("#step-no")).to_have_text("0")  # it opens at the start
    page.click("[data-go=last]")
    expect(page.locator("#step-no")).to_have_text(str(len(record["plays"])))
    page.click("[data-go=first]")
    expect(page.locator("#step-no")).to_have_text("0")
    start = page.locator("#hand-0").inner_text()
    for _ in range(6):
        page.click("[data-go=forward]")
    expect(page.locator("#step-no")).to_have_text("6")
    assert page.locator(".play.current").count() == 1
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#step-no")).to_have_text("5")
    assert page.locator("#board").bounding_box()["y"] < 900  # the board stays in view while stepping
    played_by_0 = sum(len(p["cards"].split()) for p in record["plays"][:5] if p.get("seat") == 0 and "cards" in p)
    assert len(page.locator("#hand-0").inner_text().split()) == len(start.split()) - played_by_0
    accessible(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "replay")
    # the organizer corrects the game with a reason: a new version, the old one kept
    page.goto(server + f"/tournaments/{tid}/games/{games[0]['id']}")
    assert "\nplays\n" in page.locator("#c-text").input_value()
    page.fill("#c-reason", "seat 2 wrote a play twice")
    with page.expect_navigation():
        page.click("#c-text ~ .row button[type=submit]")
    expect(page.locator("main table").last).to_contain_text("seat 2 wrote a play twice")
    expect(page.locator("main table").last).to_contain_text("corrected")
    assert not page.csp_errors


def test_an_organizer_enters_a_sheet_and_the_standings_change(page, server):
    key, tid, ids = club(server)
    sign_in(page, server, key)
    shot(page, "organizer")
    page.goto(server + f"/organizer/tournaments/{tid}")
    assert page.locator("text=<script>alert(1)</script>").count() >= 1  # escaped, shown as text
    page.select_option("#s-mode", "normal")
    page.select_option("#s-emperor", "0")
    page.select_option("#s-guard", "3")
    page.check("input[name=guard_revealed]")
    for place, seat in enumerate([0, 1, 2, 3, 4]):
        page.select_option(f"#s-place{place}", str(seat))
    for seat, pid in enumerate(ids):
        page.select_option(f"#s-seat{seat}", str(pid))
    page.click("#sheet ~ form button[type=submit]")
    page.wait_for_url(re.compile(r".*stored=sheet"))
    accessible(page)
    shot(page, "manage")
    page.goto(server + f"/tournaments/{tid}")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 5
    first = rows.nth(0).locator("td").all_inner_texts()
    assert first[1] == NAMES[0] and int(first[2]) > 0  # the emperor leads
    assert sum(int(r.locator("td").nth(2).inner_text()) for r in rows.all()) == 0
    page.click("table.standings th:nth-child(3) button")  # sort by total, ascending
    assert int(rows.nth(0).locator("td").nth(2).inner_text()) < 0
    accessible(page)
    shot(page, "standings")
    # void the game with a reason: the standings go back to zero
    page.goto(server + f"/organizer/tournaments/{tid}")
    page.fill("input[name=reason]", "wrong table")
    page.once("dialog", lambda d: d.accept())  # it asks first
    with page.expect_navigation():
        page.click("text=Void this game")
    assert "is void." in page.locator("main").inner_text()
    page.goto(server + f"/tournaments/{tid}")
    assert all(int(r.locator("td").nth(2).inner_text()) == 0 for r in page.locator("table.standings tbody tr").all())
    assert not page.csp_errors


def test_a_form_without_its_csrf_token_is_refused(page, server):
    key, _, _ = club(server)
    sign_in(page, server, key)
    r = page.request.post(server + "/organizer/tournaments", form={"name": "sneaky"})
    assert r.status == 400
    assert not [t for t in api(server, "GET", "/v1/tournaments")["items"] if t["name"] == "sneaky"]
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    r = page.request.post(server + "/organizer/tournaments", form={"name": "proper", "csrf_token": token})
    assert r.status == 200 and r.url.endswith("/organizer/tournaments/" + r.url.rsplit("/", 1)[1])


def test_security_headers_and_no_secret_shown(page, server):
    key, tid, _ = club(server)
    r = page.goto(server + "/tournaments")
    h = r.headers
    assert (
        "script-src 'self'" in h["content-security-policy"] and "frame-ancestors 'none'" in h["content-security-policy"]
    )
    assert h["x-content-type-options"] == "nosniff"
    sign_in(page, server, key)
    for path in ("/organizer", f"/organizer/tournaments/{tid}", "/record"):
        page.goto(server + path)
        assert key not in page.content()
    cookie = next(c for c in page.context.cookies() if c["name"] == "baohuang_session")
    assert cookie["httpOnly"] and cookie["secure"] and key not in cookie["value"]


def test_api_documentation(page, server):
    page.goto(server + "/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=20000)
    assert page.locator(".swagger-ui .opblock").count() > 10
    shot(page, "docs")
    assert not page.csp_errors, page.csp_errors


def test_a_director_seats_rounds_enters_a_table_and_opens_a_players_page(page, server):
    key, tid, _ = club(server)
    for name in ("周敏", "吴刚", "Anna", "刘洋", "陈静", "杨帆"):  # eleven players: two tables, one sits out
        api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, key)
    sign_in(page, server, key)
    page.goto(server + f"/organizer/tournaments/{tid}")
    assert page.locator("#seat-round input[name=confirm]").count() == 0  # the first round: asked nothing
    page.click("text=Seat the next round")
    page.wait_for_url(re.compile(rf".*/organizer/tournaments/{tid}\?*#rounds"))
    page.goto(server + f"/tournaments/{tid}")
    rounds = page.locator("#rounds ~ div table").first
    assert rounds.locator("tbody tr").count() == 2
    table1 = rounds.locator("tbody tr").first.locator("td").all_inner_texts()[1:6]
    # the sheet of table 1, entered by round and table: the seating names the players
    page.goto(server + f"/organizer/tournaments/{tid}")
    page.fill("#s-round", "1")
    page.fill("#s-table", "1")
    page.select_option("#s-emperor", "0")
    page.select_option("#s-guard", "1")
    for place in range(5):
        page.select_option(f"#s-place{place}", str(place))
    page.click("#sheet ~ form button[type=submit]")
    page.wait_for_url(re.compile(r".*stored=sheet"))
    page.goto(server + f"/tournaments/{tid}")
    emperor = table1[0]
    page.locator("table.standings").get_by_role("link", name=emperor, exact=True).click()
    page.wait_for_url(re.compile(rf".*/tournaments/{tid}/players/\d+"))
    assert page.locator("h1").inner_text() == emperor
    row = page.locator("main table tbody tr").first.locator("td").all_inner_texts()
    assert row[2] == "Round 1 · Table 1 · Deal 1" and row[4] == "emperor" and int(row[6]) == int(row[7]) > 0
    accessible(page)
    shot(page, "player")
    page.goto(server + f"/tournaments/{tid}?round=1")
    assert "after round 1" in page.locator("#standings").inner_text()
    accessible(page)
    shot(page, "rounds")
    assert not page.csp_errors
