"""What the use cases raise when they refuse, in one module: a request without a usable key, a
body refused with its problem document (422), nothing there (NotFound), not the caller's
(Forbidden), a clash with what is stored (Conflict, with what a program may act on: a ``code``
and the facts) — and an answer that is not a plain value (status, JSON text, headers). The HTTP
layer and the pages import the refusals from here (never from persistence, where some are
raised) and turn them into their answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..persistence.errors import Conflict, DuplicateGame, Forbidden, NotFound

__all__ = ["Answer", "Conflict", "DuplicateGame", "Forbidden", "NotFound", "Rejected", "Unauthenticated"]


class Unauthenticated(Exception):
    """The request's key is unknown or revoked."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a use case answers when it is not a plain value: a status, a JSON text, headers."""

    status: int
    body: str
    headers: dict[str, str] = field(default_factory=dict)


class Rejected(Exception):
    """A submission answered 422: problems, or an adjudication that is not legal."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
