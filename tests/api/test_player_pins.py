"""A tournament that asks for players' own PINs (player_pins): one phone cannot enter and confirm
as both sides. Without the option, the one-phone table works as before. Through the API and
through the table's page, in Chinese, on SQLite and PostgreSQL."""

from __future__ import annotations

import re

from tests.api.test_tables_api import CROWN_WINS
from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import _csrf

ZH = {"Accept-Language": "zh-CN"}


def _round(client, club, **options):
    tid, _ = club.tournament(players=10, deals_per_round=2, **options)
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    links = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()["links"]
    link = links[0]
    path = f"/v1/tournaments/{tid}/rounds/1/tables/{link['table']}"
    return tid, path, {"X-Table-Token": link["token"]}, [p["player_id"] for p in link["players"]]


def test_without_the_option_one_phone_enters_and_confirms(db_client):
    club = Club(db_client)
    tid, path, tok, who = _round(db_client, club)
    assert db_client.get(path, headers=tok).get_json()["tournament"]["player_pins"] is False
    e = db_client.post(f"{path}/deals", json={"entered_by": who[0], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    assert e.status_code == 201
    ok = db_client.post(f"{path}/deals/1/confirm", json={"player": who[2], "entry": e.get_json()["id"]}, headers=tok)
    assert ok.status_code == 200
    assert db_client.get(f"/v1/tournaments/{tid}/rounds/1/pins", headers=club.auth).get_json()["pins"] == []


def test_with_the_option_each_player_acts_with_their_own_pin(db_client):
    club = Club(db_client)
    tid, path, tok, who = _round(db_client, club, player_pins=True)
    assert db_client.get(f"/v1/tournaments/{tid}").get_json()["player_pins"] is True
    table = db_client.get(path, headers=tok).get_json()
    assert table["tournament"]["player_pins"] is True and "pin" not in str(table["players"])
    pins = {
        p["player_id"]: p["pin"]
        for p in db_client.get(f"/v1/tournaments/{tid}/rounds/1/pins", headers=club.auth).get_json()["pins"]
    }
    assert set(who) <= set(pins) and all(re.fullmatch(r"[0-9]{4}", p) for p in pins.values())
    # the pins are the director's: not public, not a table's
    assert db_client.get(f"/v1/tournaments/{tid}/rounds/1/pins").status_code == 401
    assert "pin" not in str(db_client.get(f"/v1/tournaments/{tid}/players").get_json())
    body = {"entered_by": who[0], "deal": 1, "sheet": CROWN_WINS}
    missing = db_client.post(f"{path}/deals", json=body, headers=tok)
    assert missing.status_code == 422 and [e["pointer"] for e in missing.get_json()["errors"]] == ["/pin"]
    wrong_pin = str((int(pins[who[0]]) + 1) % 10000).zfill(4)
    wrong = db_client.post(f"{path}/deals", json={**body, "pin": wrong_pin}, headers=tok)
    assert wrong.status_code == 422 and wrong.get_json()["errors"][0]["code"] == "wrong_pin"
    e = db_client.post(f"{path}/deals", json={**body, "pin": pins[who[0]]}, headers=tok)
    assert e.status_code == 201, e.get_json()
    eid = e.get_json()["id"]
    # the other side confirms with their own PIN only: the enterer's PIN does not confirm as them
    as_other = db_client.post(
        f"{path}/deals/1/confirm", json={"player": who[2], "entry": eid, "pin": pins[who[0]]}, headers=tok
    )
    assert as_other.status_code == 422 and as_other.get_json()["errors"][0]["pointer"] == "/pin"
    ok = db_client.post(
        f"{path}/deals/1/confirm", json={"player": who[2], "entry": eid, "pin": pins[who[2]]}, headers=tok
    )
    assert ok.status_code == 200 and ok.get_json()["state"] == "confirmed"
    # switched on later: the players added before get their PINs then
    later, _ = club.tournament(players=3)
    assert db_client.patch(f"/v1/tournaments/{later}", json={"player_pins": True}, headers=club.auth).status_code == 200


def test_wrong_pins_count_as_wrong_keys(tmp_path):
    from service.app import create_app

    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
            "OPEN_SIGNUP": True,
            "FAILED_KEY_LIMIT": "3 per 10 minutes",
        }
    )
    client = app.test_client()
    club = Club(client)
    _tid, path, tok, who = _round(client, club, player_pins=True)
    body = {"entered_by": who[0], "deal": 1, "sheet": CROWN_WINS, "pin": "0000x"}
    codes = [client.post(f"{path}/deals", json=body, headers=tok).status_code for _ in range(5)]
    assert codes[:3] == [422, 422, 422] and codes[3:] == [429, 429], codes


def test_the_table_page_asks_for_the_pin_and_the_sheet_prints_the_slips(db_client):
    client = db_client
    club = Club(client, "威海俱乐部")
    tid, _path, _tok, _who = _round(client, club, player_pins=True)
    token = _csrf(client.get("/signin?lang=zh").get_data(as_text=True))
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    sheet = client.get(f"/organizer/tournaments/{tid}/rounds/1/sheet", headers=ZH).get_data(as_text=True)
    slips = re.findall(r'<span class="slip-name">([^<]+)</span>.*?<strong class="slip-pin">([0-9]{4})</strong>', sheet)
    assert len(slips) == 10 and "选手密码" in sheet
    url = re.findall(r'<p class="url"><a href="([^"]+)"', sheet)[0].replace("http://localhost", "")
    table = client.get(url, headers=ZH).get_data(as_text=True)
    assert 'name="pin"' in table and "你的密码" in table
    assert not any(pin in table for _, pin in slips if f">{pin}<" in table)  # no PIN is shown at the table
    ids = [int(x) for x in re.findall(r'name="entered_by" value="(\d+)"', table)]
    names = dict(re.findall(r'name="entered_by" value="(\d+)"[^>]*> (?:\d号位 · )?([^<]+)</label>', table))
    pin_of = {name.strip(): pin for name, pin in slips}
    form = {
        "csrf_token": _csrf(table),
        "entered_by": str(ids[0]),
        "kind": "sheet",
        "mode": "normal",
        "emperor": "0",
        "guard": "1",
        "nonce": "n-pin-1",
        **{f"place{i}": str(s) for i, s in enumerate([0, 2, 3, 1, 4])},
    }
    refused = client.post(f"{url}/deals", data={**form, "pin": "9" * 5}, headers=ZH)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "这不是该选手的密码" in page and f'value="{ids[0]}" checked' in page
    mine = pin_of[names[str(ids[0])].split(" · ")[-1].strip()]
    stored = client.post(f"{url}/deals", data={**form, "pin": mine, "nonce": "n-pin-2"}, headers=ZH)
    assert stored.status_code == 303
