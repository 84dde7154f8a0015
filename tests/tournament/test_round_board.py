"""The director's use cases of a round, called as the views call them: the links made once and
shown again unchanged, the board's counts, settling a deal, withdrawing a version, and closing
the round naming what is left."""

from __future__ import annotations

from service.core.record_form import read_ruleset
from service.tournament import clubs, round_board, round_closing, rounds, tables
from service.tournament.unit_of_work import UnitOfWork

SECRET = "round-board-test-secret"
CROWN = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}


def _round(db):
    with UnitOfWork(db) as uow:
        reg = clubs.register_organizer(uow, "club")
    org = reg.organizer.id
    with UnitOfWork(db) as uow:
        tid = clubs.create_tournament(uow, org, "evening", read_ruleset("weihai"), False, deals_per_round=2).id
    for i in range(10):
        with UnitOfWork(db) as uow:
            clubs.add_player(uow, org, tid, f"player {i}")
    with UnitOfWork(db) as uow:
        rounds.create_round(uow, org, tid)
    with UnitOfWork(db) as uow:
        key = clubs.authenticate(uow, reg.key.secret)
    assert key is not None
    return key, tid


def test_links_are_shown_again_unchanged_and_the_round_closes_naming_what_is_left(db):
    key, tid = _round(db)
    with UnitOfWork(db) as uow:
        made = round_board.make_links(uow, key, tid, 1, SECRET)
    for _ in range(2):
        with UnitOfWork(db) as uow:
            shown = round_board.current_links(uow, key.organizer_id, tid, 1, SECRET)
        assert shown is not None
        assert [x.token for x in shown.links] == [x.token for x in made.links]
    token = made.links[0].token
    with UnitOfWork(db) as uow:
        at = tables.open_table(uow, token)
        entry = tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 2, "sheet": CROWN}, None).entry
    with UnitOfWork(db) as uow:
        board = round_board.board(uow, key.organizer_id, tid, 1)
    assert board.counts == {"missing": 3, "pending": 1, "disputed": 0, "confirmed": 0}
    with UnitOfWork(db) as uow:
        closed = round_closing.close_round(uow, key.organizer_id, tid, 1)
    assert closed.left.pending == (round_board.DealRef(1, 2),) and len(closed.left.missing) == 3
    with UnitOfWork(db) as uow:
        assert round_board.current_links(uow, key.organizer_id, tid, 1, SECRET) is None
    # settling works on a closed round: the director's, as corrections are
    with UnitOfWork(db) as uow:
        settled = round_board.resolve_deal(uow, key, tid, 1, 1, 2, {"entry": entry.id})
    assert settled.entry_id == entry.id and settled.game_id is not None


def test_the_director_withdraws_one_version_of_a_dispute_and_the_other_waits_again(db):
    key, tid = _round(db)
    with UnitOfWork(db) as uow:
        token = round_board.make_links(uow, key, tid, 1, SECRET).links[0].token
    rebels = {**CROWN, "finishing_order": [2, 3, 0, 4, 1]}
    with UnitOfWork(db) as uow:
        at = tables.open_table(uow, token)
        a = tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 1, "sheet": CROWN}, None).entry
    with UnitOfWork(db) as uow:
        at = tables.open_table(uow, token)
        b = tables.enter_deal(uow, at, {"entered_by": at.players[3], "deal": 1, "sheet": rebels}, None).entry
    assert b.state == "disputed"
    with UnitOfWork(db) as uow:
        assert round_board.withdraw_entry(uow, key.organizer_id, tid, 1, 1, 1, b.id).state == "withdrawn"
    with UnitOfWork(db) as uow:
        deal = tables.table_page(uow, tables.open_table(uow, token)).deals[0]
    assert deal.state == "pending" and [e.id for e in deal.entries] == [a.id]
