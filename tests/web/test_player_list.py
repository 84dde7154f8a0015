"""A director pastes the evening's players, one a line: all are added in order, or none, and
the list comes back as typed with each refused line named."""

from __future__ import annotations

from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import _csrf

ZH = {"Accept-Language": "zh-CN"}


def _signed_in(client):
    club = Club(client, "威海俱乐部")
    tid = client.post("/v1/tournaments", json={"name": "周一联赛"}, headers=club.auth).get_json()["id"]
    client.post(f"/v1/tournaments/{tid}/players", json={"name": "张伟"}, headers=club.auth)
    token = _csrf(client.get("/signin?lang=zh").get_data(as_text=True))
    client.post("/signin", data={"key": club.secret, "csrf_token": token})
    token = _csrf(client.get(f"/organizer/tournaments/{tid}", headers=ZH).get_data(as_text=True))
    return tid, token


def _names(client, tid):
    return [p["name"] for p in client.get(f"/v1/tournaments/{tid}/players?limit=500").get_json()["items"]]


def test_a_pasted_list_adds_every_player_in_order(db_client):
    tid, token = _signed_in(db_client)
    pasted = "李娜\r\n王芳\n\n  赵雷  \n刘洋\n"
    r = db_client.post(f"/organizer/tournaments/{tid}/players/list", data={"csrf_token": token, "names": pasted})
    assert r.status_code == 303
    assert _names(db_client, tid) == ["张伟", "李娜", "王芳", "赵雷", "刘洋"]
    assert "已添加 4 位选手" in db_client.get(r.headers["Location"], headers=ZH).get_data(as_text=True)


def test_a_list_with_a_repeated_or_taken_name_adds_none_and_names_the_lines(db_client):
    tid, token = _signed_in(db_client)
    pasted = "李娜\n张伟\n王 小明\n王\u3000小明\n"
    r = db_client.post(
        f"/organizer/tournaments/{tid}/players/list", data={"csrf_token": token, "names": pasted}, headers=ZH
    )
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "第 2 行: " in page and "张伟" in page  # already in the tournament
    assert "第 4 行: " in page and "和第 3 行重名" in page  # the same name to a reader as line 3
    assert f">{pasted}</textarea>" in page.replace("&#12288;", "\u3000")  # what was pasted, as it was
    assert _names(db_client, tid) == ["张伟"]  # none added


def test_an_empty_list_says_what_to_paste(db_client):
    tid, token = _signed_in(db_client)
    r = db_client.post(
        f"/organizer/tournaments/{tid}/players/list", data={"csrf_token": token, "names": " \n "}, headers=ZH
    )
    assert r.status_code == 422 and "一行一个名字" in r.get_data(as_text=True)
