"""The table's use cases (entering, confirming, withdrawing a deal) against the fake unit of work:
no database. What each step stores, refuses and records; that a refusal leaves nothing behind;
and, over random sequences of steps, the invariants the database's indexes also hold."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.club import EntryState, WebhookEvent
from service.club.errors import NotFound
from service.club.events import Announced, GameStored
from service.persistence.keys import KeyRef
from service.text_and_time import utcnow
from service.tournament import round_board, tables
from service.tournament.errors import Conflict, Rejected, Unauthenticated
from service.tournament.table_access import LinkEnded

from .fakes import Club, FakeUnitOfWork

CROWN = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
REBELS = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [2, 3, 0, 4, 1]}


def _enter(club, token, seat, sheet, deal=1, nonce=None, **more):
    with FakeUnitOfWork(club) as uow:
        at = tables.open_table(uow, token)
        doc = {"entered_by": at.players[seat], "deal": deal, "sheet": sheet, **more}
        return tables.enter_deal(uow, at, doc, nonce)


def _confirm(club, token, seat, entry_id, deal=1, pin=None):
    with FakeUnitOfWork(club) as uow:
        at = tables.open_table(uow, token)
        return tables.confirm_deal(uow, at, deal, at.players[seat], entry_id, pin)


def _withdraw(club, token, seat, entry_id, deal=1):
    with FakeUnitOfWork(club) as uow:
        at = tables.open_table(uow, token)
        return tables.withdraw_entry(uow, at, deal, at.players[seat], entry_id)


def _announced(club):
    return [e.event for e in club.events if isinstance(e, Announced)]


def test_an_entry_waits_and_the_other_side_entering_the_same_result_confirms_it():
    club = Club()
    token = club.table()
    first = _enter(club, token, 0, CROWN).entry
    assert first.state == EntryState.PENDING and not club.games
    second = _enter(club, token, 2, CROWN).entry
    assert second.state == EntryState.AGREED
    assert club.entries[first.id].state == EntryState.CONFIRMED.value
    (game,) = club.games.values()
    assert club.entries[first.id].game_id == game.id and game.sub.deal_no == 1
    assert "confirmed by player 2" in game.reason
    assert _announced(club) == [WebhookEvent.GAME_PENDING, WebhookEvent.GAME_CONFIRMED]
    stored = [e for e in club.events if isinstance(e, GameStored)]
    assert stored == [GameStored(game.tournament_id, 1, game.played_at, rated=True, game_id=game.id)]


def test_a_private_tournaments_deal_changes_no_rating():
    club = Club()
    token = club.table(private=True)
    entry = _enter(club, token, 0, CROWN).entry
    _confirm(club, token, 3, entry.id)
    assert len(club.games) == 1
    assert [e.rated for e in club.events if isinstance(e, GameStored)] == [False]


def test_the_other_side_entering_another_result_disputes_the_deal_and_the_table_cannot_go_on():
    club = Club()
    token = club.table()
    first = _enter(club, token, 0, CROWN).entry
    second = _enter(club, token, 2, REBELS).entry
    assert {club.entries[first.id].state, second.state} == {EntryState.DISPUTED.value, EntryState.DISPUTED}
    before = club.commits
    with pytest.raises(Conflict) as refused:
        _enter(club, token, 1, CROWN)
    assert refused.value.extra["code"] == "deal_disputed" and club.commits == before
    with pytest.raises(Conflict) as refused:
        _confirm(club, token, 2, first.id)
    assert refused.value.extra["code"] == "deal_disputed" and not club.games


def test_a_refusal_leaves_nothing_behind():
    club = Club()
    token = club.table()
    _enter(club, token, 0, CROWN)
    seen = (dict(club.entries), club.commits, list(club.events))
    with pytest.raises(Conflict) as refused:
        _enter(club, token, 1, REBELS)  # the same side again, without replace
    assert refused.value.extra["code"] == "deal_entered"
    assert (club.entries, club.commits, club.events) == seen


def test_replacing_a_version_makes_the_shown_one_stale_and_the_new_one_confirmable():
    club = Club()
    token = club.table()
    old = _enter(club, token, 0, CROWN).entry
    new = _enter(club, token, 1, REBELS, replace=True).entry
    assert club.entries[old.id].state == EntryState.REPLACED.value
    with pytest.raises(Conflict) as stale:
        _confirm(club, token, 2, old.id)
    assert stale.value.extra["code"] == "entry_replaced" and stale.value.extra["entry"].id == new.id
    with pytest.raises(Rejected) as same_side:
        _confirm(club, token, 0, new.id)
    assert same_side.value.problems[0].code == "same_side"
    done = _confirm(club, token, 2, new.id)
    assert done.state == EntryState.CONFIRMED and done.game_id in club.games
    with pytest.raises(Conflict) as again:
        _confirm(club, token, 3, new.id)
    assert again.value.extra["code"] == "deal_confirmed"


def test_only_the_enterer_withdraws_and_the_deal_is_missing_again():
    club = Club()
    token = club.table()
    entry = _enter(club, token, 0, CROWN).entry
    with pytest.raises(Rejected) as refused:
        _withdraw(club, token, 1, entry.id)
    assert refused.value.problems[0].code == "not_the_enterer"
    assert _withdraw(club, token, 0, entry.id).state == EntryState.WITHDRAWN
    assert _enter(club, token, 3, REBELS).entry.state == EntryState.PENDING


def test_a_retry_with_its_nonce_answers_the_entry_it_made():
    club = Club()
    token = club.table()
    first = _enter(club, token, 0, CROWN, nonce="tap-1")
    again = _enter(club, token, 0, CROWN, nonce="tap-1")
    assert again.replayed and again.entry.id == first.entry.id and len(club.entries) == 1


def test_the_previous_deal_entered_again_is_asked_about_and_kept_when_the_table_says_so():
    club = Club()
    token = club.table()
    _enter(club, token, 0, CROWN, deal=1)
    with pytest.raises(Conflict) as asked:
        _enter(club, token, 0, CROWN, deal=2)
    assert asked.value.extra["code"] == "same_as_previous_deal" and asked.value.extra["previous_deal"] == 1
    assert _enter(club, token, 0, CROWN, deal=2, repeat=True).entry.deal == 2


def test_a_tournament_that_asks_for_pins_refuses_a_wrong_one():
    club = Club()
    token = club.table(pins=True)
    with pytest.raises(Rejected) as refused:
        _enter(club, token, 0, CROWN, pin="9999")
    assert refused.value.problems[0].code == "wrong_pin"
    entry = _enter(club, token, 0, CROWN, pin="1000").entry
    with pytest.raises(Rejected):
        _confirm(club, token, 2, entry.id, pin="1000")  # seat 0's PIN, not seat 2's
    assert _confirm(club, token, 2, entry.id, pin="1002").state == EntryState.CONFIRMED


def test_a_closed_round_or_an_unknown_token_opens_nothing():
    club = Club()
    token = club.table()
    with pytest.raises(Unauthenticated), FakeUnitOfWork(club) as uow:
        tables.open_table(uow, "no such token")
    next(iter(club.rounds.values())).closed_at = utcnow()
    with pytest.raises(LinkEnded) as ended, FakeUnitOfWork(club) as uow:
        tables.open_table(uow, token)
    assert "closed" in ended.value.why and len(ended.value.seated) == 5


def test_every_write_takes_the_tournaments_lock_first():
    club = Club()
    token = club.table()
    with FakeUnitOfWork(club) as uow:
        at = tables.open_table(uow, token)
        tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 1, "sheet": CROWN}, None)
        assert uow.locked == [[at.tournament.id]]


STEP = st.tuples(
    st.sampled_from(["enter", "replace", "confirm", "withdraw"]),
    st.integers(0, 4),
    st.integers(1, 2),
    st.sampled_from([CROWN, REBELS]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(STEP, min_size=1, max_size=12))
def test_whatever_the_tables_do_a_deal_has_one_game_one_pending_version_and_one_version_a_side(steps):
    """Random entries, confirmations and withdrawals at two deals of one table: what the partial
    unique indexes hold in the database holds here, every game is a confirmed entry's, and each
    committed step recorded one deal event."""
    club = Club()
    token = club.table(deals=2)
    for action, seat, deal, sheet in steps:
        try:
            if action in ("enter", "replace"):
                _enter(club, token, seat, sheet, deal=deal, replace=action == "replace", repeat=True)
            else:
                waiting = [e for e in club.entries.values() if e.deal_no == deal and e.state == "pending"]
                entry = waiting[0].id if waiting else 1
                (_confirm if action == "confirm" else _withdraw)(club, token, seat, entry, deal=deal)
        except (Conflict, Rejected, NotFound):
            pass
    for deal in (1, 2):
        entries = [e for e in club.entries.values() if e.deal_no == deal]
        assert sum(e.state == "pending" for e in entries) <= 1
        assert all(sum(e.state == "disputed" and e.side == side for e in entries) <= 1 for side in ("crown", "rebels"))
        games = [g for g in club.games.values() if g.sub.deal_no == deal]
        assert len(games) <= 1
        assert all(any(e.game_id == g.id and e.state == "confirmed" for e in entries) for g in games)
    assert len(_announced(club)) == club.commits


DIRECTOR = KeyRef(1, 1, None)


def test_the_director_settles_a_dispute_by_choosing_a_version_and_the_other_is_overruled():
    club = Club()
    token = club.table()
    first = _enter(club, token, 0, CROWN).entry
    second = _enter(club, token, 2, REBELS).entry
    with FakeUnitOfWork(club) as uow, pytest.raises(Rejected) as unknown:
        round_board.resolve_deal(uow, DIRECTOR, 1, 1, 1, 1, {"entry": 99})
    assert unknown.value.problems[0].code == "unknown_entry"
    with FakeUnitOfWork(club) as uow:
        settled = round_board.resolve_deal(uow, DIRECTOR, 1, 1, 1, 1, {"entry": second.id, "reason": "scores"})
    assert settled.entry_id == second.id and club.games[settled.game_id].reason == "scores"
    states = {e.id: e.state for e in club.entries.values()}
    assert states == {first.id: EntryState.OVERRULED.value, second.id: EntryState.CONFIRMED.value}
    assert all(e.resolved_by_key_id == 1 and e.game_id == settled.game_id for e in club.entries.values())
    with FakeUnitOfWork(club) as uow, pytest.raises(Conflict):
        round_board.resolve_deal(uow, DIRECTOR, 1, 1, 1, 1, {"entry": first.id})  # the deal is a game now


def test_the_director_enters_a_deal_the_table_left_open_and_withdraws_a_version():
    club = Club()
    token = club.table()
    pending = _enter(club, token, 0, CROWN, deal=2).entry
    with FakeUnitOfWork(club) as uow:
        withdrawn = round_board.withdraw_entry(uow, 1, 1, 1, 1, 2, pending.id)
    assert withdrawn.state == EntryState.WITHDRAWN and "player 0" in str(withdrawn.entered_by)
    with FakeUnitOfWork(club) as uow:
        own = round_board.resolve_deal(uow, DIRECTOR, 1, 1, 1, 1, {"sheet": REBELS})
    entry = club.entries[own.entry_id]
    assert (entry.state, entry.side, entry.link_id, entry.game_id) == ("confirmed", "any", None, own.game_id)
    assert club.games[own.game_id].reason == "entered by the director"
    with FakeUnitOfWork(club) as uow, pytest.raises(NotFound):
        round_board.resolve_deal(uow, KeyRef(2, 2, None), 1, 1, 1, 3, {"sheet": CROWN})  # another club's key
