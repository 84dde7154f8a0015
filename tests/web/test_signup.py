"""A club registers itself from a page where the server allows it: its key shown once (not
cached), signing in with it works, a wrong name or zone comes back with the form; where sign-up
is closed the page says who makes clubs; the sign-in page says how to get a key."""

from __future__ import annotations

import re

from tests.web.test_chinese_pages import _csrf

ZH = {"Accept-Language": "zh-CN"}


def _token(client) -> str:
    return _csrf(client.get("/signup?lang=zh").get_data(as_text=True))


def test_a_club_signs_up_sees_its_key_once_and_signs_in_with_it(db_client):
    client = db_client
    page = client.get("/signup?lang=zh").get_data(as_text=True)
    assert "<h1>注册俱乐部</h1>" in page and 'name="time_zone"' in page
    r = client.post("/signup", data={"csrf_token": _token(client), "name": "烟台俱乐部", "time_zone": "Asia/Shanghai"})
    assert r.status_code == 201
    assert r.headers["Cache-Control"] == "no-store"
    page = r.get_data(as_text=True)
    secret = re.search(r'<code class="secret" id="new-key">([^<]+)</code>', page).group(1)
    assert secret.startswith("bh_") and "只显示这一次" in page
    # the form beside the key signs in as the new club
    signed = client.post("/signin", data={"csrf_token": _csrf(page), "key": secret})
    assert signed.status_code == 302 and signed.headers["Location"].endswith("/organizer")
    mine = client.get("/organizer", headers=ZH).get_data(as_text=True)
    org = re.search(r'href="/clubs/(\d+)/members"', mine).group(1)
    assert client.get(f"/v1/organizers/{org}").get_json()["name"] == "烟台俱乐部"
    keys = client.get(f"/v1/organizers/{org}/keys", headers={"Authorization": f"Bearer {secret}"})
    assert keys.status_code == 200 and len(keys.get_json()["keys"]) == 1


def test_a_wrong_name_or_zone_comes_back_with_what_was_typed(db_client):
    client = db_client
    r = client.post("/signup", data={"csrf_token": _token(client), "name": "  ", "time_zone": "Beijing"}, headers=ZH)
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "俱乐部名称不能为空" in page
    assert 'value="Beijing"' in page and "IANA" in page
    assert 'class="secret"' not in page


def test_sign_up_closed_says_who_makes_clubs(db_client):
    client = db_client
    app = client.application
    app.config["OPEN_SIGNUP"] = False
    try:
        page = client.get("/signup", headers=ZH).get_data(as_text=True)
        assert 'id="closed"' in page and "baohuang organizers create" in page and 'name="name"' not in page
        refused = client.post("/signup", data={"csrf_token": _csrf(page), "name": "x"}, headers=ZH)
        assert refused.status_code == 403 and 'class="secret"' not in refused.get_data(as_text=True)
        signin = client.get("/signin", headers=ZH).get_data(as_text=True)
        assert "请找本服务器的管理员" in signin and "/signup" not in signin
    finally:
        app.config["OPEN_SIGNUP"] = True
    signin = client.get("/signin", headers=ZH).get_data(as_text=True)
    assert 'href="/signup"' in signin
