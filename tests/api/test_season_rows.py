"""The season rows (and the members' counts of players) kept beside the games agree with the season added up from its evenings, after
every kind of write that changes them: games stored, replaced and voided, rounds drawn (byes) and
taken back, the points of a bye changed, a player moved to another member, two members merged,
the season's tournaments changed. The kept standings (no ``after``) are compared with the ones
added up from every evening's standings (``after`` its last evening), for a season counting
every evening and one counting each member's best two."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import text

from service.persistence import member_totals
from service.tournament import seasons
from service.tournament.unit_of_work import UnitOfWork
from tests.api.test_club_api import NAMES, _sheet
from tests.tournament_helpers import Club

POOL = [*NAMES, "孙丽", "周杰", "吴敏", "郑强"]
FIELDS = ("member_id", "name", "rank", "total", "games", "wins", "byes", "average", "evenings", "evenings_counted")


def _evening(client, club, name, names):
    tid = client.post("/v1/tournaments", json={"name": name, "bye_points": 2}, headers=club.auth).get_json()["id"]
    ids = []
    for n in [*names, *(f"{name}的朋友{k}" for k in range(5))]:
        if len(ids) == len(names):
            break
        r = client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth)
        assert r.status_code in (201, 409), r.get_json()  # 409: two names merged into one member
        if r.status_code == 201:
            ids.append(r.get_json()["id"])
    return tid, ids


def _agree(client, oid, season, tids):
    kept = client.get(f"/v1/organizers/{oid}/seasons/{season}/standings").get_json()
    if not tids:  # every evening of the season private now: it counts none
        assert kept["standings"] == []
        return kept
    added = client.get(f"/v1/organizers/{oid}/seasons/{season}/standings?after={tids[-1]}").get_json()
    assert [{k: r[k] for k in FIELDS} for r in kept["standings"]] == [
        {k: r[k] for k in FIELDS} for r in added["standings"]
    ]
    if not kept["standings"]:
        return kept
    role_figures = [k for k in kept["standings"][0] if k.split("_")[0] in ("emperor", "guard", "other", "rebel")]
    assert [[r[k] for k in role_figures] for r in kept["standings"]] == [
        [r[k] for k in role_figures] for r in added["standings"]
    ]
    assert [r["counted_tournaments"] for r in kept["standings"]] == [
        r["counted_tournaments"] for r in added["standings"]
    ]
    assert kept["counting"] == "best" or not any(r["counted_tournaments"] for r in kept["standings"])
    return kept


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_kept_season_rows_agree_with_the_evenings_after_every_write(db_client, seed):
    client, rng = db_client, random.Random(seed)
    club = Club(client)
    oid = club.organizer["id"]
    # a guest of each evening's own: guests of two evenings can be merged (they never met)
    evenings = [_evening(client, club, f"第{k}晚", [*rng.sample(POOL, 5), f"客人{k}"]) for k in range(3)]
    seasons = {}
    for counting in ("all", "best"):
        body = {"name": counting, "counting": counting, "tournaments": [t for t, _ in evenings]}
        body |= {"best": 2} if counting == "best" else {}
        seasons[counting] = client.post(f"/v1/organizers/{oid}/seasons", json=body, headers=club.auth).get_json()["id"]
    games: list[tuple[int, int]] = []
    in_season = [t for t, _ in evenings]
    did, hidden = set(), set()
    for step in range(80):
        tid, ids = rng.choice(evenings)
        what = rng.choice(
            ["game", "game", "game", "void", "replace", "round", "unround", "bye", "move", "merge", "private", "season"]
        )
        if what == "game":
            r = club.submit(tid, {"players": rng.sample(ids, 5), "sheet": _sheet(rng)})
            assert r.status_code == 201, r.get_json()
            games.append((tid, r.get_json()["id"]))
        elif what in ("void", "replace") and games:
            gt, gid = games.pop(rng.randrange(len(games)))
            body = {"action": what, "reason": "记错了"}
            if what == "replace":
                body["sheet"] = _sheet(rng)
                games.append((gt, gid))
            r = client.post(f"/v1/tournaments/{gt}/games/{gid}/corrections", json=body, headers=club.auth)
            assert r.status_code == 201, r.get_json()
        elif what == "round":
            assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
        elif what == "unround":
            rounds = client.get(f"/v1/tournaments/{tid}/rounds", headers=club.auth).get_json()["rounds"]
            if rounds:
                n = rounds[-1]["number"]
                assert client.delete(f"/v1/tournaments/{tid}/rounds/{n}", headers=club.auth).status_code in (200, 409)
        elif what == "bye":
            r = client.patch(f"/v1/tournaments/{tid}", json={"bye_points": rng.randint(-3, 5)}, headers=club.auth)
            assert r.status_code == 200, r.get_json()
        elif what == "move":
            pid = rng.choice(ids)
            to = rng.choice(list(_members(client, oid).values()))
            r = client.patch(
                f"/v1/tournaments/{tid}/players/{pid}", json={"member_id": to, "reason": "换人"}, headers=club.auth
            )
            assert r.status_code in (200, 409), r.get_json()
            what += str(r.status_code)
        elif what == "merge":
            named = _members(client, oid)
            pool = [named[n] for n in named if n.startswith("客人")] if rng.random() < 0.5 else list(named.values())
            a, b = rng.sample(sorted(pool), 2) if len(pool) > 1 else rng.sample(sorted(named.values()), 2)
            r = client.post(f"/v1/organizers/{oid}/members/{a}/merge", json={"member_id": b}, headers=club.auth)
            assert r.status_code in (200, 409), r.get_json()
            what += str(r.status_code)
        elif what == "private":
            private = rng.random() < 0.5
            r = client.patch(f"/v1/tournaments/{tid}", json={"private": private}, headers=club.auth)
            assert r.status_code in (200, 409), r.get_json()
            if r.status_code == 200:
                hidden = (hidden | {tid}) if private else (hidden - {tid})
            what += str(r.status_code)
        elif what == "season":
            if len(evenings) < 5:
                evenings.append(_evening(client, club, f"加{step}", [*rng.sample(POOL, 4), f"客人甲{step}"]))
            public = [t for t, _ in evenings if t not in hidden]  # a season takes public tournaments only
            in_season = rng.sample(public, rng.randint(min(2, len(public)), len(public)))
            for season in seasons.values():
                r = client.patch(
                    f"/v1/organizers/{oid}/seasons/{season}", json={"tournaments": in_season}, headers=club.auth
                )
                assert r.status_code == 200, r.get_json()
        did.add(what)
        for season in seasons.values():
            kept = _agree(client, oid, season, [t for t in in_season if t not in hidden])
            _leaders_agree(client, club, season, kept)
        _counts_agree(client)
        _member_rows_agree(client)
        assert kept["standings"] or not any(t in in_season and t not in hidden for t, _ in games)
    assert {"game", "void", "replace", "round", "bye", "move200", "merge200", "private200", "season"} <= did, " ".join(
        sorted(did)
    )


def _leaders_agree(client, club, season, kept):
    """The leaders' chart draws the standings' first five and, for each evening of the season,
    each one's total that evening as the evening's own standings say."""
    oid, auth = club.organizer["id"], club.auth
    with UnitOfWork(client.application.extensions["baohuang_db"]) as uow:
        leaders = seasons.season_leaders(uow, oid, season)
    assert leaders.top == [r["member_id"] for r in kept["standings"][:5]]
    evenings = client.get(f"/v1/organizers/{oid}/seasons/{season}").get_json()["tournaments"]
    public = [t for t in evenings if not client.get(f"/v1/tournaments/{t['id']}", headers=auth).get_json()["private"]]
    assert [name for name, _ in leaders.evenings] == [t["name"] for t in public]
    so_far = dict.fromkeys(leaders.top, 0)
    for (_, running), t in zip(leaders.evenings, public, strict=True):
        rows = client.get(f"/v1/tournaments/{t['id']}/standings").get_json()["standings"]
        member_of = {
            p["id"]: p["member_id"] for p in client.get(f"/v1/tournaments/{t['id']}/players").get_json()["items"]
        }
        for r in rows:
            if member_of[r["player_id"]] in so_far and (r["games"] or r["byes"]):
                so_far[member_of[r["player_id"]]] += r["total"]
        assert running == so_far
    with UnitOfWork(client.application.extensions["baohuang_db"]) as uow:  # a long season's evenings, spread
        spread = seasons.season_leaders(uow, oid, season, points=2)
    assert spread.top == leaders.top
    assert spread.evenings[-1:] == leaders.evenings[-1:] and len(spread.evenings) <= 2  # it ends where the season is
    assert all(point in leaders.evenings for point in spread.evenings)


def _counts_agree(client):
    """Each member's kept counts of players (all, public) are those of their players."""
    with UnitOfWork(client.application.extensions["baohuang_db"]) as uow:
        kept = uow.session.execute(text("SELECT id, players, public_players FROM members ORDER BY id")).all()
        counted = uow.session.execute(
            text(
                "SELECT m.id, count(p.id), count(p.id) FILTER (WHERE NOT t.private) FROM members m "
                "LEFT JOIN players p ON p.member_id = m.id LEFT JOIN tournaments t ON t.id = p.tournament_id "
                "GROUP BY m.id ORDER BY m.id"
            )
        ).all()
    assert [tuple(r) for r in kept] == [tuple(r) for r in counted]


def _member_rows_agree(client):
    """The members' kept evenings and totals are those the set-based build makes from the
    standings (built in a transaction rolled back)."""
    read = "SELECT * FROM {} ORDER BY 1, 2"
    with UnitOfWork(client.application.extensions["baohuang_db"]) as uow:
        s = uow.session
        kept = [s.execute(text(read.format(t))).all() for t in ("member_evenings", "member_totals")]
        s.execute(text("DELETE FROM member_evenings"))
        s.execute(text("DELETE FROM member_totals"))
        s.execute(member_totals.REBUILD_EVENINGS)
        s.execute(member_totals.SUM_TOTALS)
        built = [s.execute(text(read.format(t))).all() for t in ("member_evenings", "member_totals")]
        s.rollback()
    nonzero = [r for r in kept[1] if r.evenings]  # a member whose last evening went keeps a row of zeros
    assert kept[0] == built[0] and nonzero == built[1]


def _members(client, oid):
    listed = client.get(f"/v1/organizers/{oid}/members").get_json()["members"]
    return {m["name"]: m["id"] for m in listed}
