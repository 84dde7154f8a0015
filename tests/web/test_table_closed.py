"""A table's form sent after its round was closed comes back with what was typed (the sheet in
words, with the players' names; a typed game as its text) and what to do with it: 410, not a
bare error page. Nothing is stored."""

from __future__ import annotations

import re

from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import _csrf

ZH = {"Accept-Language": "zh-CN"}
NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋"]


def _closed_table(client):
    club = Club(client, "威海俱乐部")
    tid = client.post("/v1/tournaments", json={"name": "周一联赛"}, headers=club.auth).get_json()["id"]
    for n in NAMES:
        client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth)
    client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    links = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()
    path = links["links"][0]["url"].split("localhost")[-1]
    page = client.get(path, headers=ZH).get_data(as_text=True)
    token = _csrf(page)
    seats = {
        int(s) - 1: n for s, n in re.findall(r"<li>(?:<a [^>]*>)?(\d)号位 · ([^<]+)(?:</a>)?</li>", page)
    }  # 1号位 is seat 0
    ids = [int(x) for x in re.findall(r'name="entered_by" value="(\d+)"', page)]
    assert client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=club.auth).status_code == 200
    return tid, path, token, seats, ids


def test_a_sheet_sent_after_the_round_closed_comes_back_in_words(db_client):
    client = db_client
    tid, path, token, seats, ids = _closed_table(client)
    form = {
        "csrf_token": token,
        "entered_by": str(ids[3]),
        "kind": "sheet",
        "deal": "1",
        "mode": "normal",
        "emperor": "0",
        "guard": "2",
        "rebel3": "on",
        "guard_revealed": "on",
        **{f"place{i}": str(s) for i, s in enumerate([2, 0, 4, 1, 3])},
    }
    r = client.post(f"{path}/deals", data=form, headers=ZH)
    assert r.status_code == 410 and r.mimetype == "text/html"
    page = r.get_data(as_text=True)
    assert "第 1 轮已结束" in page
    kept = re.search(r'<section id="typed".*?</section>', page, re.S).group(0)
    assert seats[3] in kept  # who entered it
    assert f"皇帝：{seats[0]}" in kept and f"保子：{seats[2]}" in kept and "明保" in kept
    assert f"造反：{seats[3]}" in kept
    order = "、".join(seats[s] for s in [2, 0, 4, 1, 3])
    assert f"名次：{order}" in kept
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0


def test_a_typed_game_sent_after_the_round_closed_comes_back_whole(db_client):
    client = db_client
    _, path, token, _seats, ids = _closed_table(client)
    typed = '[Ruleset "weihai"]\n\nplays\n0: BJ, -, -, -, -\n'
    form = {"csrf_token": token, "entered_by": str(ids[0]), "kind": "game", "deal": "1", "game": typed}
    r = client.post(f"{path}/deals", data=form, headers=ZH)
    assert r.status_code == 410
    page = r.get_data(as_text=True)
    box = re.search(r"<textarea[^>]*readonly[^>]*>(.*?)</textarea>", page, re.S)
    assert box and box.group(1).replace("&#34;", '"') == typed
