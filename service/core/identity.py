"""Which game a record describes: a fingerprint for finding the same game entered twice.

Two records are the same game when they have the same ruleset, the same deal (each hand's
cards in any order and any notation), the same ``guard`` and ``first_candidate``, the same
calls, and the same plays, one for one (each play's cards in any order and notation, or a
pass). How the JSON is written (key order, spacing) does not count, and neither does
``meta``, which the referee keeps but never reads.

A play's seat does not count either: in a legal game it is always the seat whose turn it is
(anything else is ``out_of_turn``), so a record that writes it and one that leaves it out
(or writes ``null``) are the same game, and only legal games are fingerprinted for keeps.

>>> from service.core.random_game import random_record
>>> from service.core.ruleset import WEIHAI
>>> record = random_record(3)
>>> fp = record_fingerprint(record, WEIHAI)
>>> len(fp)
64
>>> respelled = {
...     "meta": {"table": 4},
...     **{k: record[k] for k in reversed(list(record))},
...     "plays": [{k: p[k] for k in reversed(list(p))} for p in record["plays"]],
...     "deal": [" ".join(reversed(h.split())).replace("10", "T") for h in record["deal"]],
... }
>>> record_fingerprint(respelled, WEIHAI) == fp
True
>>> record_fingerprint({**record, "plays": record["plays"][:-1]}, WEIHAI) == fp
False

The record is one the referee found legal: every card parses. (Anything else still gets a
fingerprint, from the tokens as written.)

Stored games keep their fingerprint (``games.record_hash``): a change to what goes into it needs
a migration that recomputes the stored ones, as ``migrations/versions/0003_…`` and ``0007_…`` do.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from .cards import _TOKENS, NotationError, format_card, parse_card
from .ruleset import Ruleset

__all__ = ["record_fingerprint"]

# A card token as written -> its canonical token ("t" -> "10", "小王" -> "SJ", "7♠" -> "7S").
_CANONICAL: dict[str, str] = {token: format_card(card) for token, card in _TOKENS.items()}
# A play's cards as written -> its cards in canonical order: one lookup for every play after the
# first of each spelling (a game uses a few dozen distinct spellings).
_PLAYS: dict[str, str] = {}
_PLAYS_LIMIT = 200_000
_SEATS = ("0", "1", "2", "3", "4")


def _token(token: object) -> str:
    if isinstance(token, str):
        canonical = _CANONICAL.get(token)
        if canonical is not None:
            return canonical
        try:
            return format_card(parse_card(token))
        except NotationError:
            return token
    return json.dumps(token)


def _cards(cards: object) -> str:
    """Cards (a string of tokens or a list) as canonical tokens in sorted order."""
    tokens = cards.split() if isinstance(cards, str) else cards if isinstance(cards, list) else [cards]
    canonical = _CANONICAL.get
    out = [(canonical(t) if type(t) is str else None) or _token(t) for t in tokens]
    out.sort()
    return " ".join(out)


def _play_cards(cards: object) -> str:
    if type(cards) is not str:
        return _cards(cards)
    known = _PLAYS.get(cards)
    if known is None:
        known = _cards(cards)
        if len(_PLAYS) >= _PLAYS_LIMIT:
            _PLAYS.clear()
        _PLAYS[cards] = known
    return known


def record_fingerprint(doc: Mapping[str, Any], ruleset: Ruleset, *, seats_as_written: bool = False) -> str:
    """The fingerprint (64 hex digits) of the game ``doc`` records, judged by ``ruleset``.

    ``seats_as_written``: the fingerprint as it was stored before migration 0007, with each
    play's seat as the record wrote it (for that migration's way down)."""
    parts: list[str] = [ruleset.canonical()]
    deal = doc.get("deal")
    if isinstance(deal, list):
        parts.extend(_cards(hand) for hand in deal)
    else:
        parts.append("-")
    extra = [doc.get("guard"), doc.get("first_candidate"), doc.get("calls")]
    parts.append(json.dumps(extra, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    plays = doc.get("plays")
    for p in plays if isinstance(plays, list) else ():
        # A line a play: no string is built per play.
        if type(p) is not dict:
            parts.append(json.dumps(p, sort_keys=True))
            continue
        if seats_as_written:
            seat = p.get("seat")
            parts.append(_SEATS[seat] if type(seat) is int and 0 <= seat <= 4 else json.dumps(seat))
        cards = p.get("cards")
        if cards is None:
            parts.append("pass")  # not a card token
        else:
            parts.append(_play_cards(cards))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
