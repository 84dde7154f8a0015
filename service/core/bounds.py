"""How large a game can be, so that a body larger than any game is refused before it is read.

A game deals at most 216 cards (four full packs). Every play that is not a pass plays at least
one card, and between two such plays at most four seats pass (the fifth is the one who played:
when the four others have passed, the trick is over and it leads again), so a play log holds at
most five plays a card of the deck. The calls are bounded the same way: each seat makes each call
at most once, except that the standard crown may come round to a seat a second time to decline.
A record or a notation text beyond these bounds is not a game anyone played; it is refused with
one problem naming the limit (``too_many_plays``, ``too_many_calls``, ``too_many_lines``) before
any play is looked at, so a body's cost is bounded by the size of a real game, not by the body.

A problem document lists at most :data:`MAX_LISTED_PROBLEMS` problems and says how many more
there were (``more_errors``): a body of a million wrong items is answered in a few kilobytes.

>>> from service.core.ruleset import WEIHAI
>>> max_plays(WEIHAI), MAX_CALLS, MAX_PLAYS
(825, 50, 1080)
"""

from __future__ import annotations

from .call_types import CallKind
from .cards import SEATS
from .ruleset import DECKS, Ruleset

__all__ = [
    "MAX_CALLS",
    "MAX_CARDS_IN_HAND",
    "MAX_LISTED_PROBLEMS",
    "MAX_NOTATION_LINES",
    "MAX_PLAYS",
    "PLAYS_PER_CARD",
    "max_plays",
]

# A card played, and at most four passes after it before the next card is played.
PLAYS_PER_CARD = SEATS
# Every call once a seat, and a second decline (the standard crown goes round twice).
MAX_CALLS = SEATS * (len(CallKind) + 1)
_LARGEST_DECK = max(d.size for d in DECKS.values())
MAX_PLAYS = PLAYS_PER_CARD * _LARGEST_DECK  # in any ruleset
# No hand, and so no play, holds more cards than the deck.
MAX_CARDS_IN_HAND = _LARGEST_DECK
# Lines of a game in the notation: a play a line at most, the calls, the deal, headers, and as
# many blank or comment lines again.
MAX_NOTATION_LINES = 2 * (MAX_PLAYS + MAX_CALLS + 100)
MAX_LISTED_PROBLEMS = 100


def max_plays(rs: Ruleset) -> int:
    """The most plays a game of ``rs`` can have (five a card of its deck)."""
    return PLAYS_PER_CARD * rs.deck_spec.size
