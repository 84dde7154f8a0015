"""The table's page and the director's round pages, without a browser: the round sheet's links
open the table's page, a deal entered and confirmed there counts, a refused entry comes back
filled, the board answers 304 while nothing changes, a closed round's link refuses, and every
one of these pages in Chinese says nothing in English."""

from __future__ import annotations

import re

from tests.i18n.messages import english_left
from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import NAMES, _csrf, text_of

ZH = {"Accept-Language": "zh-CN"}


def _evening(client):
    club = Club(client, "威海俱乐部")
    tid = client.post("/v1/tournaments", json={"name": "周一联赛", "deals_per_round": 2}, headers=club.auth).get_json()[
        "id"
    ]
    for n in NAMES:
        client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth)
    client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    token = _csrf(client.get("/signin?lang=zh").get_data(as_text=True))
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    return club, tid


def _sheet_form(entered_by, token, **extra):
    form = {
        "csrf_token": token,
        "entered_by": str(entered_by),
        "kind": "sheet",
        "mode": "normal",
        "emperor": "0",
        "guard": "1",
        **{f"place{i}": str(s) for i, s in enumerate([0, 2, 3, 1, 4])},
    }
    form.update(extra)
    return form


def test_a_table_enters_and_confirms_from_its_page(db_client):
    client = db_client
    _, tid = _evening(client)
    sheet_url = f"/organizer/tournaments/{tid}/rounds/1/sheet"
    first = client.get(sheet_url + "?lang=zh")
    assert first.status_code == 200
    token = _csrf(first.get_data(as_text=True))
    made = client.post(sheet_url, data={"csrf_token": token}, headers=ZH)
    assert made.status_code == 303 and made.headers["Location"].endswith(sheet_url)
    made = client.get(sheet_url, headers=ZH)
    page = made.get_data(as_text=True)
    assert made.status_code == 200 and page.count("<svg") == 2
    urls = re.findall(r'<p class="url"><a href="([^"]+)"', page)
    assert len(urls) == 2 and all("/table/bht_" in u for u in urls)
    path = urls[0].replace("http://localhost", "")
    # showing (reloading, reprinting) the sheet again ends nothing: the same codes, still working
    again_sheet = client.get(sheet_url, headers=ZH).get_data(as_text=True)
    assert re.findall(r'<p class="url"><a href="([^"]+)"', again_sheet) == urls
    assert client.get(path, headers=ZH).status_code == 200

    table = client.get(path, headers=ZH)
    html = table.get_data(as_text=True)
    assert (table.status_code == 200 and "第 1 桌" in html) or "1 桌" in html
    ids = [int(x) for x in re.findall(r'name="entered_by" value="(\d+)"', html)]
    assert len(ids) == 5
    # every form of the page carries its CSRF token: without it, nothing is stored
    forged = {k: v for k, v in _sheet_form(ids[0], token).items() if k != "csrf_token"}
    assert client.post(f"{path}/deals", data=forged, headers=ZH).status_code == 400
    # a refused entry comes back filled, the problem beside its field, in Chinese
    bad = client.post(
        f"{path}/deals", data=_sheet_form(ids[0], token, kicked_by="2", place1="1", place3="2", place2="3"), headers=ZH
    )
    assert bad.status_code == 422
    body = bad.get_data(as_text=True)
    assert f'value="{ids[0]}" checked' in body and "field-error" in body
    ok = client.post(f"{path}/deals", data=_sheet_form(ids[0], token, nonce="n-1"), headers=ZH)
    assert ok.status_code == 303
    again = client.post(f"{path}/deals", data=_sheet_form(ids[0], token, nonce="n-1"), headers=ZH)
    assert again.status_code == 303  # the same nonce: the same entry, not a second deal
    pending = client.get(path, headers=ZH).get_data(as_text=True)
    assert pending.count('data-state="pending"') == 1 and pending.count('data-state="missing"') == 1
    confirm_forms = re.findall(
        r'/deals/1/confirm".*?name="player" value="(\d+)">\s*<input type="hidden" name="entry" value="(\d+)"',
        pending,
        re.S,
    )
    confirmers = [int(p) for p, _ in confirm_forms]
    shown_entry = confirm_forms[0][1]
    assert sorted(confirmers) == sorted(ids[2:])  # the rebels confirm what the emperor entered
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0
    done = client.post(
        f"{path}/deals/1/confirm",
        data={"csrf_token": token, "player": str(confirmers[0]), "entry": shown_entry},
        headers=ZH,
    )
    assert done.status_code == 303
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 1

    board_url = f"/organizer/tournaments/{tid}/rounds/1/board"
    board = client.get(board_url, headers=ZH)
    assert board.status_code == 200 and 'data-state="confirmed"' in board.get_data(as_text=True)
    assert client.get(board_url, headers={**ZH, "If-None-Match": board.headers["ETag"]}).status_code == 304
    pages = {"sheet": first, "sheet made": made, "table": table, "refused": bad, "board": board}
    pages["table pending"] = client.get(urls[1].replace("http://localhost", ""), headers=ZH)
    closed = client.post(f"/organizer/tournaments/{tid}/rounds/1/close", data={"csrf_token": token}, headers=ZH)
    assert closed.status_code == 303
    pages["closed link"] = client.get(path, headers=ZH)
    assert pages["closed link"].status_code == 410 and pages["closed link"].mimetype == "text/html"
    assert client.get("/table/bht_unknown", headers=ZH).status_code == 404
    found = {}
    for name, r in pages.items():
        left = english_left(text_of(r.get_data(as_text=True)))
        if left:
            found[name] = sorted(set(left))
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_a_stale_confirmation_shows_the_new_version_and_stores_nothing(db_client):
    """张伟 enters deal 1; 黄磊 (the other side) opens the page; 李娜 (张伟's side) enters deal 1
    again, replacing it; 黄磊 taps 我确认 on the page he saw: refused, shown the new version."""
    client = db_client
    club, tid = _evening(client)
    made = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()
    link = made["links"][0]
    path = link["path"]
    token = _csrf(client.get(path, headers=ZH).get_data(as_text=True))
    seats = [p["player_id"] for p in link["players"]]
    assert client.post(f"{path}/deals", data=_sheet_form(seats[0], token, deal="1"), headers=ZH).status_code == 303
    seen = client.get(path, headers=ZH).get_data(as_text=True)
    shown = re.search(r'/deals/1/confirm".*?name="entry" value="(\d+)"', seen, re.S).group(1)
    # 李娜 re-enters deal 1: asked first, then replacing with the box ticked
    changed = {f"place{i}": str(s) for i, s in enumerate([2, 3, 4, 0, 1])}  # the emperor 末游 now
    asked = client.post(f"{path}/deals", data=_sheet_form(seats[1], token, deal="1", **changed), headers=ZH)
    assert asked.status_code == 409 and 'name="replace"' in asked.get_data(as_text=True)
    again = _sheet_form(seats[1], token, deal="1", replace="on", **changed)
    assert client.post(f"{path}/deals", data=again, headers=ZH).status_code == 303
    stale = client.post(
        f"{path}/deals/1/confirm", data={"csrf_token": token, "player": str(seats[2]), "entry": shown}, headers=ZH
    )
    # a stale page: back to the table's page (a reload posts nothing again), the change in words
    assert stale.status_code == 303 and stale.headers["Location"].endswith("#deal-1")
    page = client.get(stale.headers["Location"], headers=ZH).get_data(as_text=True)
    assert "第 1 局在这个页面显示之后有了变化" in page and "重新录入" in page
    assert f'name="entry" value="{shown}"' not in page  # the page shows the version now waiting
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0
    assert not english_left(text_of(page)), english_left(text_of(page))


def test_the_board_names_the_deals_left_before_closing(db_client):
    client = db_client
    club, tid = _evening(client)
    made = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()
    link = made["links"][0]
    token = _csrf(client.get(link["path"], headers=ZH).get_data(as_text=True))
    seats = [p["player_id"] for p in link["players"]]
    client.post(f"{link['path']}/deals", data=_sheet_form(seats[0], token, deal="2"), headers=ZH)
    board = client.get(f"/organizer/tournaments/{tid}/rounds/1/board", headers=ZH).get_data(as_text=True)
    assert "尚未确认" in board and "待确认：第 1 桌第 2 局" in board and "第 1 桌第 1 局" in board
