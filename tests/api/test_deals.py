"""A table plays several deals (局) a round: each game entered by round and table carries its deal
number, the same deal entered twice is 409 naming the first, and a round says which deals are
still missing (SQLite and PostgreSQL)."""

from __future__ import annotations

from service.core import random_record
from service.core.notation import format_record
from tests.tournament_helpers import Club

SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}


def _seated(db_client, players=10, **settings):
    club = Club(db_client)
    tid, ids = club.tournament(players=players, **settings)
    r = db_client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    assert r.status_code == 201, r.get_json()
    return club, tid, ids


def test_a_double_entry_is_refused_naming_the_first(db_client):
    # Before: the same round and table entered twice and both counted (three games for five players).
    club, tid, _ = _seated(db_client)
    first = club.submit(tid, {"round": 1, "table": 1, "sheet": SHEET})
    assert first.status_code == 201 and first.get_json()["deal"] == 1
    again = club.submit(tid, {"round": 1, "table": 1, "sheet": {**SHEET, "emperor": 2}})
    assert again.status_code == 409, again.get_json()
    assert again.get_json()["game_id"] == first.get_json()["id"]
    assert "correct" in again.get_json()["detail"]
    table = db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    assert sum(r["games"] for r in table) == 5


def test_deals_are_numbered_and_a_taken_deal_is_409(db_client):
    club, tid, _ = _seated(db_client, deals_per_round=3)
    assert db_client.get(f"/v1/tournaments/{tid}").get_json()["deals_per_round"] == 3
    deals = [club.submit(tid, {"round": 1, "table": 2, "sheet": SHEET}).get_json()["deal"] for _ in range(2)]
    assert deals == [1, 2]
    taken = club.submit(tid, {"round": 1, "table": 2, "deal": 1, "sheet": SHEET})
    assert taken.status_code == 409 and taken.get_json()["deal"] == 1
    third = club.submit(tid, {"round": 1, "table": 2, "deal": 3, "record": random_record(3)})
    assert third.status_code == 201 and third.get_json()["deal"] == 3
    full = club.submit(tid, {"round": 1, "table": 2, "sheet": SHEET})
    assert full.status_code == 409 and len(full.get_json()["game_ids"]) == 3
    bad = club.submit(tid, {"round": 1, "table": 1, "deal": 4, "sheet": SHEET})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["code"] == "invalid_deal_number"
    (r,) = db_client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]
    assert [(t["table"], t["missing_deals"]) for t in r["tables"]] == [(1, [1, 2, 3]), (2, [])]
    # fewer deals than already entered: refused
    shrink = db_client.patch(f"/v1/tournaments/{tid}", json={"deals_per_round": 2}, headers=club.auth)
    assert shrink.status_code == 409


def test_a_void_deal_can_be_entered_again(db_client):
    club, tid, _ = _seated(db_client)
    first = club.submit(tid, {"round": 1, "table": 1, "sheet": SHEET}).get_json()
    void = db_client.post(
        f"/v1/tournaments/{tid}/games/{first['id']}/corrections",
        json={"action": "void", "reason": "entered at the wrong table"},
        headers=club.auth,
    )
    assert void.status_code == 201
    again = club.submit(tid, {"round": 1, "table": 1, "sheet": SHEET})
    assert again.status_code == 201 and again.get_json()["deal"] == 1


def test_round_table_and_deal_headers_in_the_notation(db_client):
    # Before: [Round "1"] and [Table "1"] were kept as free text, and the answer was
    # "players is an array of five player ids".
    club, tid, _ = _seated(db_client)
    text = '[Round "1"]\n[Table "2"]\n[Deal "1"]\n' + format_record(random_record(8))
    r = db_client.post(
        f"/v1/tournaments/{tid}/games", data=text.encode(), headers={**club.auth, "Content-Type": "text/x-baohuang"}
    )
    assert r.status_code == 201, r.get_json()
    assert (r.get_json()["round"], r.get_json()["table"], r.get_json()["deal"]) == (1, 2, 1)
    bad = '[Round "one"]\n' + format_record(random_record(9))
    r = db_client.post(
        f"/v1/tournaments/{tid}/games", data=bad.encode(), headers={**club.auth, "Content-Type": "text/x-baohuang"}
    )
    assert r.status_code == 422 and r.get_json()["errors"][0]["line"] == 1


def test_the_last_round_can_be_removed_while_it_has_no_games(db_client):
    club, tid, _ = _seated(db_client)
    assert db_client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    assert db_client.delete(f"/v1/tournaments/{tid}/rounds/2").status_code == 401
    assert db_client.delete(f"/v1/tournaments/{tid}/rounds/1", headers=club.auth).status_code == 409  # not the last
    removed = db_client.delete(f"/v1/tournaments/{tid}/rounds/2", headers=club.auth)
    assert removed.status_code == 200 and removed.get_json()["number"] == 2
    assert [r["number"] for r in db_client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]] == [1]
    assert club.submit(tid, {"round": 1, "table": 1, "sheet": SHEET}).status_code == 201
    r = db_client.delete(f"/v1/tournaments/{tid}/rounds/1", headers=club.auth)
    assert r.status_code == 409 and "game" in r.get_json()["detail"]
    # seated again after the removal: round 2 once more
    assert db_client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).get_json()["number"] == 2


def test_remote_submit_takes_round_and_table():
    from service.cli import build_parser

    args = build_parser().parse_args(["remote", "submit", "--tournament", "3", "--round", "2", "--table", "1", "g.txt"])
    assert (args.round, args.table, args.deal) == (2, 1, None)
