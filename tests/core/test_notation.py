"""The game notation (docs/notation.md): typed by a person, written back canonically, the same
game as the record it came from, and every mistake in it named by line and column."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core import adjudicate, random_record
from service.core.errors import RecordError
from service.core.identity import record_fingerprint
from service.core.notation import NotationSyntaxError, format_record, looks_like_notation, parse
from service.core.record_form import read_ruleset
from tests.core.test_reference import RULESETS, mutate

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def same_game(a: dict, b: dict) -> None:
    """The same verdict, violation pointer, scores and fingerprint (or the same refusal)."""
    try:
        first = adjudicate(a)
    except RecordError as exc:
        with pytest.raises(RecordError) as info:
            adjudicate(b)
        assert sorted(p.code for p in info.value.problems) == sorted(p.code for p in exc.problems)
        return
    second = adjudicate(b)
    assert second.verdict == first.verdict
    assert (second.violation and second.violation.pointer) == (first.violation and first.violation.pointer)
    assert (second.outcome and second.outcome.scores) == (first.outcome and first.outcome.scores)
    rs = read_ruleset(a.get("ruleset"))
    assert record_fingerprint(b, rs) == record_fingerprint(a, rs)


@pytest.mark.slow  # a sweep or a timing test: the full run has it
@SETTINGS
@given(st.sampled_from(RULESETS), st.integers(0, 10**6), st.booleans(), st.integers(0, 10**6))
def test_a_record_written_as_text_is_the_same_game(spec, seed, with_deal, salt):
    record = {**random_record(seed, read_ruleset(spec), with_deal=with_deal), "ruleset": spec}
    if salt % 3 == 0 and with_deal:
        record = mutate(record, random.Random(salt))  # illegal games too
    text = format_record(record)
    game = parse(text)
    same_game(record, game.record)
    assert format_record(game.record) == text  # stable


def test_a_whole_game_fits_on_about_forty_lines():
    lengths = []
    for seed in range(20):
        record = random_record(seed)
        for p in record["plays"]:
            p.pop("seat")  # as a person types it: the seat is the one whose turn it is
        text = format_record(record)
        plays = text.split("\nplays\n", 1)[1].splitlines()
        lengths.append((len(record["plays"]), len(plays)))
    assert sum(n for n, _ in lengths) / len(lengths) > 250
    assert sum(lines for _, lines in lengths) / len(lengths) <= 50


TYPED = """\
[Ruleset "shandong"]
[Date "2026-11-30"]
[Table "3"]
[Seat0 "张伟"]
[Seat1 "Li Na"]
# a table's game, typed as it was played

叫牌
0 登基, 2 造反
出牌
0: 9 9, 10 10, 过, -, J J
"""


def test_typed_text_with_chinese_words_and_comments():
    game = parse(TYPED)
    rec = game.record
    assert rec["ruleset"] == "shandong"
    assert rec["calls"] == [{"seat": 0, "call": "ascend"}, {"seat": 2, "call": "rebel"}]
    assert rec["plays"] == [
        {"seat": 0, "cards": "9 9"},
        {"cards": "10 10"},
        {"pass": True},
        {"pass": True},
        {"cards": "J J"},
    ]
    assert rec["meta"] == {"date": "2026-11-30", "table": "3", "players": ["张伟", "Li Na", None, None, None]}
    assert game.where("/plays/2") == (11, 16)
    assert game.where("/calls/1/seat") == (9, 7)
    text = format_record(rec)
    assert '[Seat0 "张伟"]' in text and "[Date " in text
    assert parse(text).record == {**rec, "plays": rec["plays"]}


@pytest.mark.parametrize(
    ("text", "line", "column", "code"),
    [
        ("plays\n0: 9 9, 10 X", 2, 12, "unknown_card"),
        ("calls\n0 ascend, 1 bow", 2, 11, "unknown_call"),
        ("0 ascend", 1, 1, "notation_error"),
        ('[Ruleset "weihai"\nplays', 1, 1, "notation_error"),
        ('[Guard "7"]\nplays', 1, 1, "invalid_seat"),
        ("plays\n  7: 9", 2, 3, "unknown_card"),
        ("deal\n0: 9 9\n1: 9", 2, 1, "notation_error"),
        ('plays\n0: 9\n[Date "x"]', 3, 1, "notation_error"),
        ('[Options "pass"]\nplays', 1, 1, "notation_error"),
    ],
)
def test_what_is_not_the_notation_is_named_by_line_and_column(text, line, column, code):
    with pytest.raises(NotationSyntaxError) as info:
        parse(text)
    facts = [(p.facts or {}).get("line") for p in info.value.problems], [p.code for p in info.value.problems]
    problem = info.value.problems[0]
    assert (problem.facts["line"], problem.facts["column"], problem.code) == (line, column, code), facts
    assert f"line {line}, column {column}" in problem.detail


def test_a_mistake_in_play_is_found_where_it_was_written():
    record = random_record(11)
    for p in record["plays"]:
        p.pop("seat")
    text = format_record(record)
    lines = text.splitlines()
    k = lines.index("plays") + 10  # the tenth trick's lead: a set nobody holds
    lines[k] = "Q Q Q Q Q Q Q Q Q Q Q Q Q Q Q Q Q, " + lines[k].split(", ", 1)[1]
    game = parse("\n".join(lines))
    result = adjudicate(game.record)
    assert not result.legal
    assert game.where(result.violation.pointer) == (k + 1, 1)


def test_json_and_text_are_told_apart():
    assert not looks_like_notation('  {"calls": []}')
    assert looks_like_notation("plays\n0: 9")
    assert looks_like_notation('[Ruleset "weihai"]')
