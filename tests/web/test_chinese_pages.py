"""Every page in Chinese says nothing in English: an organizer's evening (players, a round, a
sheet, a full game, a correction, a refused form) rendered page by page with ?lang=zh, and each
page's text checked for English words (cards, codes in <code>, names and numbers aside)."""

from __future__ import annotations

import html as entities
import re

from service.core import random_record
from service.core.notation import format_record
from service.web.check import EXAMPLE
from tests.i18n.messages import english_left
from tests.tournament_helpers import Club

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "陈静", "杨帆", "周敏", "吴刚", "孙丽"]


def _csrf(page: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def text_of(page: str) -> str:
    """What a reader sees: the page without scripts, code, preformatted examples and tags."""
    page = re.sub(r"<(script|style|code|pre|textarea)\b.*?</\1>", " ", page, flags=re.S)  # a textarea: what was typed
    page = re.sub(r'<a [^>]*lang="en"[^>]*>English</a>', " ", page)  # the language switch names itself
    page = re.sub(r"<[^>]+>", " ", page)
    return entities.unescape(page)


def test_every_page_of_an_evening_is_chinese(db_client):
    client = db_client
    club = Club(client, "威海俱乐部")
    r = client.post("/v1/tournaments", json={"name": "周一联赛", "deals_per_round": 2}, headers=club.auth)
    tid = r.get_json()["id"]
    ids = [
        client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth).get_json()["id"]
        for n in NAMES
    ]
    client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "guard_revealed": True, "finishing_order": [0, 1, 2, 3, 4]}
    sid = club.submit(tid, {"round": 1, "table": 1, "sheet": sheet}).get_json()["id"]
    gid = club.submit(tid, {"round": 1, "table": 2, "record": random_record(7)}).get_json()["id"]
    pid = ids[0]
    zh = {"Accept-Language": "zh-CN"}
    token = _csrf(client.get("/signin?lang=zh").get_data(as_text=True))
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    pages = {
        "/": client.get("/?lang=zh"),
        "/check": client.get("/check?lang=zh"),
        "/notation": client.get("/notation?lang=zh"),
        "/record": client.get("/record?lang=zh"),
        "/tournaments": client.get("/tournaments?lang=zh"),
        "tournament": client.get(f"/tournaments/{tid}?lang=zh"),
        "after round": client.get(f"/tournaments/{tid}?round=1&lang=zh"),
        "player": client.get(f"/tournaments/{tid}/players/{pid}?lang=zh"),
        "record game": client.get(f"/tournaments/{tid}/games/{gid}?lang=zh"),
        "sheet game": client.get(f"/tournaments/{tid}/games/{sid}?lang=zh"),
        "replay": client.get(f"/tournaments/{tid}/games/{gid}/replay?lang=zh"),
        "sheet replay": client.get(f"/tournaments/{tid}/games/{sid}/replay?lang=zh"),
        "organizer": client.get("/organizer?lang=zh"),
        "manage": client.get(f"/organizer/tournaments/{tid}?lang=zh"),
        "not found": client.get("/nowhere?lang=zh"),
    }
    token = _csrf(pages["manage"].get_data(as_text=True))
    illegal = format_record(random_record(4)).replace("plays\n", "plays\nBJ BJ BJ BJ BJ BJ\n", 1)
    pages["check example"] = client.post("/check", data={"game": EXAMPLE, "csrf_token": token}, headers=zh)
    pages["check illegal"] = client.post("/check", data={"game": illegal, "csrf_token": token}, headers=zh)
    pages["check legal"] = client.post(
        "/check", data={"game": format_record(random_record(9)), "csrf_token": token}, headers=zh
    )
    pages["check unreadable"] = client.post("/check", data={"game": "plays\n9 X\n[Y", "csrf_token": token}, headers=zh)
    pages["check empty"] = client.post("/check", data={"game": "", "csrf_token": token}, headers=zh)
    bad_sheet = {
        "round": "1",
        "table": "1",
        "mode": "normal",
        "emperor": "0",
        "place0": "0",
        "place1": "0",
        "csrf_token": token,
    }
    pages["refused sheet"] = client.post(f"/organizer/tournaments/{tid}/sheets", data=bad_sheet, headers=zh)
    pages["seat unconfirmed"] = client.post(
        f"/organizer/tournaments/{tid}/rounds", data={"csrf_token": token}, headers=zh
    )
    bad_game = {"round": "1", "table": "2", "game": illegal, "csrf_token": token}
    pages["refused game"] = client.post(f"/organizer/tournaments/{tid}/games", data=bad_game, headers=zh)
    pages["refused correction"] = client.post(
        f"/organizer/tournaments/{tid}/games/{gid}/correct",
        data={"game": "plays\n9 X", "reason": "笔误", "csrf_token": token},
        headers=zh,
    )
    rec = client.post("/record/check", json={"ruleset": "weihai", "calls": [{"seat": 0, "call": "ascend"}], "plays": [{"cards": "9"}]},
                      headers={**zh, "X-CSRFToken": token})  # fmt: skip
    found = {}
    for name, r in pages.items():
        assert r.status_code < 500, name
        left = [w for w in english_left(text_of(r.get_data(as_text=True))) if w not in ("Swagger",)]
        if left:
            found[name] = sorted(set(left))
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())
    assert not english_left(rec.get_json()["status"])
