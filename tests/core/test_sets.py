"""Sets and the pairwise comparison (RULES §3)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.cards import Rank
from service.core.sets import CardSet, compile_move

PLAIN = [r for r in Rank if not r.is_joker]


def reference_beats(new: CardSet, old: CardSet) -> bool:
    """RULES §3 literally: sort both high to low, every card strictly higher."""

    def cards(s: CardSet) -> list[int]:
        out = [Rank.BIG_JOKER] * s.big + [Rank.SMALL_JOKER] * s.small
        if s.rank is not None:
            out += [s.rank] * s.count
        return [int(c) for c in out]

    a, b = cards(new), cards(old)
    return len(a) == len(b) and all(x > y for x, y in zip(a, b, strict=True))


card_sets = st.builds(
    lambda rank, n, x, y: CardSet(rank if n else None, n, x, y) if n + x + y else CardSet(rank, 1, 0, 0),
    st.sampled_from(PLAIN),
    st.integers(0, 5),
    st.integers(0, 3),
    st.integers(0, 3),
)


@given(card_sets, card_sets)
def test_beats_matches_the_literal_rule(new, old):
    assert new.beats(old) == reference_beats(new, old)


@given(card_sets, card_sets)
def test_engine_move_agrees_with_card_set(new, old):
    assert compile_move(str(new)).beats(compile_move(str(old))) == new.beats(old)


@given(card_sets)
def test_nothing_beats_itself(s):
    assert not s.beats(s)


@pytest.mark.parametrize(
    ("new", "old", "beats"),
    [
        # the seeds' 挂花 examples
        ("BJ BJ J J J", "SJ SJ 9 9 9", True),
        ("BJ BJ BJ J J", "SJ SJ 9 9 9", True),
        ("BJ SJ J J J", "SJ SJ 9 9 9", False),
        ("BJ BJ 8 8 8", "SJ SJ 9 9 9", False),
        ("BJ BJ 9 9 9", "SJ SJ 9 9 9", False),
        # plain sets by rank, same size only
        ("8 8", "7 7", True),
        ("7 7", "7 7", False),
        ("8 8 8", "7 7", False),
        ("2", "A", True),
        ("SJ", "2", True),
        ("BJ", "SJ", True),
        ("SJ", "SJ", False),
        ("SJ SJ", "2 2", True),
        ("BJ", "BJ", False),
        # a set with a big joker can never be beaten
        ("BJ BJ", "BJ 7", False),
        ("BJ BJ BJ", "BJ 2 2", False),
        # jokers cover ranks
        ("SJ 9", "8 8", True),
        ("SJ 7", "8 8", False),
        ("BJ SJ", "A A", True),
    ],
)
def test_comparison_examples(new, old, beats):
    assert CardSet.of(new).beats(CardSet.of(old)) is beats


@pytest.mark.parametrize("text", ["7 8", "SJ 7 8", "2 A", "6 7"])
def test_two_ranks_are_never_a_set(text):
    assert CardSet.of(text) is None


@pytest.mark.parametrize("text", ["SJ", "BJ SJ", "2 2 BJ", "SJ SJ 9 9 9", "BJ* 7"])
def test_sets(text):
    assert CardSet.of(text) is not None


@given(card_sets, card_sets)
def test_the_play_loop_applies_the_one_definition_of_beats(lead, follow):
    """The play loop compares sets inline, for speed: a follow is refused as does_not_beat
    exactly when sets.beats says it does not beat the lead."""
    from service.core.errors import ViolationCode
    from service.core.play import run_plays as _run_plays
    from service.core.play_state import play_state_from_counts as _table_from_counts
    from service.core.record_form import read_ruleset
    from service.core.sets import unpack

    rs = read_ruleset({"name": "weihai", "options": {"last_rank": "off", "deck": "216"}})
    counts = [[0] * len(Rank) for _ in range(5)]
    for seat, s in ((0, lead), (1, follow)):
        counts[seat] = [a + b for a, b in zip(counts[seat], unpack(compile_move(str(s)).packed), strict=True)]
        counts[seat][Rank.THREE] += 1  # one card more, so nobody goes out
    for seat in (2, 3, 4):
        counts[seat][Rank.THREE] = 1
    run = _run_plays(
        [{"seat": 0, "cards": str(lead)}, {"seat": 1, "cards": str(follow)}],
        rs,
        _table_from_counts(counts, -1, -1),
        0,
        recon=False,
    )
    refused = run.stop is not None and run.stop.index == 1 and run.stop.code is ViolationCode.DOES_NOT_BEAT
    assert refused == (not compile_move(str(follow)).beats(compile_move(str(lead))))
    if not refused:  # the log simply stops
        assert run.stop is not None and run.stop.code is ViolationCode.INCOMPLETE
