"""The club's own time: an organizer (and a tournament, overriding it) has an IANA time zone; a
played_at written without a zone is read in it (the issue's case: a local evening time sent without
a zone was read as UTC, eight hours off); a game cannot be played in the future; pages and exports
show times in the club's zone, with it named."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from service.core import random_record
from tests.tournament_helpers import Club

ZH = {"Accept-Language": "zh"}


def test_an_organizer_has_a_time_zone_shanghai_unless_set(db_client):
    client = db_client
    club = Club(client)
    oid = club.organizer["id"]
    assert club.organizer["time_zone"] == "Asia/Shanghai"
    assert client.get(f"/v1/organizers/{oid}").get_json()["time_zone"] == "Asia/Shanghai"
    assert client.patch(f"/v1/organizers/{oid}", json={"time_zone": "Asia/Taipei"}).status_code == 401
    bad = client.patch(f"/v1/organizers/{oid}", json={"time_zone": "+08:00"}, headers=club.auth)
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["pointer"] == "/time_zone"
    done = client.patch(f"/v1/organizers/{oid}", json={"time_zone": "Asia/Taipei"}, headers=club.auth)
    assert done.status_code == 200 and done.get_json()["time_zone"] == "Asia/Taipei"
    other = client.post("/v1/organizers", json={"name": "Berlin", "time_zone": "Europe/Berlin"}).get_json()
    assert other["organizer"]["time_zone"] == "Europe/Berlin"


def test_played_at_without_a_zone_is_read_in_the_clubs_time(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    game = club.submit(tid, {"players": ids, "record": random_record(1), "played_at": "2026-11-30T19:30:00"})
    assert game.status_code == 201, game.get_json()
    assert game.get_json()["played_at"] == "2026-11-30T11:30:00+00:00"  # 19:30 in Shanghai, not in UTC
    berlin, ids_b = club.tournament(players=5, time_zone="Europe/Berlin")
    assert db_client.get(f"/v1/tournaments/{berlin}").get_json()["time_zone"] == "Europe/Berlin"
    there = club.submit(berlin, {"players": ids_b, "record": random_record(2), "played_at": "2026-11-30T19:30"})
    assert there.get_json()["played_at"] == "2026-11-30T18:30:00+00:00"
    zoned = club.submit(tid, {"players": ids, "record": random_record(3), "played_at": "2026-11-30T19:30:00Z"})
    assert zoned.get_json()["played_at"] == "2026-11-30T19:30:00+00:00"  # a zone written is kept
    export = db_client.get(f"/v1/tournaments/{tid}/games/export").get_data(as_text=True).splitlines()
    first = json.loads(export[0])
    assert first["played_at"] == "2026-11-30T19:30:00+08:00" and first["time_zone"] == "Asia/Shanghai"


def test_a_game_played_in_the_future_is_refused(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    later = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    r = club.submit(tid, {"players": ids, "record": random_record(4), "played_at": later})
    assert r.status_code == 422
    (problem,) = r.get_json()["errors"]
    assert (problem["pointer"], problem["code"], problem["time_zone"]) == (
        "/played_at",
        "played_at_in_future",
        "Asia/Shanghai",
    )
    # eight hours ahead of UTC without a zone is now, in Shanghai: not the future
    local_now = (datetime.now(UTC) + timedelta(hours=8)).replace(tzinfo=None).isoformat(timespec="seconds")
    assert club.submit(tid, {"players": ids, "record": random_record(5), "played_at": local_now}).status_code == 201
    soon = (datetime.now(UTC) + timedelta(minutes=2)).isoformat()  # clocks differ a little
    assert club.submit(tid, {"players": ids, "record": random_record(6), "played_at": soon}).status_code == 201
    assert db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"][0]["games"] == 2


def test_pages_show_times_in_the_clubs_time_with_the_zone(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    club.submit(tid, {"players": ids, "record": random_record(7), "played_at": "2026-11-30T19:30:00"})
    zh = db_client.get(f"/tournaments/{tid}", headers=ZH).get_data(as_text=True)
    assert "2026-11-30 19:30（北京时间）" in zh
    en = db_client.get(f"/tournaments/{tid}?lang=en").get_data(as_text=True)
    assert "2026-11-30 19:30 (Asia/Shanghai)" in en
    taipei = db_client.post("/v1/tournaments", json={"name": "台北", "time_zone": "Asia/Tokyo"}, headers=club.auth)
    t2 = taipei.get_json()["id"]
    players = [
        db_client.post(f"/v1/tournaments/{t2}/players", json={"name": f"p{i}"}, headers=club.auth).get_json()["id"]
        for i in range(5)
    ]
    club.submit(t2, {"players": players, "record": random_record(8), "played_at": "2026-11-30T19:30:00"})
    assert "2026-11-30 19:30（UTC+09:00）" in db_client.get(f"/tournaments/{t2}?lang=zh").get_data(as_text=True)


def test_a_time_zone_that_is_not_a_string_is_a_422_with_its_pointer(db_client):
    """An object, a list or a number where a zone's name goes is refused like any other wrong
    zone (it was a 500: the zone lookup's cache hashed the value)."""
    client = db_client
    club = Club(client)
    for bad in ({}, [], ["Asia/Shanghai"], 8, True):
        r = client.post("/v1/organizers", json={"name": "威海", "time_zone": bad})
        assert r.status_code == 422, bad
        assert [e["pointer"] for e in r.get_json()["errors"]] == ["/time_zone"]
        r = client.patch(f"/v1/organizers/{club.organizer['id']}", json={"time_zone": bad}, headers=club.auth)
        assert r.status_code == 422, bad
        r = client.post("/v1/tournaments", json={"name": "周一", "time_zone": bad}, headers=club.auth)
        assert r.status_code == 422, bad
