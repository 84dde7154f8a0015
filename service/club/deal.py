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

from . import records, rules
from .errors import Conflict, NotFound, Rejected
from .events import ClubEvent, deal_announced
from .vocabulary import EntryState, Side, WebhookEvent, may_confirm

__all__ = [
    "NEW",
    "Confirmation",
    "Deal",
    "NewVersion",
    "Step",
    "TableDeal",
    "Version",
    "confirmation_reason",
    "may_confirm_version",
]

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
    seats: tuple[records.SeatShare, ...]  # each seat's share, as judged
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


def may_confirm_version(e: records.TableEntry, player_id: int) -> bool:
    """Whether a player of the table may confirm the version (the club's rule, ``may_confirm``:
    one of the other side than the one that entered it)."""
    role = next((x.role for x in e.seats if x.player_id == player_id), None)
    return role is not None and may_confirm(Side(e.side), e.entered_by, player_id, role)


def confirmation_reason(table: int, names: Mapping[int, str], entered_by: int | None, player_id: int | None) -> str:
    """How a deal's game came to be, in the words its first version keeps."""
    return f"entered at table {table} by {names.get(entered_by or 0)}, confirmed by {names.get(player_id or 0)}"


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A confirmation a table's deal decided: the version stored as the game, the player who
    confirmed it, and how the game came to be, in the words its first version keeps."""

    entry: int
    player: int
    reason: str


class TableDeal:
    """A table's deal as its players act on it through the table's link, with all that their acts
    decide on, read at once under the tournament's lock (``uow.deals.at_table``): the tournament
    (whether it asks for players' PINs, whether it is rated), its round, the table's five players
    and their names, the deal's open versions and their rows, the game the deal already is (if it
    is one), and the acting player's own PIN. ``confirm`` decides a confirmation whole; the deals
    repository saves the step and stores the game, and says which (``game_id``); the events are
    pulled when the unit of work commits, with that game."""

    def __init__(
        self,
        tournament: records.Tournament,
        round_: records.Round,
        table: int,
        deal: Deal,
        rows: Sequence[records.TableEntry],
        *,
        players: Sequence[int],
        names: Mapping[int, str],
        game_id: int | None = None,
        own_pin: str | None = None,
    ) -> None:
        self.tournament = tournament
        self.round = round_
        self.table = table
        self.deal = deal
        self.rows = tuple(rows)
        self.players = tuple(players)
        self.names = names
        self.game_id = game_id  # the deal's game: found stored, or stored by the confirmation
        self.own_pin = own_pin
        self.confirmation: Confirmation | None = None  # what ``confirm`` decided

    @property
    def waiting(self) -> records.TableEntry | None:
        """The version a confirmation meets (the older one of a dispute), if any is open."""
        return self.rows[0] if self.rows else None

    def confirm(self, player_id: Any, entry_id: Any, pin: Any) -> Step:
        """A player of the table confirms the version they were shown (its id), with their own PIN
        where the tournament asks for one. Refused: a player not at this table or an entry that is
        not a version's id (Rejected), a wrong PIN (``wrong_pin``), a deal the round does not have
        or that has nothing waiting (NotFound), a deal that is a game already (``deal_confirmed``),
        a version replaced since it was shown (``entry_replaced``), a disputed deal, and a player
        of the side that entered it (``same_side``)."""
        if type(player_id) is not int or player_id not in self.players:
            raise Rejected.one("/player", "not_at_table", "player is the player id of one of this table's five players")
        if type(entry_id) is not int:
            raise Rejected.one("/entry", "invalid_type", "entry is the id of the version shown (a whole number)")
        rules.own_pin(self.tournament.player_pins, self.own_pin, pin)
        number = self.deal.number
        if not 1 <= number <= self.tournament.deals_per_round:
            raise NotFound(f"round {self.round.number} has no deal {number}")
        e = self.waiting
        if e is None:
            if self.game_id is not None:
                raise Conflict(
                    f"deal {number} is confirmed already (game {self.game_id})",
                    game_id=self.game_id,
                    deal=number,
                    code="deal_confirmed",
                )
            raise NotFound(f"deal {number} of table {self.table} has no version waiting to be confirmed")
        step = self.deal.confirm(entry_id)
        if not may_confirm_version(e, player_id):
            entered = self.names.get(e.entered_by or 0, "?")
            side = "" if e.side == Side.ANY else f" for the {'emperor' if e.side == Side.CROWN else 'rebel'} side"
            raise Rejected.one(
                "/player", "same_side", f"a player of the other side confirms: {entered!r} entered it{side}"
            )
        reason = confirmation_reason(self.table, self.names, e.entered_by, player_id)
        self.confirmation = Confirmation(e.id, player_id, reason)
        return step

    def pull_events(self) -> list[ClubEvent]:
        """A confirmation's: ``game.confirmed`` with the game it stored (storing it recorded what
        that means: ``club.game.stored``)."""
        if self.confirmation is None:
            return []
        entry, self.confirmation = self.confirmation.entry, None
        t = self.tournament
        where = (self.round.number, self.table, self.deal.number)
        return [deal_announced(t.id, WebhookEvent.GAME_CONFIRMED, *where, entry, self.game_id)]
