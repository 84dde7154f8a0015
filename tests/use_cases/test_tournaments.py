"""Changing a tournament (service/tournament/clubs.py ``change_tournament``) against the fake unit
of work: no database. What a change may not do while tables wait or once games are stored, what
closing ends, and what each records."""

from __future__ import annotations

import json

import pytest

from service.club import WebhookEvent
from service.club.errors import Conflict, Forbidden
from service.club.events import Announced, RatingsChanged
from service.core.record_form import read_ruleset
from service.tournament import clubs, games, tables
from service.tournament.table_access import LinkEnded

from .fakes import Club, FakeUnitOfWork

SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}


def _club() -> tuple[Club, str, int]:
    club = Club()
    token = club.table(deals=3)
    return club, token, club.links[token].tournament_id


def _change(club, tid, changes, rs=None, acting=1):
    with FakeUnitOfWork(club) as uow:
        return clubs.change_tournament(uow, acting, tid, changes, rs)


def _enter(club, token):
    with FakeUnitOfWork(club) as uow:
        at = tables.open_table(uow, token)
        return tables.enter_deal(uow, at, {"entered_by": at.players[0], "deal": 2, "sheet": SHEET}, None).entry


def _submit(club, tid, deal):
    doc = {"round": 1, "table": 1, "deal": deal, "sheet": SHEET}
    with FakeUnitOfWork(club) as uow:
        return games.submit_game(uow, "secret", tid, games.Body(doc, json.dumps(doc)), None).game


def test_a_rename_and_a_ruleset_before_the_first_game():
    club, _, tid = _club()
    info = _change(club, tid, {"name": "星期一"}, read_ruleset("shandong"))
    assert (info.name, info.ruleset.name, info.frozen) == ("星期一", "shandong", False)
    assert club.tournaments[tid].ruleset_name == "shandong" and not club.events


def test_nothing_that_scores_changes_while_a_tables_entry_waits():
    club, token, tid = _club()
    _enter(club, token)
    for changes, rs in (({}, read_ruleset("shandong")), ({"deals_per_round": 4}, None)):
        with pytest.raises(Conflict) as info:
            _change(club, tid, changes, rs)
        assert info.value.extra == {"code": "entries_open", "open_entries": 1}
    assert _change(club, tid, {"name": "still fine", "deals_per_round": 3}).name == "still fine"


def test_the_ruleset_freezes_with_the_first_game_and_a_round_keeps_its_deals():
    club, _, tid = _club()
    _submit(club, tid, 3)
    with pytest.raises(Conflict, match="the ruleset is frozen"):
        _change(club, tid, {}, read_ruleset("shandong"))
    with pytest.raises(Conflict, match="keep at least 3 deals"):
        _change(club, tid, {"deals_per_round": 2})
    assert _change(club, tid, {"deals_per_round": 5}).frozen and club.tournaments[tid].deals_per_round == 5


def test_closing_ends_the_links_for_good_and_is_announced_once():
    club, token, tid = _club()
    assert _change(club, tid, {"status": "closed"}).status == "closed"
    _change(club, tid, {"status": "closed"})  # closed already: nothing more
    assert [e.event for e in club.events if isinstance(e, Announced)] == [WebhookEvent.TOURNAMENT_CLOSED]
    _change(club, tid, {"status": "open"})
    with FakeUnitOfWork(club) as uow, pytest.raises(LinkEnded, match="was closed, and its table links ended"):
        tables.open_table(uow, token)


def test_a_tournament_made_private_leaves_the_ratings_and_made_public_joins_them():
    club, _, tid = _club()
    _change(club, tid, {"private": True})
    _change(club, tid, {"private": True})  # private already: no change of the ratings
    _change(club, tid, {"private": False})
    ratings = [e for e in club.events if isinstance(e, RatingsChanged)]
    assert ratings == [RatingsChanged(1, tournament_id=tid)] * 2


def test_only_its_organizer_changes_it():
    club, _, tid = _club()
    with pytest.raises(Forbidden):
        _change(club, tid, {"name": "x"}, acting=2)
    assert club.tournaments[tid].name == "evening"
