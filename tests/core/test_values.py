"""The core's values that write their ``__init__`` out instead of letting ``dataclass`` generate it
(call_types.Call says why) take exactly their fields: the same names in the same order with the
same defaults, so ``dataclasses.replace``, ``repr`` and equality read them as before; and the
frozen ones stay frozen."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import pytest

import service.core
from service.core import random_record
from service.core.adjudication import Adjudication
from service.core.call_types import Call, CallKind, CardMove
from service.core.cards import Rank
from service.core.engine import adjudicate
from service.core.play import PlayResult
from service.core.play_state import PlayState
from service.core.scoring import GameFacts, Multiplier, Outcome

WRITTEN_OUT = [Adjudication, Call, CardMove, GameFacts, Multiplier, Outcome, PlayResult, PlayState]


def _generated(cls: type) -> bool:
    code = getattr(cls.__dict__.get("__init__"), "__code__", None)
    return code is not None and code.co_filename == "<string>"  # made by dataclass with exec


def _core_dataclasses() -> list[type]:
    found = []
    for info in pkgutil.walk_packages(service.core.__path__, "service.core."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == info.name:
                found.append(value)
    return found


def test_every_written_out_init_is_held_to_its_fields_here():
    written = {c for c in _core_dataclasses() if not _generated(c)}
    assert written == set(WRITTEN_OUT)


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_a_written_out_init_takes_the_fields(cls):
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)
    defaults = [inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields]
    assert [p.default for p in params] == defaults


def test_a_games_values_rebuilt_from_their_fields_are_equal():
    result = adjudicate(random_record(11))
    assert result.outcome is not None
    values = [result, result.outcome, result.outcome.facts, *result.outcome.multipliers]
    values.append(Call(2, CallKind.SOLO))
    values.append(CardMove(None, 3, Rank.TWO, False))
    for value in values:
        fields = dataclasses.fields(value)
        assert type(value)(*(getattr(value, f.name) for f in fields)) == value
        assert type(value)(**{f.name: getattr(value, f.name) for f in fields}) == value
        assert dataclasses.replace(value) == value
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, fields[0].name, None)
    assert dataclasses.replace(result, notes=("x",)).notes == ("x",)
    assert repr(Call(1, CallKind.REBEL)) == "Call(seat=1, kind=<CallKind.REBEL: 'rebel'>, card=None)"
