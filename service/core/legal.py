"""Every set a seat may play now, generated from its hand and the table — python-chess's
``legal_moves``, for the plays of 保皇.

A set is ``n`` cards of one rank with any number of the hand's jokers, or jokers alone (RULES §3).
It may be played now when:

- the ruleset lets it be a set (``twos_with_jokers``: 2s carrying jokers);
- it beats the set on the table, if there is one (``sets.beats``, the one definition);
- it keeps the rank that goes last for last (``last_rank``: 憋六/憋三 — a set of that rank only
  when the hand holds nothing else; 保六 — only as the seat's final play, all at once).

The marked jokers (``BJ*``, ``SJ*``) are the same card as the others of their rank for what may be
played: a set is listed once, written without marks (the referee takes a plain ``BJ`` from the
holder of ``BJ*``), high cards first as the referee writes them (``format_counts``). The order is
stable: by size, then lowest first (the rank's sets before jokers alone; fewer and smaller jokers
first). The play loop (``play.run_plays``) is the referee; tests/core/test_legal.py holds this
list equal to every sub-multiset of the hand that the referee accepts.

>>> from service.core.ruleset import WEIHAI
>>> legal_sets("K K 9 SJ", "8", WEIHAI)
('9', 'K', 'SJ')
>>> legal_sets("6 6 5", None, WEIHAI)  # the sixes wait while the hand holds anything else
('5',)
"""

from __future__ import annotations

from .cards import Rank, format_counts, parse_cards
from .ruleset import LastRankRule, Ruleset
from .sets import CardSet, beats

__all__ = ["legal_sets"]

_NATURAL = tuple(r for r in Rank if r not in (Rank.SMALL_JOKER, Rank.BIG_JOKER))
_SYMBOL = {r: format_counts([1 if x == r else 0 for x in Rank]) for r in Rank}


def legal_sets(hand: str, table: str | None, rs: Ruleset) -> tuple[str, ...]:
    """Every set ``hand`` may play on ``table`` (None or empty: the seat leads) under ``rs``."""
    counts = [0] * len(Rank)
    for card in parse_cards(hand):
        counts[card.rank] += 1
    top = CardSet.of(table) if table else None
    top_rank = -1 if top is None or top.rank is None else int(top.rank)
    small, big = counts[Rank.SMALL_JOKER], counts[Rank.BIG_JOKER]
    held = sum(counts)
    last = rs.last_rank_card
    final_play = rs.last_rank is LastRankRule.SIXES_FINAL_PLAY
    # The jokers' part of a set, as the referee writes it (high first): "BJ BJ SJ" for b=2, s=1.
    jokers = [
        [" ".join([_SYMBOL[Rank.BIG_JOKER]] * b + [_SYMBOL[Rank.SMALL_JOKER]] * s) for s in range(small + 1)]
        for b in range(big + 1)
    ]
    # By size, and within a size by rank (jokers alone last), then big jokers, then small: each
    # (rank, b, s) makes one set of a given size, so appending in that order needs no sort.
    by_size: list[list[str]] = [[] for _ in range(held + 1)]
    for rank in (*(r for r in _NATURAL if counts[r]), None):
        has = 0 if rank is None else counts[rank]
        r = -1 if rank is None else int(rank)
        exact = None  # the one size a set of this rank may have
        if rank is not None and rank is last:
            if not final_play and has != held:
                continue  # 憋六/憋三: that rank only when the hand holds nothing else
            exact = held if final_play else None  # 保六: all at once, the last play
        carries = not (rank is Rank.TWO and not rs.twos_with_jokers)
        symbol = "" if rank is None else _SYMBOL[rank]
        for b in range(big + 1 if carries else 1):
            for s in range(small + 1 if carries else 1):
                for n in range(1, has + 1) if rank is not None else (0,):
                    size = n + s + b
                    if size == 0 or (exact is not None and size != exact):
                        continue
                    if top is not None and not beats(size, n, b, r, top.size, top.count, top.small, top.big, top_rank):
                        continue
                    head = jokers[b][s]
                    tail = " ".join([symbol] * n)
                    by_size[size].append(f"{head} {tail}" if head and tail else head or tail)
    return tuple(cards for group in by_size for cards in group)
