"""The cost of a club's ratings: recomputing them from scratch for 100,000 games, and adding one
game to them.

A club of 60 members plays 200 evenings of 500 games (``--games``), written straight into a
migrated database (SQLite in a temporary directory, or ``--database-url``): each game a result
sheet scored by the referee, its five seats drawn from the evening's players. Then:
- from scratch: ``ratings.refresh`` with no basis (what a correction or a void leads to), split
  into reading the games, rating them (openskill) and writing the ratings and their history;
- one new game: ``refresh`` after one more game is stored (what every new game costs when the
  ratings are next read).

    .venv/bin/python benchmarks/bench_ratings.py [--games 100000] [--database-url URL]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import delete, insert, select

from service.core.sheets import read_sheet, score
from service.persistence import ratings as ratings_repo
from service.persistence.db import Database
from service.persistence.models import (
    ApiKey,
    Game,
    GameSeat,
    GameVersion,
    Member,
    Organizer,
    Player,
    RatingBasis,
    Tournament,
)
from service.tournament import ratings
from service.tournament.unit_of_work import UnitOfWork


def sheets(rng: random.Random, n: int) -> list[list[tuple[int, str, int | None, int]]]:
    """``n`` distinct scored sheets: per seat (seat, role, place, score)."""
    out = []
    while len(out) < n:
        order = list(range(5))
        rng.shuffle(order)
        emperor = rng.randrange(5)
        guard = rng.choice([s for s in range(5) if s != emperor])
        rs, facts = read_sheet({"mode": "normal", "emperor": emperor, "guard": guard, "finishing_order": order})
        out.append([(r.seat, r.role, r.place, r.score) for r in score(facts, rs).seat_results()])
    return out


def build(db: Database, games: int, per_evening: int = 500) -> int:
    rng = random.Random(7)
    scored = sheets(rng, 200)
    start = datetime(2026, 1, 1, 19, tzinfo=UTC)
    with db.session() as s:
        org = Organizer(name="bench club")
        s.add(org)
        s.flush()
        key = ApiKey(organizer_id=org.id, prefix="bh_bench", secret_hash="x" * 64)
        s.add(key)
        members = [Member(organizer_id=org.id, name=f"m{i}", name_key=f"m{i}") for i in range(60)]
        s.add_all(members)
        s.flush()
        game_id = version_id = 0
        for evening in range(games // per_evening):
            t = Tournament(organizer_id=org.id, name=f"e{evening}", ruleset_name="weihai", ruleset_options={})
            s.add(t)
            s.flush()
            chosen = rng.sample(members, 20)
            players = [Player(tournament_id=t.id, name=m.name, name_key=m.name_key, member_id=m.id) for m in chosen]
            s.add_all(players)
            s.flush()
            g_rows, v_rows, seat_rows = [], [], []
            for k in range(per_evening):
                game_id += 1
                version_id += 1
                at = start + timedelta(days=evening, seconds=k * 60)
                g_rows.append(
                    {
                        "id": game_id,
                        "tournament_id": t.id,
                        "played_at": at,
                        "created_at": at,
                        "current_version": 1,
                        "voided": False,
                    }
                )
                v_rows.append(
                    {
                        "id": version_id,
                        "game_id": game_id,
                        "version": 1,
                        "action": "submit",
                        "kind": "sheet",
                        "body": "{}",
                        "outcome": {},
                        "key_id": key.id,
                        "created_at": at,
                    }
                )
                seated = rng.sample(players, 5)
                for seat, role, place, points in rng.choice(scored):
                    seat_rows.append(
                        {
                            "version_id": version_id,
                            "game_id": game_id,
                            "tournament_id": t.id,
                            "player_id": seated[seat].id,
                            "seat": seat,
                            "role": role,
                            "place": place,
                            "score": points,
                            "counted": True,
                        }
                    )
            s.execute(insert(Game), g_rows)
            s.execute(insert(GameVersion), v_rows)
            s.execute(insert(GameSeat), seat_rows)
        s.commit()
        return int(org.id)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--database-url")
    args = ap.parse_args()
    url = args.database_url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'ratings.sqlite3'}"
    db = Database(url)
    db.upgrade()
    t = time.perf_counter()
    oid = build(db, args.games)
    print(f"{args.games:,} games written in {time.perf_counter() - t:.1f} s ({db.engine.dialect.name})")

    with db.session() as s:
        t = time.perf_counter()
        played = list(ratings_repo.games(s, oid))
        read = time.perf_counter() - t
        t = time.perf_counter()
        after, steps = ratings.rate(played, {})
        rate = time.perf_counter() - t
    with UnitOfWork(db) as uow:
        uow.session.execute(delete(RatingBasis).where(RatingBasis.organizer_id == oid))
        uow.commit()
        t = time.perf_counter()
        ratings.refresh(uow, oid)
        whole = time.perf_counter() - t
    print(
        f"from scratch: {whole:.1f} s for {len(played):,} games ({whole / len(played) * 1e6:.0f} µs a game): "
        f"reading {read:.1f} s, rating {rate:.1f} s ({rate / len(played) * 1e6:.0f} µs a game, openskill), "
        f"writing {len(after)} ratings and {len(steps):,} steps about {max(0.0, whole - read - rate):.1f} s"
    )
    with db.session() as s:
        last = s.scalar(select(Game).order_by(Game.id.desc()).limit(1))
        assert last is not None
        seats = list(s.scalars(select(GameSeat).where(GameSeat.game_id == last.id)))
        gid = last.id + 1
        s.add(Game(id=gid, tournament_id=last.tournament_id, played_at=last.played_at + timedelta(minutes=1)))
        s.flush()
        top = s.scalar(select(GameVersion).order_by(GameVersion.id.desc()).limit(1))
        assert top is not None
        v = GameVersion(
            id=top.id + 1,
            game_id=gid,
            version=1,
            action="submit",
            kind="sheet",
            body="{}",
            outcome={},
            key_id=top.key_id,
        )
        s.add(v)
        s.flush()
        s.add_all(
            GameSeat(
                version_id=v.id,
                game_id=gid,
                tournament_id=x.tournament_id,
                player_id=x.player_id,
                seat=x.seat,
                role=x.role,
                place=x.place,
                score=x.score,
                counted=True,
            )
            for x in seats
        )
        s.commit()
    with UnitOfWork(db) as uow:
        t = time.perf_counter()
        ratings.refresh(uow, oid)
        one = time.perf_counter() - t
    with UnitOfWork(db) as uow:
        t = time.perf_counter()
        ratings.refresh(uow, oid)
        nothing = time.perf_counter() - t
    print(f"one new game: {one * 1000:.1f} ms; nothing new (the check every read makes): {nothing * 1000:.1f} ms")
    db.dispose()


if __name__ == "__main__":
    main()
