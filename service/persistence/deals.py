"""The deals repository: a table's deal loaded as the club core's ``Deal`` (its open versions,
locked for update, oldest first) with the rows behind it, and a step the deal decided saved to
those rows — the only code that writes an entry's state (``tests/test_layout.py``). The unit of
work hands it out as ``uow.deals``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..club import OPEN_STATES, EntryState, records
from ..club.deal import NEW, Deal, NewVersion, Step, Version
from ..text_and_time import utcnow
from .models import TableEntry

__all__ = ["OPEN", "Deals", "Opened", "version_of"]

OPEN = tuple(x.value for x in OPEN_STATES)  # the states of an entry still deciding its deal, as stored


def version_of(e: records.TableEntry, names: Mapping[int, str] | None = None) -> Version:
    """An entry as its deal's rules see it (``names``: who entered it, for a refusal's words)."""
    return Version(e.id, EntryState(e.state), (names or {}).get(e.entered_by or 0, "?"))


@dataclass(frozen=True, slots=True)
class Opened:
    """A deal as loaded: the rules' value, and its open rows (locked), oldest first."""

    deal: Deal
    rows: tuple[records.TableEntry, ...]

    @property
    def waiting(self) -> records.TableEntry | None:
        """The version a confirmation or a new entry meets first (the older one of a dispute)."""
        return self.rows[0] if self.rows else None

    def row(self, entry_id: int) -> records.TableEntry | None:
        return next((e for e in self.rows if e.id == entry_id), None)


class Deals:
    def __init__(self, s: Session) -> None:
        self.s = s

    def get(
        self, tournament_id: int, number: int, table: int, deal: int, names: Mapping[int, str] | None = None
    ) -> Opened:
        """Deal ``deal`` of a round's table, its open versions locked for update."""
        q = (
            select(TableEntry)
            .where(
                TableEntry.tournament_id == tournament_id,
                TableEntry.round_number == number,
                TableEntry.table_no == table,
                TableEntry.deal_no == deal,
                TableEntry.state.in_(OPEN),
            )
            .order_by(TableEntry.id)
            .with_for_update()
        )
        rows = tuple(self.s.scalars(q))
        return Opened(Deal(deal, [version_of(e, names) for e in rows]), rows)

    def save(self, opened: Opened, step: Step, new: NewVersion | None = None) -> records.TableEntry | None:
        """A step of the deal on its rows: each touched version's new state, now; the stored
        versions first, flushed before a new one joins them (one open version per side of a deal:
        the partial unique indexes), then the new version (``new``) added in its state: its row."""
        now = utcnow()
        for key, state in step.states.items():
            if key is not None:
                row = self.s.get_one(TableEntry, key)  # loaded and locked by ``get``: no query
                row.state, row.updated_at = state.value, now
        self.s.flush()
        if new is None or NEW not in step.states:
            return None
        fields = {f: getattr(new, f) for f in new.__dataclass_fields__ if f != "at"}
        added = TableEntry(**fields, state=step.states[NEW].value, created_at=new.at, updated_at=new.at)
        self.s.add(added)
        self.s.flush()
        return added

    def stored_as(self, entry: records.TableEntry, game_id: int, confirmed_by: int | None = None) -> None:
        """An open version stored as the deal's game (``confirmed_by``: the player who confirmed it)."""
        row = self.s.get_one(TableEntry, entry.id)
        row.game_id = game_id
        if confirmed_by is not None:
            row.confirmed_by, row.updated_at = confirmed_by, utcnow()

    def resolved(self, opened: Opened, key_id: int | None, game_id: int | None) -> None:
        """The director decided the deal: every version that was open names the director's key
        and the game the deal became."""
        for shown in opened.rows:
            e = self.s.get_one(TableEntry, shown.id)
            e.resolved_by_key_id = key_id
            if e.game_id is None:
                e.game_id = game_id
