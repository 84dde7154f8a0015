"""The position after a record (core/positions.py) agrees with the referee: for prefixes of
generated games in every ruleset, with and without the deal, the seat to act is the seat that
played next, the move it made is among the legal ones, every listed move is legal when added to
the record, and a group that says it is complete counts exactly the sets the referee allows."""

from __future__ import annotations

import pytest

from service.core import adjudicate, random_record
from service.core.adjudication import Verdict
from service.core.cards import parse_cards
from service.core.moves import check_move
from service.core.positions import _candidates, position
from service.core.record_form import read_ruleset
from service.core.sets import CardSet
from tests.core.test_reference import RULESETS


def _game(spec, with_deal: bool) -> dict:
    return {**random_record(len(str(spec)) * 7 + with_deal, read_ruleset(spec), with_deal=with_deal), "ruleset": spec}


def _agrees(record: dict, k: int, exhaustive: bool) -> None:
    plays = record["plays"]
    before = {**record, "plays": plays[:k]}
    p = position(before)
    if k == len(plays):
        assert p.phase == "over" and p.result.verdict is Verdict.LEGAL
        return
    if p.phase == "over":  # without the deal a shorter log may already be a whole game: the referee's word
        assert "deal" not in record and adjudicate(before).verdict is Verdict.LEGAL
        return
    assert p.phase == "play"
    whole = adjudicate(record)
    if p.seat is None:  # without the deal, a seat may have gone out unseen: said, not guessed
        assert "deal" not in record and p.unknown and p.pass_allowed is None and p.plays is None
        return
    assert p.seat == whole.seats(plays)[k]  # the seat to act is the seat that played next
    nxt = plays[k]
    assert p.pass_allowed == check_move(before, {"seat": p.seat, "pass": True}).legal
    if nxt.get("pass"):
        assert p.pass_allowed
    for call in p.calls_open:
        assert check_move(before, call).legal
    if p.plays is None:
        assert p.hand is None and p.unknown
        return
    assert len(parse_cards(p.hand)) == p.cards_left[p.seat]
    sizes = {g.size: g for g in p.plays}
    for g in p.plays:
        for cards in g.sets:
            assert check_move(before, {"seat": p.seat, "cards": cards}).legal, (k, cards)
    if "cards" in nxt:
        group = sizes.get(len(parse_cards(nxt["cards"])))
        assert group is not None and (group.count is None or group.count >= 1)
    if exhaustive:  # every set the hand makes, tried by the referee, beats filter or not
        every: dict[int, int] = {}
        for size, cards in _candidates(p.hand, None):
            if check_move(before, {"seat": p.seat, "cards": cards}).legal:
                every[size] = every.get(size, 0) + 1
        listed = {g.size: g.count for g in p.plays if g.complete}
        assert all(every.get(size, 0) == count for size, count in listed.items()), (k, every, listed)
        assert set(every) <= set(sizes), (k, every, sizes)


@pytest.mark.parametrize("spec", RULESETS, ids=str)
@pytest.mark.parametrize("with_deal", [True, False], ids=["deal", "no-deal"])
def test_positions_along_a_game(spec, with_deal):
    record = _game(spec, with_deal)
    n = len(record["plays"])
    for k in [*range(0, n, 23), n - 1, n]:
        _agrees(record, k, exhaustive=k in (0, 23))


@pytest.mark.slow  # every prefix of a game of each ruleset
@pytest.mark.parametrize("spec", RULESETS, ids=str)
@pytest.mark.parametrize("with_deal", [True, False], ids=["deal", "no-deal"])
def test_every_prefix_of_a_game(spec, with_deal):
    record = _game(spec, with_deal)
    for k in range(len(record["plays"]) + 1):
        _agrees(record, k, exhaustive=k % 50 == 0)


@pytest.mark.parametrize("spec", RULESETS, ids=str)
def test_the_crown_and_the_declarations(spec):
    record = _game(spec, True)
    calls = record["calls"]
    for k in range(len(calls)):
        before = {**record, "calls": calls[:k], "plays": []}
        p = position(before)
        assert p.phase in ("crown", "play")
        for call in p.calls_open:
            assert check_move(before, call).legal
        nxt = {key: calls[k][key] for key in ("seat", "call", "card") if key in calls[k]}
        if p.phase == "crown":
            assert p.seat == calls[k]["seat"]
        assert nxt in list(p.calls_open), (k, nxt, p.calls_open)


def test_a_table_to_beat_lists_only_sets_that_beat_it():
    record = random_record(31)
    for k in range(1, 40):
        p = position({**record, "plays": record["plays"][:k]})
        if p.to_beat and p.plays:
            top = CardSet.of(p.to_beat)
            assert all(CardSet.of(c).beats(top) for g in p.plays for c in g.sets)


def test_an_illegal_record_is_said_so():
    record = random_record(32)
    plays = [dict(p) for p in record["plays"][:10]]
    plays[2] = {"seat": (plays[2]["seat"] + 2) % 5, "pass": True}
    p = position({**record, "plays": plays})
    assert p.phase == "illegal" and p.to_json()["violation"]["pointer"].startswith("/plays/")


@pytest.mark.parametrize("spec", RULESETS, ids=str)
def test_the_roles_settled_are_those_of_the_finished_game(spec):
    record = _game(spec, True)
    outcome = adjudicate(record).outcome.to_json()
    for k in (0, len(record["plays"]) // 2):
        roles = position({**record, "plays": record["plays"][:k]}).roles
        assert roles is not None
        for key in ("mode", "emperor", "rebels", "kicked_by"):
            assert roles[key] == outcome[key], (k, key, roles, outcome)
    nodeal = position({**_game(spec, False), "plays": []})
    assert nodeal.roles is None and any(u.startswith("roles:") for u in nodeal.unknown)


def test_a_position_checks_calls_and_plays_within_one_budget(monkeypatch):
    """The calls' checks come out of the position's budget too (a standard deal before its first
    play was 679 adjudications: every seat's calls with every suited card, then the plays)."""
    import pytest

    import service.core
    from service.core import PRESETS, moves, positions
    from service.core.random_game import random_record

    if service.core.COMPILED:
        pytest.skip("counted on the pure core (.ci/pure-core.sh): compiled calls are not patched")
    checks = [0]
    real = moves.check_move

    def counted(*args, **kwargs):
        checks[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(positions, "check_move", counted)
    most = 0
    for seed in range(20):
        checks[0] = 0
        p = positions.position({**random_record(seed, PRESETS["standard"]), "plays": []})
        if p.phase == "play":  # not a void deal (nobody took the crown: over before a play)
            most = max(most, checks[0])
    assert most <= positions.BUDGET + 1  # and one check of the pass
    assert most > positions.BUDGET // 2  # the budget is what bounds it here
