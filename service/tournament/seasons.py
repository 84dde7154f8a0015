"""Seasons: a club's tournaments (its evenings) added up per member. A season counts every
evening, or each member's best N; its standings are the sum of its tournaments' standings (byes
included), with games, the average per game, the evenings played and the figures by role,
ranked as tournament standings are (shared ranks, then pinyin order). ``after`` gives the
standings as they stood after any evening of the season."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..club import Evening, role_figures, season_row
from ..core.errors import Problem
from ..persistence import members as members_repo
from ..persistence import seasons as seasons_repo
from ..persistence import standings as standings_repo
from ..persistence import tournaments as tournaments_repo
from ..persistence.errors import NotFound
from ..persistence.models import Season, Tournament
from ..problems import invalid_record
from .clubs import acts_for
from .errors import Rejected
from .members import tournaments_of
from .unit_of_work import UnitOfWork

COUNTING = ("all", "best")


def season_json(season: Season, tournaments: list[Tournament]) -> dict[str, Any]:
    return {
        "id": season.id,
        "organizer_id": season.organizer_id,
        "name": season.name,
        "counting": season.counting,
        "best": season.best,
        "tournaments": [{"id": t.id, "name": t.name, "created_at": t.created_at} for t in tournaments],
        "created_at": season.created_at,
    }


def _tournaments(uow: UnitOfWork, season: Season) -> list[Tournament]:
    ids = seasons_repo.tournament_ids(uow.session, season.id)
    found = tournaments_repo.by_ids(uow.session, ids)
    return [found[i] for i in ids if i in found and not found[i].private]


def _best_given(counting: str, best: int | None) -> None:
    """A season counting each member's best N says N (else it would count nothing, or all)."""
    if counting == "best" and best is None:
        problem = Problem("/best", "missing_field", 'a season counting "best" says how many evenings count: best')
        raise Rejected(invalid_record([problem], "request"))


def create_season(
    uow: UnitOfWork, acting: int, organizer_id: int, name: str, counting: str, best: int | None, tournaments: list[int]
) -> dict[str, Any]:
    acts_for(organizer_id, acting)
    _best_given(counting, best)
    chosen = tournaments_of(uow, organizer_id, tournaments)
    season = seasons_repo.create(uow.session, organizer_id, name, counting, best if counting == "best" else None)
    seasons_repo.set_tournaments(uow.session, season.id, [t.id for t in chosen])
    uow.commit()
    return season_json(season, chosen)


def change_season(
    uow: UnitOfWork, acting: int, organizer_id: int, season_id: int, changes: dict[str, Any]
) -> dict[str, Any]:
    acts_for(organizer_id, acting)
    s = uow.session
    season = seasons_repo.get(s, organizer_id, season_id)
    if "name" in changes:
        season.name = changes["name"]
    if "counting" in changes:
        season.counting = changes["counting"]
    if "best" in changes or "counting" in changes:
        season.best = changes.get("best", season.best) if season.counting == "best" else None
        _best_given(season.counting, season.best)
    if "tournaments" in changes:
        chosen = tournaments_of(uow, organizer_id, changes["tournaments"])
        seasons_repo.set_tournaments(s, season.id, [t.id for t in chosen])
    uow.commit()
    return season_json(season, _tournaments(uow, season))


def list_seasons(uow: UnitOfWork, organizer_id: int) -> list[dict[str, Any]]:
    return [season_json(x, _tournaments(uow, x)) for x in seasons_repo.list_seasons(uow.session, organizer_id)]


def get_season(uow: UnitOfWork, organizer_id: int, season_id: int) -> dict[str, Any]:
    season = seasons_repo.get(uow.session, organizer_id, season_id)
    return season_json(season, _tournaments(uow, season))


def season_standings(uow: UnitOfWork, organizer_id: int, season_id: int, after: int | None = None) -> dict[str, Any]:
    """Each member's season: the sum of their evenings' standings (all of them, or their best N
    by total), ranked. ``after``: only the season's evenings up to that tournament."""
    season, evenings, members = _evenings(uow, organizer_id, season_id, after)
    return {
        "season_id": season.id,
        "counting": season.counting,
        "best": season.best,
        "after": after,
        "tournaments": [t.id for t in evenings],
        "order": standings_repo.STANDINGS_ORDER.replace("players", "members"),
        "standings": _rows(uow, organizer_id, season, members),
    }


def season_leaders(
    uow: UnitOfWork, organizer_id: int, season_id: int, top: int = 5
) -> tuple[list[tuple[str, dict[int, int]]], dict[int, str], list[int]]:
    """The season page's chart of its leaders, from the same one pass as the standings: each
    evening in order with each member's total that evening, the members' names, and the
    ``top`` members of the standings."""
    season, evenings, members = _evenings(uow, organizer_id, season_id, None)
    rows = _rows(uow, organizer_id, season, members)
    totals: dict[int, dict[int, int]] = {t.id: {} for t in evenings}
    for member, played in members.items():
        for e in played:
            totals[e.tournament_id][member] = e.total
    names = {row["member_id"]: row["name"] for row in rows}
    return [(t.name, totals[t.id]) for t in evenings], names, [row["member_id"] for row in rows[:top]]


def _rows(
    uow: UnitOfWork, organizer_id: int, season: Season, members: dict[int, list[Evening]]
) -> list[dict[str, Any]]:
    names = {m.id: m.name for m, _ in members_repo.list_members(uow.session, organizer_id)}
    rows = [_member_row(m, played, names.get(m, "?"), season) for m, played in members.items()]
    return standings_repo.ranked(rows, "member_id")


def _evenings(
    uow: UnitOfWork, organizer_id: int, season_id: int, after: int | None
) -> tuple[Season, list[Tournament], dict[int, list[Evening]]]:
    """The season, its evenings (up to ``after``) and, per member, each evening they played:
    its standing (total with byes, games, wins, byes, points without byes) and role figures."""
    s = uow.session
    season = seasons_repo.get(s, organizer_id, season_id)
    evenings = _tournaments(uow, season)
    if after is not None:
        ids = [t.id for t in evenings]
        if after not in ids:
            raise NotFound(f"season {season_id} has no tournament {after}")
        evenings = evenings[: ids.index(after) + 1]
    members: dict[int, list[Evening]] = {}
    player_member = members_repo.member_of_players_in(s, [t.id for t in evenings])
    seats_of: dict[tuple[int, int], list[tuple[str, int]]] = defaultdict(list)
    for tid, pid, role, points in members_repo.counted_seats_in(s, [t.id for t in evenings]):
        seats_of[(player_member.get(pid, 0), tid)].append((role, points))
    for position, t in enumerate(evenings):
        for row in standings_repo.standings(s, t.id, t.bye_points):
            if not row["games"] and not row["byes"]:
                continue  # registered, never played: not an evening of theirs
            member = int(player_member.get(row["player_id"]) or 0)
            members.setdefault(member, []).append(
                Evening(
                    tournament_id=t.id,
                    position=position,
                    total=row["total"],
                    games=row["games"],
                    wins=row["wins"],
                    byes=row["byes"],
                    points=row["total"] - t.bye_points * row["byes"],
                    roles=role_figures(seats_of[(member, t.id)]),
                )
            )
    return season, evenings, members


def _member_row(member: int, played: list[Evening], name: str, season: Season) -> dict[str, Any]:
    """A member's season row as the API answers it: the club core's sums (club/season.py)."""
    row = season_row(played, season.counting, season.best)
    out: dict[str, Any] = {
        "rank": 0,
        "member_id": member,
        "name": name,
        "total": row.total,
        "games": row.games,
        "wins": row.wins,
        "byes": row.byes,
        "average": row.average,
        "evenings": row.evenings,
        "evenings_counted": row.evenings_counted,
        "counted_tournaments": list(row.counted_tournaments),
    }
    for role, f in row.roles.items():
        out[f"{role.value}_games"] = f.games
        out[f"{role.value}_wins"] = f.wins
        out[f"{role.value}_average"] = f.average
    return out
