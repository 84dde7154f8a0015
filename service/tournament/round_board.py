"""The director's side of score entry at the table: the round's table links, its board (tables ×
deals, filling in as the tables enter and confirm), settling a deal, and closing the round.
The tables' side is tables.py."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ..club import DealState, Side, WebhookEvent
from ..club.deal import NewVersion
from ..club.errors import NotFound
from ..club.events import deal_announced
from ..club.records import RoundSeat, Tournament
from ..club.round import Round
from ..persistence.keys import KeyRef
from ..persistence.round_store import Rounds as RoundsRepository
from ..persistence.table_store import Tables
from ..text_and_time import clean_text, utcnow
from .deal_results import read_result, seats_of
from .errors import Rejected
from .submission import DuplicateDeal, ensure_open
from .table_shown import DealInfo, EntryInfo, TablePlayer, deals_info, entry_info, table_players
from .unit_of_work import UnitOfWork


@dataclass(frozen=True, slots=True)
class TableLink:
    """A table's link: its token (None when it cannot be made again: made under another secret),
    the path of its page, and its players. ``url``: the page's address, as the HTTP layer knows it."""

    table: int
    token: str | None
    path: str | None
    players: tuple[TablePlayer, ...]
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Links:
    tournament_id: int
    round: int
    expires_at: datetime
    links: tuple[TableLink, ...]


@dataclass(frozen=True, slots=True)
class BoardTable:
    """A table on the director's board: its players, its deals, and how long it has been silent."""

    table: int
    players: tuple[TablePlayer, ...]
    last_activity: datetime | None
    silent_seconds: int | None
    link_expires_at: datetime | None
    deals: tuple[DealInfo, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """The director's view of a round: tables × deals, the counts by state, and a version that
    changes whenever the board does (its ETag)."""

    tournament_id: int
    round: int
    closed_at: datetime | None
    deals_per_round: int
    counts: dict[str, int]
    version: str
    tables: tuple[BoardTable, ...]
    time_zone: str  # the tournament's: its times are shown in it
    tournament_name: str = ""
    seated_at: datetime | None = None  # when the round was seated
    sitting_out: tuple[str, ...] = ()  # the names of the players who sit this round out
    reopenable: bool = False  # closed, and the director may take the close back (the last round)


@dataclass(frozen=True, slots=True)
class Settled:
    """A deal the director settled: the game it is now, and the entry (version) that made it."""

    round: int
    table: int
    deal: int
    game_id: int | None
    entry_id: int


@dataclass(frozen=True, slots=True)
class DealRef:
    table: int
    deal: int


@dataclass(frozen=True, slots=True)
class Left:
    """The deals of a round not confirmed, by state."""

    pending: tuple[DealRef, ...] = ()
    disputed: tuple[DealRef, ...] = ()
    missing: tuple[DealRef, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundClosed:
    tournament_id: int
    round: int
    closed_at: datetime | None
    left: Left


@dataclass(frozen=True, slots=True)
class RoundEntries:
    """Every entry a round's tables made, whatever became of it: the audit trail."""

    tournament_id: int
    round: int
    entries: tuple[EntryInfo, ...]


def owned_round(
    uow: UnitOfWork, acting: int, tournament_id: int, number: int, *, lock: bool = False
) -> tuple[Tournament, Round, Sequence[RoundSeat]]:
    """The organizer's tournament and its round (``club.round.Round``: what the director may do
    with it) with its seats; ``lock``: under the tournament's write lock, taken first."""
    if lock:
        uow.lock_tournaments([tournament_id])
    return uow.rounds.owned(acting, tournament_id, number)


def _at_table(seats: Sequence[RoundSeat], table: int) -> list[int]:
    """The players the round seated at ``table``, seat 0 first."""
    return [x.player_id for x in sorted(seats, key=lambda x: x.seat or 0) if x.table_no == table]


def make_links(uow: UnitOfWork, key: KeyRef, tournament_id: int, number: int, secret: str) -> Links:
    """New links for every table of the round: the earlier ones end, so a sheet printed before
    stops working (an action of its own, asked for explicitly). Each table's token is answered
    with its players; it can be printed again later (current_links). Conflict: the round or the
    tournament is closed."""
    t, r, seats = owned_round(uow, key.organizer_id, tournament_id, number, lock=True)
    r.may_issue_links()
    tables = sorted({x.table_no for x in seats if x.table_no is not None})
    expires, links = uow.rounds.issue_links(t, r, tables, key.id, secret)
    names = uow.rounds.player_names(t.id)
    by_table = {n: _at_table(seats, n) for n in tables}
    uow.commit()
    return _links(t.id, number, expires, [(n, tok) for n, tok in links], by_table, names)


def _links(
    tid: int,
    number: int,
    expires: datetime,
    links: list[tuple[int, str | None]],
    by_table: dict[int, list[int]],
    names: dict[int, str],
) -> Links:
    return Links(
        tid,
        number,
        expires,
        tuple(
            TableLink(n, token, None if token is None else f"/table/{token}", table_players(by_table.get(n, []), names))
            for n, token in links
        ),
    )


def current_links(uow: UnitOfWork, acting: int, tournament_id: int, number: int, secret: str) -> Links | None:
    """The round's links still usable, to print the sheet again: reading them ends nothing. None
    when the round has none (make them). A link whose token cannot be made again (made under
    another server secret) has no token: make new links to print it."""
    t, r, seats = owned_round(uow, acting, tournament_id, number)
    rounds = uow.rounds
    links = rounds.links_of_round(r.id)
    if not links or r.closed_at is not None or not r.tournament_open:
        return None
    names = rounds.player_names(t.id)
    by_table = {x.table_no: _at_table(seats, x.table_no) for x in links}
    made = [(x.table_no, rounds.token_of(x, secret)) for x in links]
    return _links(t.id, number, min(x.expires_at for x in links), made, by_table, names)


def board(uow: UnitOfWork, acting: int, tournament_id: int, number: int) -> Board:
    """The director's view of a round: tables × deals (missing, pending, disputed, confirmed), both
    versions of each dispute, and how long each table has been silent."""
    t, r, seats = owned_round(uow, acting, tournament_id, number)
    rounds = uow.rounds
    names = rounds.player_names(t.id)
    entries = rounds.entries_of_round(t.id, number)
    games_at = rounds.games_of_round(t.id, number)
    links = {x.table_no: x for x in rounds.links_of_round(r.id)}
    now = utcnow()
    tables = []
    counts = {d.value: 0 for d in DealState}
    for n in sorted({x.table_no for x in seats if x.table_no is not None}):
        players = _at_table(seats, n)
        mine = [e for e in entries if e.table_no == n]
        played = {d: g for tb, d, g, _ in games_at if tb == n}
        moments = [e.updated_at for e in mine] + [at for tb, _, _, at in games_at if tb == n]
        last = max(moments) if moments else None
        deals = deals_info(t.deals_per_round, mine, played, names, settled=False)
        for d in deals:
            counts[d.state.value] += 1
        link = links.get(n)
        tables.append(
            BoardTable(
                table=n,
                players=table_players(players, names),
                last_activity=last,
                silent_seconds=None if last is None else max(0, int((now - last).total_seconds())),
                link_expires_at=None if link is None or r.closed_at is not None else link.expires_at,
                deals=deals,
            )
        )
    zone = rounds.zone_of(t)
    out = tuple(names.get(x.player_id) or "" for x in seats if x.table_no is None)
    version = version_of(rounds, r)
    board = Board(t.id, number, r.closed_at, t.deals_per_round, counts, version, tuple(tables), zone)
    return replace(board, tournament_name=t.name, seated_at=r.created_at, sitting_out=out, reopenable=r.reopenable)


def version_of(rounds: RoundsRepository, r: Round) -> str:
    """The board's version: what changes whenever the board does."""
    n, last, games_n, games_max = rounds.round_changed(r.tournament_id, r.number)
    stamp = last.isoformat() if last else "-"
    closed = r.closed_at.isoformat() if r.closed_at else "open"
    return f"{n}.{stamp}.{games_n}.{games_max}.{closed}"


def board_version(uow: UnitOfWork, acting: int, tournament_id: int, number: int) -> str:
    """What changes whenever the board does (the board's ETag): two aggregate queries, so a poll
    that finds nothing new costs little."""
    _, r, _ = owned_round(uow, acting, tournament_id, number)
    return version_of(uow.rounds, r)


def resolve_deal(
    uow: UnitOfWork, key: KeyRef, tournament_id: int, number: int, table: int, deal: int, doc: Any
) -> Settled:
    """The director settles a deal: ``{"entry": id}`` chooses one of its versions (pending or
    disputed), a ``sheet`` or ``record`` enters the director's own (a correction, or the deal of
    a table that entered nothing). The deal is stored as a game; every other open version is
    overruled, and kept. Works on a closed round too: later changes are the director's."""
    t, _, seats = owned_round(uow, key.organizer_id, tournament_id, number, lock=True)
    ensure_open(t)
    players = _at_table(seats, table)
    if len(players) != 5:
        raise NotFound(f"round {number} has no table {table}")
    if not 1 <= deal <= t.deals_per_round:
        raise NotFound(f"round {number} has no deal {deal}")
    reason = _resolution_reason(doc)
    opened = uow.deals.get(t.id, number, table, deal)
    open_ = opened.rows
    played = uow.tables.deals_entered(t.id, number, table)
    if deal in played:
        raise DuplicateDeal(number, table, deal, played[deal])
    now = utcnow()
    versions = opened.deal
    if "entry" in doc:
        chosen = next((e for e in open_ if e.id == doc["entry"] and type(doc["entry"]) is int), None)
        if chosen is None:
            raise Rejected.one("/entry", "unknown_entry", f"deal {deal} has no open entry {doc['entry']!r}")
        step = versions.settle(chosen.id)
        names = uow.tables.player_names(t.id)
        why = reason or f"chosen by the director: the version {names.get(chosen.entered_by or 0)} entered"
        game_id = uow.deals.store(t, chosen, key, why)
        uow.deals.save(opened, step)
        uow.deals.stored_as(chosen, game_id)
        settled_id = chosen.id
    else:
        step = versions.settle(None)
        own = _directors_entry(uow.tables, t, key, players, number, table, deal, doc, reason, now)
        row = uow.deals.save(opened, step, own)
        assert row is not None and own.game_id is not None  # the director's own version is the game
        settled_id, game_id = row.id, own.game_id
    uow.deals.resolved(opened, key.id, game_id)
    uow.record(deal_announced(t.id, step.event, number, table, deal, settled_id, game_id))
    uow.commit()
    return Settled(number, table, deal, game_id, settled_id)


def _resolution_reason(doc: Any) -> str:
    """A resolution's fields checked, and its reason read as every reason is (a correction's, a
    merge's): no control or format characters."""
    if not isinstance(doc, dict):
        raise Rejected.one("", "invalid_type", "a resolution is a JSON object")
    unknown = [k for k in doc if k not in ("entry", "sheet", "record", "claimed", "accept_computed", "reason")]
    if unknown:
        raise Rejected.one(f"/{unknown[0]}", "unknown_field", f"unknown field {unknown[0]!r}")
    if doc.get("reason") is None:
        return ""
    try:
        return clean_text(doc["reason"], max_length=300, what="a reason")
    except ValueError as exc:
        raise Rejected.one("/reason", "invalid_value", str(exc)) from None


def _directors_entry(
    tables: Tables,
    t: Tournament,
    key: KeyRef,
    players: list[int],
    number: int,
    table: int,
    deal: int,
    doc: dict[str, Any],
    reason: str,
    now: datetime,
) -> NewVersion:
    """The director's own version of a deal, judged and stored as a game: the version that keeps
    it (its state is the deal's step's)."""
    sub = read_result(tables, t, players, number, table, deal, doc)
    stored = tables.store_game(t, key, sub, reason or "entered by the director")
    body = json.dumps({k: doc[k] for k in doc if k not in ("entry", "reason")}, ensure_ascii=False)
    return NewVersion(
        t.id,
        number,
        table,
        deal,
        sub.kind,
        body,
        sub.outcome,
        seats_of(sub),
        sub.record_hash,
        Side.ANY.value,
        now,
        resolved_by_key_id=key.id,
        game_id=stored.id,
    )


def left_to_settle(board: Board) -> Left:
    """The deals of a board that are not confirmed, by state: what closing the round leaves."""
    out: dict[DealState, list[DealRef]] = {DealState.PENDING: [], DealState.DISPUTED: [], DealState.MISSING: []}
    for table in board.tables:
        for d in table.deals:
            if d.state in out:
                out[d.state].append(DealRef(table.table, d.deal))
    return Left(*(tuple(out[x]) for x in (DealState.PENDING, DealState.DISPUTED, DealState.MISSING)))


def withdraw_entry(
    uow: UnitOfWork, acting: int, tournament_id: int, number: int, table: int, deal: int, entry_id: Any
) -> EntryInfo:
    """The director withdraws a table's open entry (pending, or one version of a dispute: the
    other then waits for its confirmation again). Kept in the audit trail as withdrawn."""
    t, _, _ = owned_round(uow, acting, tournament_id, number, lock=True)
    if type(entry_id) is not int:
        raise Rejected.one("/entry", "invalid_type", "entry is the id of the entry to withdraw (a whole number)")
    opened = uow.deals.get(t.id, number, table, deal)
    e = opened.row(entry_id)
    if e is None:
        raise NotFound(f"deal {deal} of table {table} has no open entry {entry_id}")
    uow.deals.save(opened, opened.deal.withdraw(e.id, director=True))
    uow.record(deal_announced(t.id, WebhookEvent.GAME_WITHDRAWN, number, table, deal, e.id, None))
    uow.commit()
    return entry_info(e, uow.tables.player_names(t.id))


def round_entries(uow: UnitOfWork, acting: int, tournament_id: int, number: int) -> RoundEntries:
    """Every entry the round's tables made, in order, whatever became of it: the audit trail."""
    t, _, _ = owned_round(uow, acting, tournament_id, number)
    names = uow.rounds.player_names(t.id)
    entries = uow.rounds.entries_of_round(t.id, number)
    return RoundEntries(t.id, number, tuple(entry_info(e, names) for e in entries))
