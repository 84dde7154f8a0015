"""Members and seasons through their use cases: one member per name however it is added, a merge
that would close a cycle refused, a season counting best N answered by the club core's rule."""

from __future__ import annotations

import pytest

from service.core.record_form import read_ruleset
from service.tournament import clubs, members, seasons
from service.tournament.errors import Conflict, Rejected
from service.tournament.unit_of_work import UnitOfWork


def _organizer(db):
    with UnitOfWork(db) as uow:
        reg = clubs.register_organizer(uow, "club")
    with UnitOfWork(db) as uow:
        key = clubs.authenticate(uow, reg.key.secret)
    assert key is not None
    return key


def _tournament(db, org, names):
    with UnitOfWork(db) as uow:
        tid = clubs.create_tournament(uow, org, "evening", read_ruleset("weihai"), False).id
    ids = []
    for n in names:
        with UnitOfWork(db) as uow:
            ids.append(clubs.add_player(uow, org, tid, n))
    return tid, ids


def test_one_name_is_one_member_and_a_merge_cycle_is_refused(db):
    key = _organizer(db)
    org = key.organizer_id
    _, (a,) = _tournament(db, org, ["王 小明"])
    _, (b,) = _tournament(db, org, ["王\u3000\u3000小明"])  # the same name under the name rules
    _, (c,) = _tournament(db, org, ["小明"])
    assert a.member_id == b.member_id != c.member_id
    with UnitOfWork(db) as uow:
        members.merge_members(uow, key, org, a.member_id, c.member_id, "同一人")
    with UnitOfWork(db) as uow, pytest.raises(Conflict):
        members.merge_members(uow, key, org, c.member_id, a.member_id, "反过来")
    _, (d,) = _tournament(db, org, ["小明"])  # a merged member's name finds the member it went into
    assert d.member_id == a.member_id


def test_a_season_counting_best_needs_its_n(db):
    key = _organizer(db)
    org = key.organizer_id
    tid, _ = _tournament(db, org, [f"p{i}" for i in range(5)])
    with UnitOfWork(db) as uow, pytest.raises(Rejected):
        seasons.create_season(uow, org, org, "冬季", "best", None, [tid])
    with UnitOfWork(db) as uow:
        made = seasons.create_season(uow, org, org, "冬季", "best", 1, [tid])
    with UnitOfWork(db) as uow:
        answer = seasons.season_standings(uow, org, made.id)
    assert answer.counting == "best" and answer.tournaments == (tid,)
