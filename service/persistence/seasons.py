"""Seasons of a club: a name, its tournaments in order, and how evenings count."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from ..club import game_records
from ..club.errors import NotFound
from . import season_totals
from .models import Season, SeasonTournament, Tournament


def create(s: Session, organizer_id: int, name: str, counting: str, best: int | None) -> game_records.Season:
    season = Season(organizer_id=organizer_id, name=name, counting=counting, best=best)
    s.add(season)
    s.flush()
    return season


def get(s: Session, organizer_id: int, season_id: int) -> game_records.Season:
    season = s.get(Season, season_id)
    if season is None or season.organizer_id != organizer_id:
        raise NotFound(f"organizer {organizer_id} has no season {season_id}")
    return season


def change(s: Session, season_id: int, name: str, counting: str, best: int | None) -> None:
    """A season renamed, or counted another way."""
    season = s.get_one(Season, season_id)
    season.name, season.counting, season.best = name, counting, best


def list_seasons(s: Session, organizer_id: int) -> Sequence[game_records.Season]:
    return s.scalars(select(Season).where(Season.organizer_id == organizer_id).order_by(Season.id)).all()


def tournament_ids(s: Session, season_id: int) -> list[int]:
    return list(
        s.scalars(
            select(SeasonTournament.tournament_id)
            .where(SeasonTournament.season_id == season_id)
            .order_by(SeasonTournament.position)
        )
    )


def set_tournaments(s: Session, season_id: int, ids: Sequence[int]) -> None:
    s.execute(delete(SeasonTournament).where(SeasonTournament.season_id == season_id))
    s.add_all(SeasonTournament(season_id=season_id, tournament_id=t, position=k) for k, t in enumerate(ids))
    s.flush()
    season_totals.rebuild(s, season_id)


def seasons_of_tournament(s: Session, tournament_id: int) -> list[int]:
    return list(s.scalars(select(SeasonTournament.season_id).where(SeasonTournament.tournament_id == tournament_id)))


def public_tournament_ids(s: Session, season_id: int) -> list[int]:
    """The season's public tournaments in order, their ids alone (one indexed read, its rows taken
    as they come: thousands of ids, no ORM object made for any)."""
    rows = s.connection().execute(
        select(SeasonTournament.tournament_id)
        .join(Tournament, Tournament.id == SeasonTournament.tournament_id)
        .where(SeasonTournament.season_id == season_id, Tournament.private.is_(False))
        .order_by(SeasonTournament.position)
    )
    return [r[0] for r in rows]


def latest_public_tournaments(s: Session, season_id: int, n: int) -> tuple[int, list[int]]:
    """How many public tournaments the season has, and the latest ``n`` of them in order (their
    ids): a count and a short read, not every id."""
    public = (SeasonTournament.season_id == season_id, Tournament.private.is_(False))
    joined = select(SeasonTournament.tournament_id).join(Tournament, Tournament.id == SeasonTournament.tournament_id)
    count = s.scalar(select(func.count()).select_from(joined.where(*public).subquery()))
    latest = s.scalars(joined.where(*public).order_by(SeasonTournament.position.desc()).limit(n))
    return int(count or 0), list(reversed(list(latest)))


def last_public_position(s: Session, season_id: int) -> int | None:
    """The position of the season's latest public tournament (None: it has none)."""
    return s.scalar(
        select(SeasonTournament.position)
        .join(Tournament, Tournament.id == SeasonTournament.tournament_id)
        .where(SeasonTournament.season_id == season_id, Tournament.private.is_(False))
        .order_by(SeasonTournament.position.desc())
        .limit(1)
    )


def public_tournaments_at(s: Session, season_id: int, positions: Sequence[int]) -> list[tuple[int, int, str]]:
    """The season's public tournaments at these positions (a private one is left out), in
    order: each one's id, position and name."""
    rows = s.execute(
        select(SeasonTournament.tournament_id, SeasonTournament.position, Tournament.name)
        .join(Tournament, Tournament.id == SeasonTournament.tournament_id)
        .where(
            SeasonTournament.season_id == season_id,
            SeasonTournament.position.in_(list(positions) or [-1]),
            Tournament.private.is_(False),
        )
        .order_by(SeasonTournament.position)
    )
    return [(int(t), int(p), name) for t, p, name in rows]
