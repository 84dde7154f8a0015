"""A tournament's players from a list, as a director pastes it (one name a line): all added, or
none, each refused line named."""

from __future__ import annotations

from ..club.errors import Conflict
from ..club.records import Player
from ..core.errors import Problem
from ..names import name_key
from .clubs import MAX_PLAYERS, PlayerInfo
from .errors import Rejected
from .unit_of_work import UnitOfWork

__all__ = ["add_players"]


def add_players(uow: UnitOfWork, acting: int, tournament_id: int, names: list[str]) -> list[PlayerInfo]:
    """Players from a list (one name a line, as a director pastes it), all or none: each name
    refused says which line (``/names/i``) and why (a name given twice, in the list or already
    in the tournament as a reader would take it); the tournament's bound on players holds."""
    uow.lock_tournaments([tournament_id])
    tournaments = uow.tournaments
    t = tournaments.owned(acting, tournament_id)
    t.may_add_players(len(names), MAX_PLAYERS)
    problems: list[Problem] = []
    first_line: dict[str, int] = {}
    added: list[Player] = []
    for i, name in enumerate(names):
        key = name_key(name)
        if key in first_line:
            problems.append(
                Problem(f"/names/{i}", "duplicate_name", f"{name} is the name on line {first_line[key] + 1} again")
            )
            continue
        first_line[key] = i
        try:
            added.append(tournaments.add_player(t, name, None))
        except Conflict as exc:
            problems.append(Problem(f"/names/{i}", "duplicate_name", str(exc)))
    if problems:
        raise Rejected(problems, "player")  # nothing is kept: the unit of work rolls back
    uow.commit()
    return [PlayerInfo.of(p) for p in added]
