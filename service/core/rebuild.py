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

from .cards import SUITED_SLOTS, SUITS, Card, Rank
from .play import PlayResult
from .play_state import PlayState
from .sets import unpack

__all__ = ["COPIES", "Placement", "cannot_fit", "held_by_seat", "suited_counts", "suited_deal", "suited_fits"]

COPIES = 4  # a suited deck is four 54-card packs: four copies of every suited card

# A suited card's slot (cards.suited_slot) -> {seat: copies held}; other seats hold none.
Placement = Mapping[int, Mapping[int, int]]


_RANKS = tuple((rank, int(rank)) for rank in Rank if not rank.is_joker)
_JOKERS = tuple(rank for rank in Rank if rank.is_joker)
# Cards are immutable values: one of each, shared by every deal built here.
_SUITED = [Card(Rank(slot // 4), SUITS[slot % 4]) for slot in range(SUITED_SLOTS)]
_PLAIN = {rank: Card(rank) for rank in _JOKERS}
_MARKED = {rank: Card(rank, None, True) for rank in _JOKERS}


def suited_deal(
    counts: Sequence[Sequence[int]],
    written: Sequence[Sequence[int]],
    received: Sequence[Sequence[int]],
    placed: Placement,
    marked: Mapping[Rank, int],
) -> tuple[tuple[Card, ...], ...] | None:
    """Five hands with ``counts[seat][rank]`` cards of each rank, in which every seat holds at
    least the suits its plays wrote (less what it received, unsuited, during the crown), the
    cards in ``placed`` are held exactly as placed, and ``marked[rank]`` holds the marked joker
    of that rank. None where no such deal exists."""
    need = suited_counts(counts, written, received, placed, marked)
    if need is None:
        return None
    hands: list[list[Card]] = [[] for _ in counts]
    for s, hand in enumerate(hands):
        mine = need[s]
        for _, r in _RANKS:
            row = mine[r]
            for k in range(4):
                if row[k]:
                    hand.extend([_SUITED[r * 4 + k]] * row[k])
        for rank in _JOKERS:
            n = counts[s][rank]
            if n and marked.get(rank) == s:
                hand.append(_MARKED[rank])
                n -= 1
            hand.extend([_PLAIN[rank]] * n)
    return tuple(tuple(h) for h in hands)


def suited_fits(
    counts: Sequence[Sequence[int]],
    written: Sequence[Sequence[int]],
    received: Sequence[Sequence[int]],
    placed: Placement,
    marked: Mapping[Rank, int],
) -> bool:
    """Whether :func:`suited_deal` would find a deal (without building its cards)."""
    return suited_counts(counts, written, received, placed, marked) is not None


def suited_counts(
    counts: Sequence[Sequence[int]],
    written: Sequence[Sequence[int]],
    received: Sequence[Sequence[int]],
    placed: Placement,
    marked: Mapping[Rank, int],
) -> list[list[list[int]]] | None:
    """``need[seat][rank][suit index]``: the copies of each suited card each seat holds in the
    deal :func:`suited_deal` builds; None where there is none."""
    seats = range(len(counts))
    for rank in _JOKERS:
        s = marked.get(rank)
        if s is not None and not counts[s][rank]:
            return None
    shown_by = _shown_by_rank(written, received)
    placed_by: dict[int, dict[int, Mapping[int, int]]] = {}
    for slot, holders in placed.items():
        placed_by.setdefault(slot >> 2, {})[slot & 3] = holders
    need: list[list[list[int]]] = [[[0, 0, 0, 0] for _ in range(len(Rank))] for _ in seats]
    for _, r in _RANKS:
        exact = placed_by.get(r)
        room = [COPIES, COPIES, COPIES, COPIES]
        for s in seats:
            row = need[s][r]
            shown = shown_by[s].get(r)
            if shown is not None:
                row[:] = shown
            if exact is not None:
                for k, holders in exact.items():
                    want = holders.get(s, 0)
                    if row[k] > want:
                        return None
                    row[k] = want
            for k in range(4):
                room[k] -= row[k]
        if room[0] < 0 or room[1] < 0 or room[2] < 0 or room[3] < 0:
            return None
        if exact is not None:
            for k in exact:
                room[k] = 0  # every copy is where it was placed
        for s in seats:
            row = need[s][r]
            free = counts[s][r] - row[0] - row[1] - row[2] - row[3]
            if free < 0:
                return None
            for k in range(4):
                if not free:
                    break
                take = free if free < room[k] else room[k]
                row[k] += take
                room[k] -= take
                free -= take
            if free:
                return None
    return need


def _shown_by_rank(written: Sequence[Sequence[int]], received: Sequence[Sequence[int]]) -> list[dict[int, list[int]]]:
    """The suits each seat's plays wrote, by rank (the cards it received in the crown aside):
    most ranks of most seats have none."""
    shown_by: list[dict[int, list[int]]] = []
    for s in range(len(written)):
        mine: dict[int, list[int]] = {}
        got = received[s]
        for slot, n in enumerate(written[s]):
            if n:
                r = slot >> 2
                n -= got[r]
                if n > 0:
                    mine.setdefault(r, [0, 0, 0, 0])[slot & 3] = n
        shown_by.append(mine)
    return shown_by


def held_by_seat(run: PlayResult, deck: Sequence[int]) -> tuple[list[list[int]], int, list[str]]:
    """Each seat's cards by rank as the plays show them: a seat that went out held what it
    played; the last seat, what it played and the rest of the deck. And the note saying so."""
    last = run.order[-1]
    counts = [unpack(p) for p in run.played]
    rest = [d - sum(h[r] for h in counts) for r, d in enumerate(deck)]
    counts[last] = [a + b for a, b in zip(counts[last], rest, strict=True)]
    return counts, last, [f"no deal given: each seat held what it played; seat {last}, the last, held the rest"]


def cannot_fit(table: PlayState, played: Sequence[int] | None) -> bool:
    """Whether the cards each seat holds at the first play rule out a legal game whatever the
    plays are: some seat's plays hold more cards than it has, or two seats or more would never
    go out (a legal game ends with four seats out, each having played exactly what it held)."""
    if played is None:
        return False
    short = 0
    for n, held in zip(played, table.counts, strict=True):
        if n > held:
            return True
        short += n < held
    return short > 1
