"""Rounds over HTTP: seat a round, enter a table's game by round and table, standings after it."""

from __future__ import annotations

from service.core import random_record
from tests.tournament_helpers import Club


def test_an_evening_of_rounds(db_client):
    club = Club(db_client)
    tid, _ids = club.tournament(players=11, bye_points=1)
    r = db_client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    assert r.status_code == 201, r.get_json()
    first = r.get_json()
    assert first["number"] == 1 and len(first["tables"]) == 2 and len(first["sitting_out"]) == 1
    assert all(s["name"] for t in first["tables"] for s in t["seats"])
    for table in (1, 2):
        g = club.submit(tid, {"round": 1, "table": table, "record": random_record(30 + table)})
        assert g.status_code == 201, g.get_json()
        assert (g.get_json()["round"], g.get_json()["table"]) == (1, table)
    second = db_client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).get_json()
    assert second["sitting_out"][0]["player_id"] != first["sitting_out"][0]["player_id"]
    club.submit(tid, {"round": 2, "table": 1, "record": random_record(40)})
    after_one = db_client.get(f"/v1/tournaments/{tid}/standings?round=1").get_json()
    assert after_one["round"] == 1 and sum(row["games"] for row in after_one["standings"]) == 10
    now = db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    assert sum(row["games"] for row in now) == 15 and sum(row["byes"] for row in now) == 2
    listed = db_client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]
    assert [x["number"] for x in listed] == [1, 2]
    again = db_client.get(f"/v1/tournaments/{tid}/rounds/2").get_json()
    assert [t["seats"] for t in again["tables"]] == [t["seats"] for t in second["tables"]]
    assert [(t["missing_deals"], len(t["games"])) for t in again["tables"]] == [([], 1), ([1], 0)]
    assert db_client.get(f"/v1/tournaments/{tid}/rounds/3").status_code == 404
    csv = db_client.get(f"/v1/tournaments/{tid}/standings?format=csv").get_data(as_text=True)
    assert csv.splitlines()[0].endswith(",byes")


def test_rounds_are_the_organizers(db_client):
    club, other = Club(db_client), Club(db_client, "another club")
    tid, _ = club.tournament(players=4)
    assert db_client.post(f"/v1/tournaments/{tid}/rounds").status_code == 401
    assert db_client.post(f"/v1/tournaments/{tid}/rounds", headers=other.auth).status_code == 403
    r = db_client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    assert r.status_code == 409 and "five" in r.get_json()["detail"]
    t = db_client.patch(f"/v1/tournaments/{tid}", json={"seating": "swiss", "bye_points": 2}, headers=club.auth)
    assert (t.get_json()["seating"], t.get_json()["bye_points"]) == ("swiss", 2)
