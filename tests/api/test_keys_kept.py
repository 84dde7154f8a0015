"""A club always keeps one key that may read, enter and manage: a weaker key cannot revoke the last
of them, two keys revoking each other at once leave one (SQLite and PostgreSQL), and the keys
page shows the keys only to a key that may see them, as the API does."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

from tests.tournament_helpers import Club


def _key(client, club, scopes, label):
    r = client.post(
        f"/v1/organizers/{club.organizer['id']}/keys", json={"label": label, "scopes": scopes}, headers=club.auth
    )
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_a_keys_only_key_cannot_revoke_the_last_key_that_reads_enters_and_manages(db_client):
    club = Club(db_client)
    org = club.organizer["id"]
    keeper = _key(db_client, club, ["keys"], "keys only")
    auth = {"Authorization": f"Bearer {keeper['secret']}"}
    first = next(
        k
        for k in db_client.get(f"/v1/organizers/{org}/keys", headers=auth).get_json()["keys"]
        if k["id"] != keeper["id"]
    )
    r = db_client.delete(f"/v1/organizers/{org}/keys/{first['id']}", headers=auth)
    assert r.status_code == 409, r.get_json()
    assert "read enter manage" in r.get_json()["detail"]
    # the first key still works for everything
    assert db_client.post("/v1/tournaments", json={"name": "x"}, headers=club.auth).status_code == 201
    # a weaker key may go, and so may the strong one once another strong key exists
    assert db_client.delete(f"/v1/organizers/{org}/keys/{keeper['id']}", headers=club.auth).status_code == 200
    spare = _key(db_client, club, ["read", "enter", "manage"], "spare")
    assert db_client.delete(f"/v1/organizers/{org}/keys/{first['id']}", headers=club.auth).status_code == 200
    assert (
        db_client.post(
            "/v1/tournaments", json={"name": "y"}, headers={"Authorization": f"Bearer {spare['secret']}"}
        ).status_code
        == 201
    )


def test_two_keys_revoking_each_other_at_once_leave_one(db_app):
    client = db_app.test_client()
    club = Club(client)
    org = club.organizer["id"]
    for attempt in range(6):
        a = _key(client, club, ["read", "enter", "manage", "keys"], f"a{attempt}")
        b = _key(client, club, ["read", "enter", "manage", "keys"], f"b{attempt}")
        # the first key goes, so that a and b are the only strong keys
        first = [
            k
            for k in client.get(f"/v1/organizers/{org}/keys", headers=club.auth).get_json()["keys"]
            if not k["revoked_at"] and k["id"] not in (a["id"], b["id"])
        ]
        for k in first:
            assert (
                client.delete(
                    f"/v1/organizers/{org}/keys/{k['id']}", headers={"Authorization": f"Bearer {a['secret']}"}
                ).status_code
                == 200
            )
        calls = [(a, b), (b, a)] * 3

        def revoke(pair):
            by, whom = pair
            return (
                db_app.test_client()
                .delete(f"/v1/organizers/{org}/keys/{whom['id']}", headers={"Authorization": f"Bearer {by['secret']}"})
                .status_code
            )

        with ThreadPoolExecutor(max_workers=6) as pool:
            codes = list(pool.map(revoke, calls))
        assert all(c in (200, 401, 409) for c in codes), codes
        left = [
            k
            for k in client.get(f"/v1/organizers/{org}/keys", headers={"Authorization": f"Bearer {a['secret']}"})
            .get_json()
            .get("keys", [])
            if not k["revoked_at"]
        ]
        if not left:
            left = [
                k
                for k in client.get(
                    f"/v1/organizers/{org}/keys", headers={"Authorization": f"Bearer {b['secret']}"}
                ).get_json()["keys"]
                if not k["revoked_at"]
            ]
        assert len(left) == 1, (attempt, codes)
        club.secret = a["secret"] if left[0]["id"] == a["id"] else b["secret"]


def _signed_in(client, secret: str) -> str:
    token = re.search(
        r'name="csrf-token" content="([^"]+)"', client.get("/signin?lang=zh").get_data(as_text=True)
    ).group(1)
    assert client.post("/signin?lang=zh", data={"key": secret, "csrf_token": token}).status_code == 302
    return token


def test_the_keys_page_lists_keys_only_to_a_key_that_may_see_them(app):
    client = app.test_client()
    club = Club(client, "Keys page scope club")
    pages = _key(client, club, ["read", "enter", "manage"], "pages only")
    api = client.get(
        f"/v1/organizers/{club.organizer['id']}/keys", headers={"Authorization": f"Bearer {pages['secret']}"}
    )
    assert api.status_code == 403
    _signed_in(client, pages["secret"])
    r = client.get("/organizer/keys?lang=zh")
    html = r.get_data(as_text=True)
    assert r.status_code == 403
    assert 'id="keys"' not in html and "pages only" not in html and "first key" not in html and "第一个密钥" not in html
    assert "不能查看或创建密钥" in html
    # a key that may sees them
    other = app.test_client()
    _signed_in(other, club.secret)
    shown = other.get("/organizer/keys?lang=en")
    assert shown.status_code == 200 and "pages only" in shown.get_data(as_text=True)
