"""A club beyond one evening over HTTP: members across tournaments (linking, moving, merging keep
every game), season standings that are the sum of their tournaments' standings under each
counting rule, and ratings that recompute identically from scratch."""

from __future__ import annotations

import random

from service.tournament import ratings as ratings_use_cases
from tests.tournament_helpers import Club

NAMES = ["张伟", "李娜", "王芳", "赵雷", "刘洋", "陈静"]


def _sheet(rng: random.Random) -> dict:
    order = list(range(5))
    rng.shuffle(order)
    emperor = rng.randrange(5)
    guard = rng.choice([s for s in range(5) if s != emperor])
    return {"mode": "normal", "emperor": emperor, "guard": guard, "finishing_order": order}


def _evening(client, club, name, names, games, seed, **kw):
    r = client.post("/v1/tournaments", json={"name": name, "bye_points": 1, **kw}, headers=club.auth)
    tid = r.get_json()["id"]
    ids = [
        client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth).get_json()["id"]
        for n in names
    ]
    rng = random.Random(seed)
    client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)  # one table, one sits out (a bye)
    for _ in range(games):
        seats = rng.sample(ids, 5)
        assert club.submit(tid, {"players": seats, "sheet": _sheet(rng)}).status_code == 201
    return tid, ids


def _members(client, club):
    return {m["name"]: m for m in client.get(f"/v1/organizers/{club.organizer['id']}/members").get_json()["members"]}


def test_players_are_members_across_tournaments_and_merging_keeps_every_game(db_client):
    client = db_client
    club = Club(client)
    oid = club.organizer["id"]
    t1, p1 = _evening(client, club, "一", NAMES, 6, 1)
    t2, p2 = _evening(client, club, "二", [*NAMES[:5], "ZHANG  SAN"], 6, 2)
    t3, _ = _evening(client, club, "三", ["zhang san", *NAMES[1:5], "孙丽"], 6, 3)
    members = _members(client, club)
    assert len(members) == 8  # six names, 'ZHANG  SAN' and 'zhang san' are one, and 孙丽
    assert members["ZHANG  SAN"]["players"] == 2
    one = client.get(f"/v1/tournaments/{t1}/players/{p1[1]}").get_json()
    two = client.get(f"/v1/tournaments/{t2}/players/{p2[1]}").get_json()
    assert one["member_id"] == two["member_id"] == members["李娜"]["id"]

    def games_of(member_id):
        page = client.get(f"/v1/organizers/{oid}/members/{member_id}").get_json()
        return sum(e["games"] for e in page["evenings"]), sum(e["total"] for e in page["evenings"])

    all_games = sum(games_of(m["id"])[0] for m in members.values())
    assert all_games == 18 * 5
    # 张伟 of tournament 3 is really 'zhang san' of tournament 2? No: move 张伟's tournament-1 player
    # to the member '孙丽' (who plays only in tournament 3): the games move with the player
    zw, sl = members["张伟"]["id"], members["孙丽"]["id"]
    before_zw, before_sl = games_of(zw), games_of(sl)
    moved_player = p1[0]
    from_t1 = client.get(f"/v1/tournaments/{t1}/standings").get_json()["standings"]
    moved = next(r for r in from_t1 if r["player_id"] == moved_player)
    r = client.patch(
        f"/v1/tournaments/{t1}/players/{moved_player}", json={"member_id": sl, "reason": "登记错了"}, headers=club.auth
    )
    assert r.status_code == 200 and r.get_json()["member_id"] == sl
    assert games_of(sl) == (before_sl[0] + moved["games"], before_sl[1] + moved["total"])
    assert games_of(zw) == (before_zw[0] - moved["games"], before_zw[1] - moved["total"])
    # a member plays once a tournament: merging 张伟 (t2) into 孙丽 (t1, t3) clashes in no tournament
    # but merging 李娜 into 王芳 does (both play in every tournament)
    clash = client.post(
        f"/v1/organizers/{oid}/members/{members['王芳']['id']}/merge",
        json={"member_id": members["李娜"]["id"]},
        headers=club.auth,
    )
    assert clash.status_code == 409
    merged = client.post(
        f"/v1/organizers/{oid}/members/{sl}/merge", json={"member_id": zw, "reason": "同一个人"}, headers=club.auth
    )
    assert merged.status_code == 200, merged.get_json()
    assert games_of(sl) == (before_sl[0] + before_zw[0], before_sl[1] + before_zw[1])
    assert sum(games_of(m["id"])[0] for m in _members(client, club).values()) == all_games
    page = client.get(f"/v1/organizers/{oid}/members/{sl}", headers=club.auth).get_json()
    assert [e["action"] for e in page["events"]] == ["moved", "merged"]
    assert client.get(f"/v1/organizers/{oid}/members/{sl}").get_json()["events"] == []  # the trail is the organizer's
    assert "张伟" not in _members(client, club)
    assert client.post(f"/v1/organizers/{oid}/members/{sl}/merge", json={"member_id": zw}).status_code == 401
    other = Club(client, "another club")
    assert (
        client.post(f"/v1/organizers/{oid}/members/{sl}/merge", json={"member_id": zw}, headers=other.auth).status_code
        == 403
    )
    assert t3


def _by_member(client, tid, member_of):
    out = {}
    for row in client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]:
        if row["games"] or row["byes"]:
            out[member_of[row["player_id"]]] = row
    return out


def test_season_standings_are_the_sum_of_their_evenings(db_client):
    client = db_client
    club = Club(client)
    oid = club.organizer["id"]
    evenings = [_evening(client, club, f"第{k}晚", NAMES, 5, 10 + k) for k in range(3)]
    member_of = {}
    for tid, ids in evenings:
        for pid in ids:
            member_of[pid] = client.get(f"/v1/tournaments/{tid}/players/{pid}").get_json()["member_id"]
    tids = [t for t, _ in evenings]
    for counting, best in (("all", None), ("best", 2)):
        body = {"name": f"冬季 {counting}", "counting": counting, "tournaments": tids}
        if best:
            body["best"] = best
        r = client.post(f"/v1/organizers/{oid}/seasons", json=body, headers=club.auth)
        assert r.status_code == 201, r.get_json()
        sid = r.get_json()["id"]
        for after in (None, tids[1]):
            upto = tids if after is None else tids[:2]
            q = "" if after is None else f"?after={after}"
            table = client.get(f"/v1/organizers/{oid}/seasons/{sid}/standings{q}").get_json()
            per = [_by_member(client, t, member_of) for t in upto]
            rows = {row["member_id"]: row for row in table["standings"]}
            assert set(rows) == set().union(*per)
            for m, row in rows.items():
                nights = sorted((p[m] for p in per if m in p), key=lambda x: -x["total"])
                counted = nights if counting == "all" else nights[:best]
                assert row["total"] == sum(x["total"] for x in counted), (counting, after, m)
                assert row["games"] == sum(x["games"] for x in counted)
                assert row["evenings"] == len(nights)
                assert row["emperor_games"] + row["guard_games"] + row["other_games"] == row["games"]
            ranks = [row["rank"] for row in table["standings"]]
            assert ranks == sorted(ranks) and ranks[0] == 1
            if counting == "all" and after is None:
                assert sum(row["total"] - row["byes"] for row in table["standings"]) == 0  # zero-sum but byes
    csv = client.get(f"/v1/organizers/{oid}/seasons/{sid}/standings?format=csv").get_data(as_text=True)
    assert csv.splitlines()[0].startswith("rank,member_id,name,total")
    assert client.get(f"/v1/organizers/{oid}/seasons/{sid}/standings?after=999999").status_code == 404
    private = client.post("/v1/tournaments", json={"name": "内部", "private": True}, headers=club.auth).get_json()["id"]
    refused = client.patch(f"/v1/organizers/{oid}/seasons/{sid}", json={"tournaments": [private]}, headers=club.auth)
    assert refused.status_code == 409


def test_ratings_recompute_identically_from_scratch(db_client, db_app):
    client = db_client
    club = Club(client)
    oid = club.organizer["id"]
    t1, _ = _evening(client, club, "一", NAMES, 8, 21)

    def ratings():
        return {m["id"]: (m["mu"], m["sigma"], m["games"]) for m in _members(client, club).values()}

    def from_scratch():
        ratings_use_cases.recompute(db_app.extensions["baohuang_db"], oid)
        return ratings()

    def decided(tid):  # a deal whose every score is 0 tells nothing and is not rated
        items = client.get(f"/v1/tournaments/{tid}/games?limit=50").get_json()["items"]
        return sum(5 for g in items if any(x["score"] for x in g["seats"]))

    first = ratings()
    assert sum(g for _, _, g in first.values()) == decided(t1) > 0
    t2, _ = _evening(client, club, "二", NAMES, 8, 22)  # added to the ratings as they are
    grown = ratings()
    assert grown == from_scratch()
    games = client.get(f"/v1/tournaments/{t1}/games?limit=50").get_json()["items"]
    void = client.post(
        f"/v1/tournaments/{t1}/games/{games[0]['id']}/corrections",
        json={"action": "void", "reason": "记错"},
        headers=club.auth,
    )
    assert void.status_code == 201, void.get_json()
    corrected = ratings()
    assert corrected != grown and sum(g for _, _, g in corrected.values()) == decided(t1) + decided(t2)
    assert corrected == from_scratch()
    member = next(iter(corrected))
    page = client.get(f"/v1/organizers/{oid}/members/{member}").get_json()
    assert page["rating_steps"] == page["games"] and page["provisional"] == (page["games"] < 10)
    assert page["ratings"] == {"up_to_date": True, "pending_since": None, "from_played_at": None}
    assert len(page["rating_history"]) == 2  # by evening: one point each
    steps = client.get(f"/v1/organizers/{oid}/members/{member}/rating-history?limit=3").get_json()
    assert steps["total"] == page["games"] and len(steps["steps"]) == min(3, page["games"])
    assert (steps["next"] is None) == (page["games"] <= 3)
    every = client.get(f"/v1/organizers/{oid}/members/{member}/rating-history").get_json()["steps"]
    assert every[-1] == page["rating_history"][-1]  # the last evening's last step is the rating now
    assert t2


def test_a_season_tells_its_tournaments_webhooks_when_its_standings_change(db_app, monkeypatch):
    from service.tournament import webhooks
    from tests.tournament.test_webhooks import Receiver

    monkeypatch.setenv("BAOHUANG_WEBHOOK_ALLOW_NETWORKS", "127.0.0.0/8")
    client = db_app.test_client()
    club = Club(client)
    oid = club.organizer["id"]
    tid, ids = _evening(client, club, "一", NAMES, 0, 40)
    other, _ = _evening(client, club, "二", NAMES, 0, 41)
    sid = client.post(f"/v1/organizers/{oid}/seasons", json={"name": "季", "tournaments": [tid]}, headers=club.auth)
    sid = sid.get_json()["id"]
    receiver = Receiver(["ok"] * 10)
    try:
        for t in (tid, other):
            r = client.post(
                f"/v1/tournaments/{t}/webhooks",
                json={"url": receiver.url, "events": ["season.updated"]},
                headers=club.auth,
            )
            assert r.status_code == 201
        rng = random.Random(3)
        for t, seats in ((tid, ids[:5]), (tid, ids[1:]), (other, _players(client, other))):
            assert club.submit(t, {"players": seats, "sheet": _sheet(rng)}).status_code == 201
        webhooks.deliver_once(db_app.extensions["baohuang_db"])
        got = [body for _, body, _ in receiver.received]
        # two games of the season's tournament in one pass: one season.updated; the other tournament: none
        assert [b["event"] for b in got] == ["season.updated"], got
        assert got[0]["data"] == {"season_id": sid, "tournament_id": tid}
    finally:
        receiver.close()


def _players(client, tid):
    return [p["id"] for p in client.get(f"/v1/tournaments/{tid}/players").get_json()["items"][:5]]
