"""The table's use cases called as the views call them, with a unit of work: entering a deal
returns a value (Entered), a retry replays, a replaced version cannot be confirmed, withdrawing
reopens the deal, and the director's settling overrules the rest."""

from __future__ import annotations

import pytest

from service.club import EntryState
from service.core.record_form import read_ruleset
from service.tournament import clubs, round_board, rounds, tables
from service.tournament.errors import Conflict, Rejected
from service.tournament.unit_of_work import UnitOfWork

SECRET = "tables-test-secret"
CROWN = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
REBELS = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [2, 3, 0, 4, 1]}


@pytest.fixture()
def table(db):
    """A seated round of one table and its link: (the key, the tournament, the token)."""
    with UnitOfWork(db) as uow:
        reg = clubs.register_organizer(uow, "club")
    org = reg.organizer.id
    with UnitOfWork(db) as uow:
        tid = clubs.create_tournament(uow, org, "evening", read_ruleset("weihai"), False, deals_per_round=3).id
    for i in range(5):
        with UnitOfWork(db) as uow:
            clubs.add_player(uow, org, tid, f"player {i}")
    with UnitOfWork(db) as uow:
        rounds.create_round(uow, org, tid)
    with UnitOfWork(db) as uow:
        key = clubs.authenticate(uow, reg.key.secret)
    assert key is not None
    with UnitOfWork(db) as uow:
        made = round_board.make_links(uow, key, tid, 1, SECRET)
    return key, tid, made.links[0].token


def _at(uow, token):
    return tables.open_table(uow, token)


def test_entering_returns_the_entry_and_a_retry_replays_it(db, table):
    _, _, token = table
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        first = tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 1, "sheet": CROWN}, "n-1")
    assert isinstance(first, tables.Entered) and not first.replayed
    assert first.entry.state == EntryState.PENDING
    with UnitOfWork(db) as uow:
        again = tables.enter_deal(uow, _at(uow, token), {"entered_by": 0}, "n-1")
    assert again.replayed and again.entry.id == first.entry.id


def test_a_replaced_version_is_not_confirmed_and_the_shown_one_is(db, table):
    _, _, token = table
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        old = tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 1, "sheet": CROWN}, None).entry
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        with pytest.raises(Conflict) as asked:
            tables.enter_deal(uow, at, {"entered_by": at.players[1], "deal": 1, "sheet": REBELS}, None)
    assert asked.value.extra["code"] == "deal_entered"
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        new = tables.enter_deal(
            uow, at, {"entered_by": at.players[1], "deal": 1, "sheet": REBELS, "replace": True}, None
        )
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        with pytest.raises(Conflict) as stale:
            tables.confirm_deal(uow, at, 1, at.players[2], old.id)
    assert stale.value.extra["code"] == "entry_replaced" and stale.value.extra["entry"].id == new.entry.id
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        done = tables.confirm_deal(uow, at, 1, at.players[2], new.entry.id)
    assert done.state == EntryState.CONFIRMED and done.game_id is not None


def test_withdrawing_reopens_the_deal_and_only_the_enterer_may(db, table):
    key, tid, token = table
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        e = tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 2, "sheet": CROWN}, None).entry
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        with pytest.raises(Rejected):
            tables.withdraw_entry(uow, at, 2, at.players[3], e.id)
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        assert tables.withdraw_entry(uow, at, 2, at.players[0], e.id).state == EntryState.WITHDRAWN
    with UnitOfWork(db) as uow:
        view = tables.table_page(uow, _at(uow, token))
    assert view.deals[1].state == "missing" and view.next_deal == 1
    with UnitOfWork(db) as uow:
        trail = round_board.round_entries(uow, key.organizer_id, tid, 1).entries
    assert [x.state for x in trail] == ["withdrawn"]


def _game(db, tid, game_id):
    from service.tournament import game_queries

    with UnitOfWork(db) as uow:
        return game_queries.get_game(uow, None, tid, game_id)


def test_a_confirmation_stores_the_judgement_made_at_entry_without_judging_again(db, table, monkeypatch):
    """The entry keeps what the referee made of it; confirming it stores that, judging nothing."""
    from service.core.sheets import read_sheet, score
    from service.tournament import deal_results, submission

    _, tid, token = table
    rebellion = {**CROWN, "rebels": [2, 3], "finishing_order": [2, 3, 0, 4, 1]}
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        entry = tables.enter_deal(uow, at, {"entered_by": at.players[2], "deal": 1, "sheet": rebellion}, None).entry

    def judged_again(*_args, **_kwargs):
        raise AssertionError("the entry was judged again")

    monkeypatch.setattr(submission, "read_submission", judged_again)
    monkeypatch.setattr(deal_results, "read_submission", judged_again)
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        done = tables.confirm_deal(uow, at, 1, at.players[0], entry.id)
    game = _game(db, tid, done.game_id)
    rs, facts = read_sheet({**rebellion, "ruleset": "weihai"})
    expected = score(facts, rs).seat_results()
    assert [(x.seat, x.role, x.place, x.score) for x in sorted(game.seats, key=lambda x: x.seat)] == [
        (r.seat, r.role, r.place, r.score) for r in expected
    ]
    assert sum(x.score for x in game.seats) == 0


def test_an_entry_kept_without_its_judgement_is_given_it_by_migration_0028(db, table):
    """An entry from before entries kept their judgement (no rebellion marks, no fingerprint):
    migration 0028 gives it them from what it holds, and confirming it stores what it was judged."""
    from sqlalchemy import update

    from service.persistence.models import TableEntry

    _, tid, token = table
    with UnitOfWork(db) as uow:
        at = _at(uow, token)
        entry = tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 1, "sheet": CROWN}, None).entry
    with UnitOfWork(db) as uow:
        row = uow.session.get(TableEntry, entry.id)
        judged = [x.to_json() for x in row.seats]
        old = [{k: v for k, v in x.items() if k != "rebelled"} for x in judged]
        uow.session.execute(update(TableEntry).where(TableEntry.id == entry.id).values(seats=old))
        uow.commit()
    db.downgrade("0027")
    db.upgrade()
    with UnitOfWork(db) as uow:
        assert [x.to_json() for x in uow.session.get(TableEntry, entry.id).seats] == judged
        at = _at(uow, token)
        done = tables.confirm_deal(uow, at, 1, at.players[2], entry.id)
    assert sorted(x.score for x in _game(db, tid, done.game_id).seats) == [-2, -2, -2, 2, 4]
