"""A game submission's first look-up: the key behind the request, the tournament, and whether
the five players named play in it, in one round trip (every submission asks)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from .fastpath import Prepared, is_postgresql
from .keys import KeyRef, hash_secret
from .models import ApiKey, Organizer, Player, Tournament
from .tournaments import TournamentRef, check_owner

__all__ = ["GameTarget", "game_target"]


@dataclass(frozen=True, slots=True)
class GameTarget:
    """What a game submission checks before it is adjudicated, read in one query."""

    key: KeyRef | None  # None: no such key, or revoked
    tournament: TournamentRef | None  # None: no such tournament
    players_known: int  # how many of the given player ids are players of that tournament, not withdrawn
    names: dict[int, str] = field(default_factory=dict)  # the given players' names, by id

    def owned(self, tournament_id: int, organizer_id: int) -> TournamentRef:
        """The tournament, if this organizer may write to it (else NotFound or Forbidden)."""
        return check_owner(self.tournament, tournament_id, organizer_id)


_KEY_COLUMNS = tuple(f.name for f in fields(KeyRef))
# The tournament's columns, and its time zone: its own, or its organizer's.
_TOURNAMENT_COLUMNS = tuple(f.name for f in fields(TournamentRef) if f.name != "time_zone")
_ZONE_SQL = "coalesce(t.time_zone, (SELECT o.time_zone FROM organizers AS o WHERE o.id = t.organizer_id))"
_PG_GAME_TARGET = Prepared(
    "baohuang_game_target",
    [("tournament_id", "integer"), ("player_ids", "integer[]"), ("secret_hash", "varchar")],
    f"""
SELECT {", ".join(f"k.{c}" for c in _KEY_COLUMNS)}, {", ".join(f"t.{c}" for c in _TOURNAMENT_COLUMNS)}, {_ZONE_SQL},
    (SELECT count(*) FROM players AS p
     WHERE p.tournament_id = :tournament_id AND p.id = ANY(:player_ids) AND p.withdrawn_at IS NULL),
    (SELECT json_agg(json_build_array(p.id, p.name)) FROM players AS p
     WHERE p.tournament_id = :tournament_id AND p.id = ANY(:player_ids))
FROM api_keys AS k LEFT JOIN tournaments AS t ON t.id = :tournament_id
WHERE k.secret_hash = :secret_hash
""",
)
_GAME_TARGET = (
    select(
        *(ApiKey.__table__.c[c] for c in _KEY_COLUMNS),
        *(Tournament.__table__.c[c] for c in _TOURNAMENT_COLUMNS),
        func.coalesce(
            Tournament.time_zone,
            select(Organizer.time_zone).where(Organizer.id == Tournament.organizer_id).scalar_subquery(),
        ),
        select(func.count())
        .select_from(Player)
        .where(
            Player.tournament_id == bindparam("tournament_id"),
            Player.id.in_(bindparam("player_ids", expanding=True)),
            Player.withdrawn_at.is_(None),
        )
        .scalar_subquery(),
        select(func.json_group_array(func.json_array(Player.id, Player.name)))
        .where(
            Player.tournament_id == bindparam("tournament_id"),
            Player.id.in_(bindparam("player_ids", expanding=True)),
        )
        .scalar_subquery(),
    )
    .select_from(ApiKey.__table__)
    .outerjoin(Tournament.__table__, Tournament.id == bindparam("tournament_id"))
    .where(ApiKey.secret_hash == bindparam("secret_hash"))
)


def game_target(
    s: Session, secret: str, tournament_id: int, player_ids: Sequence[int], *, hashed: bool = False
) -> GameTarget:
    """The key behind ``secret`` (its hash, if ``hashed``: a signed-in page keeps only that), the
    tournament and how many of ``player_ids`` play in it: one round trip for what would otherwise
    be three (every game submission asks)."""
    digest = secret if hashed else hash_secret(secret)
    values = {"tournament_id": tournament_id, "player_ids": list(player_ids), "secret_hash": digest}
    pg = is_postgresql(s)
    row = _PG_GAME_TARGET.run(s, values) if pg else s.connection().execute(_GAME_TARGET, values).first()
    if row is None:
        return GameTarget(None, None, 0)
    nk = len(_KEY_COLUMNS)
    key = KeyRef(*row[:nk])
    t = None if row[nk] is None else TournamentRef(*row[nk : nk + len(_TOURNAMENT_COLUMNS) + 1])
    pairs = row[-1] if pg else json.loads(row[-1] or "[]")
    names = {pid: name for pid, name in pairs or ()}
    return GameTarget(None if key.revoked_at is not None else key, t, row[-2], names)
