"""The director's round (service/tournament/round_board.py, round_closing.py) against the fake unit
of work: no database. The board and its version, the tables' links, closing a round and taking
the close back: what each changes, refuses and records."""

from __future__ import annotations

import pytest

from service.club import DealState, WebhookEvent
from service.club.errors import Conflict
from service.club.events import Announced
from service.core.record_form import read_ruleset
from service.persistence.keys import KeyRef
from service.tournament import clubs, games, round_board, round_closing, rounds, tables
from service.tournament.table_access import LinkEnded

from .fakes import Club, FakeUnitOfWork, Round

SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
KEY = KeyRef(1, 1, None)


def _club() -> tuple[Club, str, int]:
    club = Club()
    token = club.table(deals=3)
    return club, token, club.links[token].tournament_id


def _enter(club, token, seat=0, deal=1):
    with FakeUnitOfWork(club) as uow:
        at = tables.open_table(uow, token)
        return tables.enter_deal(uow, at, {"entered_by": at.players[seat], "deal": deal, "sheet": SHEET}, None)


def _board(club, tid):
    with FakeUnitOfWork(club) as uow:
        return round_board.board(uow, 1, tid, 1)


def _close(club, tid, seen=None):
    with FakeUnitOfWork(club) as uow:
        return round_closing.close_round(uow, 1, tid, 1, seen)


def _reopen(club, tid):
    with FakeUnitOfWork(club) as uow:
        return round_closing.reopen_round(uow, 1, tid, 1)


def _announced(club):
    return [e.event for e in club.events if isinstance(e, Announced)]


def test_the_board_counts_the_deals_by_state_and_its_version_follows_every_change():
    club, token, tid = _club()
    before = _board(club, tid)
    assert before.counts[DealState.MISSING.value] == 3 and before.closed_at is None and not before.reopenable
    _enter(club, token)
    after = _board(club, tid)
    assert after.counts[DealState.PENDING.value] == 1 and after.counts[DealState.MISSING.value] == 2
    assert after.version != before.version
    with FakeUnitOfWork(club) as uow:
        assert round_board.board_version(uow, 1, tid, 1) == after.version


def test_closing_ends_the_links_says_what_is_left_and_is_announced_once():
    club, token, tid = _club()
    _enter(club, token)
    closed = _close(club, tid)
    assert closed.closed_at is not None
    assert [(d.table, d.deal) for d in closed.left.pending] == [(1, 1)]
    assert [(d.table, d.deal) for d in closed.left.missing] == [(1, 2), (1, 3)]
    with FakeUnitOfWork(club) as uow, pytest.raises(LinkEnded):
        tables.open_table(uow, token)
    again = _close(club, tid)  # closing twice: the round as it stands
    assert again.closed_at == closed.closed_at
    assert _announced(club).count(WebhookEvent.ROUND_CLOSED) == 1
    assert _board(club, tid).reopenable


def test_a_board_that_changed_since_it_was_shown_is_not_closed():
    club, token, tid = _club()
    seen = _board(club, tid).version
    _enter(club, token)  # a table entered a deal while the director looked
    commits = club.commits
    with pytest.raises(Conflict, match="board changed"):
        _close(club, tid, seen)
    assert club.commits == commits and club.rounds[1].closed_at is None
    assert _close(club, tid, _board(club, tid).version).closed_at is not None


def test_reopening_brings_back_the_links_the_close_ended_and_no_other():
    club, token, tid = _club()
    _close(club, tid)
    reopened = _reopen(club, tid)
    assert reopened.closed_at is None and club.rounds[1].closed_at is None
    with FakeUnitOfWork(club) as uow:
        assert tables.open_table(uow, token).number == 1  # the table goes on entering
    assert _announced(club) == [WebhookEvent.ROUND_CLOSED, WebhookEvent.ROUND_REOPENED]
    assert _reopen(club, tid).closed_at is None and len(_announced(club)) == 2  # open already: nothing


def test_new_links_end_the_earlier_ones_and_stay_ended_through_a_close_taken_back():
    club, token, tid = _club()
    with FakeUnitOfWork(club) as uow:
        made = round_board.make_links(uow, KEY, tid, 1, "secret")
    (link,) = made.links
    assert link.table == 1 and link.token != token and link.players[0].name == "player 0"
    _close(club, tid)
    _reopen(club, tid)
    with FakeUnitOfWork(club) as uow:
        with pytest.raises(LinkEnded, match="replaced by a newer one"):  # the first sheet's: for good
            tables.open_table(uow, token)
        assert tables.open_table(uow, link.token).table == 1
        again = round_board.current_links(uow, 1, tid, 1, "secret")
    assert again is not None and [x.token for x in again.links] == [link.token]


def test_no_links_for_a_closed_round_or_tournament():
    club, _, tid = _club()
    _close(club, tid)
    with FakeUnitOfWork(club) as uow:
        assert round_board.current_links(uow, 1, tid, 1, "secret") is None
        with pytest.raises(Conflict, match="round 1 is closed"):
            round_board.make_links(uow, KEY, tid, 1, "secret")
    club.tournaments[tid].status = "closed"
    with FakeUnitOfWork(club) as uow, pytest.raises(Conflict, match="is closed: reopen it first"):
        round_board.make_links(uow, KEY, tid, 1, "secret")


def test_only_the_last_round_of_an_open_tournament_is_reopened():
    club, _, tid = _club()
    _close(club, tid)
    club.rounds[2] = Round(2, tid, 2)  # a later round is seated
    with pytest.raises(Conflict) as info:
        _reopen(club, tid)
    assert info.value.extra == {"code": "round_not_last", "round": 1}
    assert not _board(club, tid).reopenable
    del club.rounds[2]
    club.tournaments[tid].status = "closed"
    with pytest.raises(Conflict, match="reopen it to add or correct games"):
        _reopen(club, tid)
    assert _announced(club) == [WebhookEvent.ROUND_CLOSED] and club.rounds[1].closed_at is not None


def _remove(club, tid, number=1):
    with FakeUnitOfWork(club) as uow:
        return rounds.remove_last_round(uow, 1, tid, number)


def test_the_last_round_is_taken_back_whole_while_it_has_no_game():
    club, token, tid = _club()
    club.rounds[2] = Round(2, tid, 2)
    with pytest.raises(Conflict, match=r"only the last round \(2\) can be removed"):
        _remove(club, tid, 1)
    removed = _remove(club, tid, 2)
    assert removed.number == 2 and 2 not in club.rounds
    assert _announced(club) == [WebhookEvent.ROUND_REMOVED]
    doc = {"round": 1, "table": 1, "deal": 1, "sheet": SHEET}
    with FakeUnitOfWork(club) as uow:
        games.submit_game(uow, "secret", tid, games.Body(doc, "{}"), None)
    with pytest.raises(Conflict, match="has 1 game"):
        _remove(club, tid, 1)
    club.tournaments[tid].status = "closed"
    with pytest.raises(Conflict, match="reopen it to change its rounds"):
        _remove(club, tid, 1)
    assert 1 in club.rounds and token in club.links


def _seat(club, tid, deals_left_ok=True):
    with FakeUnitOfWork(club) as uow:
        return rounds.create_round(uow, 1, tid, deals_left_ok)


def _twelve() -> tuple[Club, int]:
    club = Club()
    with FakeUnitOfWork(club) as uow:
        tid = clubs.create_tournament(uow, 1, "twelve", read_ruleset("weihai"), False, deals_per_round=1).id
        for i in range(12):
            clubs.add_player(uow, 1, tid, f"p{i}")
        uow.commit()
    return club, tid


def test_rounds_seat_tables_of_five_and_the_rest_sit_out_each_in_turn():
    club, tid = _twelve()
    out = []
    for number in (1, 2, 3):
        r = _seat(club, tid)
        assert r.number == number and len(r.tables) == 2
        assert all(len(t.seats) == 5 for t in r.tables) and len(r.sitting_out) == 2
        seated = {x.player_id for t in r.tables for x in t.seats} | {x.player_id for x in r.sitting_out}
        assert len(seated) == 12
        out += [x.player_id for x in r.sitting_out]
    assert len(set(out)) == 6  # nobody sits out twice while others have not
    assert _announced(club) == [WebhookEvent.ROUND_CREATED] * 3
    with FakeUnitOfWork(club) as uow:
        listed = rounds.list_rounds(uow, None, tid)
        again = rounds.get_round(uow, None, tid, 2)
    assert [x.number for x in listed] == [1, 2, 3] and again.tables == listed[1].tables
    assert all(t.missing_deals == (1,) for x in listed for t in x.tables)


def test_a_round_needs_five_players_an_open_tournament_and_if_asked_its_deals_done():
    club, tid = _twelve()
    _seat(club, tid)
    with pytest.raises(rounds.DealsLeft) as info:
        _seat(club, tid, deals_left_ok=False)
    assert info.value.extra == {"round": 1, "left": 2}
    club.tournaments[tid].status = "closed"
    with pytest.raises(Conflict, match="reopen it to seat a round"):
        _seat(club, tid)
    few = Club()
    with FakeUnitOfWork(few) as uow:
        small = clubs.create_tournament(uow, 1, "four", read_ruleset("weihai"), False).id
        for i in range(4):
            clubs.add_player(uow, 1, small, f"p{i}")
        uow.commit()
    with pytest.raises(Conflict, match="at least five players"):
        _seat(few, small)
