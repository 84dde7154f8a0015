"""The round sheet as it is printed: the tournament's name, when the round was seated and until
when its links work (in the club's time, with the zone), who sits the round out; its links built
from BAOHUANG_PUBLIC_URL when set, and a warning when they point where phones cannot go."""

from __future__ import annotations

import re

import pytest

from service.links import reachable_only_nearby, valid_public_url
from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import _csrf

ZH = {"Accept-Language": "zh-CN"}
NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "陈静", "杨帆", "周敏", "吴刚", "孙丽", "郑浩"]


def _sheet(client):
    club = Club(client, "威海俱乐部")
    tid = client.post("/v1/tournaments", json={"name": "周一联赛", "time_zone": "Asia/Shanghai"}, headers=club.auth)
    tid = tid.get_json()["id"]
    for n in NAMES:
        client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth)
    seated = client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).get_json()
    token = _csrf(client.get("/signin?lang=zh").get_data(as_text=True))
    client.post("/signin", data={"key": club.secret, "csrf_token": token})
    url = f"/organizer/tournaments/{tid}/rounds/1/sheet"
    token = _csrf(client.get(url, headers=ZH).get_data(as_text=True))
    assert client.post(url, data={"csrf_token": token}, headers=ZH).status_code == 303
    return url, seated


def test_the_sheet_names_the_tournament_the_time_and_who_sits_out(db_client):
    url, seated = _sheet(db_client)
    page = db_client.get(url, headers=ZH).get_data(as_text=True)
    assert "<h1>周一联赛 · 第 1 轮</h1>" in page
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d（北京时间） 排座", page)
    expires = re.search(r"最迟到 (\d{4}-\d\d-\d\d \d\d:\d\d)（北京时间）", page)
    assert expires, "the links' expiry, in the club's time"
    out = [p["name"] for p in seated.get("sitting_out") or []]
    assert len(out) == 1
    assert f"本轮轮空： {out[0]}" in page


def test_links_follow_the_public_address_and_warn_when_phones_cannot_reach_them(db_client):
    url, _ = _sheet(db_client)
    page = db_client.get(url, headers=ZH).get_data(as_text=True)
    links = re.findall(r'<p class="url"><a href="([^"]+)"', page)
    assert links and all(u.startswith("http://localhost/table/") for u in links)
    assert 'data-nearby="here"' in page and "baohuang serve --lan" in page  # localhost: no phone opens it
    app = db_client.application
    app.config["PUBLIC_URL"] = "http://192.168.1.20:8000"
    try:
        lan = db_client.get(url, headers=ZH).get_data(as_text=True)
    finally:
        app.config["PUBLIC_URL"] = ""
    assert 'data-nearby="network"' in lan and "同一个 Wi-Fi" in lan and "serve --lan" not in lan
    app.config["PUBLIC_URL"] = "https://club.example.org"
    try:
        page = db_client.get(url, headers=ZH).get_data(as_text=True)
    finally:
        app.config["PUBLIC_URL"] = ""
    public = re.findall(r'<p class="url"><a href="([^"]+)"', page)
    assert [u.replace("https://club.example.org", "http://localhost") for u in public] == links  # same tokens
    assert 'id="nearby"' not in page


@pytest.mark.parametrize(
    ("url", "nearby"),
    [
        ("http://localhost:8000", True),
        ("http://127.0.0.1:8000", True),
        ("http://192.168.1.20", True),
        ("http://10.0.0.5:8000", True),
        ("http://[::1]:8000", True),
        ("http://raspberrypi.local", True),
        ("https://club.example.org", False),
        ("http://8.8.8.8", False),
    ],
)
def test_which_addresses_phones_cannot_reach(url, nearby):
    assert reachable_only_nearby(url) is nearby


def test_a_public_url_that_is_not_an_address_is_refused():
    assert valid_public_url("https://club.example.org/") == "https://club.example.org"
    assert valid_public_url("") == ""
    for bad in ("club.example.org", "ftp://x", "https://x.org/?a=1", "javascript:alert(1)"):
        with pytest.raises(ValueError, match="BAOHUANG_PUBLIC_URL"):
            valid_public_url(bad)


def test_serve_with_a_bad_public_url_stops_in_one_line():
    import os
    import subprocess
    import sys

    env = dict(os.environ, BAOHUANG_PUBLIC_URL="club.example.org", DATABASE_URL="sqlite://")
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "serve", "--port", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        "baohuang: BAOHUANG_PUBLIC_URL must be an http(s) address such as https://club.example.org, not 'club.example.org'"
    ]


def test_the_table_page_names_the_ruleset_as_people_write_it(db_client):
    url, _ = _sheet(db_client)
    page = db_client.get(url, headers=ZH).get_data(as_text=True)
    table = re.findall(r'<p class="url"><a href="([^"]+)"', page)[0].split("localhost")[-1]
    english = db_client.get(table + "?lang=en").get_data(as_text=True)
    assert "Ruleset: Weihai (威海)" in english and "Ruleset: weihai" not in english
    assert "规则：威海" in db_client.get(table + "?lang=zh").get_data(as_text=True)
