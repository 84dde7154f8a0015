"""The deals repository: a table's deal loaded as the club core's ``Deal`` (its open versions,
locked for update, oldest first) with the rows behind it, and a step the deal decided saved to
those rows — the only code that writes an entry's state (``tests/test_layout.py``). The unit of
work hands it out as ``uow.deals``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..club import OPEN_STATES, EntryState, records
from ..club.deal import NEW, Deal, NewVersion, Step, TableDeal, Version
from ..club.events import Aggregate
from ..core.scoring import SeatResult
from ..text_and_time import utcnow
from . import game_reads, games
from .game_store import store_new
from .keys import KeyRef
from .models import Player, Round, TableEntry, Tournament

__all__ = ["OPEN", "Deals", "Opened", "kept", "version_of"]

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


def kept(e: records.TableEntry) -> games.Submission:
    """The game an entry was judged to be when it was entered, as it keeps it (its seats with
    their roles, places, scores and rebellion marks, its outcome and fingerprint): what confirming
    it stores, judged nothing again."""
    seats = sorted(e.seats, key=lambda x: x.seat)
    players = tuple(x.player_id for x in seats)
    doc = json.loads(e.body)
    body = {k: doc[k] for k in ("sheet", "record", "claimed", "accept_computed") if k in doc}
    sub_doc = {"players": players, "round": e.round_number, "table": e.table_no, "deal": e.deal_no, **body}
    results = tuple(SeatResult(x.seat, x.role, x.place, x.score, x.rebelled) for x in seats)
    raw = json.dumps(sub_doc, ensure_ascii=False)
    return games.Submission(
        players, e.kind, raw, e.outcome, results, e.record_hash, None, e.round_number, e.table_no, e.deal_no
    )


class Deals:
    def __init__(self, s: Session, seen: list[Aggregate]) -> None:
        self.s = s
        self.seen = seen  # the table deals loaded (the unit of work's own list)

    def at_table(
        self,
        tournament_id: int,
        round_id: int,
        table: int,
        deal: int,
        players: Sequence[int],
        names: Mapping[int, str],
        player_id: object,
    ) -> TableDeal:
        """Deal ``deal`` of a round's table as its players act on it (``club.deal.TableDeal``): the
        tournament and the round read afresh (under the tournament's lock, taken first), the deal's
        open versions locked, the deal's game if it has one, and the acting player's own PIN."""
        t = self.s.get_one(Tournament, tournament_id)  # read afresh by the lock: no query
        r = self.s.get_one(Round, round_id)
        self.s.refresh(r)  # closed since, or not
        opened = self.get(tournament_id, r.number, table, deal, names)
        game_id = game_reads.deals_entered(self.s, tournament_id, r.number, table).get(deal)  # a void game is none
        own = None
        if t.player_pins and type(player_id) is int:
            own = self.s.scalar(select(Player.pin).where(Player.id == player_id))
        found = TableDeal(
            t, r, table, opened.deal, opened.rows, players=players, names=names, game_id=game_id, own_pin=own
        )
        self.seen.append(found)
        return found

    def confirmed(self, table: TableDeal, step: Step, key_id: int) -> records.TableEntry:
        """A confirmation the table's deal decided, written: the step's states; the version stored
        as the game exactly as it was judged when entered (``kept``), under the key that made the
        table's link, saying how it came to be; the version naming its game and who confirmed it.
        The deal is told its game (its event names it)."""
        done = table.confirmation
        assert done is not None and step.stores == done.entry
        self.save(Opened(table.deal, table.rows), step)
        e = self.s.get_one(TableEntry, done.entry)  # loaded and locked by ``at_table``: no query
        table.game_id = self.store(
            table.tournament, e, KeyRef(key_id, table.tournament.organizer_id, None), done.reason
        )
        self.stored_as(e, table.game_id, done.player)
        return e

    def store(self, t: records.Tournament, e: records.TableEntry, key: KeyRef, reason: str) -> int:
        """An open version stored as its deal's game, as it was judged when entered, saying how it
        came to be: the game's id."""
        stored = store_new(self.s, self.seen, t, key, kept(e))
        games.set_reason(self.s, stored.id, reason)
        return stored.id

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
        versions = [version_of(e, names) for e in rows]
        return Opened(Deal(deal, versions), rows)

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
