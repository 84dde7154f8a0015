"""Rounds: seating the next round, and reading the rounds seated (seating.py says how)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..club import WebhookEvent
from ..club.errors import Conflict
from ..club.events import Announced
from ..club.records import Round, RoundSeat
from . import seating
from .unit_of_work import UnitOfWork


def _tables(seats: Sequence[RoundSeat]) -> dict[int, list[RoundSeat]]:
    """A round's seats by table (in table order), each table's in seat order; sitting out left out."""
    tables: dict[int, list[RoundSeat]] = {}
    for x in sorted(seats, key=lambda x: (x.table_no or 0, x.seat or 0)):
        if x.table_no is not None:
            tables.setdefault(x.table_no, []).append(x)
    return tables


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """A player of a round: at a table (``seat``), or sitting it out (``seat`` None)."""

    player_id: int
    name: str | None
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class DealGame:
    deal: int
    game_id: int


@dataclass(frozen=True, slots=True)
class RoundTable:
    """A table of a round: its five players by seat, the deals entered (with their games) and
    the deals still missing."""

    table: int
    seats: tuple[SeatedPlayer, ...]
    games: tuple[DealGame, ...]
    missing_deals: tuple[int, ...]
    waiting_deals: tuple[int, ...] = ()  # of the missing: entered at the table, not confirmed yet


@dataclass(frozen=True, slots=True)
class RoundInfo:
    number: int
    method: str
    created_at: datetime
    tables: tuple[RoundTable, ...]
    sitting_out: tuple[SeatedPlayer, ...]


def round_info(
    r: Round,
    seats: Sequence[RoundSeat],
    names: dict[int, str],
    entered: dict[tuple[int, int], dict[int, int]] | None = None,
    deals: int = 1,
    waiting: set[tuple[int, int, int]] | None = None,
) -> RoundInfo:
    """A round: each table's seats, its deals entered (deal and game) and the deals still missing
    (``entered``: the deals entered at each table, with their games)."""
    entered = entered or {}
    tables = []
    for n, at in _tables(seats).items():
        done = entered.get((r.number, n), {})
        tables.append(
            RoundTable(
                table=n,
                seats=tuple(SeatedPlayer(x.player_id, names.get(x.player_id), x.seat) for x in at),
                games=tuple(DealGame(d, done[d]) for d in sorted(done)),
                missing_deals=tuple(d for d in range(1, deals + 1) if d not in done),
                waiting_deals=tuple(
                    d for d in range(1, deals + 1) if d not in done and (r.number, n, d) in (waiting or ())
                ),
            )
        )
    return RoundInfo(
        number=r.number,
        method=r.method,
        created_at=r.created_at,
        tables=tuple(tables),
        sitting_out=tuple(SeatedPlayer(x.player_id, names.get(x.player_id)) for x in seats if x.table_no is None),
    )


def create_round(uow: UnitOfWork, acting: int, tournament_id: int, deals_left_ok: bool = True) -> RoundInfo:
    """Seat the next round from the players who have not withdrawn: balanced (meetings, neighbours
    and sitting out spread evenly over the rounds so far) or swiss (by the standings), as the
    tournament is set. Conflict: a closed tournament, fewer than five players, a round seated
    at the same moment by another request, or (``deals_left_ok`` false) ``DealsLeft``."""
    uow.lock_tournaments([tournament_id])
    rounds = uow.rounds
    t = uow.tournaments.owned_row(acting, tournament_id)
    if t.status != "open":
        raise Conflict(f"tournament {t.id} is closed: reopen it to seat a round")
    active = [p.id for p in rounds.players(t.id) if p.withdrawn_at is None]
    if len(active) < seating.TABLE:
        raise Conflict(
            f"a round needs at least five players who have not withdrawn; tournament {t.id} has {len(active)}"
        )
    earlier = rounds.rounds_of(t.id)
    if not deals_left_ok and earlier:
        _no_deals_left(rounds.entered_by_table(t.id), t.deals_per_round, *earlier[-1])
    history = seating.History.of([_as_round(seats) for _, seats in earlier])
    number = rounds.next_number(t.id)
    seed = t.id * 10_000 + number
    if t.seating == "swiss":
        order = [row.player_id for row in uow.tournaments.standings(t)]
        ranked = [p for p in order if p in set(active)]
        planned = seating.swiss(ranked, history, seed)
    else:
        planned = seating.balanced(active, history, seed)
    r, seats = rounds.store_round(t.id, number, t.seating, planned.tables, planned.sitting_out)
    uow.record(Announced(t.id, WebhookEvent.ROUND_CREATED, {"tournament_id": t.id, "round": number}))
    uow.commit()
    return round_info(r, seats, rounds.player_names(t.id), {}, t.deals_per_round)


class DealsLeft(Conflict):
    """The last round still has deals without a game: seating the next one is asked first."""


def _no_deals_left(
    entered: dict[tuple[int, int], dict[int, int]], deals: int, last: Round, seats: Sequence[RoundSeat]
) -> None:
    left = sum(deals - len(entered.get((last.number, n), {})) for n in _tables(seats))
    if left > 0:
        raise DealsLeft(f"round {last.number} still has {left} deals without a result", round=last.number, left=left)


def remove_last_round(uow: UnitOfWork, acting: int, tournament_id: int, number: int) -> RoundInfo:
    """Take back the last round seated, while no game has been entered against it (a round seated
    by mistake). Conflict for an earlier round, or one with games (``club.round.Round.remove``);
    the answer is the round removed."""
    uow.lock_tournaments([tournament_id])
    rounds = uow.rounds
    t, r, seats = rounds.owned(acting, tournament_id, number)
    r.remove(rounds.games_in_round(t.id, number))
    answer = round_info(r, seats, rounds.player_names(t.id), {}, t.deals_per_round)
    rounds.remove(r)
    uow.commit()
    return answer


def _as_round(seats: Sequence[RoundSeat]) -> seating.Round:
    return seating.Round(
        tuple(tuple(x.player_id for x in at) for at in _tables(seats).values()),
        tuple(x.player_id for x in seats if x.table_no is None),
    )


def list_rounds(uow: UnitOfWork, viewer: int | None, tournament_id: int) -> list[RoundInfo]:
    rounds = uow.rounds
    t = uow.tournaments.visible(tournament_id, viewer)
    names, entered, waiting = rounds.player_names(t.id), rounds.entered_by_table(t.id), rounds.open_deals(t.id)
    return [round_info(r, seats, names, entered, t.deals_per_round, waiting) for r, seats in rounds.rounds_of(t.id)]


def get_round(uow: UnitOfWork, viewer: int | None, tournament_id: int, number: int) -> RoundInfo:
    rounds = uow.rounds
    t = uow.tournaments.visible(tournament_id, viewer)
    r, seats = rounds.get_round(t.id, number)
    return round_info(r, seats, rounds.player_names(t.id), rounds.entered_by_table(t.id), t.deals_per_round)
