"""The organizers' repository: registering an organizer with its first key, the key behind a
secret (tournament/clubs.py), and an organizer's keys issued, used and revoked (tournament/keys.py), as one object the unit of work hands out (``uow.organizers``). A
fake with the same methods in memory runs those use cases without a database
(``tests/use_cases``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from ..club import records
from . import keys, sessions, tables
from .keys import KeyRef

__all__ = ["Organizers"]


class Organizers:
    def __init__(self, s: Session) -> None:
        self.s = s

    def register(self, name: str, time_zone: str) -> tuple[records.Organizer, records.ApiKey, str]:
        """A new organizer and its first key, with every scope: the key's secret, shown once."""
        return keys.create_organizer(self.s, name, time_zone)

    def keys(self, organizer_id: int) -> Sequence[records.ApiKey]:
        """The organizer's keys, revoked ones too, in the order they were issued."""
        return keys.list_keys(self.s, organizer_id)

    def issue_key(self, organizer_id: int, label: str | None, scopes: str) -> tuple[records.ApiKey, str]:
        """A new key with these scopes: its secret, shown once."""
        return keys.new_key(self.s, organizer_id, label, scopes)

    def key_used(self, key_id: int, at: datetime) -> None:
        keys.mark_used(self.s, key_id, at)

    def revoke_key(self, organizer_id: int, key_id: int, keep: Sequence[str]) -> records.ApiKey:
        """A key revoked — never the organizer's last usable one with every scope of ``keep``
        (Conflict) — with what it opened: its pages' sessions signed out, the table links it made
        ended for good."""
        key = keys.revoke_key(self.s, organizer_id, key_id, keep)
        sessions.close_sessions_of_key(self.s, key.id)
        tables.end_links(self.s, key_id=key.id)
        return key

    def organizer(self, organizer_id: int) -> records.Organizer:
        """The organizer (NotFound otherwise)."""
        return keys.get_organizer(self.s, organizer_id)

    def change_organizer(self, organizer_id: int, name: str | None, time_zone: str | None) -> None:
        """The club renamed, or its time zone set (None: unchanged)."""
        keys.change_organizer(self.s, organizer_id, name, time_zone)

    # --- a page's sessions ------------------------------------------------------------------------

    def open_session(self, key_id: int, lifetime: timedelta) -> str:
        """A page's session for the key: the token its cookie carries."""
        return sessions.open_session(self.s, key_id, lifetime)

    def session_of(self, token: str) -> sessions.SignedIn | None:
        """The session behind a page's token, while it is good."""
        return sessions.find_session(self.s, token)

    def close_session(self, token: str) -> None:
        sessions.close_session(self.s, token)

    def authenticate(self, secret: str, *, hashed: bool = False) -> KeyRef | None:
        """The usable key behind ``secret`` (or its hash); None: unknown or revoked."""
        return keys.authenticate_ref(self.s, secret, hashed=hashed)
