"""The club's rules that refuse, as plain functions of their facts: each refusal and each pass,
with no database (persistence reads the facts and asks these; tests/test_layout.py holds it)."""

from __future__ import annotations

import pytest

from service.club import rules
from service.club.errors import Conflict, DuplicateGame, Forbidden


def test_a_tournament_is_changed_by_its_own_organizer():
    rules.owned(3, owner=1, acting=1)
    with pytest.raises(Forbidden, match="tournament 3 belongs to another organizer"):
        rules.owned(3, owner=1, acting=2)


def test_one_player_of_a_name_as_written_or_as_read():
    rules.name_free("周一", "张伟", None)
    rules.name_free("周一", "张伟", (5, "张伟"), player_id=5)  # renaming a player to its own name
    with pytest.raises(Conflict) as same:
        rules.name_free("周一", "张伟", (5, "张伟"))
    assert same.value.extra == {"player_id": 5} and "named “张伟”" in str(same.value)
    with pytest.raises(Conflict, match="the same name to a reader as “Zhang  Wei”"):
        rules.name_free("周一", "Zhang  Wei", (6, "zhang wei"))


def test_a_member_joins_a_tournament_once_and_not_once_merged():
    rules.joinable(1, 9, "张伟", merged_into=None, plays=False)
    with pytest.raises(Conflict, match="member 9 was merged into member 4"):
        rules.joinable(1, 9, "张伟", merged_into=4, plays=False)
    with pytest.raises(Conflict, match=r"member 9 \(张伟\) already plays in tournament 1"):
        rules.joinable(1, 9, "张伟", merged_into=None, plays=True)


def test_a_void_game_stays_void_and_a_game_is_stored_once():
    rules.correctable(7, voided=False)
    with pytest.raises(Conflict, match="a void game is not corrected again"):
        rules.correctable(7, voided=True)
    rules.stored_once(None)
    with pytest.raises(DuplicateGame) as twice:
        rules.stored_once(12)
    assert twice.value.extra == {"game_id": 12}


def test_moves_and_merges_of_members():
    rules.movable(4, None, None)
    with pytest.raises(Conflict, match="member 4 was merged into member 2"):
        rules.movable(4, 2, None)
    with pytest.raises(Conflict, match="member 4 already plays in tournament 8"):
        rules.movable(4, None, 8)
    rules.mergeable(1, 2, (None, None), None)
    with pytest.raises(Conflict, match="cannot be merged with itself"):
        rules.mergeable(1, 1, (None, None), None)
    for merged in ((3, None), (None, 3)):
        with pytest.raises(Conflict, match="a merged member takes no further merges"):
            rules.mergeable(1, 2, merged, None)
    with pytest.raises(Conflict, match="members 1 and 2 both play in tournament 5"):
        rules.mergeable(1, 2, (None, None), 5)
    with pytest.raises(Conflict, match="merges go on without end"):
        rules.merges_end(6)


def test_an_organizer_keeps_a_usable_key():
    rules.keeps_a_usable_key(2, 1, ["read", "manage"], last=False)
    with pytest.raises(Conflict, match="last usable key with the scopes read manage"):
        rules.keeps_a_usable_key(2, 1, ["read", "manage"], last=True)
