"""An organizer's ratings catching up, batch by batch: the marks the writes left are taken into
one catch-up (where it began, the next game to rate, since when), which each committed batch
moves on and the last one ends. A worker stopped between two batches loses nothing: the next
one goes on from where the catch-up stands (tournament/ratings.py ``bring_up_to_date``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select, tuple_
from sqlalchemy.orm import Session

from .club_models import Member, RatingMark, RatingProgress, RatingStep
from .ratings import Position, marks, take_marks

__all__ = ["CatchUp", "advance", "catch_up", "delete_steps_between", "finish", "members_of", "under_way", "where"]


@dataclass(frozen=True, slots=True)
class CatchUp:
    """A catch-up: where it began (the earliest change taken in), the next game to rate, and
    since when it runs."""

    start: Position
    at: Position
    since: datetime


def catch_up(s: Session, organizer_id: int) -> CatchUp | None:
    """The catch-up to go on with, every mark written since taken into it (a change before the
    game it stands at moves it back there); a new one from the marks; None: nothing to do."""
    found = marks(s, organizer_id)
    row = s.get(RatingProgress, organizer_id)
    if found is None and row is None:
        return None
    if found is not None:
        last, earliest = found
        since = s.scalar(
            select(func.min(RatingMark.created_at)).where(
                RatingMark.organizer_id == organizer_id, RatingMark.id <= last
            )
        )
        assert since is not None
        if row is None:
            row = RatingProgress(organizer_id=organizer_id, since=since)
            row.start_played_at, row.start_game_id = earliest
            row.at_played_at, row.at_game_id = earliest
            s.add(row)
        else:
            row.start_played_at, row.start_game_id = min((row.start_played_at, row.start_game_id), earliest)
            row.at_played_at, row.at_game_id = min((row.at_played_at, row.at_game_id), earliest)
            row.since = min(row.since, since)
        take_marks(s, organizer_id, last)
        s.flush()
    assert row is not None
    return CatchUp((row.start_played_at, row.start_game_id), (row.at_played_at, row.at_game_id), row.since)


def under_way(s: Session, organizer_id: int) -> bool:
    return s.get(RatingProgress, organizer_id) is not None


def where(s: Session, organizer_id: int) -> CatchUp | None:
    """The catch-up under way, as it stands (reading only)."""
    row = s.get(RatingProgress, organizer_id)
    if row is None:
        return None
    return CatchUp((row.start_played_at, row.start_game_id), (row.at_played_at, row.at_game_id), row.since)


def advance(s: Session, organizer_id: int, at: Position) -> None:
    """A batch is rated: the catch-up goes on from ``at`` (the first game not rated yet)."""
    row = s.get_one(RatingProgress, organizer_id)
    row.at_played_at, row.at_game_id = at


def finish(s: Session, organizer_id: int) -> None:
    s.execute(delete(RatingProgress).where(RatingProgress.organizer_id == organizer_id))


def delete_steps_between(s: Session, organizer_id: int, start: Position, end: Position) -> None:
    """Delete the organizer's steps from ``start`` up to ``end`` (not in): a batch's old steps,
    those of games no longer rated between its last game and the next one included."""
    s.execute(
        delete(RatingStep).where(
            RatingStep.organizer_id == organizer_id,
            tuple_(RatingStep.played_at, RatingStep.game_id) >= tuple_(*start),
            tuple_(RatingStep.played_at, RatingStep.game_id) < tuple_(*end),
        )
    )


def members_of(s: Session, organizer_id: int) -> list[int]:
    """Every member of the organizer's club (merged ones too: their ratings are gone)."""
    return list(s.scalars(select(Member.id).where(Member.organizer_id == organizer_id)))
