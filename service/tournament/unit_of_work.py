"""A unit of work: one database session for one use case, committed only when the use case says
so, rolled back otherwise (cosmicpython's pattern). The use cases read and write through its
repositories, and record what their writes mean for after them (``record``: club/events.py), as
the aggregates and repositories they use do; the commit turns each event into what it means, once
and here alone — a webhook event into its outbox row and changed rated games into their ratings
mark, in the same transaction; a ratings update once the transaction is committed — and brings
the seasons of the tournaments whose standings it changed up to date
(persistence/season_totals.py).

One commit is a single statement: a plain game submitted on PostgreSQL's autocommit pool, stored
by one statement that commits itself. The games' repository then asks the unit of work for the
rows its ``GameStored`` means (``_rows_at_once``), and the statement writes them with the game."""

from __future__ import annotations

from collections.abc import Iterable
from types import TracebackType

from ..club.errors import Conflict
from ..club.events import Aggregate, Announced, ClubEvent, GameStored, RatingsChanged
from ..persistence import ratings as ratings_repo
from ..persistence import season_totals
from ..persistence import tournaments as tournaments_repo
from ..persistence import webhooks as webhooks_repo
from ..persistence.db import Database, IntegrityError, Session, may_run_again
from ..persistence.deals import Deals
from ..persistence.game_store import Games
from ..persistence.games import RowsWithTheGame
from ..persistence.keys import KeyRef
from ..persistence.member_store import Members
from ..persistence.organizer_store import Organizers
from ..persistence.rating_store import Ratings
from ..persistence.round_store import Rounds
from ..persistence.season_store import Seasons
from ..persistence.table_store import Tables
from ..persistence.tournament_store import Tournaments
from ..persistence.webhook_store import Webhooks

# What the views hold: the database, a key's reference; and whether the database ended a
# transaction to break a deadlock (a 503 that says so).
__all__ = ["Database", "KeyRef", "UnitOfWork", "may_run_again"]


class UnitOfWork:
    def __init__(self, db: Database, *, single_statement: bool = False) -> None:
        self.db = db
        self.single_statement = single_statement
        self._session: Session | None = None
        # The key the use case found behind the request's secret, once it knows it (a view's log
        # line names its organizer, whatever the use case answers after).
        self.acting: KeyRef | None = None
        self._locked: frozenset[int] | None = None
        self._events: list[ClubEvent] = []
        self._seen: list[Aggregate] = []  # what its repositories loaded: their events too
        self._written: list[ClubEvent] = []  # events whose rows a single statement wrote

    def __enter__(self) -> UnitOfWork:
        maker = self.db.single_statement_sessions if self.single_statement else self.db.sessions
        self._session = maker()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        assert self._session is not None
        try:
            self._session.rollback()  # whatever was not committed
        finally:
            self._session.close()
            self._session = None
            self._locked = None
            self._events, self._seen, self._written = [], [], []
        if isinstance(exc, IntegrityError):
            # A parallel request stored the same thing first (a player name, say).
            raise Conflict("this conflicts with what was just stored; read it again and retry") from exc

    @property
    def session(self) -> Session:
        assert self._session is not None, "a unit of work is used inside its with-block"
        return self._session

    @property
    def stores_in_one_statement(self) -> bool:
        """A new game is stored in one statement that takes the tournament's lock itself
        (PostgreSQL's autocommit pool): the use case takes no lock before it."""
        return self.single_statement and not self.db.is_sqlite

    def record(self, *events: ClubEvent) -> None:
        """Events this unit of work's writes cause, turned into what they mean when it commits
        (and forgotten if it does not)."""
        self._events.extend(events)

    @property
    def tables(self) -> Tables:
        """The tables' repository: what a table's use cases ask of the database."""
        return Tables(self.session, self._seen)

    @property
    def games(self) -> Games:
        """The games' repository: a stored game as the club core's ``Game``, and what submitting
        and correcting one ask of the database."""
        return Games(self.session, self._seen, self._rows_at_once if self.stores_in_one_statement else None)

    @property
    def organizers(self) -> Organizers:
        """The organizers' repository: registering one, and the key behind a secret."""
        return Organizers(self.session)

    @property
    def tournaments(self) -> Tournaments:
        """The tournaments' repository: a tournament as the club core's ``Tournament``, with what a
        change to it decides on."""
        return Tournaments(self.session, self._seen)

    @property
    def members(self) -> Members:
        """The members' repository: a club's member as the club core's ``Member``, and what linking
        a player and merging two members read and write."""
        return Members(self.session, self._seen)

    @property
    def webhooks(self) -> Webhooks:
        """The webhooks' repository: a tournament's webhooks, and the outbox's deliveries."""
        return Webhooks(self.session)

    @property
    def ratings(self) -> Ratings:
        """The ratings' repository: the steps, the marks and where a catch-up stands."""
        return Ratings(self.session)

    @property
    def seasons(self) -> Seasons:
        """The seasons' repository: a club's seasons, their evenings and their kept sums."""
        return Seasons(self.session)

    @property
    def rounds(self) -> Rounds:
        """The rounds' repository: a round as the club core's ``Round``, its links and its board."""
        return Rounds(self.session, self._seen)

    @property
    def deals(self) -> Deals:
        """The deals repository: a table's deal as the club core's ``Deal`` with its rows, saved
        step by step."""
        return Deals(self.session, self._seen)

    def rollback(self) -> None:
        """Nothing of this unit of work is kept: not its writes, not the events it recorded."""
        self.session.rollback()
        self._events, self._seen, self._written = [], [], []

    def collect_new_events(self) -> list[ClubEvent]:
        """What the use case recorded and what the aggregates it loaded recorded, in that order,
        each once — but a new game's ``GameStored`` first: a webhook hears of a game before it
        hears what became of it (the deal confirmed, settled)."""
        events, self._events = self._events, []
        for aggregate in self._seen:
            events.extend(aggregate.pull_events())
        events.sort(key=lambda e: not isinstance(e, GameStored))  # stable: the rest keep their order
        return events

    def commit(self) -> None:
        events = self.collect_new_events()
        for e in events:
            self._write(e)
        seasons_marked = season_totals.marked_here(self.session)
        self.session.commit()
        self._locked = None
        if seasons_marked:
            from . import season_rows  # bringing the season rows up to date is a use case of its own

            season_rows.after_write(self.db, seasons_marked)
        events, self._written = [*self._written, *events], []
        changed = [e.ratings() if isinstance(e, GameStored) else e for e in events]
        stale = dict.fromkeys(e.organizer_id for e in changed if isinstance(e, RatingsChanged))
        if stale:
            from . import ratings  # the ratings' update is itself a use case of units of work

            for organizer_id in stale:
                ratings.after_write(self, organizer_id)

    def _write(self, e: ClubEvent) -> None:
        """An event's rows, in the transaction: a webhook event's outbox row; where the
        organizer's ratings change from, written with the change (the ratings' update reads the
        marks); a new game, both."""
        s = self.session
        if isinstance(e, GameStored):
            assert e.game_id is not None, "a game stored in a transaction has its id"
            self._write(e.announced())
            ratings = e.ratings()
            if ratings is not None:
                self._write(ratings)
        elif isinstance(e, Announced):
            webhooks_repo.add_event(s, e.tournament_id, e.event, dict(e.payload))
        else:
            if e.since is not None:
                ratings_repo.mark(s, e.organizer_id, *e.since)
            if e.tournament_id is not None:
                ratings_repo.mark_tournament(s, e.organizer_id, e.tournament_id)
            if e.player_ids:
                ratings_repo.mark_games_of_players(s, e.organizer_id, e.player_ids)

    def _rows_at_once(self, e: GameStored) -> RowsWithTheGame:
        """The rows of a new game's event (as ``_write`` makes them) for the one statement that
        stores the game and commits: its outbox row, and its ratings mark where it is rated. The
        statement gives them the game's id; the commit after it writes nothing again."""
        self._written.append(e)
        announced = e.announced()
        outbox = ((announced.tournament_id, announced.event.value, dict(announced.payload)),)
        return RowsWithTheGame(outbox, ((e.organizer_id, e.played_at),) if e.rated else ())

    def lock_tournaments(self, ids: Iterable[int]) -> None:
        """The write lock of these tournaments, taken before anything else the use case writes.

        This is the one lock order of the service: every use case that writes a tournament's
        games, entries, players, rounds or totals takes its tournament's lock first (all of them
        at once, in id order, where it writes several), then the rows below it (players' totals,
        entries, games, members), each kind in id order. Two writers of one tournament take turns;
        two writers of different tournaments never wait for each other.

        A unit of work opened for a single statement (PostgreSQL's autocommit pool) becomes a
        transaction here: a lock lasts only as long as its transaction. Nothing may have been
        written before (the lock comes first); a second call asks for no tournament the first did
        not lock."""
        wanted = frozenset(ids)
        if self._locked is not None:
            if not wanted <= self._locked:
                raise RuntimeError("a unit of work locks all its tournaments at once, before it writes")
            return
        if self.single_statement and not self.db.is_sqlite:
            assert self._session is not None
            self._session.close()
            self._session = self.db.sessions()
            self.single_statement = False
        tournaments_repo.lock_for_write(self.session, sorted(wanted))
        self._locked = wanted
