"""Tournaments and their players."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..club import records, rules
from ..club.errors import NotFound
from ..core.ruleset import Ruleset
from ..names import name_key
from ..text_and_time import DEFAULT_ZONE
from . import members, season_totals
from .db import lock_rows
from .models import (
    Game,
    Organizer,
    Player,
    PlayerStats,
    Tournament,
    utcnow,
)


@dataclass(frozen=True, slots=True)
class TournamentRef:
    """A tournament as a game submission reads it (see KeyRef)."""

    id: int
    organizer_id: int
    ruleset_name: str
    ruleset_options: dict[str, Any]
    status: str
    private: bool
    deals_per_round: int = 1
    time_zone: str = DEFAULT_ZONE  # its own, or its organizer's


def tournament_ruleset(t: records.Tournament | TournamentRef) -> Ruleset:
    """The tournament's ruleset (``Ruleset.from_options`` builds each name and options once)."""
    return Ruleset.from_options(t.ruleset_name, t.ruleset_options)


def zone_of(s: Session, t: records.Tournament | TournamentRef) -> str:
    """The tournament's time zone: its own, or its organizer's."""
    if isinstance(t, TournamentRef):
        return t.time_zone
    return t.time_zone or organizer_zone(s, t.organizer_id)


def zone_of_id(s: Session, tournament_id: int) -> str:
    t = s.get(Tournament, tournament_id)
    return DEFAULT_ZONE if t is None else zone_of(s, t)


def organizer_zone(s: Session, organizer_id: int) -> str:
    return s.scalar(select(Organizer.time_zone).where(Organizer.id == organizer_id)) or DEFAULT_ZONE


def zones_of(s: Session, tournaments: Sequence[records.Tournament]) -> dict[int, str]:
    """Each tournament's time zone (its own, or its organizer's), by tournament id."""
    organizers = {t.organizer_id for t in tournaments if not t.time_zone}
    by_organizer = dict(
        s.execute(select(Organizer.id, Organizer.time_zone).where(Organizer.id.in_(organizers or {0}))).all()
    )
    return {t.id: t.time_zone or by_organizer.get(t.organizer_id, DEFAULT_ZONE) for t in tournaments}


SETTINGS = (
    "name",
    "private",
    "status",
    "seating",
    "bye_points",
    "deals_per_round",
    "table_link_hours",
    "time_zone",
    "player_pins",
)  # what a director may change of a tournament (``change``)


def change(s: Session, tournament_id: int, changes: Mapping[str, Any], rs: Ruleset | None = None) -> None:
    """A tournament's settings changed (those of SETTINGS in ``changes``), and its ruleset (``rs``)."""
    t = s.get_one(Tournament, tournament_id)
    was_private = t.private
    for field in SETTINGS:
        if field in changes:
            setattr(t, field, changes[field])
    if t.private != was_private:  # its players count in their members' public tournaments, or no more
        sign = -1 if t.private else 1
        by_member = s.execute(
            select(Player.member_id, func.count())
            .where(Player.tournament_id == tournament_id, Player.member_id.is_not(None))
            .group_by(Player.member_id)
        ).all()
        members.count_players(s, {m: (0, sign * int(n)) for m, n in by_member if m is not None})
    if rs is not None:
        set_ruleset(t, rs)
    if "bye_points" in changes or "private" in changes:  # every evening's total with its byes; or none
        s.flush()
        season_totals.changed(s, [tournament_id])


def set_ruleset(t: Tournament, rs: Ruleset) -> None:
    """Store the ruleset as its name and the options that differ from the preset."""
    t.ruleset_name = rs.name
    t.ruleset_options = rs.changed_options()


def create_tournament(
    s: Session, organizer_id: int, name: str, rs: Ruleset, private: bool, **settings: Any
) -> records.Tournament:
    """A new tournament (``settings``: more of SETTINGS)."""
    t = Tournament(organizer_id=organizer_id, name=name, private=private, **settings)
    set_ruleset(t, rs)
    s.add(t)
    s.flush()
    return t


def visible_tournament(s: Session, tournament_id: int, viewer: int | None) -> records.Tournament:
    """A tournament the viewer (an organizer id, or None) may read; private ones only to their owner."""
    t = s.get(Tournament, tournament_id)
    if t is None or (t.private and t.organizer_id != viewer):
        raise NotFound(f"no tournament {tournament_id}")
    return t


def get_tournament(s: Session, tournament_id: int) -> records.Tournament:
    """A tournament known to exist (a table's, a link's: never deleted), from the session where
    it was read already."""
    return s.get_one(Tournament, tournament_id)


def owned_tournament(s: Session, tournament_id: int, organizer_id: int) -> records.Tournament:
    """The organizer's tournament (as locked and read afresh by lock_for_write, where it was: then
    from the session, without asking the database again)."""
    return check_owner(s.get(Tournament, tournament_id), tournament_id, organizer_id)


def lock_for_write(s: Session, tournament_ids: Sequence[int]) -> list[records.Tournament]:
    """Take these tournaments' write locks, in id order, and read them afresh (those that exist).
    Every use case that writes a tournament takes it first (UnitOfWork.lock_tournaments), so its
    writers run one at a time and always lock the tournament before its rows: no read-then-write
    race, no deadlock. PostgreSQL: ``SELECT … FOR NO KEY UPDATE`` (the foreign-key checks of rows
    inserted below it take ``FOR KEY SHARE``, which it lets through). SQLite has no row locks: a
    write that changes nothing takes the database's write lock, held to the commit."""
    return lock_rows(s, Tournament, tournament_ids)


T = TypeVar("T", Tournament, "TournamentRef")


def by_ids(s: Session, ids: Sequence[int]) -> dict[int, records.Tournament]:
    """These tournaments, by id (those that exist)."""
    return {t.id: t for t in s.scalars(select(Tournament).where(Tournament.id.in_(list(ids) or [0])))}


def check_owner(t: T | None, tournament_id: int, organizer_id: int) -> T:
    if t is None or (t.private and t.organizer_id != organizer_id):
        raise NotFound(f"no tournament {tournament_id}")
    rules.owned(tournament_id, t.organizer_id, organizer_id)
    return t


def list_tournaments(
    s: Session, viewer: int | None, limit: int, offset: int
) -> tuple[Sequence[records.Tournament], int]:
    cond = (
        Tournament.private.is_(False)
        if viewer is None
        else (Tournament.private.is_(False) | (Tournament.organizer_id == viewer))
    )
    total = s.scalar(select(func.count()).select_from(Tournament).where(cond)) or 0
    rows = s.scalars(select(Tournament).where(cond).order_by(Tournament.id).limit(limit).offset(offset)).all()
    return rows, total


def has_games(s: Session, tournament_id: int) -> bool:
    return s.scalar(select(Game.id).where(Game.tournament_id == tournament_id).limit(1)) is not None


def with_games(s: Session, tournament_ids: Sequence[int]) -> set[int]:
    """Which of these tournaments have a stored game (their ruleset is frozen)."""
    if not tournament_ids:
        return set()
    return set(s.scalars(select(Game.tournament_id).where(Game.tournament_id.in_(tournament_ids)).distinct()))


def new_pin() -> str:
    """A player's PIN: four digits, from the system's secure source."""
    return f"{secrets.randbelow(10_000):04d}"


def pins_of(s: Session, tournament_id: int) -> dict[int, str | None]:
    rows = s.execute(select(Player.id, Player.pin).where(Player.tournament_id == tournament_id))
    return {player_id: pin for player_id, pin in rows}


def player_pin(s: Session, player_id: int) -> str | None:
    return s.scalar(select(Player.pin).where(Player.id == player_id))


def give_pins(s: Session, t: records.Tournament) -> None:
    """A PIN for each of the tournament's players who has none (the option just switched on)."""
    for p in s.scalars(select(Player).where(Player.tournament_id == t.id, Player.pin.is_(None))):
        p.pin = new_pin()


def add_player(s: Session, t: records.Tournament, name: str, member_id: int | None = None) -> records.Player:
    """A new player, and the club member they are: ``member_id``, else the member of that name
    (under the name rules), else a new member."""
    key = name_key(name)
    _name_free(s, t, key, name)
    member = (
        members.get_member(s, t.organizer_id, member_id)
        if member_id
        else members.find_or_create(s, t.organizer_id, name)
    )
    plays = s.scalar(select(Player.id).where(Player.tournament_id == t.id, Player.member_id == member.id))
    rules.joinable(t.id, member.id, member.name, member.merged_into, plays is not None)
    p = Player(
        tournament_id=t.id, name=name, name_key=key, member_id=member.id, pin=new_pin() if t.player_pins else None
    )
    s.add(p)
    s.flush()
    s.add(PlayerStats(player_id=p.id, tournament_id=t.id))
    s.flush()
    members.count_players(s, {member.id: (1, int(not t.private))})
    return p


def _name_free(s: Session, t: records.Tournament, key: str, name: str, player_id: int | None = None) -> None:
    """Refuse a name the tournament has already, as written or as a reader would take it (the
    same letters up to width, spaces and case: service/names.py)."""
    other = s.execute(
        select(Player.id, Player.name).where(Player.tournament_id == t.id, Player.name_key == key)
    ).first()
    rules.name_free(t.name, name, None if other is None else (other[0], other[1]), player_id)


def get_player(s: Session, tournament_id: int, player_id: int) -> records.Player:
    p = s.get(Player, player_id)
    if p is None or p.tournament_id != tournament_id:
        raise NotFound(f"tournament {tournament_id} has no player {player_id}")
    return p


def update_player(
    s: Session, shown: records.Player, *, name: str | None = None, withdrawn: bool | None = None
) -> records.Player:
    """Rename a player, withdraw them or take them back. Their games stay as they are."""
    p = s.get_one(Player, shown.id)
    if name is not None and name != p.name:
        key = name_key(name)
        t = s.get(Tournament, p.tournament_id)
        assert t is not None
        _name_free(s, t, key, name, p.id)
        p.name, p.name_key = name, key
    if withdrawn is not None and withdrawn != (p.withdrawn_at is not None):
        p.withdrawn_at = utcnow() if withdrawn else None
    s.flush()
    return p


def count_players(s: Session, tournament_id: int) -> int:
    return s.scalar(select(func.count()).select_from(Player).where(Player.tournament_id == tournament_id)) or 0


def list_players(s: Session, tournament_id: int, limit: int, offset: int) -> tuple[Sequence[records.Player], int]:
    total = s.scalar(select(func.count()).select_from(Player).where(Player.tournament_id == tournament_id)) or 0
    rows = s.scalars(
        select(Player).where(Player.tournament_id == tournament_id).order_by(Player.id).limit(limit).offset(offset)
    ).all()
    return rows, total
