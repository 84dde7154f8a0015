"""Score entry at the table over HTTP: a table token reaches only its own table of its own round,
pending deals do not count, the other side confirms, a dispute needs the director, closing the
round ends its tokens, and webhooks fire once per state change."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select

from service.core.sheets import read_sheet, score
from service.persistence.models import WebhookEvent
from tests.tournament_helpers import Club

CROWN_WINS = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
REBELS_WIN = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [2, 3, 0, 4, 1]}


def _round(client, club, deals=2):
    tid, _ = club.tournament(players=10, deals_per_round=deals)
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    made = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth)
    assert made.status_code == 201, made.get_json()
    links = {x["table"]: x for x in made.get_json()["links"]}
    assert set(links) == {1, 2} and links[1]["url"].endswith(links[1]["path"])
    return tid, links


def _tok(link):
    return {"X-Table-Token": link["token"]}


def _events(app, tid):
    with app.extensions["baohuang_db"].session() as s:
        return Counter(e.event for e in s.scalars(select(WebhookEvent).where(WebhookEvent.tournament_id == tid)))


def _totals(client, tid):
    rows = client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    return {r["player_id"]: (r["games"], r["total"]) for r in rows}


def test_a_token_reaches_only_its_own_table(db_client):
    club, other = Club(db_client), Club(db_client, "another club")
    tid, links = _round(db_client, club)
    tid2, links2 = _round(db_client, other)
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    assert db_client.get(t1, headers=_tok(links[1])).status_code == 200
    assert db_client.get(t1).status_code == 401
    assert db_client.get(t1, headers={"X-Table-Token": "bht_nope"}).status_code == 401
    # another table, another round, another tournament: 404, whatever exists there
    assert db_client.get(f"/v1/tournaments/{tid}/rounds/1/tables/2", headers=_tok(links[1])).status_code == 404
    assert db_client.get(f"/v1/tournaments/{tid}/rounds/2/tables/1", headers=_tok(links[1])).status_code == 404
    assert db_client.get(f"/v1/tournaments/{tid2}/rounds/1/tables/1", headers=_tok(links[1])).status_code == 404
    assert (
        db_client.post(f"{t1}/deals", json={"entered_by": 1, "sheet": CROWN_WINS}, headers=_tok(links2[1])).status_code
        == 404
    )
    # no organizer operation, whichever header carries it
    for headers in (_tok(links[1]), {"Authorization": f"Bearer {links[1]['token']}"}):
        assert db_client.post(f"/v1/tournaments/{tid}/rounds", headers=headers).status_code == 401
        assert db_client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=headers).status_code == 401
        assert db_client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=headers).status_code == 401
        r = db_client.post(f"{t1}/deals/1/resolve", json={"entry": 1}, headers=headers)
        assert r.status_code == 401
        assert db_client.post(f"/v1/tournaments/{tid}/games", json={}, headers=headers).status_code == 401
    # the table's page says nothing private: players by seat and its own deals
    page = db_client.get(t1, headers=_tok(links[1])).get_json()
    assert [p["seat"] for p in page["players"]] == [0, 1, 2, 3, 4] and page["next_deal"] == 1
    assert "secret" not in str(page) and "key" not in page


def test_a_round_entered_confirmed_disputed_and_closed(db_client, db_app):
    club = Club(db_client)
    tid, links = _round(db_client, club)
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    seats = [p["player_id"] for p in db_client.get(t1, headers=_tok(links[1])).get_json()["players"]]

    # the emperor enters deal 1: pending, counted nowhere
    r = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "sheet": CROWN_WINS}, headers=_tok(links[1]))
    assert r.status_code == 201, r.get_json()
    entry = r.get_json()
    assert (entry["deal"], entry["state"], entry["side"]) == (1, "pending", "crown")
    assert all(games == 0 for games, _ in _totals(db_client, tid).values())
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0

    # the guard is on the same side: refused; a rebel confirms it
    shown = {"entry": entry["id"]}
    same = db_client.post(f"{t1}/deals/1/confirm", json={"player": seats[1], **shown}, headers=_tok(links[1]))
    assert same.status_code == 422 and same.get_json()["errors"][0]["code"] == "same_side"
    ok = db_client.post(f"{t1}/deals/1/confirm", json={"player": seats[2], **shown}, headers=_tok(links[1]))
    assert ok.status_code == 200, ok.get_json()
    confirmed = ok.get_json()
    assert confirmed["state"] == "confirmed" and confirmed["confirmed_by"]["player_id"] == seats[2]
    rs, facts = read_sheet(CROWN_WINS)
    expected = score(facts, rs).scores
    totals = _totals(db_client, tid)
    assert [totals[p] for p in seats] == [(1, x) for x in expected]
    assert sum(total for _, total in totals.values()) == 0
    history = db_client.get(f"/v1/tournaments/{tid}/games/{confirmed['game_id']}/history", headers=club.auth)
    assert "confirmed by" in str(history.get_json())

    # a confirmed deal is the director's now: the table cannot enter it again
    again = db_client.post(
        f"{t1}/deals", json={"entered_by": seats[0], "deal": 1, "sheet": REBELS_WIN}, headers=_tok(links[1])
    )
    assert again.status_code == 409

    # a double tap stores one entry (deal 2 ended as deal 1 did: the table says so)
    body = {"entered_by": seats[0], "sheet": CROWN_WINS, "repeat": True}
    tap = [
        db_client.post(f"{t1}/deals", json=body, headers={**_tok(links[1]), "Idempotency-Key": "tap-1"})
        for _ in range(2)
    ]
    assert [x.status_code for x in tap] == [201, 200] and tap[0].get_json()["id"] == tap[1].get_json()["id"]
    assert tap[0].get_json()["deal"] == 2

    # the rebels enter deal 2 differently: disputed; no confirming, no entering, until the director
    other = db_client.post(
        f"{t1}/deals", json={"entered_by": seats[3], "deal": 2, "sheet": REBELS_WIN}, headers=_tok(links[1])
    )
    assert other.status_code == 201 and other.get_json()["state"] == "disputed"
    confirm = {"player": seats[4], "entry": tap[0].get_json()["id"]}
    assert db_client.post(f"{t1}/deals/2/confirm", json=confirm, headers=_tok(links[1])).status_code == 409
    third = db_client.post(
        f"{t1}/deals", json={"entered_by": seats[4], "deal": 2, "sheet": CROWN_WINS}, headers=_tok(links[1])
    )
    assert third.status_code == 409
    board = db_client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth)
    assert board.status_code == 200
    b = board.get_json()
    deal2 = b["tables"][0]["deals"][1]
    assert deal2["state"] == "disputed" and {e["state"] for e in deal2["entries"]} == {"disputed"}
    assert len(deal2["entries"]) == 2 and b["counts"] == {"missing": 2, "pending": 0, "disputed": 1, "confirmed": 1}
    assert (
        db_client.get(
            f"/v1/tournaments/{tid}/rounds/1/board", headers={**club.auth, "If-None-Match": board.headers["ETag"]}
        ).status_code
        == 304
    )
    chosen = other.get_json()["id"]
    settled = db_client.post(f"{t1}/deals/2/resolve", json={"entry": chosen}, headers=club.auth)
    assert settled.status_code == 200, settled.get_json()
    after = db_client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth).get_json()
    assert after["tables"][0]["deals"][1]["state"] == "confirmed"
    rs, facts = read_sheet(REBELS_WIN)
    totals = _totals(db_client, tid)
    assert [totals[p][1] for p in seats] == [a + b for a, b in zip(expected, score(facts, rs).scores, strict=True)]

    # webhooks: once per state change
    events = _events(db_app, tid)
    assert events["game.pending"] == 2 and events["game.disputed"] == 1
    assert events["game.confirmed"] == 2 and events["game.stored"] == 2

    # closing the round ends its tokens; the director can still settle what is left
    assert db_client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=club.auth).status_code == 200
    assert db_client.get(t1, headers=_tok(links[1])).status_code == 401
    t2 = f"/v1/tournaments/{tid}/rounds/1/tables/2"
    assert (
        db_client.post(f"{t2}/deals", json={"entered_by": 1, "sheet": CROWN_WINS}, headers=_tok(links[2])).status_code
        == 401
    )
    late = db_client.post(f"{t2}/deals/1/resolve", json={"sheet": CROWN_WINS}, headers=club.auth)
    assert late.status_code == 200, late.get_json()
    assert db_client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).status_code == 409


def test_the_other_side_entering_the_same_result_confirms_it(db_client):
    club = Club(db_client)
    tid, links = _round(db_client, club, deals=1)
    t2 = f"/v1/tournaments/{tid}/rounds/1/tables/2"
    seats = [p["player_id"] for p in db_client.get(t2, headers=_tok(links[2])).get_json()["players"]]
    first = db_client.post(f"{t2}/deals", json={"entered_by": seats[4], "sheet": CROWN_WINS}, headers=_tok(links[2]))
    assert first.get_json()["side"] == "rebels"
    # the same side again replaces its own entry
    full = db_client.post(f"{t2}/deals", json={"entered_by": seats[3], "sheet": CROWN_WINS}, headers=_tok(links[2]))
    assert full.status_code == 409  # no deal left to enter: deal 1 waits for its confirmation
    asked = db_client.post(
        f"{t2}/deals", json={"entered_by": seats[3], "deal": 1, "sheet": CROWN_WINS}, headers=_tok(links[2])
    )
    assert asked.status_code == 409 and asked.get_json()["code"] == "deal_entered"
    mine = db_client.post(
        f"{t2}/deals",
        json={"entered_by": seats[3], "deal": 1, "sheet": CROWN_WINS, "replace": True},
        headers=_tok(links[2]),
    )
    assert mine.get_json()["state"] == "pending" and mine.get_json()["deal"] == 1
    agree = db_client.post(
        f"{t2}/deals", json={"entered_by": seats[1], "deal": 1, "sheet": CROWN_WINS}, headers=_tok(links[2])
    )
    assert agree.status_code == 201 and agree.get_json()["state"] == "agreed"
    page = db_client.get(t2, headers=_tok(links[2])).get_json()
    assert page["deals"][0]["state"] == "confirmed" and page["next_deal"] is None
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 1


def test_an_impossible_sheet_is_judged_at_once(db_client):
    club = Club(db_client)
    tid, links = _round(db_client, club, deals=1)
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    seats = [p["player_id"] for p in db_client.get(t1, headers=_tok(links[1])).get_json()["players"]]
    bad = {**CROWN_WINS, "kicked_by": 2, "finishing_order": [0, 1, 2, 3, 4]}
    r = db_client.post(f"{t1}/deals", json={"entered_by": seats[0], "sheet": bad}, headers=_tok(links[1]))
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/sheet/kicked_by"
    r = db_client.post(f"{t1}/deals", json={"entered_by": 999, "sheet": CROWN_WINS}, headers=_tok(links[1]))
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/entered_by"
    made_again = db_client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth)
    assert made_again.status_code == 201
    assert db_client.get(t1, headers=_tok(links[1])).status_code == 401  # replaced by the new links


def test_wrong_table_tokens_count_like_wrong_keys(tmp_path):
    from tests.api.test_ops import _limited_app

    c = _limited_app(tmp_path, FAILED_KEY_LIMIT="5 per 10 minutes").test_client()
    club = Club(c)
    tid, links = _round(c, club, deals=1)
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    statuses = [c.get(t1, headers={"X-Table-Token": f"bht_guess{i}"}).status_code for i in range(8)]
    assert statuses[:5] == [401] * 5 and set(statuses[5:]) == {429}
    assert c.get(t1, headers=_tok(links[1])).status_code == 429  # the right token from there too
    assert c.get("/table/bht_guess", environ_base={"REMOTE_ADDR": "10.2.2.2"}).status_code == 404
    assert c.get(t1, headers=_tok(links[1]), environ_base={"REMOTE_ADDR": "10.2.2.2"}).status_code == 200


def test_a_token_ends_after_the_tournaments_time_limit_and_reads_nothing_private(db_client, db_app):
    from datetime import timedelta

    from service.persistence.models import TableLink, utcnow

    club = Club(db_client)
    tid, links = _round(db_client, club, deals=1)
    assert db_client.patch(f"/v1/tournaments/{tid}", json={"private": True}, headers=club.auth).status_code == 200
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    assert db_client.get(t1, headers=_tok(links[1])).status_code == 200  # its own table, still
    for path in ("", "/games", "/standings", "/players", "/rounds/1"):
        assert db_client.get(f"/v1/tournaments/{tid}{path}", headers=_tok(links[1])).status_code == 404, path
    assert db_client.get(f"/v1/tournaments/{tid}", headers=club.auth).get_json()["table_link_hours"] == 12
    with db_app.extensions["baohuang_db"].session() as s:
        for link in s.scalars(select(TableLink)):
            link.expires_at = utcnow() - timedelta(seconds=1)
        s.commit()
    r = db_client.get(t1, headers=_tok(links[1]))
    assert r.status_code == 401 and "expired" in r.get_json()["detail"]
