"""A confirmation at the table (service/club/deal.py ``TableDeal.confirm``) as plain values: who may
confirm which version, every refusal in the order a table meets them, and the events a
confirmation records once its game is stored."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from service.club import EntryState, WebhookEvent
from service.club.deal import Deal, TableDeal, Version
from service.club.errors import Conflict, NotFound, Rejected
from service.club.events import Announced
from service.club.records import SeatShare

NOW = datetime(2026, 11, 2, 20, tzinfo=UTC)
PLAYERS = (11, 12, 13, 14, 15)
NAMES = {11: "甲", 12: "乙", 13: "丙", 14: "丁", 15: "戊"}
# The emperor 11 and the guard 12 against three rebels; entered by the emperor.
SEATS = [
    {"seat": i, "player_id": p, "role": role, "place": i + 1, "score": 0, "rebelled": False}
    for i, (p, role) in enumerate(zip(PLAYERS, ("emperor", "guard", "other", "other", "other"), strict=True))
]


@dataclass
class Tournament:
    id: int = 3
    organizer_id: int = 1
    deals_per_round: int = 2
    player_pins: bool = False
    private: bool = False


@dataclass
class Round:
    id: int = 8
    number: int = 1
    closed_at: datetime | None = None


@dataclass
class Entry:
    id: int = 40
    entered_by: int = 11
    side: str = "crown"
    seats: tuple = field(default_factory=lambda: tuple(SeatShare.of(x) for x in SEATS))
    state: str = "pending"


def _table(*rows, number=1, game_id=None, pins=False, own_pin=None, private=False) -> TableDeal:
    deal = Deal(number, [Version(e.id, EntryState(e.state), NAMES.get(e.entered_by, "?")) for e in rows])
    t = Tournament(player_pins=pins, private=private)
    return TableDeal(t, Round(), 1, deal, rows, players=PLAYERS, names=NAMES, game_id=game_id, own_pin=own_pin)


def test_a_rebel_confirms_the_crowns_version_and_the_event_names_the_game_it_became():
    table = _table(Entry())
    step = table.confirm(13, 40, None)
    assert step.stores == 40 and step.states == {40: EntryState.CONFIRMED}
    assert table.confirmation.player == 13 and table.confirmation.reason == "entered at table 1 by 甲, confirmed by 丙"
    table.game_id = 77  # what the deals repository stored
    payload = {"tournament_id": 3, "round": 1, "table": 1, "deal": 1, "entry_id": 40, "game_id": 77}
    assert table.pull_events() == [Announced(3, WebhookEvent.GAME_CONFIRMED, payload)]  # storing it: GameStored
    assert table.pull_events() == []  # pulled once


@pytest.mark.parametrize("player", [11, 12])
def test_the_side_that_entered_it_does_not_confirm_it(player):
    with pytest.raises(Rejected) as info:
        _table(Entry()).confirm(player, 40, None)
    assert [(p.pointer, p.code) for p in info.value.problems] == [("/player", "same_side")]
    assert "甲" in info.value.problems[0].detail and "emperor side" in info.value.problems[0].detail


def test_a_void_deal_is_confirmed_by_anyone_but_who_entered_it():
    void = Entry(side="any", seats=tuple(SeatShare.of({**x, "role": "other"}) for x in SEATS))
    assert _table(void).confirm(12, 40, None).stores == 40
    with pytest.raises(Rejected):
        _table(void).confirm(11, 40, None)


def test_the_refusals_come_in_the_order_a_table_meets_them():
    with pytest.raises(Rejected, match="one of this table's five players"):
        _table(Entry()).confirm(99, "forty", "0000")  # not at this table, before anything else
    with pytest.raises(Rejected, match="the id of the version shown"):
        _table(Entry()).confirm(13, "forty", "0000")
    with pytest.raises(Rejected) as info:
        _table(Entry(), pins=True, own_pin="1234").confirm(13, 40, "0000")
    assert info.value.problems[0].code == "wrong_pin"
    assert _table(Entry(), pins=True, own_pin="1234").confirm(13, 40, " 1234 ").stores == 40
    with pytest.raises(NotFound, match="round 1 has no deal 3"):
        _table(number=3).confirm(13, 40, None)
    with pytest.raises(Conflict) as taken:
        _table(game_id=77).confirm(13, 40, None)
    assert taken.value.extra == {"game_id": 77, "deal": 1, "code": "deal_confirmed"}
    with pytest.raises(NotFound, match="no version waiting"):
        _table().confirm(13, 40, None)
    with pytest.raises(Conflict) as replaced:
        _table(Entry(id=41)).confirm(13, 40, None)  # the page showed 40; 41 waits now
    assert replaced.value.extra["code"] == "entry_replaced"


def test_a_disputed_deal_is_the_directors():
    table = _table(Entry(state="disputed"), Entry(id=41, entered_by=13, side="rebels", state="disputed"))
    with pytest.raises(Conflict) as info:
        table.confirm(13, 40, None)
    assert info.value.extra["code"] == "deal_disputed" and table.confirmation is None and table.pull_events() == []
