"""Closing a round, and taking the close back: the director's end of a round's table links. The
round decides (``club.round.Round``: a board that changed since it was shown, a round that is not
the last, a closed tournament are refused) and records what it means; ``uow.rounds`` saves it."""

from __future__ import annotations

from ..text_and_time import utcnow
from .round_board import RoundClosed, board, left_to_settle, owned_round, version_of
from .unit_of_work import UnitOfWork


def close_round(uow: UnitOfWork, acting: int, tournament_id: int, number: int, seen: str | None = None) -> RoundClosed:
    """Close a round: its table links stop working; what is left to settle (named in the
    answer) is the director's. ``seen``: the board's version the director decided on (a board
    that changed since is refused: the director looks again)."""
    t, r, _ = owned_round(uow, acting, tournament_id, number, lock=True)
    now = version_of(uow.rounds, r) if seen is not None and r.closed_at is None else None
    left = left_to_settle(board(uow, acting, tournament_id, number))
    if r.close(utcnow(), seen=seen, now=now):
        uow.rounds.save(r)
    uow.commit()
    return RoundClosed(t.id, number, r.closed_at, left)


def reopen_round(uow: UnitOfWork, acting: int, tournament_id: int, number: int) -> RoundClosed:
    """Take a round's close back (closed too soon): the tables' links the close ended work
    again, and the tables go on entering. Only the last round, while no round is seated after
    it and the tournament is open (Conflict otherwise); a round still open is answered as it is."""
    t, r, _ = owned_round(uow, acting, tournament_id, number, lock=True)
    if r.reopen():
        uow.rounds.save(r)
    left = left_to_settle(board(uow, acting, tournament_id, number))
    uow.commit()
    return RoundClosed(t.id, number, None, left)
