"""A suited deal rebuilt from a record without one (RULES §10).

Where the guard is the holder of a called suited card (the ``standard`` and ``kk-classic``
crowns), the plays give each seat's cards by rank; suits are known only where a play wrote
them. :func:`suited_deal` builds one deal that agrees with all of that and places the copies
of a few chosen cards exactly (the called card's holders, a snatcher's four identical cards).
Every other suit is interchangeable for the rules, so the verdict under this deal is the
verdict under every deal with the same ranks and the same holders of the chosen cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card, Rank, Suit

__all__ = ["COPIES", "Placement", "suited_deal"]

COPIES = 4  # a suited deck is four 54-card packs: four copies of every suited card

SuitedKey = tuple[int, str]  # (rank, suit letter), as the play loop records written suits
Placement = Mapping[SuitedKey, Mapping[int, int]]  # a card -> {seat: copies held}; other seats hold none


def suited_deal(
    counts: Sequence[Sequence[int]],
    written: Sequence[Mapping[SuitedKey, int]],
    received: Sequence[Sequence[int]],
    placed: Placement,
    marked: Mapping[Rank, int],
) -> tuple[tuple[Card, ...], ...] | None:
    """Five hands with ``counts[seat][rank]`` cards of each rank, in which every seat holds at
    least the suits its plays wrote (less what it received, unsuited, during the crown), the
    cards in ``placed`` are held exactly as placed, and ``marked[rank]`` holds the marked joker
    of that rank. None where no such deal exists."""
    seats = range(len(counts))
    hands: list[list[Card]] = [[] for _ in seats]
    for rank in Rank:
        if rank.is_joker:
            for s in seats:
                n = counts[s][rank]
                if n and marked.get(rank) == s:
                    hands[s].append(Card(rank, None, True))
                    n -= 1
                elif marked.get(rank) == s:
                    return None
                hands[s].extend(Card(rank) for _ in range(n))
            continue
        need = [dict.fromkeys(Suit, 0) for _ in seats]
        for s in seats:
            for suit in Suit:
                key = (int(rank), suit.value)
                shown = max(0, written[s].get(key, 0) - received[s][rank])
                if key in placed:
                    exact = placed[key].get(s, 0)
                    if shown > exact:
                        return None
                    need[s][suit] = exact
                else:
                    need[s][suit] = shown
        room = {suit: COPIES - sum(need[s][suit] for s in seats) for suit in Suit}
        if any(v < 0 for v in room.values()):
            return None
        for suit in Suit:
            if (int(rank), suit.value) in placed:
                room[suit] = 0  # every copy is where it was placed
        for s in seats:
            free = counts[s][rank] - sum(need[s].values())
            if free < 0:
                return None
            for suit in Suit:
                take = min(free, room[suit])
                need[s][suit] += take
                room[suit] -= take
                free -= take
            if free:
                return None
            for suit in Suit:
                hands[s].extend(Card(rank, suit) for _ in range(need[s][suit]))
    return tuple(tuple(h) for h in hands)
