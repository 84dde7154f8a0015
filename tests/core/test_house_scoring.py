"""The house scoring options reproduce two public 保皇 programs' amounts for every case they
cover: each program's own formula, transcribed below, for every finishing order, with and without
its doublings, against our score of the same sheet under the options that name its tables. Both
programs count in a point half of ours (their normal K is 2/1/0/−1/−2 by place), so ours is twice
theirs, seat by seat."""

from __future__ import annotations

from itertools import permutations

import pytest

from service.core.sheets import read_sheet, score

ORDERS = list(permutations(range(5)))
EMPEROR, GUARD = 0, 1


def ours(sheet: dict, options: dict) -> tuple[int, ...]:
    rs, facts = read_sheet({**sheet, "ruleset": {"name": "weihai", "options": options}})
    out = score(facts, rs).scores
    assert sum(out) == 0
    return out


def _place(order: tuple[int, ...], seat: int) -> int:
    """1 (头科) to 5 (大落), as both programs count."""
    return order.index(seat) + 1


# --- infinityedge01/qqbot2, hoshino/modules/baohuang (game.py, __init__.py game_end) -------------


def qqbot2(mode: str, order: tuple[int, ...], revealed: bool = False, rebellion: bool = False) -> list[int]:
    mult = 1
    if mode == "open_solo":  # 抢独: table.mutiple *= 4
        mult = 4
        won = _place(order, EMPEROR) == 1
        return [(4 * mult if won else -4 * mult) if s == EMPEROR else (-mult if won else mult) for s in range(5)]
    if revealed:
        mult *= 2  # 明保
    if rebellion:
        mult *= 2  # zaofan_success
    if mode == "hidden_solo":  # huangdi_id == baozi_id
        mult *= 2
        o = _place(order, EMPEROR)
        if o == 1:
            return [4 * mult if s == EMPEROR else -mult for s in range(5)]
        if o >= 3:
            return [-4 * mult if s == EMPEROR else mult for s in range(5)]
        return [0] * 5
    k = 6 - _place(order, EMPEROR) - _place(order, GUARD)
    return [2 * mult * k if s == EMPEROR else mult * k if s == GUARD else -mult * k for s in range(5)]


# --- fangjun0120/baohuang, baohuang-domain/…/entity/Game.java (buildRank, setPlayerScores) ----


def fangjun(mode: str, order: tuple[int, ...], revolution: bool = False) -> list[int]:
    rank = {s: order.index(s) for s in range(5)}  # 0-based
    if mode in ("hidden_solo", "open_solo"):  # isKingOverFour
        base = 3 * (2 if revolution else 1)
        if mode == "open_solo":  # isKingOverFourPublic
            base *= 2
            base = -base if rank[EMPEROR] == 0 else base
        else:
            base = -base if rank[EMPEROR] == 0 else 0 if rank[EMPEROR] == 1 else base
        return [-4 * base if s == EMPEROR else base for s in range(5)]
    base = (rank[EMPEROR] + rank[GUARD] - 4) * (2 if revolution else 1)
    return [-2 * base if s == EMPEROR else -base if s == GUARD else base for s in range(5)]


QQBOT2 = {"hidden_solo_table": "first_wins", "reveal_and_rebellion": "stacked"}
FANGJUN = {"hidden_solo_table": "first_wins", "solo_base_percent": 150}
REBELS = [2, 3]  # two rebels: a rebellion that succeeds


@pytest.mark.parametrize("revealed, rebellion", [(False, False), (True, False), (False, True), (True, True)])
def test_qqbot2_normal_games(revealed, rebellion):
    for order in ORDERS:
        sheet = {"mode": "normal", "emperor": EMPEROR, "guard": GUARD, "finishing_order": list(order)}
        sheet |= {"guard_revealed": revealed, "rebels": REBELS if rebellion else []}
        theirs = qqbot2("normal", order, revealed, rebellion)
        assert list(ours(sheet, QQBOT2)) == [2 * x for x in theirs], (order, revealed, rebellion)


def test_qqbot2_solos():
    for order in ORDERS:
        hidden = {"mode": "hidden_solo", "emperor": EMPEROR, "guard": EMPEROR, "finishing_order": list(order)}
        assert list(ours(hidden, QQBOT2)) == [2 * x for x in qqbot2("hidden_solo", order)], order
        declared = {"mode": "open_solo", "emperor": EMPEROR, "finishing_order": list(order)}
        assert list(ours(declared, QQBOT2)) == [2 * x for x in qqbot2("open_solo", order)], order


@pytest.mark.parametrize("revolution", [False, True])
def test_fangjun_normal_games_and_hidden_solos(revolution):
    for order in ORDERS:
        rebels = REBELS if revolution else []
        normal = {
            "mode": "normal",
            "emperor": EMPEROR,
            "guard": GUARD,
            "finishing_order": list(order),
            "rebels": rebels,
        }
        assert list(ours(normal, FANGJUN)) == [2 * x for x in fangjun("normal", order, revolution)], order
        hidden = {
            "mode": "hidden_solo",
            "emperor": EMPEROR,
            "guard": EMPEROR,
            "finishing_order": list(order),
            "rebels": rebels,
        }
        assert list(ours(hidden, FANGJUN)) == [2 * x for x in fangjun("hidden_solo", order, revolution)], order


def test_fangjun_declared_solos():
    for order in ORDERS:
        declared = {"mode": "open_solo", "emperor": EMPEROR, "finishing_order": list(order)}
        assert list(ours(declared, FANGJUN)) == [2 * x for x in fangjun("open_solo", order)], order


def test_the_defaults_are_not_the_house_tables():
    """Without the options the hidden solo is scored by place: second is +8, not a draw."""
    sheet = {"mode": "hidden_solo", "emperor": EMPEROR, "guard": EMPEROR, "finishing_order": [1, 0, 2, 3, 4]}
    assert ours(sheet, {})[EMPEROR] == 8
    assert ours(sheet, {"hidden_solo_table": "first_wins"})[EMPEROR] == 0
    assert ours(sheet, {"solo_base_percent": 150})[EMPEROR] == 12


def test_the_house_options_travel_in_the_notation():
    from service.core.notation import format_record, parse

    text = '[Ruleset "weihai"]\n[Options "hidden_solo_table=first_wins solo_base_percent=150"]\n\nplays\n9\n'
    game = parse(text)
    assert game.record["ruleset"] == {"name": "weihai", "options": FANGJUN}
    assert "hidden_solo_table=first_wins" in format_record(game.record) and "solo_base_percent=150" in format_record(
        game.record
    )
