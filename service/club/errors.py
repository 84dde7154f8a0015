"""The club's refusals, as values: nothing there (NotFound), not the caller's (Forbidden), a clash
with what is stored or with a club rule (Conflict, with what a program may act on: a ``code`` and
the facts), the same game stored twice (DuplicateGame). The club's rules raise them; persistence
only reads what they decide on; the use cases pass them on and the views turn them into answers
(never HTTP here)."""

from __future__ import annotations

from typing import Any


class NotFound(Exception):
    pass


class Forbidden(Exception):
    pass


class Conflict(Exception):
    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


class DuplicateGame(Conflict):
    """The tournament already holds this game (the same deal, calls and plays; docs/api.md)."""

    def __init__(self, game_id: int | None) -> None:
        where = "another game" if game_id is None else f"game {game_id}"
        extra = {} if game_id is None else {"game_id": game_id}
        super().__init__(f"this game (the same deal, calls and plays) is already stored as {where}", **extra)
