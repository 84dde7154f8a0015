"""The use cases without HTTP: each called with a unit of work on a real database (SQLite here;
the same tests on PostgreSQL are marked slow). What a director does in one evening: register,
create a tournament, add players, submit games, correct one, read the standings."""

from __future__ import annotations

import json

import pytest

from service.club.errors import Conflict, DuplicateGame, Forbidden, NotFound
from service.core import random_record
from service.core.record_form import read_ruleset
from service.tournament import clubs, corrections, game_queries, games
from service.tournament.errors import IllegalGame
from service.tournament.unit_of_work import UnitOfWork


@pytest.fixture()
def club(db):
    """An organizer with a Weihai tournament of five players: (secret, organizer id, tournament id, player ids)."""
    with UnitOfWork(db) as uow:
        reg = clubs.register_organizer(uow, "Weihai club")
    org, secret = reg.organizer.id, reg.key.secret
    with UnitOfWork(db) as uow:
        tid = clubs.create_tournament(uow, org, "Monday", read_ruleset("weihai"), False).id
    ids = []
    for name in ("甲", "乙", "丙", "丁", "戊"):
        with UnitOfWork(db) as uow:
            ids.append(clubs.add_player(uow, org, tid, name).id)
    return secret, org, tid, ids


def submit(db, secret, tid, doc):
    raw = json.dumps(doc)
    with UnitOfWork(db, single_statement=True) as uow:
        return games.submit_game(uow, secret, tid, games.Body(doc, raw), None).game


def test_a_submitted_game_is_stored_and_counted(db, club):
    secret, _org, tid, ids = club
    record = random_record(3)
    answer = submit(db, secret, tid, {"players": ids, "record": record})
    stored = answer
    assert [s.player_id for s in stored.seats] == ids
    assert sum(s.score for s in stored.seats) == 0
    with UnitOfWork(db) as uow:
        table = clubs.standings(uow, None, tid).standings
    by_player = {row.player_id: row for row in table}
    for seat in stored.seats:
        assert by_player[seat.player_id].total == seat.score
        assert by_player[seat.player_id].games == 1
    assert sum(row.total for row in table) == 0


def test_the_same_game_twice_is_a_conflict_naming_the_first(db, club):
    secret, _, tid, ids = club
    record = random_record(4)
    first = submit(db, secret, tid, {"players": ids, "record": record})
    with pytest.raises(DuplicateGame) as info:
        submit(db, secret, tid, {"players": ids[::-1], "record": record})  # other seats, the same game
    assert info.value.extra == {"game_id": first.id}


def test_an_illegal_game_is_rejected_and_nothing_is_stored(db, club):
    secret, _, tid, ids = club
    record = random_record(5)
    record["plays"][3] = {"seat": record["plays"][3].get("seat", 0), "cards": "QS QS QS QS QS"}
    with pytest.raises(IllegalGame) as info:
        submit(db, secret, tid, {"players": ids, "record": record})
    assert info.value.adjudication.verdict.value == "illegal"
    with UnitOfWork(db) as uow:
        assert all(row.games == 0 for row in clubs.standings(uow, None, tid).standings)


def test_a_void_takes_the_game_out_of_the_standings(db, club):
    secret, _org, tid, ids = club
    game = submit(db, secret, tid, {"players": ids, "record": random_record(6)})
    with UnitOfWork(db) as uow:
        key = clubs.authenticate(uow, secret)
    with UnitOfWork(db) as uow:
        voided = corrections.correct_game(uow, key, tid, game.id, {"action": "void", "reason": "wrong table"}, "")
    assert voided.voided and voided.version == 2
    with UnitOfWork(db) as uow:
        assert all(row.games == 0 and row.total == 0 for row in clubs.standings(uow, None, tid).standings)
        history = game_queries.game_history(uow, None, tid, game.id)
    assert [v.action for v in history.versions] == ["submit", "void"]


def test_only_the_owner_writes(db, club):
    _, _org, tid, _ = club
    with UnitOfWork(db) as uow:
        other = clubs.register_organizer(uow, "another club").organizer.id
    with UnitOfWork(db) as uow, pytest.raises(Forbidden):
        clubs.add_player(uow, other, tid, "someone")
    with UnitOfWork(db) as uow, pytest.raises(NotFound):
        clubs.get_tournament(uow, None, tid + 1000)


def test_a_name_already_taken_is_a_conflict_and_the_ruleset_freezes_with_the_first_game(db, club):
    secret, org, tid, ids = club
    with UnitOfWork(db) as uow, pytest.raises(Conflict):
        clubs.add_player(uow, org, tid, "甲")
    submit(db, secret, tid, {"players": ids, "record": random_record(8)})
    with UnitOfWork(db) as uow, pytest.raises(Conflict):
        clubs.change_tournament(uow, org, tid, {}, read_ruleset("shandong"))


def test_equal_standings_share_a_rank_and_ties_are_listed_by_pinyin(db):
    """Competition ranking (1, 2, 3, 3, 3): the three seats that lost alike share third place, and
    are listed by the reading of their names (Li Na, 王芳 wang, 张伟 zhang), not by code point."""
    with UnitOfWork(db) as uow:
        reg = clubs.register_organizer(uow, "club")
    org, secret = reg.organizer.id, reg.key.secret
    with UnitOfWork(db) as uow:
        tid = clubs.create_tournament(uow, org, "ties", read_ruleset("weihai"), False).id
    ids = []
    for name in ("皇帝", "保子", "张伟", "王芳", "Li Na"):
        with UnitOfWork(db) as uow:
            ids.append(clubs.add_player(uow, org, tid, name).id)
    with UnitOfWork(db) as uow:
        before = clubs.standings(uow, None, tid).standings
    assert [r.rank for r in before] == [1, 1, 1, 1, 1]  # nobody has played: all equal
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}
    assert submit(db, secret, tid, {"players": ids, "sheet": sheet}).id
    with UnitOfWork(db) as uow:
        answer = clubs.standings(uow, None, tid)
    rows = answer.standings
    assert [r.rank for r in rows] == [1, 2, 3, 3, 3]
    assert [r.name for r in rows] == ["皇帝", "保子", "Li Na", "王芳", "张伟"]
    assert rows[2].total == rows[3].total == rows[4].total < 0
    assert "share a rank" in answer.order
