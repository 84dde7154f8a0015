"""Suits written in plays: checked against the deck (at most four of a suited card, four packs)
and, where the deal shows suits, against the seat's hand."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Rank, Suit
from .errors import ViolationCode as V
from .sets import Move
from .table import Stop

__all__ = ["COPIES_OF_A_CARD", "Suits"]

SEATS = 5


COPIES_OF_A_CARD = 4  # every deck is made of four 54-card packs: at most four of a suited card


class Suits:
    """Suits written in plays, checked against the deck (at most four of a suited card) and,
    where the deal shows suits, against the seat's hand. A card written without a suit may be
    any suit: a dealt card without one supplies every suit, and a play without one takes from
    the rank's count only (as ever). Only what no assignment of suits could allow is refused."""

    __slots__ = ("played", "seat_played", "supply", "where")

    def __init__(self, hands: Sequence[Sequence[Card]] | None) -> None:
        self.played: dict[tuple[int, str], int] = {}
        self.where: dict[tuple[int, str], list[int]] = {}
        self.seat_played: list[dict[tuple[int, str], int]] = [{} for _ in range(SEATS)]
        self.supply: list[dict[tuple[int, str], int]] | None = None
        if hands is not None and any(c.suit is not None for hand in hands for c in hand):
            self.supply = []
            for hand in hands:
                mine: dict[tuple[int, str], int] = {}
                for c in hand:
                    if c.suit is None:
                        for suit in Suit:  # a card without its suit could be any
                            mine[(int(c.rank), suit.value)] = mine.get((int(c.rank), suit.value), 0) + 1
                    else:
                        key = (int(c.rank), c.suit.value)
                        mine[key] = mine.get(key, 0) + 1
                self.supply.append(mine)

    def received(self, seat: int, rank: int) -> None:
        """A card of ``rank`` passed to ``seat`` during the crown: its suit is not written."""
        if self.supply is not None:
            for suit in Suit:
                key = (rank, suit.value)
                self.supply[seat][key] = self.supply[seat].get(key, 0) + 1

    def play(self, i: int, seat: int, mv: Move) -> None:
        wanted: dict[tuple[int, str], int] = {}
        for c in mv.suited:
            assert c.suit is not None
            key = (int(c.rank), c.suit.value)
            wanted[key] = wanted.get(key, 0) + 1
        for key, n in wanted.items():
            card = f"{Rank(key[0]).symbol}{key[1]}"
            before = self.played.get(key, 0)
            if before + n > COPIES_OF_A_CARD:
                earlier = [f"/plays/{j}" for j in self.where.get(key, [])]
                used = f"; {before} were played before ({', '.join(earlier)})" if earlier else ""
                raise Stop(
                    i,
                    V.NOT_IN_HAND,
                    seat,
                    f"the deck has four {card} (four packs){used}, and this play has {n}",
                    {"earlier_plays": earlier},
                )
            if self.supply is not None:
                mine = self.seat_played[seat].get(key, 0)
                dealt = self.supply[seat].get(key, 0)
                if mine + n > dealt:
                    raise Stop(
                        i,
                        V.NOT_IN_HAND,
                        seat,
                        f"seat {seat} was dealt {dealt} {card}"
                        + (f" and has played {mine} already" if mine else "")
                        + f"; this play has {n}",
                    )
        for key, n in wanted.items():
            self.played[key] = self.played.get(key, 0) + n
            self.where.setdefault(key, []).append(i)
            self.seat_played[seat][key] = self.seat_played[seat].get(key, 0) + n
