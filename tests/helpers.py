"""Building records by hand for rule tests."""

from __future__ import annotations

from typing import Any

from service.core.cards import Card, format_card, parse_cards
from service.core.reading import read_ruleset
from service.core.ruleset import WEIHAI, Ruleset


def deal_with(hands: dict[int, str], rs: Ruleset = WEIHAI) -> list[str]:
    """Five hands: the given seats get (at least) these cards, the others are filled
    from the rest of the deck, low ranks first, seat by seat."""
    rest = rs.dealt_cards()
    full: dict[int, list[Card]] = {}
    for seat, text in hands.items():
        cards = list(parse_cards(text))
        for c in cards:
            rest.remove(c)
        full[seat] = cards
    # Marked cards not asked for go to the first seat that is filled up.
    rest.sort(key=lambda c: (not c.marked, c.rank, c.suit.value if c.suit else ""))
    for seat in range(5):
        hand = full.setdefault(seat, [])
        while len(hand) < rs.hand_sizes[seat]:
            hand.append(rest.pop(0))
    assert not rest
    return [" ".join(format_card(c) for c in full[s]) for s in range(5)]


def record(hands: dict[int, str], calls: list[tuple[int, str]], plays: list[Any], **extra: Any) -> dict[str, Any]:
    """A record. Plays: "seat:cards", "seat:pass" or dicts."""
    out_plays = []
    for p in plays:
        if isinstance(p, dict):
            out_plays.append(p)
            continue
        seat, _, what = p.partition(":")
        out_plays.append({"seat": int(seat), "pass": True} if what == "pass" else {"seat": int(seat), "cards": what})
    ruleset = extra.pop("ruleset", "weihai")
    rs = read_ruleset(ruleset)
    doc = {
        "ruleset": ruleset,
        "deal": deal_with(hands, rs),
        "calls": [{"seat": c[0], "call": c[1], **({"card": c[2]} if len(c) > 2 else {})} for c in calls],
        "plays": out_plays,
    }
    doc.update(extra)
    return doc


def rep(token: str, n: int) -> str:
    return " ".join([token] * n)
