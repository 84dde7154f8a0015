"""What is counted is what both sides saw: a confirmation names the version it accepts, a deal is
entered once (a replacement is asked for), a repeat of the previous deal is asked before it is
kept, a mistaken pending entry can be withdrawn, the tournament's scoring cannot change under open
entries, and the token is checked before the body. SQLite and PostgreSQL."""

from __future__ import annotations

from tests.api.test_tables_api import CROWN_WINS, REBELS_WIN, _round, _tok, _totals
from tests.tournament_helpers import Club


def _table(client, club, deals=3):
    tid, links = _round(client, club, deals=deals)
    path = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    seats = [p["player_id"] for p in client.get(path, headers=_tok(links[1])).get_json()["players"]]
    return tid, path, _tok(links[1]), seats


def test_a_confirmation_of_a_replaced_version_is_refused_and_shows_the_new_one(db_client):
    # 张伟 (seat 0, the emperor) enters deal 1 as 头科; the rebel at seat 2 reads it.
    club = Club(db_client)
    tid, t1, tok, seats = _table(db_client, club)
    first = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    assert first.status_code == 201
    seen = db_client.get(t1, headers=tok).get_json()["deals"][0]["entries"][0]
    assert seen["id"] == first.get_json()["id"]
    # 李娜 (seat 1, the same side) re-enters deal 1 differently, replacing it.
    second = db_client.post(
        f"{t1}/deals", json={"entered_by": seats[1], "deal": 1, "sheet": REBELS_WIN, "replace": True}, headers=tok
    )
    assert second.status_code == 201, second.get_json()
    # The rebel taps 我确认 on what was shown: refused, and the answer shows the new version.
    stale = db_client.post(f"{t1}/deals/1/confirm", json={"player": seats[2], "entry": seen["id"]}, headers=tok)
    assert stale.status_code == 409, stale.get_json()
    problem = stale.get_json()
    assert problem["entry"]["id"] == second.get_json()["id"]
    assert [x["score"] for x in problem["entry"]["seats"]] == [x["score"] for x in second.get_json()["seats"]]
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0
    # A confirmation without the version it accepts is refused with a pointer.
    bare = db_client.post(f"{t1}/deals/1/confirm", json={"player": seats[2]}, headers=tok)
    assert bare.status_code == 422 and bare.get_json()["errors"][0]["pointer"] == "/entry"
    # Confirming the version now shown stores exactly it.
    ok = db_client.post(
        f"{t1}/deals/1/confirm", json={"player": seats[2], "entry": second.get_json()["id"]}, headers=tok
    )
    assert ok.status_code == 200, ok.get_json()
    totals = _totals(db_client, tid)
    assert [totals[p][1] for p in seats] == [x["score"] for x in second.get_json()["seats"]]


def test_a_deal_already_entered_is_refused_unless_replacing_it(db_client):
    club = Club(db_client)
    tid, t1, tok, seats = _table(db_client, club)
    a = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    assert a.status_code == 201
    # Phone B still shows deal 1 and enters the same result as the same side: not a deal 2.
    b = db_client.post(f"{t1}/deals", json={"entered_by": seats[1], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    assert b.status_code == 409, b.get_json()
    assert b.get_json()["code"] == "deal_entered" and b.get_json()["entry"]["id"] == a.get_json()["id"]
    page = db_client.get(t1, headers=tok).get_json()
    assert [d["state"] for d in page["deals"]] == ["pending", "missing", "missing"]
    assert (
        db_client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth).get_json()["counts"]["pending"] == 1
    )


def test_an_entry_identical_to_the_previous_deal_is_asked_before_it_is_kept(db_client):
    club = Club(db_client)
    _tid, t1, tok, seats = _table(db_client, club)
    a = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    ok = db_client.post(f"{t1}/deals/1/confirm", json={"player": seats[2], "entry": a.get_json()["id"]}, headers=tok)
    assert ok.status_code == 200
    again = db_client.post(f"{t1}/deals", json={"entered_by": seats[3], "deal": 2, "sheet": CROWN_WINS}, headers=tok)
    assert again.status_code == 409 and again.get_json()["code"] == "same_as_previous_deal", again.get_json()
    assert again.get_json()["previous_deal"] == 1
    kept = db_client.post(
        f"{t1}/deals", json={"entered_by": seats[3], "deal": 2, "sheet": CROWN_WINS, "repeat": True}, headers=tok
    )
    assert kept.status_code == 201 and kept.get_json()["deal"] == 2


def test_the_player_who_entered_it_or_the_director_withdraws_a_pending_entry(db_client):
    club = Club(db_client)
    tid, t1, tok, seats = _table(db_client, club)
    a = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    eid = a.get_json()["id"]
    other = db_client.post(f"{t1}/deals/1/withdraw", json={"player": seats[2], "entry": eid}, headers=tok)
    assert other.status_code == 422 and other.get_json()["errors"][0]["code"] == "not_the_enterer"
    mine = db_client.post(f"{t1}/deals/1/withdraw", json={"player": seats[0], "entry": eid}, headers=tok)
    assert mine.status_code == 200 and mine.get_json()["state"] == "withdrawn"
    assert db_client.get(t1, headers=tok).get_json()["deals"][0]["state"] == "missing"
    # the director withdraws another one
    b = db_client.post(f"{t1}/deals", json={"entered_by": seats[2], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    by_director = db_client.post(f"{t1}/deals/1/entries/{b.get_json()['id']}/withdraw", headers=club.auth)
    assert by_director.status_code == 200 and by_director.get_json()["state"] == "withdrawn"
    board = db_client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth).get_json()
    assert board["counts"]["pending"] == 0
    # both kept for the audit trail, as the director's entries list shows them
    entries = db_client.get(f"/v1/tournaments/{tid}/rounds/1/entries", headers=club.auth).get_json()["entries"]
    assert [e["state"] for e in entries] == ["withdrawn", "withdrawn"]


def test_scoring_cannot_change_while_entries_are_open(db_client):
    club = Club(db_client)
    tid, t1, tok, seats = _table(db_client, club, deals=2)
    a = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "deal": 2, "sheet": CROWN_WINS}, headers=tok)
    shown = [x["score"] for x in a.get_json()["seats"]]
    for change in ({"ruleset": {"name": "weihai", "options": {"royal_sweep_double": True}}}, {"deals_per_round": 1}):
        r = db_client.patch(f"/v1/tournaments/{tid}", json=change, headers=club.auth)
        assert r.status_code == 409 and r.get_json()["code"] == "entries_open", (change, r.get_json())
    assert (
        db_client.patch(f"/v1/tournaments/{tid}", json={"name": "Winter league 2"}, headers=club.auth).status_code
        == 200
    )
    ok = db_client.post(f"{t1}/deals/2/confirm", json={"player": seats[2], "entry": a.get_json()["id"]}, headers=tok)
    assert ok.status_code == 200
    totals = _totals(db_client, tid)
    assert [totals[p][1] for p in seats] == shown


def test_the_token_is_checked_before_the_body(db_client):
    club = Club(db_client)
    _tid, t1, _tok, _seats = _table(db_client, club)
    for headers in ({}, {"X-Table-Token": "bht_nope"}):
        assert db_client.post(f"{t1}/deals", data="{not json", headers=headers).status_code == 401
        assert db_client.post(f"{t1}/deals/1/confirm", json={"nope": 1}, headers=headers).status_code == 401
        assert db_client.post(f"{t1}/deals/1/withdraw", json={"nope": 1}, headers=headers).status_code == 401


def test_a_round_with_table_links_can_be_deleted(db_client):
    club = Club(db_client)
    tid, t1, tok, _seats = _table(db_client, club)
    r = db_client.delete(f"/v1/tournaments/{tid}/rounds/1", headers=club.auth)
    assert r.status_code in (200, 204), r.get_json()
    assert db_client.get(t1, headers=tok).status_code in (401, 404)


def test_showing_the_links_again_ends_nothing_and_making_them_anew_is_its_own_action(db_client):
    club = Club(db_client)
    tid, t1, tok, _seats = _table(db_client, club)
    links = f"/v1/tournaments/{tid}/rounds/1/table-links"
    shown = [db_client.get(links, headers=club.auth) for _ in range(2)]
    assert [r.status_code for r in shown] == [200, 200]
    tokens = [{x["table"]: x["token"] for x in r.get_json()["links"]} for r in shown]
    assert tokens[0] == tokens[1] and tokens[0][1] == tok["X-Table-Token"]
    assert db_client.get(t1, headers=tok).status_code == 200
    # the database holds no usable token: only a salt and the token's hash
    with db_client.application.extensions["baohuang_db"].session() as s:
        from service.persistence.models import TableLink

        stored = [(x.salt, x.token_hash) for x in s.query(TableLink)]
    assert all(tok["X-Table-Token"] not in (salt, h) for salt, h in stored)
    remade = db_client.post(links, headers=club.auth)
    assert remade.status_code == 201 and db_client.get(t1, headers=tok).status_code == 401


def test_closing_then_reopening_the_tournament_does_not_revive_links(db_client):
    club = Club(db_client)
    tid, t1, tok, _seats = _table(db_client, club)
    assert db_client.patch(f"/v1/tournaments/{tid}", json={"status": "closed"}, headers=club.auth).status_code == 200
    assert db_client.patch(f"/v1/tournaments/{tid}", json={"status": "open"}, headers=club.auth).status_code == 200
    r = db_client.get(t1, headers=tok)
    assert r.status_code == 401
    assert db_client.get(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).status_code == 404


def test_revoking_the_key_that_made_the_links_ends_them(db_client):
    club = Club(db_client)
    org = club.organizer["id"]
    other = db_client.post(f"/v1/organizers/{org}/keys", json={"label": "director"}, headers=club.auth).get_json()
    director = {"Authorization": f"Bearer {other['secret']}"}
    tid, _ = club.tournament(players=10, deals_per_round=2)
    assert db_client.post(f"/v1/tournaments/{tid}/rounds", headers=director).status_code == 201
    made = db_client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=director).get_json()
    tok = {"X-Table-Token": made["links"][0]["token"]}
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    seats = [p["player_id"] for p in db_client.get(t1, headers=tok).get_json()["players"]]
    assert db_client.delete(f"/v1/organizers/{org}/keys/{other['id']}", headers=club.auth).status_code == 200
    r = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "sheet": CROWN_WINS}, headers=tok)
    assert r.status_code == 401 and "revoked" in r.get_json()["detail"]
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0


def test_closing_a_round_names_what_is_left(db_client):
    club = Club(db_client)
    tid, t1, tok, seats = _table(db_client, club, deals=3)
    db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "deal": 3, "sheet": CROWN_WINS}, headers=tok)
    closed = db_client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=club.auth)
    assert closed.status_code == 200
    left = closed.get_json()["left"]
    assert left["pending"] == [{"table": 1, "deal": 3}] and left["disputed"] == []
    assert {"table": 1, "deal": 1} in left["missing"] and {"table": 2, "deal": 3} in left["missing"]


def test_a_deal_the_director_stores_overrules_what_its_table_left_open(db_client):
    club = Club(db_client)
    tid, t1, tok, seats = _table(db_client, club)
    db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "deal": 1, "sheet": CROWN_WINS}, headers=tok)
    game = club.submit(tid, {"players": seats, "round": 1, "table": 1, "deal": 1, "sheet": REBELS_WIN})
    assert game.status_code == 201, game.get_json()
    void = db_client.post(
        f"/v1/tournaments/{tid}/games/{game.get_json()['id']}/corrections",
        json={"action": "void", "reason": "wrong deal"},
        headers=club.auth,
    )
    assert void.status_code in (200, 201), void.get_json()
    page = db_client.get(t1, headers=tok).get_json()
    assert page["deals"][0]["state"] == "missing" and page["deals"][0]["entries"] == []
