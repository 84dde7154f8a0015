"""A table's deal as its entries make it: the one place an entry's state changes.

A deal has at most two open versions at a time: one pending (waiting for a player of the other
side), or the two of a dispute. Each method of ``Deal`` decides one step — entering a version,
confirming one, withdrawing one, the director settling the deal — and answers it as a ``Step``:
the new state of each version it touches and the webhook event it means. It changes nothing
itself and reads no database: the use case loads the deal's open versions, asks, and has the
deals repository save the step to the rows (``uow.deals``: ``persistence/deals.py``). A step it
refuses is a club refusal (``Conflict`` with a ``code`` a program acts on).

>>> deal = Deal(3, ())
>>> deal.enter(replace=False, mine=False, agrees=False).states
{None: <EntryState.PENDING: 'pending'>}
>>> pending = Deal(3, (Version(7, EntryState.PENDING, "张伟"),))
>>> step = pending.enter(replace=False, mine=False, agrees=True)
>>> step.states[7].value, step.states[None].value, step.event.value, step.stores
('confirmed', 'agreed', 'game.confirmed', 7)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .errors import Conflict, NotFound
from .vocabulary import EntryState, WebhookEvent

__all__ = ["NEW", "Deal", "NewVersion", "Step", "Version"]

NEW = None  # in a step's states: the version being entered


@dataclass(frozen=True, slots=True)
class Version:
    """An open version of a deal, as the deal's rules see it: its id, its state, who entered it
    (their name, for a refusal's words)."""

    id: int
    state: EntryState
    entered_by: str = "?"


@dataclass(frozen=True, slots=True)
class NewVersion:
    """A version of a deal being entered, as judged: what its entry keeps. Its state is the
    deal's step's (``Deals.save`` writes both); ``link_id`` None is the director's own version,
    then stored at once (``game_id``) and resolved by the director's key."""

    tournament_id: int
    round_number: int
    table_no: int
    deal_no: int
    kind: str
    body: str  # the result as the table (or the director) sent it
    outcome: dict[str, Any]
    seats: list[Any]  # seat, player_id, role, place, score, rebelled
    record_hash: str | None
    side: str
    at: datetime
    link_id: int | None = None
    nonce: str | None = None
    entered_by: int | None = None
    resolved_by_key_id: int | None = None
    game_id: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """What one step of a deal changes: each touched version's new state (``NEW``: the version
    being entered), the event it means, and the version stored as the deal's game, if any."""

    states: Mapping[int | None, EntryState]
    event: WebhookEvent
    stores: int | None = None  # the stored version that becomes the game, if one does

    @property
    def entered(self) -> bool:
        """Whether the version being entered is the deal's game (the director's own)."""
        return self.states.get(NEW) is EntryState.CONFIRMED


class Deal:
    """A table's deal ``number`` and its open versions (pending, or the two of a dispute)."""

    def __init__(self, number: int, open_: Sequence[Version]) -> None:
        self.number = number
        self.open = tuple(open_)

    def _not_disputed(self) -> None:
        if any(v.state == EntryState.DISPUTED for v in self.open):
            raise Conflict(
                f"deal {self.number} is disputed: the director decides it", deal=self.number, code="deal_disputed"
            )

    def enter(self, *, replace: bool, mine: bool, agrees: bool) -> Step:
        """A new version of the deal from its table. None open: it waits (pending). One open of
        the same side (``mine``): it replaces it when the table says ``replace``, else Conflict
        ``deal_entered``. One open of the other side: the same result (``agrees``) confirms that
        one (stored as the game; the new one is kept as ``agreed``), a different one disputes
        the deal. A disputed deal is the director's (Conflict ``deal_disputed``)."""
        self._not_disputed()
        if not self.open:
            return Step({NEW: EntryState.PENDING}, WebhookEvent.GAME_PENDING)
        first = self.open[0]
        if mine:
            if not replace:
                raise Conflict(
                    f"deal {self.number} is already entered by {first.entered_by} and waits for the other side: "
                    "enter it with replace to replace that version",
                    code="deal_entered",
                    deal=self.number,
                )
            return Step({first.id: EntryState.REPLACED, NEW: EntryState.PENDING}, WebhookEvent.GAME_PENDING)
        if agrees:
            states = {first.id: EntryState.CONFIRMED, NEW: EntryState.AGREED}
            return Step(states, WebhookEvent.GAME_CONFIRMED, stores=first.id)
        return Step({first.id: EntryState.DISPUTED, NEW: EntryState.DISPUTED}, WebhookEvent.GAME_DISPUTED)

    def confirm(self, entry: int) -> Step:
        """A player of the other side confirms the version they were shown (``entry``): it is
        stored as the game. Conflict ``deal_disputed``, or ``entry_replaced`` when the version
        waiting now is another (the page was stale)."""
        if not self.open:
            raise NotFound(f"deal {self.number} has no version waiting to be confirmed")
        self._not_disputed()
        waiting = self.open[0]
        if waiting.id != entry:
            raise Conflict(
                f"deal {self.number} was entered again since that version was shown: read the version now waiting, "
                "and confirm it if it is right",
                code="entry_replaced",
                deal=self.number,
            )
        return Step({waiting.id: EntryState.CONFIRMED}, WebhookEvent.GAME_CONFIRMED, stores=waiting.id)

    def withdraw(self, entry: int, *, director: bool = False) -> Step:
        """A version taken back (kept, as ``withdrawn``): by the player who entered it while it
        is pending, or by the director at any time — the other version of a dispute then waits
        for its confirmation again."""
        mine = next((v for v in self.open if v.id == entry), None)
        if mine is None:
            raise NotFound(f"deal {self.number} has no open entry {entry}")
        if not director:
            self._not_disputed()
        states: dict[int | None, EntryState] = {mine.id: EntryState.WITHDRAWN}
        if mine.state == EntryState.DISPUTED:
            states.update({v.id: EntryState.PENDING for v in self.open if v.id != mine.id})
        return Step(states, WebhookEvent.GAME_WITHDRAWN)

    def settle(self, chosen: int | None) -> Step:
        """The director decides the deal: the open version ``chosen`` (or, None, the director's own
        version being entered) is stored as the game; every other open version is overruled."""
        if chosen is not None and all(v.id != chosen for v in self.open):
            raise NotFound(f"deal {self.number} has no open entry {chosen}")
        states: dict[int | None, EntryState] = {v.id: EntryState.OVERRULED for v in self.open if v.id != chosen}
        states[chosen] = EntryState.CONFIRMED
        return Step(states, WebhookEvent.GAME_CONFIRMED, stores=chosen)

    def overrule(self) -> Step:
        """The deal's game came another way (the director stored it from the games' form): every
        open version is overruled."""
        return Step({v.id: EntryState.OVERRULED for v in self.open}, WebhookEvent.GAME_CONFIRMED)
