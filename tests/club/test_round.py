"""A round's rules (service/club/round.py) as plain values: closing, reopening and new links, each
step and refusal, and the events each records."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from service.club import WebhookEvent
from service.club.errors import Conflict
from service.club.events import Announced
from service.club.round import Round

SEATED = datetime(2026, 11, 2, 19, tzinfo=UTC)
LATE = datetime(2026, 11, 2, 23, tzinfo=UTC)


def _round(**more) -> Round:
    return Round(4, 3, 2, created_at=SEATED, **more)


def _events(r: Round) -> list[tuple[WebhookEvent, dict]]:
    return [(e.event, dict(e.payload)) for e in r.events if isinstance(e, Announced)]


def test_a_close_is_recorded_once_and_a_second_close_changes_nothing():
    r = _round()
    assert r.close(LATE) and r.closed_at == LATE
    assert not r.close(datetime(2026, 11, 3, tzinfo=UTC)) and r.closed_at == LATE
    assert _events(r) == [(WebhookEvent.ROUND_CLOSED, {"tournament_id": 3, "round": 2})]


def test_a_close_decided_on_a_board_that_changed_since_is_refused():
    r = _round()
    with pytest.raises(Conflict, match="board changed since it was shown"):
        r.close(LATE, seen="1.a", now="2.b")
    assert r.closed_at is None and r.events == []
    assert r.close(LATE, seen="2.b", now="2.b")
    assert not _round(closed_at=LATE).close(LATE, seen="old", now="new")  # closed already: as it stands


def test_only_the_last_round_of_an_open_tournament_takes_its_close_back():
    assert _round(closed_at=LATE).reopenable
    assert not _round(closed_at=LATE, rounds=3).reopenable
    assert not _round(closed_at=LATE, tournament_open=False).reopenable
    assert not _round().reopenable  # open: nothing to take back
    with pytest.raises(Conflict) as info:
        _round(closed_at=LATE, rounds=3).reopen()
    assert info.value.extra == {"code": "round_not_last", "round": 2}
    with pytest.raises(Conflict, match="tournament 3 is closed"):
        _round(tournament_open=False).reopen()  # refused even while the round is open
    r = _round(closed_at=LATE)
    assert r.reopen() and r.closed_at is None and not r.reopen()
    assert _events(r) == [(WebhookEvent.ROUND_REOPENED, {"tournament_id": 3, "round": 2})]


def test_links_are_made_for_an_open_round_of_an_open_tournament_only():
    _round().may_issue_links()
    with pytest.raises(Conflict, match="round 2 is closed"):
        _round(closed_at=LATE).may_issue_links()
    with pytest.raises(Conflict, match="tournament 3 is closed: reopen it first"):
        _round(tournament_open=False).may_issue_links()
