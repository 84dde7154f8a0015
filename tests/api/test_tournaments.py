"""Tournaments stored in a database, on SQLite and on PostgreSQL (each test runs on both)."""

from __future__ import annotations

import csv
import io
import json
import random
from datetime import datetime

import pytest

from service.core import adjudicate, random_record
from service.core.ruleset import PRESETS
from tests.helpers import respelled
from tests.tournament_helpers import Club

PROBLEM = "application/problem+json"


def test_organizer_keys_shown_once_stored_hashed_revocable(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    keys = db_client.get(f"/v1/organizers/{oid}/keys", headers=club.auth).get_json()["keys"]
    assert len(keys) == 1 and "secret" not in keys[0] and club.secret.startswith(keys[0]["prefix"])
    second = db_client.post(f"/v1/organizers/{oid}/keys", json={"label": "laptop"}, headers=club.auth).get_json()
    assert second["secret"] != club.secret
    r = db_client.delete(
        f"/v1/organizers/{oid}/keys/{keys[0]['id']}", headers={"Authorization": f"Bearer {second['secret']}"}
    )
    assert r.status_code == 200 and r.get_json()["revoked_at"]
    r = db_client.get(f"/v1/organizers/{oid}/keys", headers=club.auth)
    assert r.status_code == 401 and r.content_type == PROBLEM and "WWW-Authenticate" in r.headers
    assert db_client.get(f"/v1/organizers/{oid}/keys").status_code == 401
    other = Club(db_client, "Rongcheng club")
    assert db_client.get(f"/v1/organizers/{oid}/keys", headers=other.auth).status_code == 403


def test_tournament_visibility_and_ownership(db_client):
    club, other = Club(db_client), Club(db_client, "other")
    tid, _ids = club.tournament()
    assert db_client.get(f"/v1/tournaments/{tid}").status_code == 200
    assert db_client.post(f"/v1/tournaments/{tid}/players", json={"name": "x"}, headers=other.auth).status_code == 403
    assert db_client.post(f"/v1/tournaments/{tid}/players", json={"name": "x"}).status_code == 401
    secret, _ = club.tournament(private=True, players=0)
    assert db_client.get(f"/v1/tournaments/{secret}").status_code == 404
    assert db_client.get(f"/v1/tournaments/{secret}", headers=other.auth).status_code == 404
    assert db_client.get(f"/v1/tournaments/{secret}", headers=club.auth).status_code == 200
    listed = db_client.get("/v1/tournaments").get_json()
    assert [t["id"] for t in listed["items"]] == [tid]
    assert {t["id"] for t in db_client.get("/v1/tournaments", headers=club.auth).get_json()["items"]} == {tid, secret}


def test_players_unique_names_and_pagination(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=7)
    r = db_client.post(f"/v1/tournaments/{tid}/players", json={"name": "player 0"}, headers=club.auth)
    assert r.status_code == 409 and r.content_type == PROBLEM
    first = db_client.get(f"/v1/tournaments/{tid}/players?limit=3").get_json()
    assert first["total"] == 7 and len(first["items"]) == 3 and first["next"]
    second = db_client.get(first["next"]).get_json()
    assert [p["id"] for p in second["items"]] == ids[3:6]
    r = db_client.get(f"/v1/tournaments/{tid}/players?limit=0")
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/query/limit"


def test_a_legal_game_is_stored_byte_for_byte_with_its_outcome(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    rec = random_record(5)
    raw = json.dumps({"players": ids[:5], "record": rec}, indent=1)
    r = db_client.post(f"/v1/tournaments/{tid}/games", data=raw, content_type="application/json", headers=club.auth)
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    expected = adjudicate(rec).outcome
    assert game["outcome"]["scores"] == list(expected.scores)
    assert [s["score"] for s in game["seats"]] == list(expected.scores)
    assert [s["player_id"] for s in game["seats"]] == ids[:5]
    assert r.headers["Location"].endswith(f"/games/{game['id']}")
    versions = db_client.get(f"/v1/tournaments/{tid}/games/{game['id']}/history").get_json()["versions"]
    assert versions[0]["body"] == raw
    assert db_client.get(f"/v1/tournaments/{tid}").get_json()["frozen"] is True


@pytest.mark.parametrize("played_at", [None, "2026-11-28T19:30:00+08:00"])
def test_the_answer_to_a_submission_is_the_game_as_read_back(db_client, played_at):
    """The 201 body is written without the response schema; it must say what a GET says."""
    club = Club(db_client)
    tid, ids = club.tournament()
    for n, record in ((6, True), (7, False)):
        body: dict = {"players": ids[:5]}
        if record:
            body["record"] = random_record(n)
        else:
            body["sheet"] = {"mode": "normal", "emperor": 2, "guard": 4, "finishing_order": [2, 0, 1, 3, 4]}
        if played_at:
            body["played_at"] = played_at
        answer = club.submit(tid, body)
        assert answer.status_code == 201, answer.get_json()
        game = answer.get_json()
        again = db_client.get(f"/v1/tournaments/{tid}/games/{game['id']}").get_json()
        # a GET of one game adds what was submitted and the referee's notes
        assert game == {k: v for k, v in again.items() if k not in ("record", "sheet", "notes")}
        part = "record" if record else "sheet"
        assert again[part] == body[part] and again["sheet" if record else "record"] is None
        assert [s["name"] for s in game["seats"]] == [f"player {i}" for i in range(5)]
        if played_at:  # kept as the moment it was, shown in UTC
            assert datetime.fromisoformat(game["played_at"]) == datetime.fromisoformat(played_at)
            assert game["played_at"].endswith("+00:00")


def test_an_illegal_game_is_422_with_the_adjudication_and_stores_nothing(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    rec = random_record(6)
    rec["plays"][3]["seat"] = (rec["plays"][3]["seat"] + 1) % 5
    r = club.submit(tid, {"players": ids[:5], "record": rec})
    assert r.status_code == 422 and r.content_type == PROBLEM
    assert r.get_json()["adjudication"]["violation"]["pointer"] == "/plays/3"
    rec["plays"][3] = {"cards": "7 Q"}
    rec["plays"][4] = {"seat": 9, "cards": "Z"}
    r = club.submit(tid, {"players": [ids[0], ids[0], 999, ids[3], ids[4]], "record": rec})
    pointers = [e["pointer"] for e in r.get_json()["errors"]]
    assert "/players/1" in pointers and "/players/2" in pointers and "/record/plays/4/seat" in pointers
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0


def test_the_tournament_ruleset_decides(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(ruleset={"name": "weihai", "options": {"pass": "hard"}})
    rec = random_record(7, PRESETS["weihai"])
    r = club.submit(tid, {"players": ids[:5], "record": rec})
    # a record that names a different ruleset is refused; left out, the tournament's applies
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/record/ruleset"
    from service.core import Ruleset

    hard = Ruleset.from_options("weihai", {"pass": "hard"})
    rec = random_record(7, hard)
    del rec["ruleset"]
    assert club.submit(tid, {"players": ids[:5], "record": rec}).status_code == 201
    r = db_client.patch(f"/v1/tournaments/{tid}", json={"ruleset": "standard"}, headers=club.auth)
    assert r.status_code == 409


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_ruleset_in_a_tournament(db_client, name):
    club = Club(db_client)
    tid, ids = club.tournament(ruleset=name)
    for seed in range(3):
        assert club.submit(tid, {"players": ids[:5], "record": random_record(seed, PRESETS[name])}).status_code == 201
    standings = db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    assert sum(row["total"] for row in standings) == 0


def test_duplicates_idempotency(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    body = {"players": ids[:5], "record": random_record(8)}
    first = club.submit(tid, body, **{"Idempotency-Key": "evening-1-table-2"})
    again = club.submit(tid, body, **{"Idempotency-Key": "evening-1-table-2"})
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    other = club.submit(
        tid, {"players": ids[:5], "record": random_record(9)}, **{"Idempotency-Key": "evening-1-table-2"}
    )
    assert other.status_code == 422
    dup = club.submit(tid, body)
    assert dup.status_code == 409 and dup.get_json()["game_id"] == first.get_json()["id"]
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 1


def test_the_same_game_written_otherwise_is_409(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    record = random_record(12)
    first = club.submit(tid, {"players": ids[:5], "record": record})
    assert first.status_code == 201
    rewritten = respelled(record, random.Random(0))
    assert rewritten != record
    dup = club.submit(tid, {"players": ids[1:6], "record": rewritten})
    assert dup.status_code == 409 and dup.get_json()["game_id"] == first.get_json()["id"]
    assert club.submit(tid, {"players": ids[:5], "record": random_record(13)}).status_code == 201


def test_sheets_corrections_history_and_standings(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    sheet = {"mode": "normal", "emperor": 0, "guard": 3, "finishing_order": [0, 1, 2, 3, 4], "guard_revealed": True}
    g1 = club.submit(tid, {"players": ids[:5], "sheet": sheet}).get_json()
    assert [s["score"] for s in g1["seats"]] == [8, -4, -4, 4, -4]  # K = 4 - 2, doubled by the reveal
    g2 = club.submit(tid, {"players": ids[1:6], "record": random_record(10)}).get_json()
    # replace game 1 with a corrected sheet, then void game 2
    fixed = dict(sheet, guard_revealed=False)
    r = db_client.post(
        f"/v1/tournaments/{tid}/games/{g1['id']}/corrections",
        json={"action": "replace", "reason": "guard did not reveal", "sheet": fixed},
        headers=club.auth,
    )
    assert r.status_code == 201 and r.get_json()["version"] == 2
    r = db_client.post(
        f"/v1/tournaments/{tid}/games/{g2['id']}/corrections",
        json={"action": "void", "reason": "wrong table"},
        headers=club.auth,
    )
    assert r.status_code == 201 and r.get_json()["voided"]
    again = db_client.post(
        f"/v1/tournaments/{tid}/games/{g2['id']}/corrections", json={"action": "void", "reason": "x"}, headers=club.auth
    )
    assert again.status_code == 409
    bad = db_client.post(
        f"/v1/tournaments/{tid}/games/{g1['id']}/corrections", json={"action": "shred"}, headers=club.auth
    )
    assert {e["pointer"] for e in bad.get_json()["errors"]} == {"/action", "/reason"}
    history = db_client.get(f"/v1/tournaments/{tid}/games/{g1['id']}/history").get_json()["versions"]
    assert [v["action"] for v in history] == ["submit", "replace"]
    assert history[1]["reason"] == "guard did not reveal" and history[1]["key_id"] is None  # not to the public
    mine = db_client.get(f"/v1/tournaments/{tid}/games/{g1['id']}/history", headers=club.auth).get_json()["versions"]
    assert mine[1]["key_id"] and mine[1]["key_label"] == "first key"
    standings = {
        row["player_id"]: row for row in db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    }
    assert standings[ids[0]]["total"] == 4 and standings[ids[0]]["emperor_games"] == 1
    assert standings[ids[3]]["total"] == 2 and standings[ids[3]]["guard_games"] == 1
    assert standings[ids[5]]["games"] == 0  # only in the void game
    assert sum(r["total"] for r in standings.values()) == 0
    listed = db_client.get(f"/v1/tournaments/{tid}/games").get_json()
    assert listed["total"] == 1
    assert db_client.get(f"/v1/tournaments/{tid}/games?include_void=true").get_json()["total"] == 2
    assert db_client.get(f"/v1/tournaments/{tid}/games?player={ids[5]}").get_json()["total"] == 0
    assert db_client.get(f"/v1/tournaments/{tid}/games?since=2999-01-01T00:00:00").get_json()["total"] == 0
    export = db_client.get(f"/v1/tournaments/{tid}/games/export")
    lines = [json.loads(x) for x in export.data.decode().splitlines()]
    assert export.content_type == "application/x-ndjson" and len(lines) == 2
    assert lines[1]["voided"] is True and lines[0]["version"] == 2


def test_standings_are_the_sum_of_the_games(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=8)
    expected = dict.fromkeys(ids, 0)
    for seed in range(12):
        players = [ids[(seed + k) % 8] for k in range(5)]
        outcome = club.submit(tid, {"players": players, "record": random_record(seed)}).get_json()["outcome"]
        for seat, pid in enumerate(players):
            expected[pid] += outcome["scores"][seat]
    rows = db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    assert {r["player_id"]: r["total"] for r in rows} == expected
    assert [r["total"] for r in rows] == sorted(expected.values(), reverse=True)
    assert all(r["wins"] + r["draws"] + r["losses"] == r["games"] for r in rows)
    text = db_client.get(f"/v1/tournaments/{tid}/standings", headers={"Accept": "text/csv"})
    assert text.content_type.startswith("text/csv")
    parsed = list(csv.DictReader(io.StringIO(text.data.decode())))
    assert [int(r["total"]) for r in parsed] == [r["total"] for r in rows]


def test_closed_tournament_takes_no_games(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    assert db_client.patch(f"/v1/tournaments/{tid}", json={"status": "closed"}, headers=club.auth).status_code == 200
    assert club.submit(tid, {"players": ids[:5], "record": random_record(1)}).status_code == 409


def test_maintained_standings_equal_a_fresh_aggregation(db_app):
    """The totals kept with every game and correction agree with summing the games again."""
    from service.persistence import standings as standings_repo

    client = db_app.test_client()
    club = Club(client)
    tid, ids = club.tournament(players=7)
    games = []
    for seed in range(10):
        body = {"players": [ids[(seed * 3 + k) % 7] for k in range(5)], "record": random_record(seed)}
        games.append(club.submit(tid, body).get_json()["id"])
    client.post(
        f"/v1/tournaments/{tid}/games/{games[2]}/corrections", json={"action": "void", "reason": "x"}, headers=club.auth
    )
    sheet = {"mode": "open_solo", "emperor": 1, "finishing_order": [1, 0, 2, 3, 4], "kicked_by": 3}
    client.post(
        f"/v1/tournaments/{tid}/games/{games[5]}/corrections",
        json={"action": "replace", "reason": "typed wrong", "sheet": sheet, "players": ids[:5]},
        headers=club.auth,
    )
    with db_app.extensions["baohuang_db"].session() as s:
        kept, fresh = standings_repo.standings(s, tid), standings_repo.standings_from_games(s, tid)
    assert kept == fresh
    assert sum(r.total for r in kept) == 0 and sum(r.games for r in kept) == 9 * 5


def test_next_page_links_keep_filters_intact(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    for seed in range(3):
        club.submit(tid, {"players": ids[:5], "record": random_record(seed)})
    first = db_client.get(f"/v1/tournaments/{tid}/games?limit=2&since=2000-01-01T00:00:00%2B00:00").get_json()
    assert first["total"] == 3 and first["next"]
    second = db_client.get(first["next"]).get_json()
    assert len(second["items"]) == 1 and second["next"] is None
    listed = db_client.get("/v1/tournaments").get_json()["items"]
    assert [t["frozen"] for t in listed] == [True]


def test_a_void_games_record_can_be_submitted_again(db_client):
    club = Club(db_client)
    tid, ids = club.tournament()
    body = {"players": ids[:5], "record": random_record(30)}
    first = club.submit(tid, body).get_json()
    r = db_client.post(
        f"/v1/tournaments/{tid}/games/{first['id']}/corrections",
        json={"action": "void", "reason": "wrong players"},
        headers=club.auth,
    )
    assert r.status_code == 201
    again = club.submit(tid, {**body, "players": ids[1:6]})
    assert again.status_code == 201 and again.get_json()["id"] != first["id"]
    assert club.submit(tid, body).status_code == 409  # but not twice


def test_a_lost_race_on_a_unique_name_is_a_conflict_not_an_error(db_app):
    """A parallel request stored the same name between the check and the insert: the unit of
    work turns the database's refusal into a 409, whatever the database."""
    from unittest import mock

    from service.persistence import tournaments as tournaments_repo

    client = db_app.test_client()
    club = Club(client)
    tid, _ = club.tournament(players=1)
    with mock.patch.object(tournaments_repo, "_name_free", lambda *a, **k: None):  # the check saw no such name yet
        r = client.post(f"/v1/tournaments/{tid}/players", json={"name": "player 0"}, headers=club.auth)
    assert r.status_code == 409 and r.content_type == PROBLEM


def test_a_stored_game_without_its_deal_shows_what_the_referee_assumed(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    record = random_record(5)
    record.pop("deal")
    r = club.submit(tid, {"players": ids, "record": record})
    assert r.status_code == 201, r.get_json()
    game = db_client.get(f"/v1/tournaments/{tid}/games/{r.get_json()['id']}").get_json()
    assert game["record"] == record
    assert any("no deal given" in n for n in game["notes"])
    assert game["outcome"]["multipliers"] is not None
    listed = db_client.get(f"/v1/tournaments/{tid}/games").get_json()["items"][0]
    assert [s["name"] for s in listed["seats"]] == [f"player {i}" for i in range(5)]
