"""A stored game's rules (service/club/game.py) as plain values: every correction it takes, every
one it refuses, and the events each records."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.club import WebhookEvent
from service.club.errors import Conflict, DuplicateGame
from service.club.events import Announced, RatingsChanged
from service.club.game import Game, GameAction, Replacement, stored

MONDAY = datetime(2026, 11, 2, 19, tzinfo=UTC)


def _game(**more) -> Game:
    values = {"version": 1, "voided": False, "record_hash": "r1", "played_at": MONDAY, **more}
    return Game(7, 3, 1, **values)


def test_a_void_is_the_next_version_and_the_game_holds_no_record_after_it():
    g = _game()
    c = g.void("wrong table")
    assert (c.game_id, c.version, c.action, c.reason, c.record_hash, c.played_at) == (
        7,
        2,
        GameAction.VOID,
        "wrong table",
        None,
        MONDAY,
    )
    assert g.voided and g.version == 2 and g.record_hash is None
    payload = {"tournament_id": 3, "game_id": 7, "version": 2, "action": "void", "reason": "wrong table"}
    assert g.events == [
        Announced(3, WebhookEvent.GAME_CORRECTED, payload),
        RatingsChanged(1, since=(MONDAY, 7)),
    ]


def test_a_void_game_takes_no_correction_and_records_nothing_more():
    g = _game(voided=True, version=2, record_hash=None)
    with pytest.raises(Conflict, match="a void game is not corrected again"):
        g.void("again")
    with pytest.raises(Conflict):
        g.replace("again", Replacement("r2"), None)
    assert g.version == 2 and g.events == []


def test_a_replacement_takes_its_record_and_its_time_and_the_ratings_change_from_the_earlier():
    g = _game()
    earlier = MONDAY - timedelta(days=1)
    c = g.replace("typo", Replacement("r2", earlier), None)
    assert (c.version, c.action, c.record_hash, c.played_at) == (2, GameAction.REPLACE, "r2", earlier)
    assert not g.voided and g.record_hash == "r2" and g.played_at == earlier
    assert g.events[-1] == RatingsChanged(1, since=(earlier, 7))
    later = earlier + timedelta(days=3)
    g.replace("typo again", Replacement(None, later), None)  # a sheet: no record held
    assert g.record_hash is None and g.version == 3
    assert g.events[-1] == RatingsChanged(1, since=(earlier, 7))  # from where it was, the earlier


def test_a_replacement_without_a_time_keeps_the_games():
    g = _game()
    g.replace("places", Replacement("r2"), None)
    assert g.played_at == MONDAY


def test_a_replacement_holding_another_games_record_is_refused_naming_it():
    g = _game()
    with pytest.raises(DuplicateGame) as info:
        g.replace("typo", Replacement("r9"), clash=11)
    assert info.value.extra == {"game_id": 11}
    assert g.version == 1 and g.record_hash == "r1" and g.events == []
    g.replace("a sheet holds no record", Replacement(None), clash=11)  # nothing to clash with
    assert g.version == 2


def test_an_unrated_game_changes_no_rating():
    g = _game(rated=False)
    g.void("x")
    assert [type(e) for e in g.events] == [Announced]
    at = datetime(2026, 1, 1, tzinfo=UTC)
    assert stored(3, 1, at, private=True, game_id=5).ratings() is None
    assert stored(3, 1, at, private=False, game_id=5).ratings() == RatingsChanged(1, since=(at, 5))
    assert stored(3, 1, at, private=False).announced() == Announced(
        3, WebhookEvent.GAME_STORED, {"tournament_id": 3, "game_id": None, "version": 1}
    )  # the one statement that stores it gives it its id
