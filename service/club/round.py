"""A round of a tournament, as the club decides what its director may do with it: the one place a
round is closed, reopened or given new table links.

A round is seated once; its tables then enter their deals through their links until the director
closes it (the links stop working; what is left to settle is the director's). A close can be taken
back while the round is the last one seated and the tournament is open; links are made only for a
round and a tournament still open. ``Round`` holds what these decisions read — its own state and
its place in the tournament (``rounds``: how many are seated, so whether it is the last;
``tournament_open``) — changes
itself as they decide, and records what each change means (``events``: ``round.closed``,
``round.reopened``, ``round.removed``) for the unit of work to turn into outbox rows. The rounds' repository
(``uow.rounds``: ``persistence/round_store.py``) loads it and saves it.

>>> from datetime import datetime, timezone
>>> r = Round(4, 3, 2, created_at=datetime(2026, 11, 2, tzinfo=timezone.utc), rounds=2)
>>> r.close(datetime(2026, 11, 2, 22, tzinfo=timezone.utc))
True
>>> r.reopenable, [e.event.value for e in r.events]
(True, ['round.closed'])
>>> r.reopen(), r.closed_at
(True, None)
"""

from __future__ import annotations

from datetime import datetime

from . import records
from .errors import Conflict
from .events import Announced, ClubEvent, Recording
from .vocabulary import WebhookEvent

__all__ = ["Round"]


class Round(Recording):
    """A seated round of a tournament (the attributes of ``club.records.Round``), with what the
    director's decisions on it read and the events they record."""

    def __init__(
        self,
        id: int,
        tournament_id: int,
        number: int,
        *,
        created_at: datetime,
        closed_at: datetime | None = None,
        method: str = "",
        tournament_open: bool = True,
        rounds: int | None = None,
    ) -> None:
        self.id = id
        self.tournament_id = tournament_id
        self.number = number
        self.method = method
        self.created_at = created_at
        self.closed_at = closed_at
        self.rounds = number if rounds is None else rounds  # how many rounds the tournament has seated
        self.tournament_open = tournament_open
        self.events: list[ClubEvent] = []

    @classmethod
    def of(cls, row: records.Round, *, seated: int, tournament_open: bool) -> Round:
        """The aggregate of a round's row, with its place in the tournament (``seated``: how many
        rounds the tournament has seated)."""
        return cls(
            row.id,
            row.tournament_id,
            row.number,
            method=row.method,
            created_at=row.created_at,
            closed_at=row.closed_at,
            tournament_open=tournament_open,
            rounds=seated,
        )

    def __repr__(self) -> str:
        return f"Round({self.tournament_id}, {self.number}{', closed' if self.closed_at else ''})"

    @property
    def last(self) -> bool:
        """No round of the tournament is seated after it."""
        return self.rounds == self.number

    @property
    def reopenable(self) -> bool:
        """Closed, and the director may take the close back."""
        return self.closed_at is not None and self.tournament_open and self.last

    def close(self, at: datetime, *, seen: str | None = None, now: str | None = None) -> bool:
        """Close the round at ``at``: True when this closed it, False when it was closed already
        (closing twice is no error: the answer is the round as it stands). ``seen``: the board's
        version the director decided on, ``now`` the board's version as it stands: a board that
        changed since is refused, so the director looks again."""
        if self.closed_at is not None:
            return False
        if seen is not None and seen != now:
            raise Conflict("the board changed since it was shown: look at it again before closing the round")
        self.closed_at = at
        self._announce(WebhookEvent.ROUND_CLOSED)
        return True

    def reopen(self) -> bool:
        """Take the close back: True when this reopened it, False when it was open. Only in an open
        tournament, and only the last round seated (Conflict ``round_not_last``)."""
        self._in_an_open_tournament("reopen it to add or correct games")
        if self.closed_at is None:
            return False
        if not self.last:
            raise Conflict(
                f"round {self.number} cannot be reopened: a later round is seated",
                code="round_not_last",
                round=self.number,
            )
        self.closed_at = None
        self._announce(WebhookEvent.ROUND_REOPENED)
        return True

    def remove(self, games: int) -> None:
        """Take the round back (seated by mistake): only the last round of an open tournament, and
        only while no game (``games``: entered against it, void ones too) was entered against it."""
        self._in_an_open_tournament("reopen it to change its rounds")
        if not self.last:
            raise Conflict(f"only the last round ({self.rounds}) can be removed, and only while it has no games")
        if games:
            raise Conflict(f"round {self.number} has {games} game(s) entered against it: void or correct them instead")
        self._announce(WebhookEvent.ROUND_REMOVED)

    def may_issue_links(self) -> None:
        """New table links are made for an open round of an open tournament only (Conflict)."""
        self._in_an_open_tournament("reopen it first")
        if self.closed_at is not None:
            raise Conflict(f"round {self.number} is closed: its tables enter nothing more")

    def _in_an_open_tournament(self, then: str) -> None:
        if not self.tournament_open:
            raise Conflict(f"tournament {self.tournament_id} is closed: {then}")

    def _announce(self, event: WebhookEvent) -> None:
        payload = {"tournament_id": self.tournament_id, "round": self.number}
        self.events.append(Announced(self.tournament_id, event, payload))
