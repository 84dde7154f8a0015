"""What an API key may do: its scopes.

A key carries one or more scopes, and a request is refused (403, naming the scope) when its
operation needs one the key lacks. Which scope each operation needs is written beside it, in its
documented security (``needs(...)`` in the API; openapi.yaml shows it per operation):

- ``read``: private tournaments' data (their games, standings, exports; the club's members and
  seasons). Public data needs no key at all;
- ``enter``: submit and correct games, and the round's table links and entries;
- ``manage``: tournaments, players, rounds, webhooks, members, seasons, the organizer itself;
- ``keys``: issue and revoke keys.

A key made before scopes keeps every scope. A new key has at most the scopes of the key that
issues it, so no key can make a stronger one. The pages are for people: signing in needs a key
with read, enter and manage.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

__all__ = ["ALL", "PAGES", "Scope", "scopes_text"]


class Scope(Enum):
    READ = "read"
    ENTER = "enter"
    MANAGE = "manage"
    KEYS = "keys"

    @property
    def meaning(self) -> str:
        return _MEANINGS[self]


_MEANINGS = {
    Scope.READ: "read private tournaments' data",
    Scope.ENTER: "submit and correct games; table links and entries",
    Scope.MANAGE: "tournaments, players, rounds, webhooks, members, seasons",
    Scope.KEYS: "issue and revoke keys",
}
ALL = tuple(Scope)
PAGES = (Scope.READ, Scope.ENTER, Scope.MANAGE)  # what signing in to the pages needs


def scopes_text(scopes: Iterable[Scope]) -> str:
    """The stored form: names in the canonical order, separated by spaces."""
    chosen = set(scopes)
    return " ".join(s.value for s in ALL if s in chosen)
