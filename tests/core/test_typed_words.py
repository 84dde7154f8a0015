"""The rules core's words are typed: a seat's role in a score and a position's phase are enums
whose values are what the API writes (``"emperor"``, ``"play"``), never free strings."""

from __future__ import annotations

from service.core import random_record
from service.core.positions import Phase, position
from service.core.roles import CROWN, Role
from service.core.sheets import read_sheet, score


def test_a_seats_role_is_a_role():
    rs, facts = read_sheet({"mode": "normal", "emperor": 2, "guard": 4, "finishing_order": [2, 0, 1, 3, 4]})
    roles = [x.role for x in score(facts, rs).seat_results()]
    assert all(type(r) is Role for r in roles)
    assert roles == [Role.OTHER, Role.OTHER, Role.EMPEROR, Role.OTHER, Role.GUARD]
    assert {r for r in roles if r.crown} == CROWN and [r.value for r in roles][2] == "emperor"


def test_a_positions_phase_is_a_phase():
    record = random_record(7)
    start, end = position({**record, "plays": []}), position(record)
    assert (start.phase, end.phase) == (Phase.PLAY, Phase.OVER)
    assert start.to_json()["phase"] == "play" and type(start.to_json()["phase"]) is str
