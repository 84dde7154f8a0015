"""The pages without a browser (Flask's test client): every sentence in both languages, escaping,
CSRF, the session, and the headers. tests/browser drives the same pages in Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.core import random_record
from service.core.notation import format_record
from service.i18n import catalog
from tests.tournament_helpers import Club

WEB = Path(__file__).resolve().parents[2] / "service" / "web"


def test_every_sentence_of_the_pages_has_its_chinese():
    used: set[str] = set()
    for path in [*WEB.glob("templates/*.html"), *WEB.glob("*.py")]:
        text = path.read_text()
        used |= set(re.findall(r"""_\(\s*"((?:[^"\\]|\\.)+)"\s*\)""", text))
        used |= set(re.findall(r"""_\(\s*'((?:[^'\\]|\\.)+)'\s*\)""", text))
        used |= set(re.findall(r"""gettext\(\s*"((?:[^"\\]|\\.)+)"\s*\)""", text))
    used = {u.replace('\\"', '"') for u in used}
    # words shown through a variable: verdicts, modes, roles, statuses, actions, rulesets, places
    used |= {"legal", "illegal", "incomplete", "normal", "hidden_solo", "open_solo", "surrender", "void"}
    used |= {"emperor", "guard", "other", "open", "closed", "submit", "replace", "balanced", "swiss"}
    used |= {"weihai", "standard", "kk-simple", "kk-classic", "shandong", "1st", "2nd", "3rd", "4th", "5th"}
    assert len(used) > 150
    zh = catalog("zh")
    missing = sorted(u for u in used if u not in zh.exact)
    assert not missing, missing


def _csrf(page: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def test_pages_answer_in_the_language_asked(client):
    assert "检查一局" in client.get("/check", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).get_data(as_text=True)
    assert "Check a game" in client.get("/check", headers={"Accept-Language": "en"}).get_data(as_text=True)
    r = client.get("/check?lang=zh", headers={"Accept-Language": "en"})
    assert '<html lang="zh-CN">' in r.get_data(as_text=True) and "lang=zh" in r.headers["Set-Cookie"]


def test_security_headers_on_pages(client):
    r = client.get("/")
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert "<script>" not in r.get_data(as_text=True).replace("<script src=", "")  # no inline script


def test_check_a_game_with_a_mistake(client):
    record = random_record(4)
    for p in record["plays"]:
        p.pop("seat")
    text = format_record(record)
    lines = text.splitlines()
    k = lines.index("plays") + 3
    lines[k] = "2 2 2 2 2 2 2 2 2, " + lines[k].split(", ", 1)[1]
    page = client.get("/check").get_data(as_text=True)
    r = client.post("/check", data={"game": "\n".join(lines), "csrf_token": _csrf(page)})
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and "not_in_hand" in html and 'id="faulty"' in html
    assert f"line {k + 1}, column 1" in html
    r = client.post("/check", data={"game": "plays\n9 X", "csrf_token": _csrf(page)})
    assert r.status_code == 422 and "unknown_card" in r.get_data(as_text=True)


def test_a_form_without_its_token_is_refused(client):
    r = client.post("/check", data={"game": "plays\n9"})
    assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)


@pytest.fixture()
def organizer(db_client):
    club = Club(db_client)
    tid, _ = club.tournament(players=0)
    return db_client, club, tid


def _sign_in(client, secret):
    page = client.get("/signin").get_data(as_text=True)
    return client.post("/signin", data={"key": secret, "csrf_token": _csrf(page)})


def test_names_are_escaped_everywhere(organizer):
    client, club, tid = organizer
    r = client.post(f"/v1/tournaments/{tid}/players", json={"name": "<script>alert(1)</script>"}, headers=club.auth)
    assert r.status_code == 201
    assert _sign_in(client, club.secret).status_code == 302
    for path in (f"/tournaments/{tid}", f"/organizer/tournaments/{tid}"):
        html = client.get(path).get_data(as_text=True)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html


def test_the_session_holds_no_key_and_ends_when_the_key_is_revoked(organizer):
    client, club, tid = organizer
    assert _sign_in(client, "bh_wrong").status_code == 401
    r = _sign_in(client, club.secret)
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "Secure" in cookie and "SameSite=Lax" in cookie
    assert club.secret not in cookie
    assert client.get("/organizer").status_code == 200
    assert club.secret not in client.get(f"/organizer/tournaments/{tid}").get_data(as_text=True)
    # a second key, then the first one revoked: the page's session ends with it
    org = club.organizer["id"]
    second = client.post(f"/v1/organizers/{org}/keys", json={"label": "spare"}, headers=club.auth).get_json()
    first_id = client.get(f"/v1/organizers/{org}/keys", headers=club.auth).get_json()["keys"][0]["id"]
    headers = {"Authorization": f"Bearer {second['secret']}"}
    assert client.delete(f"/v1/organizers/{org}/keys/{first_id}", headers=headers).status_code == 200
    r = client.get("/organizer")
    assert r.status_code == 302 and "/signin" in r.headers["Location"]


def test_a_stored_game_is_replayed_under_its_tournaments_ruleset(db_client):
    """A record stored without its ruleset (the tournament's is implied) replays as the tournament
    judged it, not under the default ruleset."""
    from service.core import adjudicate
    from service.core.record_form import read_ruleset

    spec = {"name": "kk-simple", "options": {"pass": "hard"}}
    club = Club(db_client)
    tid, ids = club.tournament(ruleset=spec, players=5)
    record = random_record(4, read_ruleset(spec))
    record.pop("ruleset")
    r = club.submit(tid, {"players": ids, "record": record})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    page = db_client.get(f"/tournaments/{tid}/games/{gid}/replay")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "legal" in html and "illegal" not in html
    expected = adjudicate({**record, "ruleset": spec}).outcome.scores
    assert all(f"<strong>{x}</strong>" in html for x in expected)
    assert db_client.get(f"/tournaments/{tid}/games/{gid}").status_code == 200
