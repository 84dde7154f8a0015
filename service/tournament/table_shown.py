"""What a table's page and the director's board show of a round's entries: each entry, each
deal's state (missing, pending, disputed, confirmed) with the versions that decide it, the players
by seat. Pure presenting: the use cases are tables.py and round_board.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..club import OPEN_STATES, DealState, EntryState, Side, may_confirm
from ..club.records import TableEntry
from .games import PlayerSeat


@dataclass(frozen=True, slots=True)
class Someone:
    """A player named in an entry (who entered it, who confirmed it)."""

    player_id: int
    name: str | None


@dataclass(frozen=True, slots=True)
class TablePlayer:
    """A player of a table, in their seat."""

    seat: int
    player_id: int
    name: str | None


@dataclass(frozen=True, slots=True)
class EntryInfo:
    """A deal's result as a table (or the director) entered it: its state, who entered it and
    from which side, who confirmed it, the game it became, the seats and the outcome."""

    id: int
    deal: int
    state: EntryState
    kind: str
    entered_by: Someone | None
    side: Side
    confirmed_by: Someone | None
    by_director: bool
    game_id: int | None
    created_at: datetime
    updated_at: datetime
    seats: tuple[PlayerSeat, ...]
    outcome: Mapping[str, Any]

    @property
    def pending(self) -> bool:
        return self.state is EntryState.PENDING

    def confirmers(self) -> tuple[int, ...]:
        """The players who may confirm this entry (the club core's rule), while it is pending."""
        if not self.pending:
            return ()
        who = None if self.entered_by is None else self.entered_by.player_id
        return tuple(x.player_id for x in self.seats if may_confirm(self.side, who, x.player_id, x.role))

    @property
    def confirmed(self) -> bool:
        return self.state in (EntryState.CONFIRMED, EntryState.AGREED)


@dataclass(frozen=True, slots=True)
class DealInfo:
    """A deal of a round at a table: its state, its game once confirmed, and the entries that
    decide it (both versions of a dispute)."""

    deal: int
    state: DealState
    game_id: int | None
    entries: tuple[EntryInfo, ...]


def entry_info(e: TableEntry, names: Mapping[int, str]) -> EntryInfo:
    return EntryInfo(
        id=e.id,
        deal=e.deal_no,
        state=EntryState(e.state),
        kind=e.kind,
        entered_by=_who(e.entered_by, names),
        side=Side(e.side),
        confirmed_by=_who(e.confirmed_by, names),
        by_director=e.link_id is None or e.resolved_by_key_id is not None,
        game_id=e.game_id,
        created_at=e.created_at,
        updated_at=e.updated_at,
        seats=tuple(PlayerSeat(x.seat, x.player_id, names.get(x.player_id), x.role, x.place, x.score) for x in e.seats),
        outcome=e.outcome,
    )


def _who(player_id: int | None, names: Mapping[int, str]) -> Someone | None:
    return None if player_id is None else Someone(player_id, names.get(player_id))


def deals_info(
    deals: int,
    entries: Sequence[TableEntry],
    played: Mapping[int, int],
    names: Mapping[int, str],
    *,
    settled: bool = True,
) -> tuple[DealInfo, ...]:
    """A table's deals 1…N: missing, pending, disputed or confirmed, with the entries that
    decide each (both versions of a dispute; with ``settled``, the confirmed one too: the board
    leaves it out, its game is a click away)."""
    out = []
    for d in range(1, deals + 1):
        mine = [e for e in entries if e.deal_no == d]
        open_ = [e for e in mine if e.state in OPEN_STATES]
        if d in played:
            state = DealState.CONFIRMED
            shown = [e for e in mine if settled and e.state in (EntryState.CONFIRMED, EntryState.AGREED)]
        elif any(e.state == EntryState.DISPUTED for e in open_):
            state, shown = DealState.DISPUTED, open_
        elif open_:
            state, shown = DealState.PENDING, open_
        else:
            state, shown = DealState.MISSING, []
        out.append(DealInfo(d, state, played.get(d), tuple(entry_info(e, names) for e in shown)))
    return tuple(out)


def table_players(players: Sequence[int], names: Mapping[int, str]) -> tuple[TablePlayer, ...]:
    return tuple(TablePlayer(k, p, names.get(p)) for k, p in enumerate(players))
