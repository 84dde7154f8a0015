"""Embeddable replays: framed by any site (or those the operator names), in the page's language,
no cookie, nothing of the organizer; every other page keeps refusing frames."""

from __future__ import annotations

import json
import re

import pytest

from service.app import create_app
from service.core import random_record
from service.links import SettingError
from tests.tournament_helpers import Club


@pytest.fixture()
def stored(app):
    client = app.test_client()
    club = Club(client, "Embed club")
    tid, ids = club.tournament(players=5)
    public = club.submit(tid, {"players": ids, "record": random_record(3)}).get_json()["id"]
    hidden_t, hidden_ids = club.tournament(players=5, private=True)
    hidden = club.submit(hidden_t, {"players": hidden_ids, "record": random_record(5)}).get_json()["id"]
    return client, tid, public, hidden


def _frames(r) -> str:
    return re.search(r"frame-ancestors ([^;]+)", r.headers["Content-Security-Policy"]).group(1)


def test_a_stored_public_game_is_framed_without_cookies_or_the_organizer(stored):
    client, _tid, public, hidden = stored
    r = client.get(f"/embed/games/{public}?lang=zh")
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and _frames(r) == "*" and "X-Frame-Options" not in r.headers
    assert "Set-Cookie" not in r.headers and r.headers["Cache-Control"].startswith("public")
    assert 'id="replay"' in html and 'lang="zh-CN"' in html and "下一步" in html
    assert "Embed club" not in html and "/organizer" not in html and "csrf" not in html
    assert client.get(f"/embed/games/{hidden}").status_code == 404  # a private game is not shown
    assert client.get("/embed/games/987654").status_code == 404


def test_every_other_page_refuses_frames(stored):
    client, tid, public, _ = stored
    for url in ("/", "/tournaments", f"/tournaments/{tid}/games/{public}", f"/tournaments/{tid}/games/{public}/replay"):
        r = client.get(url)
        assert r.headers["X-Frame-Options"] == "DENY" and _frames(r) == "'none'", url


def test_a_game_given_to_the_page_is_replayed_or_its_problem_shown(client):
    waiting = client.get("/embed/replay")
    assert waiting.status_code == 200 and "data-fragment" in waiting.get_data(as_text=True)
    r = client.post("/embed/replay", data={"game": json.dumps(random_record(4))})  # no CSRF token: nothing is changed
    assert r.status_code == 200 and 'id="replay"' in r.get_data(as_text=True) and "Set-Cookie" not in r.headers
    assert r.headers["Cache-Control"] == "no-store" and _frames(r) == "*"
    bad = client.post("/embed/replay?lang=zh", data={"game": "{"})
    assert bad.status_code == 422 and "这局牌无法回放" in bad.get_data(as_text=True)


def test_the_operator_names_who_may_frame(tmp_path, monkeypatch, stored):
    monkeypatch.setenv("BAOHUANG_EMBED_ANCESTORS", "https://club.example.org  https://*.example.com")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'e.sqlite3'}"})
    r = app.test_client().get("/embed/replay")
    assert _frames(r) == "https://club.example.org https://*.example.com"
    monkeypatch.setenv("BAOHUANG_EMBED_ANCESTORS", "javascript:alert(1)")
    with pytest.raises(SettingError, match="BAOHUANG_EMBED_ANCESTORS"):
        create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'f.sqlite3'}"})


def test_the_public_game_page_offers_the_snippet(stored):
    client, tid, public, _ = stored
    html = client.get(f"/tournaments/{tid}/games/{public}").get_data(as_text=True)
    assert 'id="embed-snippet"' in html and f"/embed/games/{public}" in html and "&lt;iframe" in html


def test_a_voided_game_is_marked_and_the_credit_never_follows_the_host_header(stored, tmp_path):
    client, _tid, public, _hidden = stored
    r = client.get(f"/embed/games/{public}?lang=zh", headers={"Host": "evil.example"})
    html = r.get_data(as_text=True)
    assert "evil.example" not in html and 'id="voided"' not in html
    assert re.search(r'<a href="/" target="_blank"', html)
    club = Club(client, "Embed club voids")
    own_t, ids = club.tournament(players=5)
    game = club.submit(own_t, {"players": ids, "record": random_record(11)}).get_json()["id"]
    voided = client.post(
        f"/v1/tournaments/{own_t}/games/{game}/corrections",
        json={"action": "void", "reason": "played again"},
        headers=club.auth,
    )
    assert voided.status_code == 201, voided.get_json()
    for path in (f"/embed/games/{game}?lang=zh", f"/tournaments/{own_t}/games/{game}/replay?lang=zh"):
        page = client.get(path).get_data(as_text=True)
        assert 'id="voided"' in page and "这局已作废" in page, path
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
            "PUBLIC_URL": "https://club.example.org",
        }
    )
    page = app.test_client().get("/embed/replay", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert 'href="https://club.example.org/"' in page and "evil.example" not in page


def test_the_embeds_form_keeps_the_language_it_was_asked_in(client):
    """/embed/replay?lang=zh in a browser that prefers English: the form the fragment fills posts
    back in Chinese, and so does a game with a problem typed into it."""
    english = {"Accept-Language": "en-US,en;q=0.9"}
    page = client.get("/embed/replay?lang=zh", headers=english).get_data(as_text=True)
    action = re.search(r'<form method="post" action="([^"]+)" id="embed-form"', page).group(1)
    assert "lang=zh" in action, action
    replayed = client.post(action, data={"game": json.dumps(random_record(4))}, headers=english)
    assert 'lang="zh-CN"' in replayed.get_data(as_text=True)
    bad = client.post(action, data={"game": "{"}, headers=english).get_data(as_text=True)
    action_again = re.search(r'<form method="post" action="([^"]+)" id="embed-form"', bad).group(1)
    assert "这局牌无法回放" in bad and "lang=zh" in action_again
    unchosen = client.get("/embed/replay", headers=english).get_data(as_text=True)
    assert 'action="/embed/replay"' in unchosen  # no language asked: the browser's, as before
