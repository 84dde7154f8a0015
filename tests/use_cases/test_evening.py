"""A director's evening through the use cases, against the fake unit of work: no database.
Register, make a tournament, add players, submit games, correct one, read the standings — what
each stores, refuses and answers (tests/tournament/test_use_cases.py runs the same evening on
SQLite and PostgreSQL)."""

from __future__ import annotations

import json

import pytest

from service.club.errors import Conflict, DuplicateGame, Forbidden, NotFound
from service.core import random_record
from service.core.record_form import read_ruleset
from service.tournament import clubs, corrections, games
from service.tournament.errors import IllegalGame, Rejected

from .fakes import Club, FakeUnitOfWork


def _evening(names=("甲", "乙", "丙", "丁", "戊")):
    club = Club()
    with FakeUnitOfWork(club) as uow:
        reg = clubs.register_organizer(uow, "Weihai club")
    org, secret = reg.organizer.id, reg.key.secret
    with FakeUnitOfWork(club) as uow:
        tid = clubs.create_tournament(uow, org, "Monday", read_ruleset("weihai"), False).id
    ids = []
    for name in names:
        with FakeUnitOfWork(club) as uow:
            ids.append(clubs.add_player(uow, org, tid, name).id)
    return club, secret, org, tid, ids


def _submit(club, secret, tid, doc):
    with FakeUnitOfWork(club) as uow:
        return games.submit_game(uow, secret, tid, games.Body(doc, json.dumps(doc)), None).game


def _standings(club, tid, viewer=None):
    with FakeUnitOfWork(club) as uow:
        return clubs.standings(uow, viewer, tid)


def test_a_registered_organizers_key_is_its_own_and_shown_once():
    club, secret, org, tid, _ = _evening()
    with FakeUnitOfWork(club) as uow:
        key = clubs.authenticate(uow, secret)
        assert key is not None and key.organizer_id == org
        assert clubs.authenticate(uow, "bh_wrong") is None
        info = clubs.get_tournament(uow, None, tid)
    assert (info.name, info.ruleset.name, info.frozen, info.organizer_id) == ("Monday", "weihai", False, org)


def test_a_submitted_game_is_stored_and_counted_zero_sum():
    club, secret, _, tid, ids = _evening()
    stored = _submit(club, secret, tid, {"players": ids, "record": random_record(3)})
    assert [s.player_id for s in stored.seats] == ids and sum(s.score for s in stored.seats) == 0
    rows = _standings(club, tid).standings
    by_player = {row.player_id: row for row in rows}
    for seat in stored.seats:
        assert (by_player[seat.player_id].total, by_player[seat.player_id].games) == (seat.score, 1)
    assert sum(row.total for row in rows) == 0


def test_the_same_game_twice_is_a_conflict_naming_the_first():
    club, secret, _, tid, ids = _evening()
    record = random_record(4)
    first = _submit(club, secret, tid, {"players": ids, "record": record})
    with pytest.raises(DuplicateGame) as info:
        _submit(club, secret, tid, {"players": ids[::-1], "record": record})
    assert info.value.extra == {"game_id": first.id}


def test_an_illegal_game_is_rejected_and_nothing_is_stored():
    club, secret, _, tid, ids = _evening()
    record = random_record(5)
    record["plays"][3] = {"seat": record["plays"][3].get("seat", 0), "cards": "QS QS QS QS QS"}
    with pytest.raises(IllegalGame) as info:
        _submit(club, secret, tid, {"players": ids, "record": record})
    assert info.value.adjudication.verdict.value == "illegal"
    assert all(row.games == 0 for row in _standings(club, tid).standings)


def test_a_void_takes_the_game_out_of_the_standings():
    club, secret, _, tid, ids = _evening()
    game = _submit(club, secret, tid, {"players": ids, "record": random_record(6)})
    with FakeUnitOfWork(club) as uow:
        key = clubs.authenticate(uow, secret)
        voided = corrections.correct_game(uow, key, tid, game.id, {"action": "void", "reason": "wrong table"}, "")
    assert voided.voided and voided.version == 2
    assert all(row.games == 0 and row.total == 0 for row in _standings(club, tid).standings)


def test_only_the_owner_writes_and_a_private_tournament_is_its_owners_to_read():
    club, _, org, tid, _ = _evening()
    with FakeUnitOfWork(club) as uow:
        other = clubs.register_organizer(uow, "another club").organizer.id
    with FakeUnitOfWork(club) as uow, pytest.raises(Forbidden):
        clubs.add_player(uow, other, tid, "someone")
    with FakeUnitOfWork(club) as uow, pytest.raises(NotFound):
        clubs.get_tournament(uow, None, tid + 1000)
    with FakeUnitOfWork(club) as uow:
        hidden = clubs.create_tournament(uow, org, "private", read_ruleset("weihai"), True).id
    with pytest.raises(NotFound):
        _standings(club, hidden, viewer=other)
    assert _standings(club, hidden, viewer=org).standings == []


def test_a_name_taken_as_a_reader_takes_it_is_a_conflict_and_the_ruleset_freezes_with_the_first_game():
    club, secret, org, tid, ids = _evening(("Li Na", "乙", "丙", "丁", "戊"))
    for taken in ("Li Na", "li  na"):
        with FakeUnitOfWork(club) as uow, pytest.raises(Conflict, match="already has a player named"):
            clubs.add_player(uow, org, tid, taken)
    _submit(club, secret, tid, {"players": ids, "record": random_record(8)})
    with FakeUnitOfWork(club) as uow, pytest.raises(Conflict, match="frozen"):
        clubs.change_tournament(uow, org, tid, {}, read_ruleset("shandong"))


def test_a_tournament_takes_players_up_to_its_limit(monkeypatch):
    club, _, org, tid, _ = _evening()
    monkeypatch.setattr(clubs, "MAX_PLAYERS", 6)
    with FakeUnitOfWork(club) as uow:
        clubs.add_player(uow, org, tid, "己")
    with FakeUnitOfWork(club) as uow, pytest.raises(Rejected) as info:
        clubs.add_player(uow, org, tid, "庚")
    assert info.value.problems[0].code == "too_many_players"


def test_equal_standings_share_a_rank_and_ties_are_listed_by_pinyin():
    club, secret, _, tid, ids = _evening(("皇帝", "保子", "张伟", "王芳", "Li Na"))
    assert [r.rank for r in _standings(club, tid).standings] == [1, 1, 1, 1, 1]
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}
    _submit(club, secret, tid, {"players": ids, "sheet": sheet})
    answer = _standings(club, tid)
    rows = answer.standings
    assert [r.rank for r in rows] == [1, 2, 3, 3, 3]
    assert [r.name for r in rows] == ["皇帝", "保子", "Li Na", "王芳", "张伟"]
    assert "share a rank" in answer.order


def test_a_page_session_is_the_keys_and_ends_with_it():
    club, secret, org, _, _ = _evening()
    with FakeUnitOfWork(club) as uow:
        token = clubs.sign_in(uow, secret)
        assert clubs.sign_in(uow, "bh_wrong") is None
    assert token is not None
    with FakeUnitOfWork(club) as uow:
        found = clubs.signed_in(uow, token)
        assert found is not None and found.key.organizer_id == org
        clubs.sign_out(uow, token)
    with FakeUnitOfWork(club) as uow:
        assert clubs.signed_in(uow, token) is None


def test_a_player_is_renamed_under_the_name_rules_and_withdrawn_between_rounds():
    club, _, org, tid, ids = _evening()
    with FakeUnitOfWork(club) as uow:
        renamed = clubs.change_player(uow, org, tid, ids[0], "甲一", None)
        with pytest.raises(Conflict, match="already has a player named"):
            clubs.change_player(uow, org, tid, ids[1], "甲一 ", None)
        gone = clubs.change_player(uow, org, tid, ids[1], None, True)
        players, total = clubs.list_players(uow, None, tid, 10, 0)
    assert renamed.name == "甲一" and gone.withdrawn and total == 5
    assert [p.name for p in players] == ["甲一", "乙", "丙", "丁", "戊"]
    with FakeUnitOfWork(club) as uow:
        listed, n = clubs.list_tournaments(uow, None, 10, 0)
        org_info = clubs.change_organizer(uow, org, org, "威海俱乐部", None)
    assert n == 1 and listed[0].id == tid and org_info.name == "威海俱乐部"
