"""The columns whose values are more than the database's own: a moment always in UTC, and a table
entry's seats as the club core's values."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, TypeDecorator

from ..club.records import SeatShare

__all__ = ["SeatShares", "UtcDateTime"]


class UtcDateTime(TypeDecorator[datetime]):
    """A moment, handed back in UTC. PostgreSQL keeps the zone (timestamptz); SQLite keeps text
    without one, so a time is turned to UTC on the way in and marked UTC on the way out: a game
    played at 19:30+08:00 is 11:30 UTC on either database, never 19:30."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is not None:
            value = value.astimezone(UTC)
        return value

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class SeatShares(TypeDecorator[tuple[SeatShare, ...]]):
    """A table entry's seats (each seat's player, role, place, score and rebellion mark, as judged
    when it was entered): kept as a JSON array of objects, handed back as ``SeatShare`` values."""

    impl = JSON
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Any) -> list[dict[str, Any]] | None:
        if value is None:
            return None
        return [x.to_json() if isinstance(x, SeatShare) else dict(x) for x in value]

    def process_result_value(self, value: Any, dialect: Any) -> tuple[SeatShare, ...] | None:
        return None if value is None else tuple(SeatShare.of(x) for x in value)
