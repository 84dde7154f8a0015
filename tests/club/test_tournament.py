"""A tournament's rules (service/club/tournament.py) as plain values: each change it takes and
refuses, and the events it records."""

from __future__ import annotations

import pytest

from service.club import WebhookEvent
from service.club.errors import Conflict
from service.club.events import Announced, RatingsChanged
from service.club.tournament import Tournament, TournamentChange


def _t(**facts) -> Tournament:
    values = {"status": "open", "private": False, "deals_per_round": 3, "has_games": False}
    return Tournament(3, 1, **{**values, "open_entries": 0, "highest_deal": 0, **facts})


def test_a_change_that_scores_waits_for_the_tables_entries():
    t = _t(open_entries=2)
    for changes, new in (({}, True), ({"deals_per_round": 4}, False)):
        with pytest.raises(Conflict) as info:
            t.change(changes, new_ruleset=new)
        assert info.value.extra == {"code": "entries_open", "open_entries": 2}
    assert t.change({"deals_per_round": 3, "name": "x"}) == TournamentChange(False, False)  # scores nothing
    assert t.events == []


def test_the_ruleset_is_frozen_by_a_game_and_the_deals_by_the_highest_stored():
    with pytest.raises(Conflict, match="frozen"):
        _t(has_games=True).change({}, new_ruleset=True)
    t = _t(has_games=True, highest_deal=2)
    with pytest.raises(Conflict, match="keep at least 2 deals"):
        t.change({"deals_per_round": 1})
    t.change({"deals_per_round": 2})
    assert t.deals_per_round == 2


def test_closing_and_privacy_record_what_they_mean_once():
    t = _t()
    assert t.change({"status": "closed", "private": True}) == TournamentChange(True, True)
    assert t.change({"status": "closed", "private": True}) == TournamentChange(False, False)
    assert t.events == [
        Announced(3, WebhookEvent.TOURNAMENT_CLOSED, {"tournament_id": 3}),
        RatingsChanged(1, tournament_id=3),
    ]
    assert (t.status, t.private) == ("closed", True)
