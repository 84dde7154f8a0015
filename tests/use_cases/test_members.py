"""Merging two members of a club (service/tournament/members.py ``merge_members``) against the fake
unit of work: no database. What a merge moves, refuses and records; and, over random merges, that
no chain of merges ever closes into a cycle and every player ends with a member not merged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.club.errors import Conflict, Forbidden, NotFound
from service.club.events import RatingsChanged
from service.persistence.keys import KeyRef
from service.tournament import members

from .fakes import Club, FakeUnitOfWork

KEY = KeyRef(1, 1, None)


def _merge(club, into, other, key=KEY):
    with FakeUnitOfWork(club) as uow:
        return members.merge_members(uow, key, 1, into, other, "one person")


def _two_evenings() -> Club:
    """Two tournaments of five players each; the same five names, so the same five members, play
    both; and one member more who played neither."""
    club = Club()
    club.table()
    club.table()
    club.member("新来的").players = 0
    return club


def test_one_person_entered_under_two_names_on_two_evenings_becomes_one_member():
    club = Club()
    club.table(names=["张伟", "乙", "丙", "丁", "戊"])
    club.table(names=["张 伟", "乙", "丙", "丁", "戊"])  # the same person, the name typed with a space
    zhang, spaced = (next(m.id for m in club.members.values() if m.name == n) for n in ("张伟", "张 伟"))
    done = _merge(club, zhang, spaced)
    assert (done.id, done.merged, done.moved_players, done.merged_into) == (zhang, spaced, 1, None)
    assert club.members[spaced].merged_into == zhang
    assert sorted(p.tournament_id for p in club.players.values() if p.member_id == zhang) == [1, 2]
    assert (club.members[zhang].players, club.members[spaced].players) == (2, 0)


def test_two_members_playing_one_tournament_are_not_merged_and_nothing_moves():
    club = _two_evenings()
    with pytest.raises(Conflict, match="both play in tournament 1"):
        _merge(club, 1, 2)
    assert all(m.merged_into is None for m in club.members.values()) and not club.events


def test_a_member_with_no_player_merges_without_changing_a_rating():
    club = _two_evenings()
    new = max(club.members)
    done = _merge(club, 1, new)
    assert done.moved_players == 0 and club.members[new].merged_into == 1
    assert not [e for e in club.events if isinstance(e, RatingsChanged)]
    assert club.member_events == [("merged", 1, new)]


def test_a_merge_moves_the_players_and_their_games_ratings_change_from_them():
    club = Club()
    club.table()
    club.member("张伟")
    zhang = max(club.members)
    theirs = next(p for p in club.players.values() if p.member_id == 1)
    done = _merge(club, zhang, 1)
    assert done.moved_players == 1 and club.players[theirs.id].member_id == zhang
    assert club.members[zhang].players == 2 and club.members[1].players == 0
    assert [e for e in club.events if isinstance(e, RatingsChanged)] == [RatingsChanged(1, player_ids=(theirs.id,))]


def test_a_merged_member_takes_no_further_merge_either_way_nor_itself():
    club = _two_evenings()
    new = max(club.members)
    _merge(club, 1, new)
    for into, other in ((new, 2), (2, new), (3, 3)):
        with pytest.raises(Conflict):
            _merge(club, into, other)
    assert club.member_events == [("merged", 1, new)]


def test_only_the_clubs_own_key_merges_its_own_members():
    club = _two_evenings()
    with pytest.raises(Forbidden):
        _merge(club, 1, 2, key=KeyRef(5, 2, None))
    with pytest.raises(NotFound):
        _merge(club, 1, 99)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=8))
def test_merges_never_make_a_cycle_and_every_player_ends_with_a_member_not_merged(pairs):
    club = Club()
    club.table()
    for name in ("甲", "乙", "丙"):  # three members with no player: they merge freely
        club.member(name).players = 0
    for into, other in pairs:
        try:
            _merge(club, into, other)
        except Conflict:
            continue
    for m in club.members.values():  # follow each member's merges: they end, at a live member
        seen = set()
        while m.merged_into is not None:
            assert m.id not in seen
            seen.add(m.id)
            m = club.members[m.merged_into]
    assert all(club.members[p.member_id].merged_into is None for p in club.players.values())
    moved = sum(1 for action, _, _ in club.member_events if action == "merged")
    assert moved == sum(1 for m in club.members.values() if m.merged_into is not None)
