"""Seasons: a club's tournaments (its evenings) added up per member. A season counts every
evening, or each member's best N; its standings are the sum of its tournaments' standings (byes
included), with games, the average per game, the evenings played and the figures by role,
ranked as tournament standings are (shared ranks, then pinyin order). ``after`` gives the
standings as they stood after any evening of the season."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..club import STANDINGS_ORDER, Counting, Evening, SeasonRow, ranked, season_row
from ..club.errors import NotFound
from ..club.game_records import Season
from ..club.records import Tournament
from ..club.season import thinned
from . import season_rows
from .clubs import acts_for
from .errors import Rejected
from .members import tournaments_of
from .unit_of_work import UnitOfWork


@dataclass(frozen=True, slots=True)
class SeasonEvening:
    """A tournament of a season (one of its evenings)."""

    id: int
    name: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    id: int
    organizer_id: int
    name: str
    counting: Counting
    best: int | None
    tournaments: tuple[SeasonEvening, ...]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SeasonStandings:
    """A season's standings (after the evening ``after``, or now): each member's row, ranked."""

    season_id: int
    counting: Counting
    best: int | None
    after: int | None
    tournaments: tuple[int, ...]
    order: str
    standings: list[SeasonRow]


@dataclass(frozen=True, slots=True)
class Leaders:
    """What the season's chart of its leaders draws: the evenings shown (each one's name, and each
    leader's total so far), the members' names, and the leading members of the standings."""

    evenings: list[tuple[str, dict[int, int]]]
    names: dict[int, str]
    top: list[int]


def season_info(season: Season, tournaments: Sequence[Tournament]) -> SeasonInfo:
    return SeasonInfo(
        id=season.id,
        organizer_id=season.organizer_id,
        name=season.name,
        counting=Counting(season.counting),
        best=season.best,
        tournaments=tuple(SeasonEvening(t.id, t.name, t.created_at) for t in tournaments),
        created_at=season.created_at,
    )


@dataclass(frozen=True, slots=True)
class SeasonHeading:
    """What a season's page heads its standings with: the season with its latest evenings (and
    the one its standings are shown after), and how many evenings it has in all."""

    season: SeasonInfo
    evenings: int


def season_heading(
    uow: UnitOfWork, organizer_id: int, season_id: int, listed: int, after: int | None = None
) -> SeasonHeading:
    """The season with its latest ``listed`` evenings and ``after`` (one of its evenings, or
    None), and how many it has (a long season has thousands: they are counted, not read)."""
    seasons = uow.seasons
    season = seasons.get(organizer_id, season_id)
    count, latest = seasons.latest_public_tournaments(season.id, listed)
    chosen = latest if after is None or after in latest else [after, *latest]  # an earlier evening first
    found = seasons.tournaments_by_ids(chosen)
    return SeasonHeading(season_info(season, [found[i] for i in chosen if i in found]), count)


def _tournaments(uow: UnitOfWork, season: Season) -> list[Tournament]:
    ids = uow.seasons.tournament_ids(season.id)
    found = uow.seasons.tournaments_by_ids(ids)
    return [found[i] for i in ids if i in found and not found[i].private]


def _best_given(counting: str, best: int | None) -> None:
    """A season counting each member's best N says N (else it would count nothing, or all)."""
    if counting == Counting.BEST and best is None:
        raise Rejected.one(
            "/best", "missing_field", 'a season counting "best" says how many evenings count: best', "request"
        )


def create_season(
    uow: UnitOfWork, acting: int, organizer_id: int, name: str, counting: str, best: int | None, tournaments: list[int]
) -> SeasonInfo:
    acts_for(organizer_id, acting)
    _best_given(counting, best)
    chosen = tournaments_of(uow, organizer_id, tournaments)
    season = uow.seasons.create(organizer_id, name, counting, best if counting == Counting.BEST else None)
    uow.seasons.set_tournaments(season.id, [t.id for t in chosen])
    uow.commit()
    return season_info(season, chosen)


def change_season(
    uow: UnitOfWork, acting: int, organizer_id: int, season_id: int, changes: Mapping[str, Any]
) -> SeasonInfo:
    """Rename a season, change how it counts (``counting``, ``best``), or its tournaments."""
    acts_for(organizer_id, acting)
    seasons = uow.seasons
    season = seasons.get(organizer_id, season_id)
    counting = changes.get("counting", season.counting)
    best = season.best
    if "best" in changes or "counting" in changes:
        best = changes.get("best", season.best) if counting == Counting.BEST else None
        _best_given(counting, best)
    seasons.change(season.id, changes.get("name", season.name), counting, best)
    if "tournaments" in changes:
        chosen = tournaments_of(uow, organizer_id, changes["tournaments"])
        seasons.set_tournaments(season.id, [t.id for t in chosen])
    uow.commit()
    return season_info(season, _tournaments(uow, season))


def list_seasons(uow: UnitOfWork, organizer_id: int) -> list[SeasonInfo]:
    return [season_info(x, _tournaments(uow, x)) for x in uow.seasons.all_of(organizer_id)]


@dataclass(frozen=True, slots=True)
class SeasonName:
    """A season as the pages link to it."""

    id: int
    name: str


def season_names(uow: UnitOfWork, organizer_id: int) -> list[SeasonName]:
    """The club's seasons, their names alone (the pages' links: no season's evenings read)."""
    return [SeasonName(x.id, x.name) for x in uow.seasons.all_of(organizer_id)]


def get_season(uow: UnitOfWork, organizer_id: int, season_id: int) -> SeasonInfo:
    season = uow.seasons.get(organizer_id, season_id)
    return season_info(season, _tournaments(uow, season))


def season_standings(
    uow: UnitOfWork, organizer_id: int, season_id: int, after: int | None = None, *, listed: bool = True
) -> SeasonStandings:
    """Each member's season: the sum of their evenings' standings (all of them, or their best N
    by total), ranked. ``after``: only the season's evenings up to that tournament. ``listed``:
    with the ids of its tournaments (the page, which heads the standings with the latest of them
    itself, reads the season as it stands without)."""
    if after is None:  # the season as it stands: its kept rows, one a member
        season = uow.seasons.get(organizer_id, season_id)
        ids = uow.seasons.public_tournament_ids(season.id) if listed else []
        rows = ranked(season_rows.standings_rows(uow, season), _member)
    else:  # as it stood after an evening: added up from that evening's standings and those before
        season, evenings, members = _evenings(uow, organizer_id, season_id, after)
        ids = [t.id for t in evenings]
        rows = _rows(uow, organizer_id, season, members)
    return SeasonStandings(
        season_id=season.id,
        counting=Counting(season.counting),
        best=season.best,
        after=after,
        tournaments=tuple(ids),
        order=STANDINGS_ORDER.replace("players", "members"),
        standings=rows,
    )


def season_leaders(uow: UnitOfWork, organizer_id: int, season_id: int, top: int = 5, points: int = 120) -> Leaders:
    """The season page's chart of its leaders, from its kept rows: the ``top`` members of the
    standings, their names, and at most ``points`` evenings in order (a long season's spread evenly
    over its positions, its last public evening among them; an evening made private since is left
    out), each with every leader's total so far."""
    seasons = uow.seasons
    season = seasons.get(organizer_id, season_id)
    rows = ranked(season_rows.standings_rows(uow, season), _member)[:top]
    leading = [row.member_id for row in rows]
    last = seasons.last_public_position(season.id)
    places = [] if last is None else thinned(last + 1, points)  # positions; the last public one among them
    shown = seasons.public_tournaments_at(season.id, places)
    sums = seasons.sums_between(season.id, leading, [position for _, position, _ in shown])
    running, series = dict.fromkeys(leading, 0), []
    for j, (_, _, name) in enumerate(shown):
        for member in leading:
            running[member] += sums.get((member, j), 0)
        series.append((name, dict(running)))
    return Leaders(series, {row.member_id: row.name for row in rows}, leading)


def _rows(uow: UnitOfWork, organizer_id: int, season: Season, members: dict[int, list[Evening]]) -> list[SeasonRow]:
    names = uow.seasons.member_names(organizer_id)
    rows = (season_row(m, names.get(m, "?"), played, season.counting, season.best) for m, played in members.items())
    return ranked(rows, _member)


def _member(row: SeasonRow) -> int:
    return row.member_id


def _evenings(
    uow: UnitOfWork, organizer_id: int, season_id: int, after: int | None
) -> tuple[Season, list[Tournament], dict[int, list[Evening]]]:
    """The season, its evenings (up to ``after``) and, per member, each evening they played:
    its standing (total with byes, games, wins, byes, points without byes) and role figures."""
    seasons = uow.seasons
    season = seasons.get(organizer_id, season_id)
    evenings = _tournaments(uow, season)
    if after is not None:
        ids = [t.id for t in evenings]
        if after not in ids:
            raise NotFound(f"season {season_id} has no tournament {after}")
        evenings = evenings[: ids.index(after) + 1]
    members: dict[int, list[Evening]] = {}
    by_player = seasons.totals_in([t.id for t in evenings])
    sat_out = seasons.byes_in([t.id for t in evenings])
    for position, t in enumerate(evenings):
        tid, bye_points = t.id, t.bye_points
        for player_id, member, figures in by_player.get(tid, ()):
            evening = Evening(tid, position, figures, sat_out.get(player_id, 0), bye_points)
            if evening.games or evening.byes:  # else: registered, never played, not an evening of theirs
                members.setdefault(member, []).append(evening)
    return season, evenings, members
