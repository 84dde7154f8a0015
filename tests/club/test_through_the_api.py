"""Every club figure the API answers comes from the club core: standings, a season and a
member's evenings, computed here from the same games by the core's rules (from the games' own
answers: roles and scores), equal to what the API says — byes included."""

from __future__ import annotations

from collections import defaultdict

from service.club import (
    Contribution,
    Evening,
    Part,
    StandingRow,
    contribution,
    ranked,
    season_row,
)
from service.core import random_record
from tests.tournament_helpers import Club


def _evening(client, club, bye_points, seed):
    tid, ids = club.tournament(players=6, bye_points=bye_points, deals_per_round=1)
    seats_of: dict[int, list[tuple[str, int, bool]]] = defaultdict(list)
    byes: dict[int, int] = defaultdict(int)
    for number in (1, 2):
        assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
        seating = client.get(f"/v1/tournaments/{tid}/rounds/{number}").get_json()
        table = next(t for t in seating["tables"] if t["table"] == 1)
        players = [s["player_id"] for s in sorted(table["seats"], key=lambda s: s["seat"])]
        for pid in set(ids) - set(players):
            byes[pid] += 1
        body = {"players": players, "round": number, "table": 1, "deal": 1, "record": random_record(seed + number)}
        game = club.submit(tid, body).get_json()
        rebels = set(game["outcome"]["rebels"])
        for x in game["seats"]:  # the game's own answer: each seat's player, role, score, and 造反
            seats_of[x["player_id"]].append((x["role"], x["score"], x["seat"] in rebels))
    return tid, ids, seats_of, byes


def test_standings_a_season_and_a_members_evenings_are_the_core_s(db_client):
    client = db_client
    club = Club(client)
    oid = club.organizer["id"]
    evenings = [_evening(client, club, bye_points=bp, seed=10 * k) for k, bp in enumerate((1, 2))]
    for tid, ids, seats_of, byes in evenings:
        expected = []
        for pid in ids:
            c = sum((contribution(*seat) for seat in seats_of[pid]), Contribution())
            expected.append((pid, c))
        bye_points = client.get(f"/v1/tournaments/{tid}").get_json()["bye_points"]
        answer = {r["player_id"]: r for r in client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]}
        rows = [StandingRow.of(pid, answer[pid]["name"], c, byes[pid], bye_points) for pid, c in expected]
        for row in ranked(rows, lambda r: r.player_id):
            got = answer[row.player_id]
            assert (got["total"], got["games"], got["wins"], got["rank"], got["average"]) == (
                row.total,
                row.games,
                row.wins,
                row.rank,
                row.average,
            )
            assert (got["rebel_games"], got["rebel_total"], got["rebel_wins"]) == (
                row.rebel_games,
                row.rebel_total,
                row.rebel_wins,
            )
    # the season of both evenings, and each member's evenings, from the same games
    tids = [e[0] for e in evenings]
    season = client.post(
        f"/v1/organizers/{oid}/seasons",
        json={"name": "冬季", "counting": "best", "best": 1, "tournaments": tids},
        headers=club.auth,
    ).get_json()
    rows = {
        r["member_id"]: r
        for r in client.get(f"/v1/organizers/{oid}/seasons/{season['id']}/standings").get_json()["standings"]
    }
    for k, pid in enumerate(evenings[0][1]):
        member = client.get(f"/v1/tournaments/{tids[0]}/players/{pid}").get_json()["member_id"]
        played = []
        for position, (tid, ids, seats_of, byes) in enumerate(evenings):
            bye_points = client.get(f"/v1/tournaments/{tid}").get_json()["bye_points"]
            p = ids[k]
            c = sum((contribution(*seat) for seat in seats_of[p]), Contribution())
            if not c.games and not byes[p]:
                continue
            played.append(Evening.of(tid, position, c, byes[p], bye_points))
        row = season_row(member, "", played, "best", 1)
        got = rows[member]
        assert (got["total"], got["games"], got["evenings_counted"], got["other_games"], got["rebel_games"]) == (
            row.total,
            row.games,
            row.evenings_counted,
            row.roles[Part.OTHER].games,
            row.roles[Part.REBEL].games,
        )
        page = client.get(f"/v1/organizers/{oid}/members/{member}").get_json()
        assert [e["total"] for e in page["evenings"]] == [e.total for e in played]
        assert sum(x["games"] for x in page["by_role"]) == sum(e.games for e in played)
