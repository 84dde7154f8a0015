"""Races at the table, 20 requests at once against PostgreSQL (and SQLite, whose writers take
turns): one open entry per deal whatever the phones do, a retry with one Idempotency-Key answers
the entry it made, confirmations and settlements never deadlock, two merges never make a cycle,
one new name added at once makes one member. No 5xx anywhere."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import select

from service.persistence.models import Member, TableEntry
from tests.api.test_tables_api import CROWN_WINS, REBELS_WIN
from tests.tournament_helpers import Club


def _at_once(app, calls):
    def run(call):
        method, path, body, headers = call
        return getattr(app.test_client(), method)(path, json=body, headers=headers)

    with ThreadPoolExecutor(max_workers=20) as pool:
        return list(pool.map(run, calls))


def _round(app, deals=3):
    client = app.test_client()
    club = Club(client)
    tid, _ = club.tournament(players=10, deals_per_round=deals)
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    links = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()["links"]
    tok = {"X-Table-Token": links[0]["token"]}
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    seats = [p["player_id"] for p in client.get(t1, headers=tok).get_json()["players"]]
    return client, club, tid, t1, tok, seats


def _open_entries(app, tid):
    with app.extensions["baohuang_db"].session() as s:
        return list(
            s.scalars(
                select(TableEntry).where(TableEntry.tournament_id == tid, TableEntry.state.in_(("pending", "disputed")))
            )
        )


def test_twenty_first_entries_of_one_deal_leave_one_open_entry(race_app):
    client, club, tid, t1, tok, seats = _round(race_app)
    calls = [
        ("post", f"{t1}/deals", {"entered_by": seats[k % 2], "deal": 1, "sheet": CROWN_WINS, "replace": True}, tok)
        for k in range(20)
    ]
    answers = _at_once(race_app, calls)
    assert all(a.status_code < 500 for a in answers), [a.get_json() for a in answers if a.status_code >= 500]
    assert sum(a.status_code == 201 for a in answers) >= 1
    open_ = _open_entries(race_app, tid)
    assert len(open_) == 1 and open_[0].state == "pending"
    board = client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth).get_json()
    assert board["counts"]["pending"] == 1
    # confirmed: nothing stays open, and voiding the game reopens a clean deal
    entry = client.get(t1, headers=tok).get_json()["deals"][0]["entries"][0]
    ok = client.post(f"{t1}/deals/1/confirm", json={"player": seats[2], "entry": entry["id"]}, headers=tok)
    assert ok.status_code == 200
    assert _open_entries(race_app, tid) == []


def test_both_sides_entering_at_once_leave_one_pending_or_one_dispute(race_app):
    client, _club, tid, t1, tok, seats = _round(race_app)
    calls = [
        ("post", f"{t1}/deals", {"entered_by": seats[k % 5], "deal": 1, "sheet": [CROWN_WINS, REBELS_WIN][k % 2]}, tok)
        for k in range(20)
    ]
    answers = _at_once(race_app, calls)
    assert all(a.status_code < 500 for a in answers)
    open_ = _open_entries(race_app, tid)
    states = sorted(e.state for e in open_)
    games = client.get(f"/v1/tournaments/{tid}/games").get_json()["total"]
    assert states in (["pending"], ["disputed", "disputed"], []) and (games == 1) == (states == [])


def test_twenty_retries_with_one_idempotency_key_answer_the_one_entry(race_app):
    _client, _club, tid, t1, tok, seats = _round(race_app)
    headers = {**tok, "Idempotency-Key": "phone-a-deal-1"}
    body = {"entered_by": seats[0], "deal": 1, "sheet": CROWN_WINS}
    answers = _at_once(race_app, [("post", f"{t1}/deals", body, headers)] * 20)
    assert sorted(a.status_code for a in answers) == [200] * 19 + [201], [a.status_code for a in answers]
    assert len({a.get_json()["id"] for a in answers}) == 1
    assert len(_open_entries(race_app, tid)) == 1


def test_sixty_confirmations_and_settlements_at_once_never_deadlock(race_app):
    client, club, tid, _t1, _tok, _seats = _round(race_app, deals=3)
    links = client.get(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()["links"]
    calls = []
    for link in links:
        path = f"/v1/tournaments/{tid}/rounds/1/tables/{link['table']}"
        ltok = {"X-Table-Token": link["token"]}
        who = [p["player_id"] for p in link["players"]]
        for deal in (1, 2, 3):
            sheet = {**CROWN_WINS, "finishing_order": [[0, 2, 3, 1, 4], [0, 3, 2, 1, 4], [0, 2, 1, 3, 4]][deal - 1]}
            e = client.post(f"{path}/deals", json={"entered_by": who[0], "deal": deal, "sheet": sheet}, headers=ltok)
            assert e.status_code == 201, e.get_json()
            eid = e.get_json()["id"]
            for k in range(5):
                calls.append(("post", f"{path}/deals/{deal}/confirm", {"player": who[2 + k % 3], "entry": eid}, ltok))
                calls.append(("post", f"{path}/deals/{deal}/resolve", {"entry": eid}, club.auth))
    answers = _at_once(race_app, calls)
    assert len(answers) == 60
    assert all(a.status_code < 500 for a in answers), [a.get_json() for a in answers if a.status_code >= 500][:3]
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 6
    assert _open_entries(race_app, tid) == []


def test_two_merges_at_once_never_make_a_cycle(race_app):
    client = race_app.test_client()
    club = Club(client)
    org = club.organizer["id"]
    for attempt in range(5):
        members = []
        for k in range(3):  # one player in each of three tournaments: nothing stops the merges but the race
            tid, _ = club.tournament(players=0)
            p = client.post(f"/v1/tournaments/{tid}/players", json={"name": f"p{attempt}-{k}"}, headers=club.auth)
            members.append(p.get_json()["member_id"])
        a, b, c = members
        calls = [
            ("post", f"/v1/organizers/{org}/members/{x}/merge", {"member_id": y, "reason": "same person"}, club.auth)
            for x, y in ((a, b), (b, a), (b, c), (c, a))
        ] * 2
        answers = _at_once(race_app, calls)
        assert all(r.status_code in (200, 404, 409) for r in answers), [r.get_json() for r in answers]
        with race_app.extensions["baohuang_db"].session() as s:
            into = {m.id: m.merged_into for m in s.scalars(select(Member).where(Member.id.in_(members)))}
        for start in members:  # following merged_into ends at a member that is not merged
            seen, at = set(), start
            while into.get(at) is not None:
                assert at not in seen, f"a cycle: {into}"
                seen.add(at)
                at = into[at]
        assert sum(v is None for v in into.values()) >= 1, into


def test_one_new_name_added_to_ten_tournaments_at_once_is_one_member(race_app):
    client = race_app.test_client()
    club = Club(client)
    tids = [club.tournament(players=0)[0] for _ in range(10)]
    answers = _at_once(
        race_app, [("post", f"/v1/tournaments/{t}/players", {"name": "王小明"}, club.auth) for t in tids]
    )
    assert [a.status_code for a in answers] == [201] * 10, [a.get_json() for a in answers]
    assert len({a.get_json()["member_id"] for a in answers}) == 1
