"""A club's pages without a browser: the members list, a member's page with its four charts as
SVG images (each with its numbers beside it), a season's standings with its leaders' chart, and
all of them in Chinese without an English word."""

from __future__ import annotations

import re

from tests.api.test_club_api import NAMES, _evening
from tests.i18n.messages import english_left
from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import text_of

ZH = {"Accept-Language": "zh-CN"}


def test_member_and_season_pages_in_pictures(db_client):
    client = db_client
    club = Club(client, "威海俱乐部")
    oid = club.organizer["id"]
    tids = [_evening(client, club, f"第{k}晚", NAMES, 6, 30 + k)[0] for k in range(3)]
    sid = client.post(
        f"/v1/organizers/{oid}/seasons",
        json={"name": "冬季赛", "counting": "best", "best": 2, "tournaments": tids},
        headers=club.auth,
    ).get_json()["id"]
    listed = client.get(f"/clubs/{oid}/members", headers=ZH)
    assert listed.status_code == 200
    mid = int(re.search(rf"/clubs/{oid}/members/(\d+)", listed.get_data(as_text=True)).group(1))
    page = client.get(f"/clubs/{oid}/members/{mid}", headers=ZH)
    html = page.get_data(as_text=True)
    charts = [x.replace("&amp;", "&") for x in re.findall(r'<img src="([^"]+\.svg\?v=[0-9a-f]+)"', html)]
    assert len(charts) == 5 and html.count("<details>") == 5
    assert "μ − 3σ" in html and 'id="rating-explained"' in html  # one convention, said once
    etag = page.headers["ETag"]
    assert client.get(f"/clubs/{oid}/members/{mid}", headers={**ZH, "If-None-Match": etag}).status_code == 304
    for url in charts:
        svg = client.get(url, headers=ZH)
        assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
        assert "immutable" in svg.headers["Cache-Control"] and svg.headers["ETag"] == etag
        body = svg.get_data(as_text=True)
        assert body.startswith("<svg") and not re.search(r'(src|href)="(https?:)?//', body)  # nothing fetched
        assert svg.headers["Content-Security-Policy"].startswith("default-src 'none'")
    season = client.get(f"/clubs/{oid}/seasons/{sid}", headers=ZH)
    assert season.status_code == 200 and season.get_data(as_text=True).count("<tr>") >= 7
    assert client.get(f"/clubs/{oid}/seasons/{sid}/charts/leaders.svg").mimetype == "image/svg+xml"
    after = client.get(f"/clubs/{oid}/seasons/{sid}?after={tids[0]}", headers=ZH)
    assert after.status_code == 200
    assert client.get(f"/clubs/{oid}/members/{mid}/charts/nope.svg").status_code == 404
    assert client.get(f"/clubs/{oid}/members/999999").status_code == 404
    found = {}
    for name, r in {"members": listed, "member": page, "season": season, "after": after}.items():
        left = english_left(text_of(r.get_data(as_text=True)))
        if left:
            found[name] = sorted(set(left))
    assert not found, found


def test_the_house_scoring_is_chosen_on_the_tournament_form(db_client):
    client = db_client
    club = Club(client, "威海俱乐部")
    page = client.get("/signin?lang=zh").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    form = client.get("/organizer", headers=ZH).get_data(as_text=True)
    assert 'name="opt-hidden_solo_table"' in form and 'name="opt-solo_base_percent"' in form
    assert not english_left(text_of(form))
    token = re.search(r'name="csrf-token" content="([^"]+)"', form).group(1)
    data = {
        "csrf_token": token,
        "name": "家规赛",
        "ruleset": "weihai",
        "opt-hidden_solo_table": "first_wins",
        "opt-solo_base_percent": "150",
    }
    r = client.post("/organizer/tournaments", data=data, headers=ZH)
    assert r.status_code == 302, text_of(r.get_data(as_text=True))
    tid = int(re.search(r"/organizer/tournaments/(\d+)", r.headers["Location"]).group(1))
    options = client.get(f"/v1/tournaments/{tid}").get_json()["ruleset"]["options"]
    assert (options["hidden_solo_table"], options["solo_base_percent"]) == ("first_wins", 150)
    bad = client.post("/organizer/tournaments", data={**data, "opt-solo_base_percent": "120"}, headers=ZH)
    assert bad.status_code == 422 and 'value="150"' in bad.get_data(as_text=True)
    assert 'value="家规赛"' in bad.get_data(as_text=True)  # what was typed comes back


def test_a_player_is_picked_from_the_clubs_members(db_client):
    client = db_client
    club = Club(client, "威海俱乐部")
    first, ids = _evening(client, club, "第一晚", NAMES, 0, 50)
    member = client.get(f"/v1/tournaments/{first}/players/{ids[2]}").get_json()["member_id"]
    page = client.get("/signin?lang=zh").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    second = client.post("/v1/tournaments", json={"name": "第二晚"}, headers=club.auth).get_json()["id"]
    manage = client.get(f"/organizer/tournaments/{second}", headers=ZH).get_data(as_text=True)
    assert f'<option value="{member}">{NAMES[2]}</option>' in manage
    token = re.search(r'name="csrf-token" content="([^"]+)"', manage).group(1)
    r = client.post(f"/organizer/tournaments/{second}/players", data={"csrf_token": token, "member_id": str(member)})
    assert r.status_code == 302
    (player,) = client.get(f"/v1/tournaments/{second}/players").get_json()["items"]
    assert (player["name"], player["member_id"]) == (NAMES[2], member)
    again = client.get(f"/organizer/tournaments/{second}", headers=ZH).get_data(as_text=True)
    assert f'<option value="{member}">{NAMES[2]}</option>' not in again  # a member plays once a tournament
    refused = client.post(f"/organizer/tournaments/{second}/players", data={"csrf_token": token}, headers=ZH)
    assert refused.status_code == 422


def test_seasons_are_made_and_links_fixed_from_the_pages(db_client):
    client = db_client
    club = Club(client, "威海俱乐部")
    oid = club.organizer["id"]
    t1, ids1 = _evening(client, club, "第一晚", NAMES, 4, 60)
    t2, ids2 = _evening(client, club, "第二晚", [*NAMES[:5], "孙丽"], 4, 61)
    page = client.get("/signin?lang=zh").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    organizer = client.get("/organizer", headers=ZH).get_data(as_text=True)
    assert 'id="new-season"' in organizer and not english_left(text_of(organizer))
    token = re.search(r'name="csrf-token" content="([^"]+)"', organizer).group(1)
    refused = client.post(
        "/organizer/seasons", data={"csrf_token": token, "season_name": "春季", "counting": "best"}, headers=ZH
    )
    assert refused.status_code == 422 and 'value="春季"' in refused.get_data(as_text=True)
    made = client.post(
        "/organizer/seasons",
        data={
            "csrf_token": token,
            "season_name": "春季",
            "counting": "best",
            "best": "1",
            f"t{t1}": "on",
            f"t{t2}": "on",
        },
    )
    assert made.status_code == 302 and "/seasons/" in made.headers["Location"]
    (season,) = client.get(f"/v1/organizers/{oid}/seasons").get_json()["seasons"]
    assert (season["counting"], season["best"], [t["id"] for t in season["tournaments"]]) == ("best", 1, [t1, t2])

    chen = client.get(f"/v1/tournaments/{t1}/players/{ids1[5]}").get_json()["member_id"]  # 陈静, evening 1 only
    sun = client.get(f"/v1/tournaments/{t2}/players/{ids2[5]}").get_json()["member_id"]  # 孙丽, evening 2 only
    mine = client.get(f"/clubs/{oid}/members/{sun}", headers=ZH).get_data(as_text=True)
    assert 'id="fix"' in mine and not english_left(text_of(mine))
    title = re.search(r"<title>(.*?)</title>", mine, re.S).group(1)
    assert "<" not in title and len(title) < 80, title  # the page's name, not a pasted form
    merged = client.post(
        f"/clubs/{oid}/members/{sun}/merge", data={"csrf_token": token, "member_id": str(chen), "reason": "同一个人"}
    )
    assert merged.status_code == 303
    evenings = client.get(f"/v1/organizers/{oid}/members/{sun}").get_json()["evenings"]
    assert sorted(e["tournament_id"] for e in evenings) == [t1, t2]
    li = client.get(f"/v1/tournaments/{t1}/players/{ids1[1]}").get_json()["member_id"]
    clash = client.post(
        f"/clubs/{oid}/members/{sun}/move",
        data={"csrf_token": token, "tournament_id": str(t1), "player_id": str(ids1[5]), "member_id": str(li)},
        headers=ZH,
    )
    assert clash.status_code == 409 and "field-error" in clash.get_data(as_text=True)  # 李娜 plays that evening
    onto_merged = client.post(
        f"/clubs/{oid}/members/{sun}/move",
        data={"csrf_token": token, "tournament_id": str(t2), "player_id": str(ids2[5]), "member_id": str(chen)},
    )
    assert onto_merged.status_code == 409  # 陈静 was merged: nothing moves onto it
    t3 = client.post("/v1/tournaments", json={"name": "第三晚"}, headers=club.auth).get_json()["id"]
    zhou = client.post(f"/v1/tournaments/{t3}/players", json={"name": "周敏"}, headers=club.auth).get_json()[
        "member_id"
    ]
    moved = client.post(
        f"/clubs/{oid}/members/{sun}/move",
        data={"csrf_token": token, "tournament_id": str(t2), "player_id": str(ids2[5]), "member_id": str(zhou)},
    )
    assert moved.status_code == 303
    evenings = client.get(f"/v1/organizers/{oid}/members/{zhou}").get_json()["evenings"]
    assert sorted(e["tournament_id"] for e in evenings) == [t2, t3]


def test_a_long_seasons_page_offers_its_latest_evenings_and_the_one_shown(db_client, monkeypatch):
    from service.web import club as club_pages

    monkeypatch.setattr(club_pages, "EVENINGS_LISTED", 3)  # a season of thousands of evenings, in small
    client = db_client
    club = Club(client, "威海俱乐部")
    oid = club.organizer["id"]
    tids = [
        client.post("/v1/tournaments", json={"name": f"第{k}晚"}, headers=club.auth).get_json()["id"] for k in range(5)
    ]
    sid = client.post(
        f"/v1/organizers/{oid}/seasons",
        json={"name": "冬季赛", "counting": "all", "tournaments": tids},
        headers=club.auth,
    ).get_json()["id"]
    html = client.get(f"/clubs/{oid}/seasons/{sid}", headers=ZH).get_data(as_text=True)
    offered = re.findall(r'<option value="(\d+)"', html)
    assert offered == [str(t) for t in tids[-3:]] and "只列出最近 3 场" in html and "5</p>" in html
    html = client.get(f"/clubs/{oid}/seasons/{sid}?after={tids[0]}", headers=ZH).get_data(as_text=True)
    assert re.findall(r'<option value="(\d+)"', html) == [str(t) for t in (tids[0], *tids[-3:])]
    assert f'<option value="{tids[0]}" selected>' in html
    assert client.get(f"/clubs/{oid}/seasons/{sid}?after=99999999999999999999").status_code == 404


def test_a_members_etag_changes_with_what_the_page_shows(db_client):
    """The page's ETag is read without reading the page; what the page shows changes it: a game
    of the member's, the name of one of their evenings."""
    client = db_client
    club = Club(client, "威海俱乐部")
    oid = club.organizer["id"]
    tid, ids = _evening(client, club, "第一晚", NAMES, 3, 70)
    mid = client.get(f"/v1/tournaments/{tid}/players/{ids[0]}").get_json()["member_id"]
    url = f"/clubs/{oid}/members/{mid}"

    def etag():
        r = client.get(url, headers=ZH)
        assert r.status_code == 200
        assert client.get(url, headers={**ZH, "If-None-Match": r.headers["ETag"]}).status_code == 304
        return r.headers["ETag"]

    seen = [etag()]
    assert etag() == seen[0]  # nothing changed: the same
    others = [p for p in ids if p != ids[0]][:4]
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}
    assert club.submit(tid, {"players": [ids[0], *others], "sheet": sheet}).status_code == 201
    seen.append(etag())
    assert client.patch(f"/v1/tournaments/{tid}", json={"name": "第一晚（改）"}, headers=club.auth).status_code == 200
    seen.append(etag())
    assert len(set(seen)) == len(seen)
    assert client.get(url, headers={**ZH, "If-None-Match": seen[0]}).status_code == 200


def test_a_long_tournaments_games_come_in_pages_that_cover_them_all(db_client, monkeypatch):
    """The page shows its latest games; the links walk back to the first game and forward again,
    each page in the order played (ties of time by number), no game missed or shown twice."""
    from service.tournament import game_queries

    monkeypatch.setattr(game_queries, "GAMES_A_PAGE", 3)  # a league of 100,000 games, in small
    client = db_client
    club = Club(client, "威海俱乐部")
    tid, ids = club.tournament(players=5)
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}
    times = ["2026-01-02T20:00:00", "2026-01-01T20:00:00", "2026-01-02T20:00:00", "2026-01-03T20:00:00"] * 2
    games = []
    for at in times[:7]:
        r = club.submit(tid, {"players": ids, "sheet": sheet, "played_at": at})
        assert r.status_code == 201, r.get_json()
        games.append((at, r.get_json()["id"]))
    played = [g for _, g in sorted(games)]

    def page(query):
        html = client.get(f"/tournaments/{tid}{query}", headers=ZH).get_data(as_text=True)
        shown = [int(x) for x in re.findall(r'<td class="num"><a href="/tournaments/\d+/games/(\d+)"', html)]
        earlier = re.search(r'href="/tournaments/\d+\?before=(\d+)#games">← 更早的牌局', html)
        later = re.search(r'href="/tournaments/\d+\?after=(\d+)#games">更晚的牌局 →', html)
        return shown, earlier and earlier.group(1), later and later.group(1)

    shown, earlier, later = page("")
    assert shown == played[-3:] and later is None
    seen = shown
    while earlier:
        shown, earlier, later = page(f"?before={earlier}")
        assert 0 < len(shown) <= 3 and later == str(shown[-1])
        seen = shown + seen
    assert seen == played
    forward = shown
    while later:
        shown, _, later = page(f"?after={later}")
        forward += shown
    assert forward == played
    assert page("?before=99999999")[0] == played[-3:]  # not one of its games: the latest
