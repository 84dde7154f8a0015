"""Building records by hand for rule tests."""

from __future__ import annotations

import random
from typing import Any

from service.core.cards import Card, format_card, parse_cards
from service.core.record_form import read_ruleset
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


SPELLINGS = {"10": "T", "SJ": "小王", "BJ": "大王"}


def respelled(record: dict, rng: random.Random) -> dict:
    """The same game written otherwise: keys in another order, the cards of every hand and
    play shuffled and in other notations, a deal hand as an array, a meta block."""

    def cards(text: str, as_list: bool = False) -> str | list[str]:
        tokens = [SPELLINGS.get(t, t.lower() if rng.random() < 0.3 else t) for t in text.split()]
        rng.shuffle(tokens)
        return tokens if as_list else " ".join(tokens)

    def shuffled(d: dict) -> dict:
        keys = list(d)
        rng.shuffle(keys)
        return {k: d[k] for k in keys}

    out = dict(record)
    out["deal"] = [cards(h, as_list=i == 2) for i, h in enumerate(record["deal"])]
    out["plays"] = [shuffled({**p, "cards": cards(p["cards"])} if "cards" in p else p) for p in record["plays"]]
    out["meta"] = {"table": rng.randrange(20), "entered_by": "app"}
    return shuffled(out)
