"""Organizers and their keys, tournaments and their players: the use cases, and the one place
each is turned into what the answers show."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ..club import STANDINGS_ORDER, StandingRow
from ..club.errors import Forbidden
from ..club.records import ApiKey, Organizer, Player, Tournament
from ..core.record_form import read_ruleset
from ..core.ruleset import Ruleset
from ..persistence.sessions import SignedIn
from ..text_and_time import DEFAULT_ZONE
from .errors import MissingScope
from .scopes import PAGES
from .unit_of_work import KeyRef, UnitOfWork

# --- what the answers show -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ApiKeyInfo:
    """An API key as its organizer sees it; ``secret`` only when it was just made (shown once)."""

    id: int
    prefix: str
    label: str | None
    created_at: datetime
    revoked_at: datetime | None
    scopes: tuple[str, ...] = ()
    last_used_at: datetime | None = None
    secret: str | None = None

    @classmethod
    def of(cls, key: ApiKey, secret: str | None = None) -> ApiKeyInfo:
        scopes = tuple((key.scopes or "").split())
        return cls(key.id, key.prefix, key.label, key.created_at, key.revoked_at, scopes, key.last_used_at, secret)


@dataclass(frozen=True, slots=True)
class OrganizerInfo:
    id: int
    name: str
    created_at: datetime
    time_zone: str  # the club's time: IANA

    @classmethod
    def of(cls, org: Organizer) -> OrganizerInfo:
        return cls(org.id, org.name, org.created_at, org.time_zone)


@dataclass(frozen=True, slots=True)
class Registered:
    """A new organizer and its first key (its secret shown this once)."""

    organizer: OrganizerInfo
    key: ApiKeyInfo


@dataclass(frozen=True, slots=True)
class RulesetRef:
    """A tournament's ruleset: its name and its options (all of them, as the ruleset reads them)."""

    name: str
    options: dict[str, Any]

    def rules(self) -> Ruleset:
        return read_ruleset({"name": self.name, "options": self.options})


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """A tournament: its ruleset (frozen once a game is stored under it), status, privacy and how
    its rounds are seated and played."""

    id: int
    organizer_id: int
    name: str
    ruleset: RulesetRef
    status: str
    private: bool
    frozen: bool
    seating: str
    bye_points: int
    deals_per_round: int
    table_link_hours: int
    time_zone: str  # where it is played: its own IANA time zone, or its organizer's
    created_at: datetime
    player_pins: bool  # a table's player acts with their own PIN

    @classmethod
    def of(cls, t: Tournament, frozen: bool, zone: str) -> TournamentInfo:
        return cls(
            id=t.id,
            organizer_id=t.organizer_id,
            name=t.name,
            ruleset=RulesetRef(t.ruleset_name, Ruleset.from_options(t.ruleset_name, t.ruleset_options).options()),
            status=t.status,
            private=t.private,
            frozen=frozen,
            seating=t.seating,
            bye_points=t.bye_points,
            deals_per_round=t.deals_per_round,
            table_link_hours=t.table_link_hours,
            time_zone=zone,
            created_at=t.created_at,
            player_pins=t.player_pins,
        )


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: int
    tournament_id: int
    member_id: int | None
    name: str
    withdrawn: bool
    withdrawn_at: datetime | None
    created_at: datetime

    @classmethod
    def of(cls, p: Player) -> PlayerInfo:
        return cls(p.id, p.tournament_id, p.member_id, p.name, p.withdrawn_at is not None, p.withdrawn_at, p.created_at)


@dataclass(frozen=True, slots=True)
class Standings:
    """A tournament's standings now, or after a round, and the order they are ranked in."""

    tournament_id: int
    round: int | None
    order: str
    standings: list[StandingRow]


def acts_for(organizer_id: int, acting: int) -> None:
    """Forbidden unless the acting organizer is the one the path names."""
    if organizer_id != acting:
        raise Forbidden("an API key acts only for its own organizer")


# --- organizers and keys -------------------------------------------------------------------------


def authenticate(uow: UnitOfWork, secret: str, *, hashed: bool = False) -> KeyRef | None:
    """The usable key behind ``secret``, or behind its hash (``hashed``: what a signed-in page
    keeps in its session instead of the key). None: unknown or revoked."""
    return uow.organizers.authenticate(secret, hashed=hashed)


SESSION_LIFETIME = timedelta(hours=12)


def sign_in(uow: UnitOfWork, secret: str) -> str | None:
    """A page's session for the key ``secret`` (the token its cookie carries), or None for an
    unknown or revoked key. The pages are a director's: a key without read, enter and manage
    (an app's) is refused with MissingScope."""
    key = uow.organizers.authenticate(secret)
    if key is None:
        return None
    lacking = next((s for s in PAGES if not key.allows(s.value)), None)
    if lacking is not None:
        raise MissingScope(lacking.value)
    token = uow.organizers.open_session(key.id, SESSION_LIFETIME)
    uow.commit()
    return token


def signed_in(uow: UnitOfWork, token: str) -> SignedIn | None:
    """The session behind a page's token: None once signed out, run out, or its key revoked."""
    return uow.organizers.session_of(token)


def sign_out(uow: UnitOfWork, token: str) -> None:
    """End the session: a copy of its cookie opens nothing afterwards."""
    uow.organizers.close_session(token)
    uow.commit()


def register_organizer(uow: UnitOfWork, name: str, time_zone: str = DEFAULT_ZONE) -> Registered:
    org, key, secret = uow.organizers.register(name, time_zone)
    uow.commit()
    return Registered(OrganizerInfo.of(org), ApiKeyInfo.of(key, secret))


def get_organizer(uow: UnitOfWork, organizer_id: int) -> OrganizerInfo:
    """An organizer: its name and its club's time zone."""
    return OrganizerInfo.of(uow.organizers.organizer(organizer_id))


def change_organizer(
    uow: UnitOfWork, acting: int, organizer_id: int, name: str | None, time_zone: str | None
) -> OrganizerInfo:
    """Rename the club, or set its time zone (times already stored stay the same moments; they
    are read and shown in the new zone from now on, in every tournament without a zone of its own)."""
    acts_for(organizer_id, acting)
    organizers = uow.organizers
    organizers.organizer(organizer_id)  # NotFound
    organizers.change_organizer(organizer_id, name, time_zone)
    uow.commit()
    return OrganizerInfo.of(organizers.organizer(organizer_id))


# --- tournaments ------------------------------------------------------------------------------


def create_tournament(
    uow: UnitOfWork,
    acting: int,
    name: str,
    rs: Ruleset,
    private: bool,
    seating: str = "balanced",
    bye_points: int = 0,
    deals_per_round: int = 1,
    table_link_hours: int = 12,
    time_zone: str | None = None,
    player_pins: bool = False,
) -> TournamentInfo:
    t = uow.tournaments.create(
        acting,
        name,
        rs,
        private,
        seating=seating,
        bye_points=bye_points,
        deals_per_round=deals_per_round,
        table_link_hours=table_link_hours,
        time_zone=time_zone,
        player_pins=player_pins,
    )
    uow.commit()
    return TournamentInfo.of(t, False, uow.tournaments.zone_of(t))


def list_tournaments(uow: UnitOfWork, viewer: int | None, limit: int, offset: int) -> tuple[list[TournamentInfo], int]:
    rows, total = uow.tournaments.page(viewer, limit, offset)
    return [TournamentInfo.of(t, frozen, zone) for t, frozen, zone in rows], total


def get_tournament(uow: UnitOfWork, viewer: int | None, tournament_id: int) -> TournamentInfo:
    tournaments = uow.tournaments
    t = tournaments.visible(tournament_id, viewer)
    return TournamentInfo.of(t, tournaments.has_games(t.id), tournaments.zone_of(t))


def change_tournament(
    uow: UnitOfWork, acting: int, tournament_id: int, changes: Mapping[str, Any], rs: Ruleset | None
) -> TournamentInfo:
    """Rename, close or reopen, make private or public; a new ruleset only before the first game.
    The tournament decides (``club.tournament.Tournament.change``) on what it holds under its
    lock, and records what the change means; ``uow.tournaments`` writes it."""
    uow.lock_tournaments([tournament_id])
    tournaments = uow.tournaments
    t = tournaments.owned(acting, tournament_id)
    change = t.change(changes, new_ruleset=rs is not None)
    tournaments.save(t, change, changes, rs)
    uow.commit()
    row = tournaments.row(t.id)
    return TournamentInfo.of(row, t.has_games, tournaments.zone_of(row))


# --- players ----------------------------------------------------------------------------------------


# Players a tournament may have (withdrawn ones count): BAOHUANG_MAX_PLAYERS.
MAX_PLAYERS = int(os.environ.get("BAOHUANG_MAX_PLAYERS", "1000"))


def add_player(uow: UnitOfWork, acting: int, tournament_id: int, name: str, member_id: int | None = None) -> PlayerInfo:
    """Rejected (422 too_many_players) once the tournament has MAX_PLAYERS players."""
    uow.lock_tournaments([tournament_id])
    tournaments = uow.tournaments
    t = tournaments.owned(acting, tournament_id)
    t.may_add_player(MAX_PLAYERS)
    p = tournaments.add_player(t, name, member_id)
    uow.commit()
    return PlayerInfo.of(p)


def list_players(
    uow: UnitOfWork, viewer: int | None, tournament_id: int, limit: int, offset: int
) -> tuple[list[PlayerInfo], int]:
    t = uow.tournaments.visible(tournament_id, viewer)
    rows, total = uow.tournaments.players(t.id, limit, offset)
    return [PlayerInfo.of(p) for p in rows], total


def get_player(uow: UnitOfWork, viewer: int | None, tournament_id: int, player_id: int) -> PlayerInfo:
    t = uow.tournaments.visible(tournament_id, viewer)
    return PlayerInfo.of(uow.tournaments.player(t.id, player_id))


def change_player(
    uow: UnitOfWork,
    acting: int,
    tournament_id: int,
    player_id: int,
    name: str | None,
    withdrawn: bool | None,
    *,
    member_id: int | None = None,
    reason: str | None = None,
    key_id: int | None = None,
) -> PlayerInfo:
    """Rename, withdraw or take back a player; with ``member_id``, link the player (and every
    game of theirs) to another member of the club (kept in the members' audit trail)."""
    uow.lock_tournaments([tournament_id])
    tournaments = uow.tournaments
    t = tournaments.owned_row(acting, tournament_id)
    p = tournaments.change_player(tournaments.player(t.id, player_id), name=name, withdrawn=withdrawn)
    if member_id is not None:  # the member decides (club.member.Member.take_player)
        to = uow.members.get(acting, member_id)
        if to.take_player(p.id, member_now=p.member_id, clash=uow.members.clash(to.id, [p.tournament_id])):
            uow.members.save_move(p.id, to, key_id, reason)  # its games are another member's now
    uow.commit()
    return PlayerInfo.of(p)


# --- standings --------------------------------------------------------------------------------------


def standings(uow: UnitOfWork, viewer: int | None, tournament_id: int, round_number: int | None = None) -> Standings:
    """The standings now, or after a round (the games entered against it and the rounds before,
    and the rounds sat out until then)."""
    t = uow.tournaments.visible(tournament_id, viewer)
    return Standings(t.id, round_number, STANDINGS_ORDER, uow.tournaments.standings(t, round_number))
