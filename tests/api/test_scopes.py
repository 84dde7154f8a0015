"""Keys with scopes: every operation of openapi.yaml that takes an organizer's key is refused
(403, naming the scope) to a key without the scope it documents, and not refused for scope to a
key with it — a table over the committed contract, so a new operation is covered as it is added."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from service.core import random_record
from tests.tournament_helpers import Club

ROOT = Path(__file__).resolve().parents[2]
SCOPES = ("read", "enter", "manage", "keys")


def _operations() -> list[tuple[str, str, str]]:
    """(method, path, the scope it needs) for every operation that takes an organizer's key."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    out = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            if method == "parameters":  # the path's own parameters, not an operation
                continue
            for requirement in op.get("security") or []:
                if "bearerAuth" in requirement:
                    (scope,) = requirement["bearerAuth"]
                    out.append((method, path, scope))
    return out


OPERATIONS = _operations()


def test_every_keyed_operation_names_one_scope():
    assert len(OPERATIONS) >= 40
    assert {scope for _, _, scope in OPERATIONS} == set(SCOPES)


@pytest.fixture(scope="module")
def setting(app):
    client = app.test_client()
    club = Club(client, "Scoped club")
    tid, ids = club.tournament(players=5, private=True)
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    assert club.submit(tid, {"round": 1, "table": 1, "record": random_record(2)}).status_code == 201
    keys = {}
    for scope in SCOPES:
        r = client.post(
            f"/v1/organizers/{club.organizer['id']}/keys", json={"label": scope, "scopes": [scope]}, headers=club.auth
        )
        assert r.status_code == 201 and r.get_json()["scopes"] == [scope]
        keys[scope] = r.get_json()["secret"]
    spare = client.post(f"/v1/organizers/{club.organizer['id']}/keys", json={"label": "spare"}, headers=club.auth)
    values = {
        "organizer_id": club.organizer["id"],
        "tournament_id": tid,
        "player_id": ids[0],
        "number": 1,
        "table": 1,
        "deal": 1,
        "key_id": spare.get_json()["id"],
    }
    return client, keys, values


def _url(path: str, values: dict[str, int]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), 999_999)), path)


@pytest.mark.parametrize(("method", "path", "needed"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS])
def test_each_scope_refused_and_allowed(setting, method, path, needed):
    client, keys, values = setting
    url = _url(path, values)
    for scope in SCOPES:
        r = client.open(url, method=method.upper(), json={}, headers={"Authorization": f"Bearer {keys[scope]}"})
        refused = r.status_code == 403 and (r.get_json() or {}).get("scope") == needed
        if scope == needed:
            assert not refused, (scope, r.status_code, r.get_data(as_text=True)[:300])
        else:
            assert refused, (scope, r.status_code, r.get_data(as_text=True)[:300])
            doc = r.get_json()
            assert r.content_type == "application/problem+json" and doc["type"].endswith("/missing-scope")
            assert doc["errors"] == [{"pointer": "", "code": "missing_scope", "detail": doc["detail"], "scope": needed}]


def test_a_key_cannot_make_a_stronger_one(setting):
    client, keys, values = setting
    org = values["organizer_id"]
    r = client.post(
        f"/v1/organizers/{org}/keys",
        json={"scopes": ["keys", "manage"]},
        headers={"Authorization": f"Bearer {keys['keys']}"},
    )
    assert r.status_code == 403 and r.get_json()["scope"] == "manage"
    r = client.post(
        f"/v1/organizers/{org}/keys",
        json={"label": "app", "scopes": ["keys"]},
        headers={"Authorization": f"Bearer {keys['keys']}"},
    )
    assert r.status_code == 201 and r.get_json()["scopes"] == ["keys"]


def test_keys_are_listed_with_their_scopes_and_last_use(setting):
    client, keys, values = setting
    r = client.get(f"/v1/organizers/{values['organizer_id']}/keys", headers={"Authorization": f"Bearer {keys['keys']}"})
    listed = {k["label"]: k for k in r.get_json()["keys"]}
    assert listed["first key"]["scopes"] == list(SCOPES)
    assert listed["read"]["scopes"] == ["read"] and listed["read"]["last_used_at"] is not None
    assert listed["spare"]["last_used_at"] is None


def test_a_public_read_needs_no_key_and_a_key_without_read_is_refused(setting):
    client, keys, values = setting
    tid = values["tournament_id"]
    assert (
        client.get(f"/v1/tournaments/{tid}/standings", headers={"Authorization": f"Bearer {keys['read']}"}).status_code
        == 200
    )
    r = client.get(f"/v1/tournaments/{tid}/standings", headers={"Authorization": f"Bearer {keys['enter']}"})
    assert r.status_code == 403 and r.get_json()["scope"] == "read"
    assert client.get(f"/v1/tournaments/{tid}/standings").status_code in (404, 403)  # private: not to anonymous


def test_an_app_key_does_not_sign_in_to_the_pages(setting):
    client, keys, _ = setting
    page = client.get("/signin").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    r = client.post("/signin", data={"key": keys["enter"], "csrf_token": token})
    assert r.status_code == 403 and "made for an app" in r.get_data(as_text=True)
    page = client.get("/signin?lang=zh").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    r = client.post("/signin?lang=zh", data={"key": keys["enter"], "csrf_token": token})
    assert r.status_code == 403 and "给应用用的" in r.get_data(as_text=True)
