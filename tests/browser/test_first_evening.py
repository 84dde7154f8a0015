"""A first real club evening in Chromium, the way the README's "A club evening" says: the service
started with ``baohuang serve --lan`` (its data in a data directory of its own), the director on a
phone at 390×844, and every table's phone (360×740) on the club's network — a network namespace of
its own, joined to this machine by a veth pair — opening the link its table's QR code holds,
through this machine's non-loopback address. Three rounds of four deals at two tables, twelve
players: each deal entered by one side and confirmed by the other on a second phone. Every page
visited is Chinese, nothing scrolls sideways, and every total is the referee's.

Beside it, each finding of that evening that only a browser shows: printed standings keep their
headings, no error before input, the board's summary and close dialog follow its cells, the manage
page fits a phone, a refusal scrolls to the box it asks for."""

from __future__ import annotations

import ipaddress
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.core.sheets import read_sheet, score
from tests.browser.conftest import CHROMIUM, api, shot
from tests.browser.test_phone_fit import _phone
from tests.browser.test_table_entry import _decode_qr
from tests.i18n.messages import english_left
from tests.system.test_deploy import free_port, wait_ready
from tests.web.test_chinese_pages import text_of

PLAYERS = [
    "张伟",
    "李娜",
    "王芳",
    "赵雷",
    "刘洋",
    "陈静",
    "杨帆",
    "周敏",
    "吴刚",
    "孙丽",
    "郑浩",
    "Bartholomew-Featherstone",
]
DEALS, ROUNDS, BYE = 4, 3, 2


def _read_as_a_person(page: Any) -> None:
    """The page in Chinese, and as wide as the phone."""
    text = text_of(page.content())
    for name in PLAYERS:  # the names people have are theirs
        text = text.replace(name, " ")
    left = english_left(text)
    assert not left, (page.url, sorted(set(left)))
    wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{page.url} is {wide}px wider than the phone"


def _no_error_shown(page: Any) -> None:
    shown = page.locator(".field-error:visible, .verdict.bad:visible")
    assert shown.count() == 0, (page.url, shown.all_inner_texts())


# --- the club's network: a phone of its own ------------------------------------------------------


@pytest.fixture(scope="module")
def phone_chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A Chromium that runs on another host of the club's Wi-Fi: a network namespace with a veth
    pair to this machine, its default route through it (so this machine's own network address
    is reached as a phone reaches it, from another address)."""
    if os.geteuid() != 0 or not shutil.which("ip"):
        if os.environ.get("CI"):
            pytest.fail("a phone's network namespace needs root and iproute2")
        pytest.skip("a phone's network namespace needs root and iproute2")
    n = os.getpid() % 60000
    ns, host, phone = f"bhphone{n}", f"bhh{n}", f"bhp{n}"
    net = ipaddress.ip_network(f"10.{200 + n % 50}.{n % 250}.0/30")
    near, far = (str(a) for a in net.hosts())

    def run(*args: str) -> None:
        subprocess.run(args, check=True, capture_output=True)

    try:
        run("ip", "netns", "add", ns)
        run("ip", "link", "add", host, "type", "veth", "peer", "name", phone)
        run("ip", "link", "set", phone, "netns", ns)
        run("ip", "addr", "add", f"{near}/30", "dev", host)
        run("ip", "link", "set", host, "up")
        run("ip", "netns", "exec", ns, "ip", "addr", "add", f"{far}/30", "dev", phone)
        run("ip", "netns", "exec", ns, "ip", "link", "set", phone, "up")
        run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up")
        run("ip", "netns", "exec", ns, "ip", "route", "add", "default", "via", near)
        wrapper = tmp_path_factory.mktemp("phone") / "chromium-on-the-wifi"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {ns} {CHROMIUM} "$@"\n')
        wrapper.chmod(0o755)
        yield wrapper
    finally:
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        subprocess.run(["ip", "link", "del", host], capture_output=True)


@pytest.fixture(scope="module")
def lan_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, int]]:
    """``baohuang serve --lan`` as the README says (a free port instead of 8000), its data in a
    data directory: the URL it says to open, the database it names, and its port."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no browser at {CHROMIUM}")
    tmp = tmp_path_factory.mktemp("evening")
    port = free_port()
    command = Path(sys.executable).with_name("baohuang")
    env = dict(
        os.environ,
        BAOHUANG_DATA_DIR=str(tmp / "data"),
        BAOHUANG_SECRET_KEY="first-evening",
        BAOHUANG_RATE_LIMIT_PER_MINUTE="100000",
        PROMETHEUS_MULTIPROC_DIR=str(tmp / "metrics"),
    )
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen(
        [str(command), "serve", "--lan", "--port", str(port), "--workers", "2"],
        cwd=tmp,
        env=env,
        stdout=subprocess.PIPE,
        stderr=(tmp / "serve.log").open("w"),  # the service's log, beside its data, for a failure
        text=True,
    )
    try:
        database = proc.stdout.readline()
        said = proc.stdout.readline()
        # the rest of what it prints (a line a request) read on, or the service would wait on a full pipe
        threading.Thread(
            target=shutil.copyfileobj, args=(proc.stdout, (tmp / "out.log").open("w")), daemon=True
        ).start()
        wait_ready(port, proc)
        url = re.search(r"open (http://\S+?)/? on the phones", said)
        assert url, said
        yield url.group(1), database, port
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def _organizer(data_dir: str) -> str:
    made = subprocess.run(
        [str(Path(sys.executable).with_name("baohuang")), "organizers", "create", "威海俱乐部"],
        env=dict(os.environ, BAOHUANG_DATA_DIR=data_dir),
        capture_output=True,
        text=True,
        check=True,
    )
    return made.stdout.splitlines()[1].strip()


# --- one deal at a table: one side enters it, the other confirms it --------------------------------


def _a_deal(rng: random.Random) -> dict[str, Any]:
    order = list(range(5))
    rng.shuffle(order)
    emperor = rng.randrange(5)
    guard = rng.choice([s for s in range(5) if s != emperor])
    return {
        "mode": "normal",
        "emperor": emperor,
        "guard": guard,
        "finishing_order": order,
        "guard_revealed": rng.random() < 0.3,
    }


def _enter(page: Any, url: str, deal: int, sheet: dict[str, Any], players: list[int]) -> None:
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_load_state("networkidle")
    _no_error_shown(page)  # nothing red before anyone touches it
    assert "得分" in page.locator("#tap-preview").inner_text()  # a hint instead
    _read_as_a_person(page)
    page.check(f"input[name=entered_by][value='{players[sheet['emperor']]}']")
    page.select_option("#t-deal", str(deal))
    if not page.locator("details.sheet-selects").evaluate("d => d.open"):
        page.click("details.sheet-selects > summary")  # the drop-downs, under the names to tap
    page.select_option("#t-emperor", str(sheet["emperor"]))
    page.select_option("#t-guard", str(sheet["guard"]))
    for place, seat in enumerate(sheet["finishing_order"]):
        page.select_option(f"#t-place{place}", str(seat))
    if sheet["guard_revealed"]:
        page.check("input[name=guard_revealed]")
    with page.expect_navigation():
        page.click("form[data-draft-form] button[type=submit]")
    assert page.locator(f"#deal-{deal}[data-state=pending]").count() == 1, page.locator("main").inner_text()[:600]
    _no_error_shown(page)


def _confirm(page: Any, url: str, deal: int) -> None:
    page.goto("about:blank")  # the phone opens the link again (not only a jump within the page it shows)
    page.goto(url + f"#deal-{deal}")
    with page.expect_navigation():
        page.locator(f"form[action$='/deals/{deal}/confirm'] button[type=submit]").first.click()
    _read_as_a_person(page)


def _answer_yes(page: Any) -> list[str]:
    """The next question the page asks (window.confirm) answered yes; its words kept."""
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", answer)
    return asked


# --- the evening -------------------------------------------------------------------------------------


def test_a_first_evening_served_to_the_phones_on_the_club_network(browser, lan_service, phone_chromium, tmp_path):
    url, database, _port = lan_service
    address = ipaddress.ip_address(re.match(r"http://([^:/]+)", url).group(1))
    assert not address.is_loopback, f"serve --lan offers {url}: no phone can open it"
    data_dir = re.search(r"sqlite:///(.+)/baohuang.sqlite3", database).group(1)
    key = _organizer(data_dir)
    rng = random.Random(42)
    expected: Counter[int] = Counter()
    # the director's browser on this machine; the tables' phones on the Wi-Fi
    phones = browser.browser_type.launch(executable_path=str(phone_chromium), args=["--no-sandbox"])
    try:
        director_ctx, director = _phone(browser, 390, 844)
        director.goto(url + "/signin?lang=zh")
        director.fill("#key", key)
        with director.expect_navigation():
            director.click("main button[type=submit]")
        director.fill("#t-name", "周五晚上")
        director.fill("#t-deals", str(DEALS))
        director.fill("#t-bye", str(BYE))
        with director.expect_navigation():
            director.click("form[action$='/organizer/tournaments'] button[type=submit]")
        tid = int(re.search(r"/organizer/tournaments/(\d+)", director.url).group(1))
        for name in PLAYERS:
            director.fill("#new-player", name)
            with director.expect_navigation():
                director.click("form[action$='/players'] button[type=submit]")
        ids = {x["name"]: x["id"] for x in api(url, "GET", f"/v1/tournaments/{tid}/players?limit=100")["items"]}
        for number in range(1, ROUNDS + 1):
            director.goto(url + f"/organizer/tournaments/{tid}")
            with director.expect_navigation():
                director.click("#seat-round button[type=submit]")
            _read_as_a_person(director)
            director.goto(url + f"/organizer/tournaments/{tid}/rounds/{number}/sheet")
            with director.expect_navigation():
                director.click("form[action$='/sheet'] button[type=submit]")
            _read_as_a_person(director)
            assert director.locator("#nearby[data-nearby=network]").count() == 1  # the links reach phones
            printed = director.locator("p.url a").all_inner_texts()
            # each table's phone scans its table's code: the link it opens is the code's
            links = [_decode_qr(director, f".table-card[data-table='{n}'] .qr", tmp_path) for n in (1, 2)]
            assert links == printed and all(x.startswith(url + "/table/") for x in links), (links, printed)
            seating = api(url, "GET", f"/v1/tournaments/{tid}/rounds/{number}")
            for x in seating["sitting_out"]:
                expected[x["player_id"]] += BYE
            for table, link in zip(seating["tables"], links, strict=True):
                players = [s["player_id"] for s in sorted(table["seats"], key=lambda s: s["seat"])]
                ctx_a, phone_a = _phone(phones, 360, 740)
                ctx_b, phone_b = _phone(phones, 360, 740)
                try:
                    for deal in range(1, DEALS + 1):
                        sheet = _a_deal(rng)
                        _enter(phone_a, link, deal, sheet, players)
                        _confirm(phone_b, link, deal)
                        rs, facts = read_sheet({**sheet, "ruleset": "weihai"})
                        for seat, points in enumerate(score(facts, rs).scores):
                            expected[players[seat]] += points
                    phone_a.goto("about:blank")
                    phone_a.goto(link)
                    assert phone_a.locator("#enter h2").inner_text() == "本桌已完成"
                    assert phone_a.locator("form[data-draft-form]").count() == 0
                    _no_error_shown(phone_a)
                    _read_as_a_person(phone_a)
                    if number == 1 and table["table"] == 1:
                        shot(phone_a, "evening-table-finished")
                finally:
                    ctx_a.close()
                    ctx_b.close()
            # the board: every cell confirmed, nothing said to be left, the close asked plainly
            director.goto(url + f"/organizer/tournaments/{tid}/rounds/{number}/board")
            _read_as_a_person(director)
            assert director.locator("#board-left").count() == 0
            asked = _answer_yes(director)
            with director.expect_navigation():
                director.click("form[action$='/close'] button[type=submit]")
            assert asked and "尚未确认" not in asked[0], asked
            director.goto(url + f"/tournaments/{tid}")
            _read_as_a_person(director)
            rows = director.locator("table.standings tbody tr")
            shown = {r.locator("td").nth(1).inner_text(): int(r.locator("td").nth(2).inner_text()) for r in rows.all()}
            assert shown == {name: expected[i] for name, i in ids.items()}, (shown, expected)
            assert sum(shown.values()) == BYE * len(seating["sitting_out"]) * number
        shot(director, "evening-standings-final")
        for name, i in ids.items():
            director.goto(url + f"/tournaments/{tid}/players/{i}")
            _read_as_a_person(director)
            running = director.locator("td.num strong").all_inner_texts()
            assert int(running[-1]) == expected[i], name
        director_ctx.close()
    finally:
        phones.close()


# --- each finding a browser shows, on the service the other browser tests share (loopback) ----------


def _club(server: str, players: list[str] = PLAYERS[:10], deals: int = 2) -> tuple[str, int, dict[str, Any]]:
    """A club with a tournament of ``players``, round 1 seated and its table links made: the key,
    the tournament and the links (as the API gives them)."""
    key = api(server, "POST", "/v1/organizers", {"name": "威海俱乐部"})["key"]["secret"]
    tid = api(server, "POST", "/v1/tournaments", {"name": "周五晚上", "deals_per_round": deals}, key)["id"]
    for name in players:
        api(server, "POST", f"/v1/tournaments/{tid}/players", {"name": name}, key)
    api(server, "POST", f"/v1/tournaments/{tid}/rounds", None, key)
    links = api(server, "POST", f"/v1/tournaments/{tid}/rounds/1/table-links", None, key)
    return key, tid, links


def _table_api(server: str, tid: int, link: dict[str, Any], body: dict[str, Any]) -> Any:
    """A deal entered by the table's own token, as an app at the table would."""
    import json
    import urllib.request

    where = f"{server}/v1/tournaments/{tid}/rounds/1/tables/{link['table']}/deals"
    req = urllib.request.Request(where, data=json.dumps(body).encode(), method="POST")
    req.add_header("Content-Type", "application/json")
    req.add_header("X-Table-Token", link["token"])
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def _signed_in(browser: Any, server: str, key: str, width: int = 390, height: int = 844) -> tuple[Any, Any]:
    context, page = _phone(browser, width, height)
    page.goto(server + "/signin?lang=zh")
    page.fill("#key", key)
    with page.expect_navigation():
        page.click("main button[type=submit]")
    return context, page


SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}


def test_the_boards_summary_and_close_dialog_follow_its_cells(browser, server):
    key, tid, links = _club(server)
    link = links["links"][0]
    context, page = _signed_in(browser, server, key)
    try:
        page.goto(server + f"/organizer/tournaments/{tid}/rounds/1/board")
        assert "第 1 桌第 1 局" in page.locator("#board-left").inner_text()
        players = [p["player_id"] for p in link["players"]]
        _table_api(server, tid, link, {"entered_by": players[0], "deal": 1, "sheet": SHEET})
        # within a poll or two the cell, the line and the dialog all say: pending, not missing
        page.wait_for_function(
            "() => document.querySelector('#board-left').textContent.includes('待确认：第 1 桌第 1 局')", timeout=15000
        )
        dialog = page.locator("form[action$='/close']").get_attribute("data-confirm")
        assert "待确认：第 1 桌第 1 局" in dialog and "未录入：第 1 桌第 1 局" not in dialog, dialog
        shot(page, "board-live")
        asked = _answer_yes(page)
        with page.expect_navigation():
            page.click("form[action$='/close'] button[type=submit]")
        assert asked == [dialog]
        assert api(server, "GET", f"/v1/tournaments/{tid}/rounds/1/board", key=key)["closed_at"]
        # closed too soon: opened again from the board
        asked = _answer_yes(page)
        with page.expect_navigation():
            page.click("form[action$='/reopen'] button[type=submit]")
        assert asked and api(server, "GET", f"/v1/tournaments/{tid}/rounds/1/board", key=key)["closed_at"] is None
        _read_as_a_person(page)
    finally:
        context.close()


def test_printed_standings_keep_their_headings(browser, server):
    _key, tid, links = _club(server)
    link = links["links"][0]
    players = [p["player_id"] for p in link["players"]]
    _table_api(server, tid, link, {"entered_by": players[0], "deal": 1, "sheet": SHEET})
    context, page = _phone(browser, 390, 844)
    try:
        page.goto(server + f"/tournaments/{tid}")
        on_screen = page.locator("table.standings thead th").all_inner_texts()
        assert all(on_screen) and page.locator("table.standings thead th button").count() == len(on_screen)
        page.emulate_media(media="print")
        printed = page.locator("table.standings thead th")
        assert printed.all_inner_texts() == on_screen
        for i in range(printed.count()):
            box = printed.nth(i).locator("button").bounding_box()
            assert box and box["width"] > 0 and box["height"] > 0, on_screen[i]
    finally:
        context.close()


def test_nothing_red_before_input_and_a_refusal_scrolls_to_its_box(browser, server):
    _, _, links = _club(server)
    link = links["links"][0]
    url = server + link["path"]
    context, page = _phone(browser, 360, 740)
    try:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        _no_error_shown(page)
        sheet = {**SHEET, "guard_revealed": False}
        players = [p["player_id"] for p in link["players"]]
        _enter(page, url, 1, sheet, players)
        # deal 2 the same as deal 1, a moment later: asked first, the box in view and ready
        page.goto("about:blank")
        page.goto(url)
        page.check(f"input[name=entered_by][value='{players[0]}']")
        if not page.locator("details.sheet-selects").evaluate("d => d.open"):
            page.click("details.sheet-selects > summary")
        page.select_option("#t-deal", "2")
        page.select_option("#t-emperor", "0")
        page.select_option("#t-guard", "1")
        for place, seat in enumerate(SHEET["finishing_order"]):
            page.select_option(f"#t-place{place}", str(seat))
        with page.expect_navigation():
            page.click("form[data-draft-form] button[type=submit]")
        box = page.locator("input[name=repeat]")
        assert page.evaluate("() => document.activeElement.name") == "repeat"
        top = box.bounding_box()["y"]
        assert 0 <= top <= 740, top
        said = page.locator("#err-repeat").inner_text()
        label = box.locator("xpath=..").inner_text().strip()
        assert f"“{label}”" in said and "刚刚" in said, said
        _read_as_a_person(page)
        shot(page, "table-asked")
    finally:
        context.close()


def test_the_manage_page_fits_a_phone(browser, server):
    names = [*PLAYERS[:9], "Maximilianus-Featherstone"]
    key, tid, links = _club(server, names)
    for link in links["links"]:
        players = [p["player_id"] for p in link["players"]]
        _table_api(server, tid, link, {"entered_by": players[0], "deal": 1, "sheet": SHEET})
    for width, height in ((360, 740), (390, 844)):
        context, page = _signed_in(browser, server, key, width, height)
        try:
            page.goto(server + f"/organizer/tournaments/{tid}")
            wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
            assert wide <= 1, f"the manage page is {wide}px wider than a {width}px phone"
            if width == 360:
                shot(page, "manage-phone")
        finally:
            context.close()
