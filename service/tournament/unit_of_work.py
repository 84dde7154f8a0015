"""A unit of work: one database session for one use case, committed only when the use case says
so, rolled back otherwise (cosmicpython's pattern). The use cases read and write through
``uow.session`` with the repository's functions."""

from __future__ import annotations

from types import TracebackType

from ..persistence.db import Database, IntegrityError, Session
from ..persistence.errors import Conflict
from ..persistence.keys import KeyRef

__all__ = ["Database", "KeyRef", "UnitOfWork"]  # what the views hold: the database, a key's reference


class UnitOfWork:
    def __init__(self, db: Database, *, single_statement: bool = False) -> None:
        self.db = db
        self.single_statement = single_statement
        self._session: Session | None = None
        # The key the use case found behind the request's secret, once it knows it (a view's log
        # line names its organizer, whatever the use case answers after).
        self.acting: KeyRef | None = None

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
        if isinstance(exc, IntegrityError):
            # A parallel request stored the same thing first (a player name, say).
            raise Conflict("this conflicts with what was just stored; read it again and retry") from exc

    @property
    def session(self) -> Session:
        assert self._session is not None, "a unit of work is used inside its with-block"
        return self._session

    def commit(self) -> None:
        self.session.commit()
