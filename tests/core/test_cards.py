"""Card notation: one parser, one formatter (RULES §2)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.cards import Card, NotationError, Rank, Suit, format_cards, parse_card, parse_cards


def cards_strategy():
    plain = st.builds(Card, st.sampled_from([r for r in Rank if not r.is_joker]), st.none() | st.sampled_from(Suit))
    jokers = st.builds(Card, st.sampled_from([Rank.SMALL_JOKER, Rank.BIG_JOKER]), st.none(), st.booleans())
    return st.lists(plain | jokers, max_size=40).map(tuple)


@given(cards_strategy())
def test_parse_of_format_is_identity(cards):
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards).split()) == cards


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("10", Card(Rank.TEN)),
        ("T", Card(Rank.TEN)),
        ("t", Card(Rank.TEN)),
        ("7S", Card(Rank.SEVEN, Suit.SPADES)),
        ("7♥", Card(Rank.SEVEN, Suit.HEARTS)),
        ("qd", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("BJ*", Card(Rank.BIG_JOKER, marked=True)),
        ("sj*", Card(Rank.SMALL_JOKER, marked=True)),
        ("小王", Card(Rank.SMALL_JOKER)),
        ("大鬼", Card(Rank.BIG_JOKER)),
        ("2", Card(Rank.TWO)),
        ("6", Card(Rank.SIX)),
    ],
)
def test_tokens(token, card):
    assert parse_card(token) == card


@pytest.mark.parametrize("text", ["7 X", "11", "BJS", "7*", "SJ**", "1", "7SS", "♠7"])
def test_unknown_tokens_are_notation_errors(text):
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    assert info.value.index == len(text.split()) - 1 or text in ("11", "BJS", "7*", "SJ**", "1", "7SS", "♠7")


def test_notation_error_names_the_token_and_its_place():
    with pytest.raises(NotationError) as info:
        parse_cards(["9", "9", "Z"])
    assert info.value.index == 2
    assert "'Z'" in str(info.value)


def test_non_string_token_is_a_notation_error_not_a_crash():
    with pytest.raises(NotationError):
        parse_cards(["9", 9])  # type: ignore[list-item]


def test_rank_order_is_the_rules_order():
    names = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]
    assert [parse_card(n).rank for n in names] == sorted(parse_card(n).rank for n in names)


def test_marked_only_jokers():
    with pytest.raises(ValueError):
        Card(Rank.ACE, marked=True)
    with pytest.raises(ValueError):
        Card(Rank.BIG_JOKER, Suit.SPADES)
