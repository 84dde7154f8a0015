"""The pages against a hostile visitor: sign-in goes only to this site, sign-out ends the
session on the server, wrong keys through the form are limited as through the API, and no form
number makes a 500 (each as it was seen, on SQLite and PostgreSQL)."""

from __future__ import annotations

import re

import pytest

from service.app import create_app
from tests.tournament_helpers import Club


def _csrf(page: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def _token(client, path="/signin") -> str:
    return _csrf(client.get(path).get_data(as_text=True))


def _sign_in(client, secret, query=""):
    return client.post(f"/signin{query}", data={"key": secret, "csrf_token": _token(client)})


@pytest.fixture()
def organizer(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    return db_client, club, tid, ids


@pytest.mark.parametrize(
    "target",
    [
        "/%09/evil.example/x",
        "/%0a/evil.example/x",
        "/%0d/evil.example/x",
        "//evil.example/x",
        "/\\evil.example",
        "/%5Cevil.example",
        "https://evil.example/",
        "/%2F/evil.example",
        "javascript:alert(1)",
        "evil.example",
        "/%00/x",
    ],
)
def test_sign_in_never_sends_the_browser_to_another_site(organizer, target):
    client, club, _, _ = organizer
    r = _sign_in(client, club.secret, f"?next={target}")
    assert r.status_code == 302, r.get_data(as_text=True)[:200]
    assert r.headers["Location"] == "/organizer"


def test_sign_in_goes_back_to_the_page_asked_for(organizer):
    client, club, tid, _ = organizer
    r = _sign_in(client, club.secret, f"?next=/organizer/tournaments/{tid}%3Fx%3D1")
    assert r.headers["Location"] == f"/organizer/tournaments/{tid}?x=1"


def _cookie(client):
    return client.get_cookie("baohuang_session").value


def test_signing_out_ends_the_session_for_a_copied_cookie(organizer):
    client, club, _tid, _ = organizer
    assert _sign_in(client, club.secret).status_code == 302
    copied = _cookie(client)
    page = client.get("/organizer").get_data(as_text=True)
    assert client.post("/signout", data={"csrf_token": _csrf(page)}).status_code == 302
    thief = client.application.test_client()
    thief.set_cookie("baohuang_session", copied)
    r = thief.get("/organizer")
    assert r.status_code == 302 and "/signin" in r.headers["Location"]
    r = thief.post("/organizer/tournaments", data={"name": "stolen", "csrf_token": "x"})
    assert r.status_code in (302, 400)
    names = [t["name"] for t in client.get("/v1/tournaments", headers=club.auth).get_json()["items"]]
    assert "stolen" not in names


def test_revoking_the_key_ends_a_copied_session(organizer):
    client, club, _, _ = organizer
    assert _sign_in(client, club.secret).status_code == 302
    copied = _cookie(client)
    org = club.organizer["id"]
    spare = client.post(f"/v1/organizers/{org}/keys", json={"label": "spare"}, headers=club.auth).get_json()
    first = client.get(f"/v1/organizers/{org}/keys", headers=club.auth).get_json()["keys"][0]["id"]
    r = client.delete(f"/v1/organizers/{org}/keys/{first}", headers={"Authorization": f"Bearer {spare['secret']}"})
    assert r.status_code == 200
    thief = client.application.test_client()
    thief.set_cookie("baohuang_session", copied)
    assert thief.get("/organizer").status_code == 302


def test_wrong_keys_through_the_sign_in_form_are_limited(db_url):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": db_url,
            "RATE_LIMIT_PER_MINUTE": 10_000,
            "FAILED_KEY_LIMIT": "20 per 10 minutes",
            "OPEN_SIGNUP": True,
        }
    )
    try:
        client = app.test_client()
        club = Club(client)
        answers = [_sign_in(client, f"bh_wrong{i}").status_code for i in range(25)]
        assert answers[:20] == [401] * 20 and answers[20:] == [429] * 5
        r = _sign_in(client, club.secret)  # the right key waits too: guessing costs time
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
        # the same count as the API's: a keyed API request from this address is refused now
        assert client.get("/v1/tournaments", headers=club.auth).status_code == 429
    finally:
        app.extensions["baohuang_db"].dispose()


FORM_NUMBERS = ["²", "٣", "1" * 5000, "--1", "-", "1e3", "0x10", " 7 ", "+3", "3.0", "-0", "１"]


def _forms(tid, ids):
    seats = {f"seat{i}": str(p) for i, p in enumerate(ids)}
    sheet = {"mode": "normal", "emperor": "0", "guard": "1", **{f"place{i}": str(i) for i in range(5)}}
    return [
        ("/organizer/tournaments", {"name": "x", "ruleset": "weihai"}, ["bye_points"]),
        (f"/organizer/tournaments/{tid}/sheets", {**seats, **sheet}, ["round", "table", "seat0", "emperor", "place2"]),
        (f"/organizer/tournaments/{tid}/games", {**seats, "game": "plays\n9"}, ["round", "table", "seat3"]),
        ("/organizer/record", {"game": "plays\n9"}, ["tournament"]),
    ]


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_odd_numbers_in_organizer_forms_are_form_errors(organizer):
    client, club, tid, ids = organizer
    assert _sign_in(client, club.secret).status_code == 302
    token = _token(client, "/organizer")
    before = client.get(f"/v1/tournaments/{tid}/games", headers=club.auth).get_json()["total"]
    tried = 0
    for path, base, fields in _forms(tid, ids):
        for name in fields:
            for value in FORM_NUMBERS:
                data = {**base, name: value, "csrf_token": token}
                if name in ("round", "table"):
                    data = {**data, "round": value, "table": value}
                r = client.post(path, data=data)
                tried += 1
                assert r.status_code < 500, (path, name, value, r.status_code)
                assert r.status_code in (302, 400, 422), (path, name, value, r.status_code)
    assert tried > 100
    after = client.get(f"/v1/tournaments/{tid}/games", headers=club.auth).get_json()["total"]
    assert after == before  # nothing stored from a bad form
