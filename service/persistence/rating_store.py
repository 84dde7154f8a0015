"""The ratings' repository: what bringing an organizer's ratings up to date (tournament/ratings.py:
the update after a write, the worker's catch-up in batches, the operator's recompute) asks of the
database, as one object the unit of work hands out (``uow.ratings``). Each method is one question
or one write (persistence/ratings.py, the steps and marks; persistence/rating_progress.py, where a
catch-up in batches stands)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy.orm import Session

from . import rating_progress, ratings
from .rating_progress import CatchUp
from .ratings import Pending, Position, RatedGame, State

__all__ = ["Ratings"]


class Ratings:
    def __init__(self, s: Session) -> None:
        self.s = s

    # --- who updates, and from where ---------------------------------------------------------------

    def try_lock(self, organizer_id: int) -> bool:
        """The organizer's ratings' lock for this transaction, if no other update holds it."""
        return ratings.try_lock(self.s, organizer_id)

    def wait(self) -> None:
        """Give the lock up for now (the transaction rolled back), to ask for it again."""
        self.s.rollback()

    def marked_organizers(self) -> list[int]:
        return ratings.marked_organizers(self.s)

    def rated_organizers(self) -> list[int]:
        return ratings.rated_organizers(self.s)

    def marks(self, organizer_id: int) -> tuple[int, Position] | None:
        return ratings.marks(self.s, organizer_id)

    def take_marks(self, organizer_id: int, up_to: int) -> None:
        ratings.take_marks(self.s, organizer_id, up_to)

    def pending(self, organizer_id: int) -> Pending | None:
        """Since when the organizer's ratings wait to be brought up to date, if they do."""
        return ratings.pending(self.s, organizer_id)

    def first_game(self, organizer_id: int) -> Position | None:
        return ratings.first_game(self.s, organizer_id)

    def clear(self, organizer_id: int) -> None:
        ratings.clear(self.s, organizer_id)

    # --- a catch-up in batches -------------------------------------------------------------------

    def under_way(self, organizer_id: int) -> bool:
        return rating_progress.under_way(self.s, organizer_id)

    def catch_up(self, organizer_id: int) -> CatchUp | None:
        """Where the catch-up stands (begun from the marks, if none is under way); None: nothing to do."""
        return rating_progress.catch_up(self.s, organizer_id)

    def advance(self, organizer_id: int, at: Position) -> None:
        rating_progress.advance(self.s, organizer_id, at)

    def finish(self, organizer_id: int) -> None:
        rating_progress.finish(self.s, organizer_id)

    def delete_steps_between(self, organizer_id: int, start: Position, end: Position) -> None:
        rating_progress.delete_steps_between(self.s, organizer_id, start, end)

    def members_of(self, organizer_id: int) -> list[int]:
        return rating_progress.members_of(self.s, organizer_id)

    # --- the games and the steps ---------------------------------------------------------------------

    def games_from(self, organizer_id: int, start: Position, *, at_most: int | None = None) -> Iterator[RatedGame]:
        """The organizer's rated games from ``start`` on, in played order."""
        return ratings.games_from(self.s, organizer_id, start, at_most=at_most)

    def states_before(self, member_ids: Iterable[int], start: Position) -> dict[int, State]:
        return ratings.states_before(self.s, member_ids, start)

    def add_steps(self, rows: list[tuple[Any, ...]]) -> None:
        ratings.add_steps(self.s, rows)

    def delete_steps_from(self, organizer_id: int, start: Position) -> set[int]:
        return ratings.delete_steps_from(self.s, organizer_id, start)

    def set_current(self, organizer_id: int, states: dict[int, State | None]) -> None:
        ratings.set_current(self.s, organizer_id, states)
