"""Closing a round, and taking the close back: the director's end of a round's table links."""

from __future__ import annotations

from ..club import WebhookEvent
from ..club.errors import Conflict
from ..club.events import Announced
from ..persistence import rounds as rounds_repo
from ..persistence import tables as tables_repo
from ..text_and_time import utcnow
from .round_board import RoundClosed, board, left_to_settle, owned_round, version_of
from .submission import ensure_open
from .unit_of_work import UnitOfWork


def close_round(uow: UnitOfWork, acting: int, tournament_id: int, number: int, seen: str | None = None) -> RoundClosed:
    """Close a round: its table links stop working; what is left to settle (named in the
    answer) is the director's. ``seen``: the board's version the director decided on (a board
    that changed since is refused: the director looks again)."""
    s = uow.session
    t, r, _ = owned_round(uow, acting, tournament_id, number, lock=True)
    if seen is not None and r.closed_at is None and seen != version_of(s, t.id, r):
        raise Conflict("the board changed since it was shown: look at it again before closing the round")
    left = left_to_settle(board(uow, acting, tournament_id, number))
    if r.closed_at is None:
        rounds_repo.set_closed(s, r.id, utcnow())
        tables_repo.end_links(s, r.id)
        uow.record(Announced(t.id, WebhookEvent.ROUND_CLOSED, {"tournament_id": t.id, "round": number}))
    uow.commit()
    return RoundClosed(t.id, number, r.closed_at, left)


def reopen_round(uow: UnitOfWork, acting: int, tournament_id: int, number: int) -> RoundClosed:
    """Take a round's close back (closed too soon): the tables' links the close ended work
    again, and the tables go on entering. Only the last round, while no round is seated after
    it and the tournament is open (Conflict otherwise); a round still open is answered as it is."""
    s = uow.session
    t, r, _ = owned_round(uow, acting, tournament_id, number, lock=True)
    ensure_open(t)
    if r.closed_at is not None:
        if rounds_repo.next_number(s, t.id) != number + 1:
            raise Conflict(
                f"round {number} cannot be reopened: a later round is seated", code="round_not_last", round=number
            )
        rounds_repo.set_closed(s, r.id, None)
        tables_repo.reopen_links(s, r.id)
        uow.record(Announced(t.id, WebhookEvent.ROUND_REOPENED, {"tournament_id": t.id, "round": number}))
    left = left_to_settle(board(uow, acting, tournament_id, number))
    uow.commit()
    return RoundClosed(t.id, number, None, left)
