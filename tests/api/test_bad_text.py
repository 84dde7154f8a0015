"""Reasons and numbers read as the API reads a correction's: NUL, bidi and zero-width characters
in a merge's, a move's or a settlement's reason are a 422 with a pointer (NUL was a 500 on
PostgreSQL, the others were stored); a season page's ``after`` in other digits (², ①) is no 500;
a season counting "best" says how many. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.api.test_tables_api import CROWN_WINS, _round, _tok
from tests.tournament_helpers import Club

BAD = ["不\x00同", "同一人\u202e", "同一\u200b人"]


def _two_members(client, club):
    a, _ = club.tournament(players=0)
    b, _ = club.tournament(players=0)
    m = [
        client.post(f"/v1/tournaments/{t}/players", json={"name": n}, headers=club.auth).get_json()
        for t, n in ((a, "王小明"), (b, "小明"))
    ]
    return m


@pytest.mark.parametrize("reason", BAD)
def test_a_merge_reason_with_control_or_format_characters_is_422(db_client, reason):
    club = Club(db_client)
    a, b = _two_members(db_client, club)
    r = db_client.post(
        f"/v1/organizers/{club.organizer['id']}/members/{a['member_id']}/merge",
        json={"member_id": b["member_id"], "reason": reason},
        headers=club.auth,
    )
    assert r.status_code == 422, r.get_json()
    assert r.get_json()["errors"][0]["pointer"] == "/reason"


@pytest.mark.parametrize("reason", BAD)
def test_a_move_reason_with_control_or_format_characters_is_422(db_client, reason):
    club = Club(db_client)
    a, b = _two_members(db_client, club)
    r = db_client.patch(
        f"/v1/tournaments/{a['tournament_id']}/players/{a['id']}",
        json={"member_id": b["member_id"], "reason": reason},
        headers=club.auth,
    )
    assert r.status_code == 422, r.get_json()
    assert r.get_json()["errors"][0]["pointer"] == "/reason"


@pytest.mark.parametrize("reason", BAD)
def test_a_settlement_reason_with_control_or_format_characters_is_422(db_client, reason):
    club = Club(db_client)
    tid, links = _round(db_client, club)
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    seats = [p["player_id"] for p in db_client.get(t1, headers=_tok(links[1])).get_json()["players"]]
    e = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "sheet": CROWN_WINS}, headers=_tok(links[1]))
    r = db_client.post(f"{t1}/deals/1/resolve", json={"entry": e.get_json()["id"], "reason": reason}, headers=club.auth)
    assert r.status_code == 422, r.get_json()
    assert r.get_json()["errors"][0]["pointer"] == "/reason"
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0


def test_a_season_page_after_other_digits_is_no_500(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    tid, _ = club.tournament(players=5)
    sid = db_client.post(
        f"/v1/organizers/{oid}/seasons", json={"name": "冬季", "tournaments": [tid]}, headers=club.auth
    )
    sid = sid.get_json()["id"]
    for after in ("²", "①", "٣"):
        r = db_client.get(f"/clubs/{oid}/seasons/{sid}?after={after}")
        assert r.status_code < 500, after
        api = db_client.get(f"/v1/organizers/{oid}/seasons/{sid}/standings?after={after}")
        assert api.status_code == 422, after


def test_a_season_counting_best_says_how_many(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    r = db_client.post(f"/v1/organizers/{oid}/seasons", json={"name": "冬季", "counting": "best"}, headers=club.auth)
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/best", r.get_json()
    ok = db_client.post(f"/v1/organizers/{oid}/seasons", json={"name": "冬季"}, headers=club.auth)
    sid = ok.get_json()["id"]
    p = db_client.patch(f"/v1/organizers/{oid}/seasons/{sid}", json={"counting": "best"}, headers=club.auth)
    assert p.status_code == 422 and p.get_json()["errors"][0]["pointer"] == "/best", p.get_json()
    assert db_client.get(f"/v1/organizers/{oid}/seasons/{sid}").get_json()["counting"] == "all"


def test_a_member_of_private_tournaments_only_is_not_public(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    public, _ = club.tournament(players=0)
    hidden, _ = club.tournament(players=0)
    assert db_client.patch(f"/v1/tournaments/{hidden}", json={"private": True}, headers=club.auth).status_code == 200
    added = [
        db_client.post(f"/v1/tournaments/{t}/players", json={"name": "张伟"}, headers=club.auth).get_json()
        for t in (public, hidden)
    ]
    both = added[0]["member_id"]
    assert added[1]["member_id"] == both
    secret = db_client.post(f"/v1/tournaments/{hidden}/players", json={"name": "私人"}, headers=club.auth)
    secret = secret.get_json()["member_id"]
    anonymous = {m["id"]: m for m in db_client.get(f"/v1/organizers/{oid}/members").get_json()["members"]}
    assert secret not in anonymous and anonymous[both]["players"] == 1
    assert db_client.get(f"/v1/organizers/{oid}/members/{secret}").status_code == 404
    assert "私人" not in db_client.get(f"/clubs/{oid}/members").get_data(as_text=True)
    assert db_client.get(f"/clubs/{oid}/members/{secret}").status_code == 404
    owner = {
        m["id"]: m for m in db_client.get(f"/v1/organizers/{oid}/members", headers=club.auth).get_json()["members"]
    }
    assert secret in owner and owner[both]["players"] == 2
