"""Organizers and their keys, tournaments and their players: the use cases, and the one place
each is turned into what the answers show."""

from __future__ import annotations

import os
from datetime import timedelta
from typing import Any

from ..core.errors import Problem
from ..core.ruleset import Ruleset
from ..persistence import games as games_repo
from ..persistence import keys as keys_repo
from ..persistence import members as members_repo
from ..persistence import rounds as rounds_repo
from ..persistence import sessions as sessions_repo
from ..persistence import standings as standings_repo
from ..persistence import tables as tables_repo
from ..persistence import tournaments as tournaments_repo
from ..persistence import webhooks as webhooks_repo
from ..persistence.errors import Conflict, Forbidden
from ..persistence.models import ApiKey, Player, Tournament
from ..problems import invalid_record
from .errors import Rejected
from .unit_of_work import UnitOfWork

# --- presenting ------------------------------------------------------------------------------


def key_json(key: ApiKey, secret: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": key.id,
        "prefix": key.prefix,
        "label": key.label,
        "created_at": key.created_at,
        "revoked_at": key.revoked_at,
    }
    if secret is not None:
        out["secret"] = secret
    return out


def tournament_json(t: Tournament, frozen: bool) -> dict[str, Any]:
    return {
        "id": t.id,
        "organizer_id": t.organizer_id,
        "name": t.name,
        "ruleset": {"name": t.ruleset_name, "options": tournaments_repo.tournament_ruleset(t).options()},
        "status": t.status,
        "private": t.private,
        "frozen": frozen,
        "seating": t.seating,
        "bye_points": t.bye_points,
        "deals_per_round": t.deals_per_round,
        "table_link_hours": t.table_link_hours,
        "created_at": t.created_at,
    }


def player_json(p: Player) -> dict[str, Any]:
    return {
        "id": p.id,
        "tournament_id": p.tournament_id,
        "member_id": p.member_id,
        "name": p.name,
        "withdrawn": p.withdrawn_at is not None,
        "withdrawn_at": p.withdrawn_at,
        "created_at": p.created_at,
    }


def acts_for(organizer_id: int, acting: int) -> None:
    """Forbidden unless the acting organizer is the one the path names."""
    if organizer_id != acting:
        raise Forbidden("an API key acts only for its own organizer")


# --- organizers and keys -------------------------------------------------------------------------


def authenticate(uow: UnitOfWork, secret: str, *, hashed: bool = False) -> keys_repo.KeyRef | None:
    """The usable key behind ``secret``, or behind its hash (``hashed``: what a signed-in page
    keeps in its session instead of the key). None: unknown or revoked."""
    return keys_repo.authenticate_ref(uow.session, secret, hashed=hashed)


SESSION_LIFETIME = timedelta(hours=12)


def sign_in(uow: UnitOfWork, secret: str) -> str | None:
    """A page's session for the key ``secret`` (the token its cookie carries), or None for an
    unknown or revoked key."""
    key = keys_repo.authenticate_ref(uow.session, secret)
    if key is None:
        return None
    token = sessions_repo.open_session(uow.session, key.id, SESSION_LIFETIME)
    uow.commit()
    return token


def signed_in(uow: UnitOfWork, token: str) -> sessions_repo.SignedIn | None:
    """The session behind a page's token: None once signed out, run out, or its key revoked."""
    return sessions_repo.find_session(uow.session, token)


def sign_out(uow: UnitOfWork, token: str) -> None:
    """End the session: a copy of its cookie opens nothing afterwards."""
    sessions_repo.close_session(uow.session, token)
    uow.commit()


def register_organizer(uow: UnitOfWork, name: str) -> dict[str, Any]:
    org, key, secret = keys_repo.create_organizer(uow.session, name)
    uow.commit()
    return {
        "organizer": {"id": org.id, "name": org.name, "created_at": org.created_at},
        "key": key_json(key, secret),
    }


def list_keys(uow: UnitOfWork, acting: int, organizer_id: int) -> dict[str, Any]:
    acts_for(organizer_id, acting)
    return {"keys": [key_json(k) for k in keys_repo.list_keys(uow.session, organizer_id)]}


def issue_key(uow: UnitOfWork, acting: int, organizer_id: int, label: str | None) -> dict[str, Any]:
    acts_for(organizer_id, acting)
    key, secret = keys_repo.new_key(uow.session, organizer_id, label)
    uow.commit()
    return key_json(key, secret)


def revoke_key(uow: UnitOfWork, acting: int, organizer_id: int, key_id: int) -> dict[str, Any]:
    acts_for(organizer_id, acting)
    key = keys_repo.revoke_key(uow.session, organizer_id, key_id)
    sessions_repo.close_sessions_of_key(uow.session, key.id)  # its pages are signed out
    tables_repo.end_links(uow.session, key_id=key.id)  # and the table links it made end for good
    uow.commit()
    return key_json(key)


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
) -> dict[str, Any]:
    t = tournaments_repo.create_tournament(uow.session, acting, name, rs, private)
    t.seating, t.bye_points, t.deals_per_round = seating, bye_points, deals_per_round
    t.table_link_hours = table_link_hours
    uow.commit()
    return tournament_json(t, False)


def list_tournaments(uow: UnitOfWork, viewer: int | None, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
    s = uow.session
    rows, total = tournaments_repo.list_tournaments(s, viewer, limit, offset)
    frozen = tournaments_repo.with_games(s, [t.id for t in rows])
    return [tournament_json(t, t.id in frozen) for t in rows], total


def get_tournament(uow: UnitOfWork, viewer: int | None, tournament_id: int) -> dict[str, Any]:
    t = tournaments_repo.visible_tournament(uow.session, tournament_id, viewer)
    return tournament_json(t, tournaments_repo.has_games(uow.session, t.id))


def change_tournament(
    uow: UnitOfWork, acting: int, tournament_id: int, changes: dict[str, Any], rs: Ruleset | None
) -> dict[str, Any]:
    """Rename, close or reopen, make private or public; a new ruleset only before the first game."""
    s = uow.session
    t = tournaments_repo.owned_tournament(s, tournament_id, acting, lock=True)
    frozen = tournaments_repo.has_games(s, t.id)
    scoring = rs is not None or ("deals_per_round" in changes and changes["deals_per_round"] != t.deals_per_round)
    if scoring:
        waiting = tables_repo.open_entries_of_tournament(s, t.id)
        if waiting:
            # What a table was shown is what its confirmation stores: no scoring changes under it.
            raise Conflict(
                f"{waiting} table entr(y/ies) wait for confirmation or the director: the ruleset, its options and "
                "the deals a round cannot change until they are confirmed, settled or withdrawn",
                code="entries_open",
                open_entries=waiting,
            )
    if rs is not None:
        if frozen:
            raise Conflict("the ruleset is frozen: games are stored under it")
        tournaments_repo.set_ruleset(t, rs)
    closing = changes.get("status") == "closed" and t.status != "closed"
    if "deals_per_round" in changes:
        used = games_repo.highest_deal(s, t.id)
        if changes["deals_per_round"] < used:
            raise Conflict(f"tournament {t.id} has games entered as deal {used} of a round: keep at least {used} deals")
    if "private" in changes and changes["private"] != t.private:
        members_repo.forget_ratings(s, t.organizer_id)  # the ratings count public tournaments only
    for field in ("name", "private", "status", "seating", "bye_points", "deals_per_round", "table_link_hours"):
        if field in changes:
            setattr(t, field, changes[field])
    if closing:
        tables_repo.end_links(s, tournament_id=t.id)  # for good: reopening brings none back
        webhooks_repo.add_event(s, t.id, "tournament.closed", {"tournament_id": t.id})
    uow.commit()
    return tournament_json(t, frozen)


# --- players ----------------------------------------------------------------------------------------


# Players a tournament may have (withdrawn ones count): BAOHUANG_MAX_PLAYERS.
MAX_PLAYERS = int(os.environ.get("BAOHUANG_MAX_PLAYERS", "1000"))


def add_player(
    uow: UnitOfWork, acting: int, tournament_id: int, name: str, member_id: int | None = None
) -> dict[str, Any]:
    """Rejected (422 too_many_players) once the tournament has MAX_PLAYERS players."""
    t = tournaments_repo.owned_tournament(uow.session, tournament_id, acting, lock=True)
    count = tournaments_repo.count_players(uow.session, t.id)
    if count >= MAX_PLAYERS:
        problem = Problem(
            "",
            "too_many_players",
            f"tournament {t.id} has {count:,} players, the most a tournament may have here "
            f"(BAOHUANG_MAX_PLAYERS is {MAX_PLAYERS:,})",
            {"limit": MAX_PLAYERS},
        )
        raise Rejected(invalid_record([problem], "player"))
    p = tournaments_repo.add_player(uow.session, t, name, member_id)
    uow.commit()
    return player_json(p)


def list_players(
    uow: UnitOfWork, viewer: int | None, tournament_id: int, limit: int, offset: int
) -> tuple[list[dict[str, Any]], int]:
    t = tournaments_repo.visible_tournament(uow.session, tournament_id, viewer)
    rows, total = tournaments_repo.list_players(uow.session, t.id, limit, offset)
    return [player_json(p) for p in rows], total


def get_player(uow: UnitOfWork, viewer: int | None, tournament_id: int, player_id: int) -> dict[str, Any]:
    t = tournaments_repo.visible_tournament(uow.session, tournament_id, viewer)
    return player_json(tournaments_repo.get_player(uow.session, t.id, player_id))


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
) -> dict[str, Any]:
    """Rename, withdraw or take back a player; with ``member_id``, link the player (and every
    game of theirs) to another member of the club (kept in the members' audit trail)."""
    t = tournaments_repo.owned_tournament(uow.session, tournament_id, acting)
    p = tournaments_repo.update_player(
        uow.session, tournaments_repo.get_player(uow.session, t.id, player_id), name=name, withdrawn=withdrawn
    )
    if member_id is not None:
        members_repo.move_player(
            uow.session, p, members_repo.get_member(uow.session, acting, member_id), key_id, reason
        )
    uow.commit()
    return player_json(p)


# --- standings --------------------------------------------------------------------------------------


def standings(
    uow: UnitOfWork, viewer: int | None, tournament_id: int, round_number: int | None = None
) -> dict[str, Any]:
    """The standings now, or after a round (the games entered against it and the rounds before,
    and the rounds sat out until then)."""
    t = tournaments_repo.visible_tournament(uow.session, tournament_id, viewer)
    if round_number is None:
        rows = standings_repo.standings(uow.session, t.id, t.bye_points)
    else:
        rounds_repo.get_round(uow.session, t.id, round_number)  # NotFound
        rows = standings_repo.standings_from_games(uow.session, t.id, t.bye_points, up_to_round=round_number)
    return {"tournament_id": t.id, "round": round_number, "order": standings_repo.STANDINGS_ORDER, "standings": rows}
