"""A member's rules (service/club/member.py) as plain values: a merge and a player linked, each
refusal, and the events each records."""

from __future__ import annotations

import pytest

from service.club.errors import Conflict
from service.club.events import RatingsChanged
from service.club.member import Member, Merge


def test_a_merge_takes_the_other_in_with_its_players_and_their_ratings():
    a, b = Member(1, 9, "张伟", players=2, public_players=2), Member(2, 9, "张 伟", players=3, public_players=1)
    assert a.merge(b, clash=None, moved=(31, 32, 33)) == Merge(1, 2, (31, 32, 33), (3, 1))
    assert b.merged_into == 1 and a.merged_into is None
    assert a.events == [RatingsChanged(9, player_ids=(31, 32, 33))] and b.events == []


def test_a_merge_is_refused_for_itself_a_merged_member_and_a_shared_tournament():
    a = Member(1, 9, "a")
    with pytest.raises(Conflict, match="merged with itself"):
        a.merge(a, clash=None, moved=())
    for into, other in ((Member(1, 9, "a", merged_into=5), Member(2, 9, "b")), (a, Member(2, 9, "b", merged_into=5))):
        with pytest.raises(Conflict, match="takes no further merges"):
            into.merge(other, clash=None, moved=(1,))
    b = Member(2, 9, "b")
    with pytest.raises(Conflict, match="both play in tournament 4"):
        a.merge(b, clash=4, moved=(1,))
    assert b.merged_into is None and a.events == []


def test_a_player_is_taken_once_and_never_by_a_merged_member_or_one_already_in_its_tournament():
    m = Member(3, 9, "c")
    assert not m.take_player(40, member_now=3, clash=None)  # it is this member's already
    assert m.take_player(40, member_now=2, clash=None) and m.events == [RatingsChanged(9, player_ids=(40,))]
    with pytest.raises(Conflict, match="already plays in tournament 7"):
        Member(3, 9, "c").take_player(41, member_now=2, clash=7)
    with pytest.raises(Conflict, match="was merged into member 1"):
        Member(3, 9, "c", merged_into=1).take_player(41, member_now=2, clash=7)
