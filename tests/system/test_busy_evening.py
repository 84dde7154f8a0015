"""A busy evening on one tournament, from 8 threads at once: the director stores, corrects and voids
games and settles deals while two tables enter, confirm and withdraw theirs. Every write of a
tournament takes its locks in one order (the tournament's first), so none deadlocks; no answer is
a 5xx; every stored result is there exactly once and the standings are the sum of the games.

``BAOHUANG_BUSY_SECONDS`` sets how long the writers run (30 by default; .ci/run runs it)."""

from __future__ import annotations

import logging
import os
import random
import threading
import time
from collections import Counter

import pytest
from sqlalchemy import func, select

from service.persistence.models import Game, GameSeat, PlayerStats
from tests.tournament_helpers import Club

pytestmark = pytest.mark.slow

SECONDS = float(os.environ.get("BAOHUANG_BUSY_SECONDS", "30"))
DEALS = 50
ORDERS = [[0, 2, 3, 1, 4], [2, 3, 0, 4, 1], [0, 3, 2, 1, 4], [1, 0, 2, 3, 4], [3, 2, 1, 0, 4]]


def _sheet(rng: random.Random) -> dict[str, object]:
    return {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": rng.choice(ORDERS)}


class _Log(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_eight_writers_for_thirty_seconds_never_deadlock_and_store_each_result_once(race_app, caplog):
    client = race_app.test_client()
    club = Club(client)
    tid, _ = club.tournament(players=10, deals_per_round=DEALS)
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    links = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()["links"]
    everyone = [p["player_id"] for link in links for p in link["players"]]
    log = _Log()
    logging.getLogger().addHandler(log)
    race_app.logger.addHandler(log)

    stop = time.monotonic() + SECONDS
    answers: Counter[tuple[str, int]] = Counter()
    failures: list[tuple[str, int, object]] = []
    stored: list[int] = []  # the director's games, by the ids their 201s gave
    lock = threading.Lock()

    def note(kind: str, r) -> None:
        with lock:
            answers[(kind, r.status_code)] += 1
            if r.status_code >= 500:
                failures.append((kind, r.status_code, r.get_json()))

    def director_stores(seed: int) -> None:
        rng, c = random.Random(seed), race_app.test_client()
        while time.monotonic() < stop:
            players = rng.sample(everyone, 5)
            r = c.post(
                f"/v1/tournaments/{tid}/games", json={"players": players, "sheet": _sheet(rng)}, headers=club.auth
            )
            note("store", r)
            if r.status_code == 201:
                with lock:
                    stored.append(r.get_json()["id"])

    def director_corrects(seed: int) -> None:
        rng, c = random.Random(seed), race_app.test_client()
        while time.monotonic() < stop:
            page = c.get(f"/v1/tournaments/{tid}/games?limit=50", headers=club.auth).get_json()
            games = [g for g in page.get("items", []) if not g["voided"]]
            if not games:
                time.sleep(0.05)
                continue
            g = rng.choice(games)
            if g["table"] is None and rng.random() < 0.6:
                body = {"action": "replace", "reason": "typed wrong", "sheet": _sheet(rng)}
            else:
                body = {"action": "void", "reason": "played again"}
            note("correct", c.post(f"/v1/tournaments/{tid}/games/{g['id']}/corrections", json=body, headers=club.auth))

    def director_settles(seed: int) -> None:
        rng, c = random.Random(seed), race_app.test_client()
        while time.monotonic() < stop:
            link = rng.choice(links)
            page = c.get(
                f"/v1/tournaments/{tid}/rounds/1/tables/{link['table']}", headers={"X-Table-Token": link["token"]}
            )
            deals = page.get_json().get("deals", [])
            open_ = [e for d in deals for e in d["entries"] if e["state"] in ("pending", "disputed")]
            if not open_:
                time.sleep(0.05)
                continue
            e = rng.choice(open_)
            path = f"/v1/tournaments/{tid}/rounds/1/tables/{link['table']}/deals/{e['deal']}/resolve"
            note("settle", c.post(path, json={"entry": e["id"]}, headers=club.auth))

    def table(seed: int, link: dict) -> None:
        rng, c = random.Random(seed), race_app.test_client()
        tok = {"X-Table-Token": link["token"]}
        path = f"/v1/tournaments/{tid}/rounds/1/tables/{link['table']}"
        who = [p["player_id"] for p in link["players"]]
        while time.monotonic() < stop:
            deal = rng.randint(1, DEALS)
            r = c.post(f"{path}/deals", json={"entered_by": who[0], "deal": deal, "sheet": _sheet(rng)}, headers=tok)
            note("enter", r)
            if r.status_code != 201:
                continue
            eid = r.get_json()["id"]
            if rng.random() < 0.3:
                note(
                    "withdraw",
                    c.post(f"{path}/deals/{deal}/withdraw", json={"player": who[0], "entry": eid}, headers=tok),
                )
            else:
                note(
                    "confirm",
                    c.post(f"{path}/deals/{deal}/confirm", json={"player": who[2], "entry": eid}, headers=tok),
                )

    workers = [
        threading.Thread(target=director_stores, args=(1,)),
        threading.Thread(target=director_stores, args=(2,)),
        threading.Thread(target=director_corrects, args=(3,)),
        threading.Thread(target=director_settles, args=(4,)),
        threading.Thread(target=table, args=(5, links[0])),
        threading.Thread(target=table, args=(6, links[0])),
        threading.Thread(target=table, args=(7, links[1])),
        threading.Thread(target=table, args=(8, links[1])),
    ]
    try:
        for w in workers:
            w.start()
        for w in workers:
            w.join(SECONDS + 120)
    finally:
        logging.getLogger().removeHandler(log)
        race_app.logger.removeHandler(log)

    assert not any(w.is_alive() for w in workers)
    assert failures == [], failures[:3]
    assert not [
        line for line in log.lines if "deadlock" in line.lower() or "unavailable" in line.lower() or "run again" in line
    ]
    for kind in ("store", "correct", "settle", "enter", "confirm", "withdraw"):
        assert sum(n for (k, status), n in answers.items() if k == kind and status < 300) > 0, (kind, answers)

    with race_app.extensions["baohuang_db"].session() as s:
        # every director store that answered 201 is one game, and no other game is the director's own
        directors = set(s.scalars(select(Game.id).where(Game.tournament_id == tid, Game.table_no.is_(None))))
        assert sorted(directors) == sorted(stored)
        # a deal of a table is at most one game that counts
        per_deal = Counter(
            s.execute(
                select(Game.table_no, Game.deal_no).where(
                    Game.tournament_id == tid, Game.table_no.is_not(None), Game.voided.is_(False)
                )
            ).all()
        )
        assert per_deal and max(per_deal.values()) == 1, per_deal.most_common(3)
        # the standings are the sum of the counted seats
        sums = dict(
            s.execute(
                select(GameSeat.player_id, func.sum(GameSeat.score))
                .where(GameSeat.tournament_id == tid, GameSeat.counted.is_(True))
                .group_by(GameSeat.player_id)
            ).all()
        )
        totals = {
            p: t
            for p, t in s.execute(
                select(PlayerStats.player_id, PlayerStats.total).where(PlayerStats.tournament_id == tid)
            ).all()
        }
    assert {p: totals.get(p, 0) for p in sums} == {p: int(v) for p, v in sums.items()}
    assert all(v == 0 for p, v in totals.items() if p not in sums)
