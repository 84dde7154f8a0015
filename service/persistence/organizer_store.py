"""The organizers' repository: registering an organizer with its first key, and the key behind a
secret (tournament/clubs.py), as one object the unit of work hands out (``uow.organizers``). A
fake with the same methods in memory runs those use cases without a database
(``tests/use_cases``)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from ..club import records
from . import keys
from .keys import KeyRef

__all__ = ["Organizers"]


class Organizers:
    def __init__(self, s: Session) -> None:
        self.s = s

    def register(self, name: str, time_zone: str) -> tuple[records.Organizer, records.ApiKey, str]:
        """A new organizer and its first key, with every scope: the key's secret, shown once."""
        return keys.create_organizer(self.s, name, time_zone)

    def authenticate(self, secret: str, *, hashed: bool = False) -> KeyRef | None:
        """The usable key behind ``secret`` (or its hash); None: unknown or revoked."""
        return keys.authenticate_ref(self.s, secret, hashed=hashed)
