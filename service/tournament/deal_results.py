"""A deal's result as a table or the director enters it, whoever's use case it is: judged as a
game of that round, table and deal would be, each seat's share, the side of whoever entered it,
who may confirm it, whether two versions agree, stored as a game, withdrawn, and announced to the
webhooks. The table's use cases are tables.py; the director's, round_board.py."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..club import Side
from ..club.records import SeatShare, Tournament
from ..persistence.games import Submission
from .submission import Seating, read_submission


def side_of(seats: Sequence[SeatShare], player_id: int) -> str:
    """The side a player was on in a result: crown (the emperor and the guard; a solo emperor is
    its own guard), or rebels."""
    for x in seats:
        if x.player_id == player_id:
            return Side.of_role(x.role).value
    raise ValueError(player_id)


def entry_side(outcome: dict[str, Any], seats: Sequence[SeatShare], player_id: int) -> str:
    if outcome.get("mode") == "void":
        return Side.ANY.value  # a void deal has no sides: any other player confirms it
    return side_of(seats, player_id)


def same_result(a: Sequence[SeatShare], b: Sequence[SeatShare]) -> bool:
    """Two versions of a deal say the same: every seat's player, role, place and score."""

    def key(seats: Sequence[SeatShare]) -> list[tuple[Any, ...]]:
        return sorted((x.seat, x.player_id, x.role, x.place, x.score) for x in seats)

    return key(a) == key(b)


def seats_of(sub: Submission) -> tuple[SeatShare, ...]:
    """A judged result's seats as an entry keeps them (its judgement, stored as the game when the
    entry is confirmed: ``persistence.deals.kept``)."""
    return tuple(SeatShare(r.seat, sub.players[r.seat], r.role, r.place, r.score, r.rebelled) for r in sub.results)


def read_result(
    s: Seating, t: Tournament, players: list[int], number: int, table: int, deal: int, doc: dict[str, Any]
) -> Submission:
    """A table's result judged as a game of that round, table and deal would be (Rejected: an
    impossible sheet, an illegal game, a claim that differs; Conflict: the deal is a game already)."""
    body: dict[str, Any] = {k: doc[k] for k in ("sheet", "record", "claimed", "accept_computed") if k in doc}
    sub_doc: dict[str, Any] = {"players": players, "round": number, "table": table, "deal": deal, **body}
    return read_submission(s, t, sub_doc, json.dumps(sub_doc, ensure_ascii=False), players_known=True)
