"""The club's refusals, as values: nothing there (NotFound), not the caller's (Forbidden), a clash
with what is stored or with a club rule (Conflict, with what a program may act on: a ``code`` and
the facts), the same game stored twice (DuplicateGame), what was sent is not what a club rule
accepts (Rejected: each problem with its JSON pointer). The club's rules raise them; persistence
only reads what they decide on; the use cases pass them on and the views turn them into answers
(never HTTP here)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.errors import Problem


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


class Rejected(Exception):
    """A body that is not what the use case reads: its problems, each with a pointer. ``what``
    names what the body was meant to be (a game, a correction, a player, a webhook, a request)."""

    def __init__(self, problems: Sequence[Problem], what: str = "game") -> None:
        super().__init__(f"not a valid {what}: " + "; ".join(p.detail for p in problems[:3]))
        self.problems = tuple(problems)
        self.what = what

    @classmethod
    def one(cls, pointer: str, code: str, detail: str, what: str = "game", **facts: Any) -> Rejected:
        """Rejected for one problem."""
        return cls([Problem(pointer, code, detail, facts or None)], what)
