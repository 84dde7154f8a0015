"""Every page and every form error, in Chinese, says nothing in English: a club evening from
sign-in to a season, pages of every kind (the table's page, the round sheet and board, games
entered at the table and chosen by the director, a member, a season, the charts) and every form
sent wrong. Only the names people typed and the card notation may be in Latin letters; nothing
else is set aside (no field names, no codes, no quoted values: a reader reads them)."""

from __future__ import annotations

import re

from service.core import random_record
from service.core.notation import format_record
from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import _csrf, text_of

ZH = {"Accept-Language": "zh-CN", "Accept": "text/html"}
NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "陈静", "杨帆", "周敏", "吴刚", "孙丽", "王 小明", "Ada Lovelace"]

# Card notation (9S, 10, BJ, K*), and a few abbreviations a Chinese text uses as they are.
_CARD = r"(?<![A-Za-z])(?:10|[2-9TJQKA]|SJ|BJ)[SHDC]?\*?(?![A-Za-z])"
_KEPT = r"\b(?:JSON|API|CSV|QR|URL|SVG|IANA|KK)\b"  # KK: a ruleset's own name
_URL = r"https?://\S+"  # links printed for people to follow
_HEADER = r'\[[A-Za-z]+\d* "[^"]*"\]'  # a notation header, [Seat0 "张伟"]
_SETTING = r"\bBAOHUANG_[A-Z_]+\b"  # the name of a setting the operator sets
_ZONE = r"\b(?:Asia|Europe|America|Africa|Australia|Pacific)/[A-Za-z_]+\b"  # an IANA zone's name
_NOT_WORDS = re.compile(f"{_URL}|{_HEADER}|{_SETTING}|{_ZONE}|{_CARD}|{_KEPT}")
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_in(text: str, names: list[str]) -> list[str]:
    """The Latin-letter words left in ``text`` once the names and card notation are set aside."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return _WORD.findall(_NOT_WORDS.sub(" ", text))


def _svg_text(svg: str) -> str:
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg))


def _sheet(entered_by: int, token: str, **extra: str) -> dict[str, str]:
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


def test_every_page_and_every_form_error_is_chinese(db_client):
    client = db_client
    club = Club(client, "威海俱乐部")
    oid = club.organizer["id"]
    tid = client.post(
        "/v1/tournaments", json={"name": "周一联赛", "deals_per_round": 2, "bye_points": 1}, headers=club.auth
    ).get_json()["id"]
    ids = [
        client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth).get_json()["id"]
        for n in NAMES
    ]
    client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    token = _csrf(client.get("/signin?lang=zh").get_data(as_text=True))
    pages: dict[str, object] = {"signin refused": client.post("/signin", data={"key": "bh_wrong", "csrf_token": token})}
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    sheet_url = f"/organizer/tournaments/{tid}/rounds/1/sheet"
    token = _csrf(client.get(sheet_url, headers=ZH).get_data(as_text=True))
    assert client.post(sheet_url, data={"csrf_token": token}, headers=ZH).status_code == 303
    paths = [
        u.split("localhost")[-1]
        for u in re.findall(
            r'<p class="url"><a href="([^"]+)"', client.get(sheet_url, headers=ZH).get_data(as_text=True)
        )
    ]
    table = client.get(paths[0], headers=ZH).get_data(as_text=True)
    seats = [int(x) for x in re.findall(r'name="entered_by" value="(\d+)"', table)]
    # deal 1 at table 1: entered by the emperor, confirmed by a rebel
    assert client.post(f"{paths[0]}/deals", data=_sheet(seats[0], token, deal="1"), headers=ZH).status_code == 303
    entry = re.search(
        r'/deals/1/confirm".*?name="entry" value="(\d+)"', client.get(paths[0], headers=ZH).get_data(as_text=True), re.S
    ).group(1)
    done = {"csrf_token": token, "player": str(seats[2]), "entry": entry}
    assert client.post(f"{paths[0]}/deals/1/confirm", data=done, headers=ZH).status_code == 303
    # deal 2: the two sides differ, the director chooses
    first = {f"place{i}": str(s) for i, s in enumerate([1, 0, 2, 3, 4])}
    assert (
        client.post(f"{paths[0]}/deals", data=_sheet(seats[0], token, deal="2", **first), headers=ZH).status_code == 303
    )
    other = {f"place{i}": str(s) for i, s in enumerate([2, 3, 4, 0, 1])}
    assert (
        client.post(f"{paths[0]}/deals", data=_sheet(seats[3], token, deal="2", **other), headers=ZH).status_code == 303
    )
    board_url = f"/organizer/tournaments/{tid}/rounds/1/board"
    pages["board disputed"] = client.get(board_url, headers=ZH)
    chosen = re.search(r'name="entry" value="(\d+)"', pages["board disputed"].get_data(as_text=True)).group(1)
    resolve = {"csrf_token": token, "table": "1", "deal": "2", "entry": chosen}
    assert client.post(f"/organizer/tournaments/{tid}/rounds/1/resolve", data=resolve, headers=ZH).status_code == 303
    # table 2, deal 1: entered by the director
    director = {
        "csrf_token": token,
        "round": "1",
        "table": "2",
        "deal": "1",
        "mode": "hidden_solo",
        "emperor": "0",
        "guard": "0",
    }
    director.update({f"place{i}": str(s) for i, s in enumerate([0, 1, 2, 3, 4])})
    assert client.post(f"/organizer/tournaments/{tid}/sheets", data=director, headers=ZH).status_code in (302, 303)
    record = client.post(
        f"/v1/tournaments/{tid}/games", json={"players": ids[:5], "record": random_record(7)}, headers=club.auth
    ).get_json()["id"]
    games = [g["id"] for g in client.get(f"/v1/tournaments/{tid}/games").get_json()["items"]]
    assert len(games) == 4
    member = client.get(f"/v1/tournaments/{tid}/players/{ids[0]}").get_json()["member_id"]
    season = client.post(
        f"/v1/organizers/{oid}/seasons",
        json={"name": "冬季", "counting": "all", "tournaments": [tid]},
        headers=club.auth,
    ).get_json()["id"]

    gets = {
        "home": "/",
        "signup": "/signup",
        "signin": "/signin",
        "check": "/check",
        "notation": "/notation",
        "record": "/record",
        "tournaments": "/tournaments",
        "tournament": f"/tournaments/{tid}",
        "after round": f"/tournaments/{tid}?round=1",
        "player": f"/tournaments/{tid}/players/{ids[0]}",
        "organizer": "/organizer",
        "keys": "/organizer/keys",
        "manage": f"/organizer/tournaments/{tid}",
        "round sheet": sheet_url,
        "board": board_url,
        "table": paths[0],
        "table 2": paths[1],
        "members": f"/clubs/{oid}/members",
        "member": f"/clubs/{oid}/members/{member}",
        "season": f"/clubs/{oid}/seasons/{season}",
        "not found": "/nowhere",
        "unknown table": "/table/bht_unknown",
    }
    gets.update({f"game {g}": f"/tournaments/{tid}/games/{g}" for g in games})
    gets.update({f"replay {g}": f"/tournaments/{tid}/games/{g}/replay" for g in games})
    for name, url in gets.items():
        pages[name] = client.get(url, headers=ZH)
    charts = {
        f"chart {c}": f"/clubs/{oid}/members/{member}/charts/{c}.svg"
        for c in ("score", "rating", "roles", "partners", "opponents")
    }
    charts["chart leaders"] = f"/clubs/{oid}/seasons/{season}/charts/leaders.svg"

    illegal = format_record(random_record(4)).replace("plays\n", "plays\nBJ BJ BJ BJ BJ BJ\n", 1)
    m = f"/organizer/tournaments/{tid}"
    forms = {
        "table: not a player of the table": (f"{paths[1]}/deals", _sheet(seats[0], token)),
        "table: emperor holds the guard card": (
            f"{paths[1]}/deals",
            _sheet(seats[0], token) | {"emperor": "1", "guard": "1", "entered_by": ""},
        ),
        "table: places twice": (f"{paths[0]}/deals", _sheet(seats[0], token) | {"place1": "0"}),
        "table: a typed game": (f"{paths[0]}/deals", _sheet(seats[0], token) | {"kind": "game", "game": illegal}),
        "table: confirm by nobody": (f"{paths[1]}/deals/1/confirm", {"csrf_token": token, "player": "x", "entry": "y"}),
        "add a player twice": (f"{m}/players", {"csrf_token": token, "name": "王\u3000小明"}),
        "add no name": (f"{m}/players", {"csrf_token": token, "name": " "}),
        "rename to another's": (f"{m}/players/{ids[1]}", {"csrf_token": token, "name": "Ada  lovelace"}),
        "sheet: hidden solo as normal": (
            f"{m}/sheets",
            director | {"mode": "normal", "round": "", "table": "", "deal": "", "seat0": str(ids[0])},
        ),
        "sheet: round out of range": (f"{m}/sheets", director | {"round": "0", "deal": "9"}),
        "game: illegal": (
            f"{m}/games",
            {"csrf_token": token, "round": "1", "table": "2", "deal": "2", "game": illegal},
        ),
        "game: unreadable": (f"{m}/games", {"csrf_token": token, "game": "plays\n9 X\n[Y"}),
        "correct: unreadable": (
            f"{m}/games/{record}/correct",
            {"csrf_token": token, "game": "plays\n9 X", "reason": "笔误"},
        ),
        "correct sheet: wrong": (f"{m}/games/{games[0]}/correct-sheet", director | {"reason": "", "emperor": "9"}),
        "void: no reason": (f"{m}/games/{record}/void", {"csrf_token": token, "reason": ""}),
        "tournament: wrong numbers": (
            "/organizer/tournaments",
            {"csrf_token": token, "name": "", "deals_per_round": "x", "bye_points": "-1", "opt-pass_rule": "nonsense"},
        ),
        "season: nothing in it": (
            "/organizer/seasons",
            {"csrf_token": token, "season_name": "", "counting": "best", "best": "x"},
        ),
        "merge into itself": (
            f"/clubs/{oid}/members/{member}/merge",
            {"csrf_token": token, "into": str(member), "reason": "同一个人"},
        ),
        "move nothing": (f"/clubs/{oid}/members/{member}/move", {"csrf_token": token, "player": "x", "to": "y"}),
        "check: illegal": ("/check", {"csrf_token": token, "game": illegal}),
        "check: empty": ("/check", {"csrf_token": token, "game": ""}),
        "resolve: nothing": (
            f"/organizer/tournaments/{tid}/rounds/1/resolve",
            {"csrf_token": token, "table": "9", "deal": "x"},
        ),
        "signup: no name, no zone": ("/signup", {"csrf_token": token, "name": " ", "time_zone": "Peking"}),
        "key: no scope": ("/organizer/keys", {"csrf_token": token, "label": " "}),
        "record to a tournament": ("/organizer/record", {"csrf_token": token, "tournament": "x", "record": "{"}),
    }
    made = client.post(
        "/organizer/keys", data={"csrf_token": token, "label": "计分应用", "scope-enter": "on"}, headers=ZH
    )
    assert made.status_code == 201
    pages["key made"] = made
    for name, (url, data) in forms.items():
        r = client.post(url, data=data, headers=ZH)
        if r.status_code == 303:  # refused and sent back to the page, which says why
            r = client.get(r.headers["Location"], headers=ZH)
            assert 'class="verdict bad"' in r.get_data(as_text=True), name
        else:
            expected = (200, 422) if url == "/check" else (400, 404, 409, 410, 422)  # /check answers a verdict
            assert r.status_code in expected, (name, r.status_code)
        pages[name] = r
    found = {}
    for name, r in pages.items():
        assert r.status_code < 500, name
        left = english_in(text_of(r.get_data(as_text=True)), [*NAMES, "Ada  lovelace", "Peking"])
        if left:
            found[name] = sorted(set(left))
    for name, url in charts.items():
        r = client.get(url, headers=ZH)
        assert r.status_code == 200, name
        left = english_in(_svg_text(r.get_data(as_text=True)), NAMES)
        if left:
            found[name] = sorted(set(left))
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())
