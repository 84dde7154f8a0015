"""The keys page: the organizer's keys with their scopes and last use, and a key made for an app
with only the scopes ticked (its secret shown once, never cached), which then does only that."""

from __future__ import annotations

import re

from tests.tournament_helpers import Club


def _csrf(page: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def _signed_in(client, secret: str, lang: str = "en") -> str:
    token = _csrf(client.get(f"/signin?lang={lang}").get_data(as_text=True))
    assert client.post(f"/signin?lang={lang}", data={"key": secret, "csrf_token": token}).status_code == 302
    return _csrf(client.get(f"/organizer/keys?lang={lang}").get_data(as_text=True))


def test_a_key_for_an_app_does_only_what_was_ticked(app):
    client = app.test_client()
    club = Club(client, "Keys club")
    token = _signed_in(client, club.secret)
    page = client.get("/organizer")
    assert 'id="keys-link"' in page.get_data(as_text=True)
    r = client.post("/organizer/keys", data={"label": "Scorer app", "scope-enter": "on", "csrf_token": token})
    assert r.status_code == 201 and r.headers["Cache-Control"] == "no-store"
    html = r.get_data(as_text=True)
    secret = re.search(r'<code class="secret" id="new-key">([^<]+)</code>', html).group(1)
    assert "Scorer app" in html and "first key" in html
    tid = client.post("/v1/tournaments", json={"name": "x"}, headers={"Authorization": f"Bearer {secret}"})
    assert tid.status_code == 403 and tid.get_json()["scope"] == "manage"
    keys = client.get(f"/v1/organizers/{club.organizer['id']}/keys", headers=club.auth).get_json()["keys"]
    assert [k["scopes"] for k in keys if k["label"] == "Scorer app"] == [["enter"]]


def test_no_scope_ticked_is_refused_in_chinese(app):
    client = app.test_client()
    club = Club(client, "Keys club zh")
    token = _signed_in(client, club.secret, "zh")
    r = client.post("/organizer/keys?lang=zh", data={"label": "应用", "csrf_token": token})
    assert r.status_code == 422 and "请选择这个密钥可以做什么" in r.get_data(as_text=True)
    page = client.get("/organizer/keys?lang=zh").get_data(as_text=True)
    assert "为应用创建密钥" in page and "查看非公开比赛的数据" in page


def test_a_signed_in_key_without_the_keys_scope_cannot_make_keys(app):
    client = app.test_client()
    club = Club(client, "Keys club 3")
    made = client.post(
        f"/v1/organizers/{club.organizer['id']}/keys",
        json={"label": "director", "scopes": ["read", "enter", "manage"]},
        headers=club.auth,
    ).get_json()["secret"]
    token = _signed_in(client, made)
    assert "cannot see or make keys" in client.get("/organizer/keys").get_data(as_text=True)
    r = client.post("/organizer/keys", data={"label": "x", "scope-read": "on", "csrf_token": token})
    assert r.status_code == 403
