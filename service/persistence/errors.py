"""What persistence raises; the use cases turn them into answers (never HTTP here)."""

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
