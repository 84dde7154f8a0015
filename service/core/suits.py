"""Suits written in plays: checked against the deck (at most four of a suited card, four packs)
and, where the deal shows suits, against the seat's hand."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SEATS, SUITED_SLOTS, SUITS, Card, Rank, slot_name, suited_slot
from .errors import ViolationCode as V
from .play_state import Stop
from .sets import Move

__all__ = ["COPIES_OF_A_CARD", "Suits"]


COPIES_OF_A_CARD = 4  # every deck is made of four 54-card packs: at most four of a suited card


class Suits:
    """Suits written in plays, checked against the deck (at most four of a suited card) and,
    where the deal shows suits, against the seat's hand. A card written without a suit may be
    any suit: a dealt card without one supplies every suit, and a play without one takes from
    the rank's count only (as ever). Only what no assignment of suits could allow is refused.
    Counts are kept per suited card, by slot (``cards.suited_slot``)."""

    __slots__ = ("played", "seat_played", "supply", "where")

    def __init__(self, hands: Sequence[Sequence[Card]] | None) -> None:
        self.played = [0] * SUITED_SLOTS
        self.where: dict[int, list[int]] = {}
        self.seat_played = [[0] * SUITED_SLOTS for _ in range(SEATS)]
        self.supply: list[list[int]] | None = None
        if hands is not None and any(c.suit is not None for hand in hands for c in hand):
            self.supply = []
            for hand in hands:
                mine = [0] * SUITED_SLOTS
                for c in hand:
                    if c.rank.is_joker:
                        continue
                    if c.suit is None:
                        for k in range(len(SUITS)):  # a card without its suit could be any
                            mine[c.rank * 4 + k] += 1
                    else:
                        mine[suited_slot(c.rank, c.suit)] += 1
                self.supply.append(mine)

    def received(self, seat: int, rank: int) -> None:
        """A card of ``rank`` passed to ``seat`` during the crown: its suit is not written."""
        if self.supply is not None and rank < Rank.SMALL_JOKER:
            mine = self.supply[seat]
            for k in range(len(SUITS)):
                mine[rank * 4 + k] += 1

    def play(self, i: int, seat: int, mv: Move) -> None:
        wanted = mv.suited_keys
        played = self.played
        for key, n in wanted:
            before = played[key]
            if before + n > COPIES_OF_A_CARD:
                earlier = [f"/plays/{j}" for j in self.where.get(key, [])]
                used = f"; {before} were played before ({', '.join(earlier)})" if earlier else ""
                raise Stop(
                    i,
                    V.NOT_IN_HAND,
                    seat,
                    f"the deck has four {slot_name(key)} (four packs){used}, and this play has {n}",
                    {"earlier_plays": earlier},
                )
            if self.supply is not None:
                mine = self.seat_played[seat][key]
                dealt = self.supply[seat][key]
                if mine + n > dealt:
                    raise Stop(
                        i,
                        V.NOT_IN_HAND,
                        seat,
                        f"seat {seat} was dealt {dealt} {slot_name(key)}"
                        + (f" and has played {mine} already" if mine else "")
                        + f"; this play has {n}",
                    )
        mine_played = self.seat_played[seat]
        where = self.where
        for key, n in wanted:
            played[key] += n
            mine_played[key] += n
            if key in where:
                where[key].append(i)
            else:
                where[key] = [i]
