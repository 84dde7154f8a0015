"""A tournament's players from a pasted list, the round's PIN slips, and an organizer's keys
(service/tournament/player_lists.py, pins.py, keys.py) against the fake unit of work: no database."""

from __future__ import annotations

import pytest

from service.club.errors import Conflict
from service.core.record_form import read_ruleset
from service.tournament import clubs, keys, pins, player_lists, tables
from service.tournament.errors import MissingScope, Rejected
from service.tournament.scopes import Scope
from service.tournament.table_access import LinkEnded

from .fakes import Club, FakeUnitOfWork


def _tournament(club: Club, **settings) -> int:
    with FakeUnitOfWork(club) as uow:
        return clubs.create_tournament(uow, 1, "Monday", read_ruleset("weihai"), False, **settings).id


def _paste(club, tid, names):
    with FakeUnitOfWork(club) as uow:
        return player_lists.add_players(uow, 1, tid, names)


def test_a_pasted_list_is_added_whole_or_not_at_all_each_refused_line_named():
    club = Club()
    tid = _tournament(club)
    with pytest.raises(Rejected) as info:
        _paste(club, tid, ["张伟", "王芳", "张伟 ", "李娜"])
    assert [(p.pointer, p.code) for p in info.value.problems] == [("/names/2", "duplicate_name")]
    assert not [p for p in club.players.values() if p.tournament_id == tid]  # nothing kept
    added = _paste(club, tid, ["张伟", "王芳", "李娜"])
    assert [p.name for p in added] == ["张伟", "王芳", "李娜"]
    with pytest.raises(Rejected) as again:
        _paste(club, tid, ["赵六", "王芳"])  # a name the tournament has
    assert [p.pointer for p in again.value.problems] == ["/names/1"]


def test_a_list_over_the_bound_is_refused_before_any_name(monkeypatch):
    club = Club()
    tid = _tournament(club)
    monkeypatch.setattr(player_lists, "MAX_PLAYERS", 2)
    with pytest.raises(Rejected) as info:
        _paste(club, tid, ["a", "b", "c"])
    assert info.value.problems[0].code == "too_many_players" and info.value.problems[0].pointer == "/names"


def test_the_pin_slips_are_the_seated_players_own_by_table():
    club = Club()
    token = club.table(pins=True)
    tid = club.links[token].tournament_id
    with FakeUnitOfWork(club) as uow:
        slips = pins.player_pins(uow, 1, tid, 1)
    assert [(s.name, s.table, s.pin) for s in slips] == [(f"player {i}", 1, f"{1000 + i}") for i in range(5)]
    club.tournaments[tid].player_pins = False
    with FakeUnitOfWork(club) as uow:
        assert pins.player_pins(uow, 1, tid, 1) == ()


def test_a_key_is_issued_with_at_most_its_issuers_scopes_and_the_last_full_key_is_kept():
    club = Club()
    token = club.table()
    with FakeUnitOfWork(club) as uow:
        first = clubs.authenticate(uow, "secret")
        reader = keys.issue_key(uow, 1, 1, "board", [Scope.READ], issuer=first)
    assert reader.secret and reader.scopes == ("read",)
    with FakeUnitOfWork(club) as uow:
        weak = clubs.authenticate(uow, reader.secret)
        with pytest.raises(MissingScope):
            keys.issue_key(uow, 1, 1, "stronger", [Scope.READ, Scope.MANAGE], issuer=weak)
    with FakeUnitOfWork(club) as uow, pytest.raises(Conflict, match="last usable key"):
        keys.revoke_key(uow, 1, 1, 1)
    with FakeUnitOfWork(club) as uow:
        spare = keys.issue_key(uow, 1, 1, "spare")
        revoked = keys.revoke_key(uow, 1, 1, 1)  # another full key is left: the first may go
    assert revoked.revoked_at is not None and spare.scopes == tuple(s.value for s in Scope)
    with FakeUnitOfWork(club) as uow, pytest.raises(LinkEnded, match="key that made this table link was revoked"):
        tables.open_table(uow, token)
    with FakeUnitOfWork(club) as uow:
        assert [k.label for k in keys.list_keys(uow, 1, 1)] == [None, "board", "spare"]
