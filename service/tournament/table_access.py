"""What a table token opens: one table of one round of one tournament, while its link lasts
(docs/tournaments.md, "When a link ends"). The table's use cases (tables.py) start here."""

from __future__ import annotations

from dataclasses import dataclass

from ..club.errors import NotFound
from ..club.records import Round, TableLink, Tournament
from ..persistence.keys import KeyRef
from ..persistence.table_store import Tables
from ..text_and_time import utcnow
from .errors import Unauthenticated
from .unit_of_work import UnitOfWork

__all__ = ["LinkEnded", "OpenedTable", "ensure_playing", "open_table", "table_for"]


class LinkEnded(Unauthenticated):
    """A table token that was good: its round is closed, it expired, or newer links replaced it."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why
        # who sat at the table (seat, player id, name), where the token was good: a form sent
        # too late is shown back to the players in their names
        self.seated: tuple[tuple[int, int, str | None], ...] = ()
        # the tournament whose standings the players may still read (None: private, or unknown)
        self.standings_of: int | None = None


@dataclass(frozen=True, slots=True)
class OpenedTable:
    """What a table token opens: one table of one round of one tournament."""

    link: TableLink
    round: Round
    tournament: Tournament
    players: list[int]  # seat 0 first
    names: dict[int, str]

    @property
    def number(self) -> int:
        return self.round.number

    @property
    def table(self) -> int:
        return self.link.table_no

    def key(self) -> KeyRef:
        """The director's key that made the link: the games a table confirms are stored under it."""
        return KeyRef(self.link.key_id, self.tournament.organizer_id, None)


# --- opening a table ------------------------------------------------------------------------


def ensure_playing(r: Round, t: Tournament) -> None:
    """LinkEnded unless the round and the tournament are still open (read when a token opens the
    table, and again under the write lock before a table's use case decides)."""
    why = None
    if r.closed_at is not None:
        why = f"round {r.number} is closed: ask the director"
    elif t.status != "open":
        why = f"tournament {t.id} is closed: ask the director"
    if why is not None:
        ended = LinkEnded(why)
        ended.standings_of = None if t.private else t.id
        raise ended


def open_table(uow: UnitOfWork, token: str) -> OpenedTable:
    """The table a token opens. Unauthenticated: no such token; LinkEnded: its round is closed,
    the tournament closed, the link expired or replaced."""
    tables = uow.tables
    found = tables.link_by_token(token)
    if found is None:
        raise Unauthenticated()
    link, r = found
    t = tables.tournament(link.tournament_id)
    try:
        return _still_open(tables, link, r, t)
    except LinkEnded as exc:
        players = tables.table_players(t.id, r.number, link.table_no) or []
        names = tables.player_names(t.id)
        exc.seated = tuple((seat, p, names.get(p)) for seat, p in enumerate(players))
        exc.standings_of = None if t.private else t.id
        raise


def _still_open(tables: Tables, link: TableLink, r: Round, t: Tournament) -> OpenedTable:
    ensure_playing(r, t)
    key = tables.key(link.key_id)
    if link.ended_by == "key" or key is None or key.revoked_at is not None:
        raise LinkEnded("the key that made this table link was revoked: ask the director for a new one")
    if link.ended_by == "tournament":
        raise LinkEnded(f"tournament {t.id} was closed, and its table links ended with it: ask the director")
    if link.ended_by == "round":
        raise LinkEnded(f"round {r.number} is closed: ask the director")
    if link.revoked_at is not None:
        raise LinkEnded("this table link was replaced by a newer one: ask the director for the new one")
    if link.expires_at <= utcnow():
        raise LinkEnded("this table link has expired: ask the director for a new one")
    players = tables.table_players(t.id, r.number, link.table_no) or []
    return OpenedTable(link, r, t, players, tables.player_names(t.id))


def table_for(uow: UnitOfWork, token: str, tournament_id: int, number: int, table: int) -> OpenedTable:
    """The table a token opens, if it is the one asked for; any other is NotFound (404), so that
    a token tells nothing of other tables, rounds or tournaments."""
    at = open_table(uow, token)
    if (at.tournament.id, at.number, at.table) != (tournament_id, number, table):
        raise NotFound(f"no table {table} of round {number} of tournament {tournament_id} for this token")
    return at
