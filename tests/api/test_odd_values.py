"""Values no database keeps, refused with a pointer on SQLite and PostgreSQL alike: a NUL in a game
written in the notation, in a table form's hidden field or at the end of a time; an integer past
64 bits where an id goes; a zone's abbreviation; a local time the clocks skipped."""

from __future__ import annotations

import re

from service.core import random_record
from service.core.notation import format_record
from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import _csrf
from tests.web.test_table_pages import ZH, _evening, _sheet_form

BIG = 2**63


def test_a_nul_in_a_game_in_the_notation_is_a_422_at_its_line_and_column(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    text = format_record(random_record(4))
    headers = f'[Players "{" ".join(map(str, ids))}"]\n'
    for body in (headers + text.replace("plays", "# a\x00comment\nplays", 1), '[Event "x\x00"]\n' + headers + text):
        r = db_client.post(
            f"/v1/tournaments/{tid}/games",
            data=body.encode(),
            headers={**club.auth, "Content-Type": "text/x-baohuang"},
        )
        assert r.status_code == 422, r.get_json()
        problem = r.get_json()["errors"][0]
        assert problem["code"] == "invalid_character" and problem["line"] >= 1 and problem["column"] >= 1
    assert db_client.get(f"/v1/tournaments/{tid}/games", headers=club.auth).get_json()["total"] == 0


def test_a_nul_in_a_played_at_is_a_422_with_its_pointer(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    r = club.submit(tid, {"players": ids, "record": random_record(5), "played_at": "2026-11-30T19:30:00\u0000"})
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/played_at"]


def test_a_table_form_with_a_nul_nonce_is_a_422_page_and_stores_nothing(db_client):
    client = db_client
    club, tid = _evening(client)
    sheet_url = f"/organizer/tournaments/{tid}/rounds/1/sheet"
    token = _csrf(client.get(sheet_url + "?lang=zh").get_data(as_text=True))
    client.post(sheet_url, data={"csrf_token": token}, headers=ZH)
    page = client.get(sheet_url, headers=ZH).get_data(as_text=True)
    path = re.findall(r'<p class="url"><a href="([^"]+)"', page)[0].replace("http://localhost", "")
    html = client.get(path, headers=ZH).get_data(as_text=True)
    ids = [int(x) for x in re.findall(r'name="entered_by" value="(\d+)"', html)]
    r = client.post(f"{path}/deals", data=_sheet_form(ids[0], token, nonce="\x00"), headers=ZH)
    assert r.status_code == 422 and "重新载入页面" in r.get_data(as_text=True)
    board = client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth).get_json()
    assert board["counts"]["pending"] == 0


def test_ids_past_64_bits_are_a_422_with_their_pointer(db_client):
    club = Club(db_client)
    org = club.organizer["id"]
    tid, ids = club.tournament(players=1)
    for big in (BIG, -BIG - 1, 2**31):
        r = db_client.post(f"/v1/tournaments/{tid}/players", json={"name": "新人", "member_id": big}, headers=club.auth)
        assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/member_id"], r.get_json()
        r = db_client.patch(f"/v1/tournaments/{tid}/players/{ids[0]}", json={"member_id": big}, headers=club.auth)
        assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/member_id"]
        member = db_client.get(f"/v1/tournaments/{tid}/players/{ids[0]}").get_json()["member_id"]
        r = db_client.post(f"/v1/organizers/{org}/members/{member}/merge", json={"member_id": big}, headers=club.auth)
        assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/member_id"]
        r = db_client.post(
            f"/v1/organizers/{org}/seasons", json={"name": "冬季", "tournaments": [big]}, headers=club.auth
        )
        assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/tournaments/0"]
    # any integer past 64 bits, wherever one goes
    r = db_client.post("/v1/tournaments", json={"name": "x", "bye_points": BIG}, headers=club.auth)
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/bye_points"]


def test_zones_are_named_for_places(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    for abbreviation in ("EST", "CST6CDT", "PRC", "MST", "GMT+8"):
        r = db_client.patch(f"/v1/organizers/{oid}", json={"time_zone": abbreviation}, headers=club.auth)
        assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/time_zone"], abbreviation
    for named in ("Etc/GMT-8", "UTC", "America/New_York"):
        r = db_client.patch(f"/v1/organizers/{oid}", json={"time_zone": named}, headers=club.auth)
        assert r.status_code == 200, named


def test_a_local_time_the_clocks_skipped_is_refused_and_a_doubled_one_is_the_first(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5, time_zone="America/New_York")
    r = club.submit(tid, {"players": ids, "record": random_record(6), "played_at": "2026-03-08T02:30"})
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/played_at"]
    assert "skipped" in r.get_json()["errors"][0]["detail"]
    r = club.submit(tid, {"players": ids, "record": random_record(7), "played_at": "2026-11-01T01:30"})
    assert r.status_code == 201 and r.get_json()["played_at"] == "2026-11-01T05:30:00+00:00"  # EDT, the first


def test_a_merged_member_shows_anyone_the_way_to_the_member_it_went_into(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    members = []
    for name in ("甲", "乙"):
        tid, _ = club.tournament(players=0)
        p = db_client.post(f"/v1/tournaments/{tid}/players", json={"name": name}, headers=club.auth)
        members.append(p.get_json()["member_id"])
    into, old = members
    r = db_client.post(f"/v1/organizers/{oid}/members/{into}/merge", json={"member_id": old}, headers=club.auth)
    assert r.status_code == 200, r.get_json()
    anonymous = db_client.get(f"/v1/organizers/{oid}/members/{old}")
    assert anonymous.status_code == 200 and anonymous.get_json()["merged_into"] == into
    assert anonymous.get_json()["evenings"] == [] and "events" not in {k for k, v in anonymous.get_json().items() if v}
    page = db_client.get(f"/clubs/{oid}/members/{old}")
    assert page.status_code == 302 and page.headers["Location"].endswith(f"/clubs/{oid}/members/{into}")
    # one merged into a member of private tournaments only leads nowhere anyone else may go
    hidden = []
    for name in ("丙", "丁"):
        tid, _ = club.tournament(players=0, private=True)
        p = db_client.post(f"/v1/tournaments/{tid}/players", json={"name": name}, headers=club.auth)
        hidden.append(p.get_json()["member_id"])
    db_client.post(f"/v1/organizers/{oid}/members/{hidden[0]}/merge", json={"member_id": hidden[1]}, headers=club.auth)
    assert db_client.get(f"/v1/organizers/{oid}/members/{hidden[1]}").status_code == 404
