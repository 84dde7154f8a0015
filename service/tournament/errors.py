"""What the use cases raise when they refuse, in one module: a request without a usable key, a
body with problems (each with its JSON pointer), an illegal game, a claim that is not the rules'
result, nothing there (NotFound), not the caller's (Forbidden), a clash with what is stored
(Conflict, with what a program may act on: a ``code`` and the facts). Each is a value: the HTTP
layer and the pages turn them into their answers (``service/problems.py`` writes the problem
documents), and import them from here (the club's refusals are defined in ``service/club/errors.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..club.errors import Conflict, DuplicateGame, Forbidden, NotFound, Rejected
from ..core.adjudication import Adjudication
from ..core.claims import Difference
from ..core.errors import Problem

__all__ = [
    "ClaimDiffers",
    "Conflict",
    "DuplicateGame",
    "Forbidden",
    "IllegalGame",
    "MissingScope",
    "NotFound",
    "Rejected",
    "Unauthenticated",
]


class Unauthenticated(Exception):
    """The request's key is unknown or revoked."""


class MissingScope(Exception):
    """The request's key is good but lacks the scope its operation needs (403, naming it)."""

    def __init__(self, scope: str) -> None:
        super().__init__(scope)
        self.scope = scope


class IllegalGame(Rejected):
    """A well-formed record the referee found not legal (illegal, or incomplete): its adjudication."""

    def __init__(self, adjudication: Adjudication) -> None:
        super().__init__((), "game")
        self.adjudication = adjudication


class ClaimDiffers(Rejected):
    """The result a table claims is not the rules' result, and it was not accepted: the
    differences, and the rules' outcome with the claim beside it."""

    def __init__(self, differences: Sequence[Difference], outcome: Mapping[str, Any]) -> None:
        problems = [
            Problem(d.pointer, "claim_differs", d.reason, {"claimed": d.claimed, "computed": d.computed})
            for d in differences
        ]
        super().__init__(problems, "game")
        self.differences = tuple(differences)
        self.outcome = outcome
