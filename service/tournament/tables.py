"""Score entry at the table: each table of a round enters its own deals with its link, a player
of the other side confirms each one, and the director watches the round's board, settles
disputes and closes the round (docs/tournaments.md, "Score entry at the table").

A deal entered at a table is an *entry*, not yet a game: pending until a player of the other side
(a rebel when the emperor's side entered it, and the other way round) confirms it, disputed when
the other side enters it differently. Only a confirmed deal is stored as a game, so only
confirmed deals count in the standings and fire ``game.stored``. A table token reads and writes
only its own table of its own round; anything else is NotFound.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ..club import DealState, WebhookEvent
from ..club.deal import NewVersion, Step, confirmation_reason, may_confirm_version
from ..club.errors import Conflict, NotFound
from ..club.events import deal_announced
from ..club.records import TableEntry, Tournament
from ..core.errors import Problem
from ..persistence.deals import OPEN, Opened
from ..persistence.table_store import Tables
from ..text_and_time import utcnow
from .deal_results import (
    entry_side,
    read_result,
    same_result,
    seats_of,
)
from .errors import Rejected, Unauthenticated
from .pins import check_pin
from .table_access import LinkEnded, OpenedTable, ensure_playing, open_table, table_for
from .table_shown import DealInfo, EntryInfo, TablePlayer, deals_info, entry_info, table_players
from .unit_of_work import UnitOfWork

__all__ = [
    "Entered",
    "EntryRequest",
    "LinkEnded",
    "OpenedTable",
    "Unauthenticated",
    "confirm_deal",
    "enter_deal",
    "open_table",
    "table_for",
    "table_page",
]

ENTRY_KEYS = ("entered_by", "pin", "deal", "sheet", "record", "claimed", "accept_computed", "replace", "repeat")

# An entry identical to the table's previous deal within this long is asked about before it is
# kept (two phones entering one deal twice): the entry says ``repeat`` to keep it.
REPEAT_WINDOW = timedelta(minutes=15)


# --- presenting (what a table's page and the board show: table_shown.py) -----------------------


@dataclass(frozen=True, slots=True)
class TableTournament:
    id: int
    name: str
    ruleset: str
    time_zone: str
    ruleset_options: Mapping[str, Any] = field(default_factory=dict)  # those that differ from the preset
    player_pins: bool = False  # each player acts with their own PIN
    public: bool = True  # its standings and players' pages are open to everyone (not private)


@dataclass(frozen=True, slots=True)
class TablePage:
    """A table's page: who sits where, each deal's state, and the next deal to enter."""

    tournament: TableTournament
    round: int
    table: int
    deals_per_round: int
    expires_at: datetime
    players: tuple[TablePlayer, ...]
    next_deal: int | None
    deals: tuple[DealInfo, ...]


def table_page(uow: UnitOfWork, at: OpenedTable) -> TablePage:
    """The table's page: who sits where, each deal's state, and the next deal to enter."""
    tables = uow.tables
    entries = tables.entries_of_round(at.tournament.id, at.number, at.table)
    played = {d: g for tb, d, g, _ in tables.games_of_round(at.tournament.id, at.number) if tb == at.table}
    deals = deals_info(at.tournament.deals_per_round, entries, played, at.names)
    missing = [d.deal for d in deals if d.state == DealState.MISSING]
    t = at.tournament
    zone, options = tables.zone_of(t), dict(t.ruleset_options or {})
    return TablePage(
        tournament=TableTournament(t.id, t.name, t.ruleset_name, zone, options, t.player_pins, not t.private),
        round=at.number,
        table=at.table,
        deals_per_round=t.deals_per_round,
        expires_at=at.link.expires_at,
        players=table_players(at.players, at.names),
        next_deal=missing[0] if missing else None,
        deals=deals,
    )


# --- entering and confirming at the table -----------------------------------------------------


def _flag(doc: dict[str, Any], name: str, problems: list[Problem]) -> bool:
    value = doc.get(name, False)
    if type(value) is not bool:
        problems.append(Problem(f"/{name}", "invalid_type", f"{name} is true or false"))
        return False
    return value


def lock(uow: UnitOfWork, at: OpenedTable) -> Tournament:
    """The tournament's write lock (UnitOfWork.lock_tournaments), taken before anything the
    use case reads to decide: the round is read again under it."""
    uow.lock_tournaments([at.tournament.id])
    t = uow.tables.tournament(at.tournament.id)
    ensure_playing(uow.tables.round_again(at.round), t)
    return t


@dataclass(frozen=True, slots=True)
class EntryRequest:
    """A table's entry as read: who enters it, which deal, what result, and what they said yes to."""

    who: int
    deal: int | None
    result: dict[str, Any]  # the sheet or record (and claim) as the table sent it
    replace: bool
    repeat: bool


@dataclass(frozen=True, slots=True)
class Entered:
    """What entering a deal did: the entry (pending, agreed, or disputed), or, for a retry with the
    same nonce, the entry it had made (``replayed``)."""

    entry: EntryInfo
    replayed: bool = False


def read_entry(tables: Tables, at: OpenedTable, t: Tournament, doc: Any) -> EntryRequest:
    """A table's entry read (Rejected with every problem and its pointer)."""
    if not isinstance(doc, dict):
        raise Rejected.one("", "invalid_type", "a deal's result is a JSON object")
    problems = [Problem(f"/{k}", "unknown_field", f"unknown field {k!r}") for k in doc if k not in ENTRY_KEYS]
    who = doc.get("entered_by")
    if who not in at.players or type(who) is not int:
        problems.append(
            Problem("/entered_by", "not_at_table", "entered_by is the player id of one of this table's five players")
        )
    deal = doc.get("deal")
    deals = t.deals_per_round
    if deal is not None and (type(deal) is not int or not 1 <= deal <= deals):
        problems.append(
            Problem("/deal", "invalid_deal_number", f"tournament {t.id} plays {deals} deal(s) a round: 1 to {deals}")
        )
    replace = _flag(doc, "replace", problems)
    repeat = _flag(doc, "repeat", problems)
    if problems:
        raise Rejected(problems, "game")
    assert isinstance(who, int)
    check_pin(tables, t, who, doc.get("pin"))
    result = {k: doc[k] for k in doc if k not in ("entered_by", "pin", "replace", "repeat")}
    return EntryRequest(who, deal, result, replace, repeat)


def enter_deal(uow: UnitOfWork, at: OpenedTable, doc: Any, nonce: str | None) -> Entered:
    """A table enters a deal's result (a sheet or a full record) as one of its players. The first
    entry of a deal is pending; the other side entering the same result confirms it, a different
    one makes the deal disputed. A deal already waiting for the other side is not entered again
    by its own side unless the entry says ``replace`` (Conflict ``deal_entered``, naming the
    entry); an entry identical to the table's previous deal, within REPEAT_WINDOW, is kept only
    when it says ``repeat`` (Conflict ``same_as_previous_deal``). A retry with the same nonce (a
    double tap, a dropped connection) answers the entry it made. Runs under the tournament's
    write lock: two phones at once take turns."""
    tables = uow.tables
    t = lock(uow, at)
    if nonce is not None:
        again = tables.entry_by_nonce(at.link.id, nonce)
        if again is not None:
            return Entered(entry_info(again, at.names), replayed=True)
    asked = read_entry(tables, at, t, doc)
    deal = asked.deal if asked.deal is not None else _next_deal(tables, at)
    sub = read_result(tables, t, at.players, at.number, at.table, deal, asked.result)
    seats = seats_of(sub)
    now = utcnow()
    new = NewVersion(
        t.id,
        at.number,
        at.table,
        deal,
        sub.kind,
        json.dumps(asked.result, ensure_ascii=False),
        sub.outcome,
        seats,
        sub.record_hash,
        entry_side(sub.outcome, seats, asked.who),
        now,
        link_id=at.link.id,
        nonce=nonce,
        entered_by=asked.who,
    )
    opened = uow.deals.get(t.id, at.number, at.table, deal, at.names)
    first = opened.waiting
    step = _step_of_entering(at, opened, new, asked)
    if first is None and not asked.repeat:
        _refuse_a_repeat(tables, at, new, now)
    entry = uow.deals.save(opened, step, new)
    assert entry is not None  # entering always adds the version entered
    if step.stores is not None and first is not None:  # the other side agreed: the first version is the game
        _confirm(uow, at, first, asked.who)
    shown = first if step.stores is not None and first is not None else entry
    uow.record(deal_announced(t.id, step.event, at.number, at.table, deal, shown.id, shown.game_id))
    uow.commit()
    return Entered(entry_info(entry, at.names))


def _step_of_entering(at: OpenedTable, opened: Opened, entry: NewVersion, asked: EntryRequest) -> Step:
    """What entering ``entry`` does to the deal (``club.deal.Deal.enter``); a refusal that names
    the version waiting shows it."""
    first = opened.waiting
    try:
        return opened.deal.enter(
            replace=asked.replace,
            mine=first is not None and not may_confirm_version(first, asked.who),
            agrees=first is not None and same_result(first.seats, entry.seats),
        )
    except Conflict as exc:
        if first is not None and exc.extra.get("code") == "deal_entered":
            exc.extra["entry"] = entry_info(first, at.names)
        raise


def _refuse_a_repeat(tables: Tables, at: OpenedTable, entry: NewVersion, now: datetime) -> None:
    """Conflict ``same_as_previous_deal``: the entry is the table's previous deal again, minutes on."""
    previous = tables.latest_other_deal(at.tournament.id, at.number, at.table, entry.deal_no)
    if previous is None or now - previous.created_at >= REPEAT_WINDOW or not same_result(previous.seats, entry.seats):
        return
    minutes = int((now - previous.created_at).total_seconds() // 60)
    raise Conflict(
        f"this is the same result as deal {previous.deal_no}, entered "
        f"{f'{minutes} min ago' if minutes else 'just now'}: if deal {entry.deal_no} really ended "
        "the same, enter it again with repeat",
        code="same_as_previous_deal",
        deal=entry.deal_no,
        previous_deal=previous.deal_no,
        entry=entry_info(previous, at.names),
    )


def _next_deal(tables: Tables, at: OpenedTable) -> int:
    """The first deal of the round at this table with neither a game nor an open entry."""
    taken = {d for tb, d, _, _ in tables.games_of_round(at.tournament.id, at.number) if tb == at.table}
    taken |= {e.deal_no for e in tables.entries_of_round(at.tournament.id, at.number, at.table) if e.state in OPEN}
    free = [d for d in range(1, at.tournament.deals_per_round + 1) if d not in taken]
    if not free:
        raise Conflict(
            f"round {at.number}, table {at.table} has all its {at.tournament.deals_per_round} deal(s) entered or "
            "waiting to be confirmed: confirm them, or ask the director",
            round=at.number,
            table=at.table,
        )
    return free[0]


def _player(at: OpenedTable, player_id: Any, name: str = "player") -> int:
    if type(player_id) is not int or player_id not in at.players:
        raise Rejected.one(f"/{name}", "not_at_table", f"{name} is the player id of one of this table's five players")
    return int(player_id)


def _entry_id(entry_id: Any) -> int:
    if type(entry_id) is not int:
        raise Rejected.one("/entry", "invalid_type", "entry is the id of the version shown (a whole number)")
    return int(entry_id)


def confirm_deal(
    uow: UnitOfWork, at: OpenedTable, deal: int, player_id: Any, entry_id: Any, pin: Any = None
) -> EntryInfo:
    """A player of the other side confirms the version of a pending deal they were shown (its
    entry id): it is stored as a game, exactly as judged when it was entered, and counts. A
    version replaced since is Conflict ``entry_replaced`` with the version now open, to be shown
    and confirmed anew.

    One straight walk: the tournament's write lock; the table's deal with all that the
    confirmation decides on, read once (``uow.deals.at_table``); the round still playing
    (LinkEnded otherwise); the deal decides (``club.deal.TableDeal.confirm``); the deals repository
    writes what it decided and stores the game; the unit of work commits, turning the deal's events
    into the outbox row and the ratings' update. The entry as it then stands is the answer, and
    the version a refusal names."""
    uow.lock_tournaments([at.tournament.id])
    table = uow.deals.at_table(at.tournament.id, at.round.id, at.table, deal, at.players, at.names, player_id)
    ensure_playing(table.round, table.tournament)
    refused: Conflict | None = None
    try:
        step = table.confirm(player_id, entry_id, pin)
        e = uow.deals.confirmed(table, step, at.link.key_id)
        uow.commit()
    except Conflict as exc:  # entry_replaced names the version now waiting
        if table.waiting is None or exc.extra.get("code") != "entry_replaced":
            raise
        e, refused = table.waiting, exc
    shown = entry_info(e, at.names)
    if refused is not None:
        refused.extra["entry"] = shown
        raise refused
    return shown


def withdraw_entry(
    uow: UnitOfWork, at: OpenedTable, deal: int, player_id: Any, entry_id: Any, pin: Any = None
) -> EntryInfo:
    """The player who entered a pending deal withdraws it (a mistaken entry): the deal is missing
    again. Anyone else is refused (``not_the_enterer``); a disputed deal is the director's."""
    t = lock(uow, at)
    player_id = _player(at, player_id)
    entry_id = _entry_id(entry_id)
    check_pin(uow.tables, t, player_id, pin)
    opened = uow.deals.get(at.tournament.id, at.number, at.table, deal)
    e = opened.row(entry_id)
    if e is None:
        raise NotFound(f"deal {deal} of table {at.table} has no open entry {entry_id}")
    if e.entered_by != player_id:
        entered = at.names.get(e.entered_by or 0, "?")
        raise Rejected.one(
            "/player", "not_the_enterer", f"only {entered}, who entered it, or the director withdraws it"
        )
    uow.deals.save(opened, opened.deal.withdraw(e.id))
    uow.record(deal_announced(at.tournament.id, WebhookEvent.GAME_WITHDRAWN, at.number, at.table, deal, e.id, None))
    uow.commit()
    return entry_info(e, at.names)


def _confirm(uow: UnitOfWork, at: OpenedTable, e: TableEntry, player_id: int | None) -> None:
    """Store the entry as a game under the director's key that made the link, as it was judged
    when entered (the other side entered the same result)."""
    reason = confirmation_reason(at.table, at.names, e.entered_by, player_id)
    game_id = uow.deals.store(at.tournament, e, at.key(), reason)
    uow.deals.stored_as(e, game_id, player_id)
