"""Members of an organizer's club: the person behind the players of its tournaments, their
links, moves and merges (with their audit trail)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, case, func, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from ..club import STAT_COLUMNS, Contribution, game_records, records, rules
from ..club.errors import NotFound
from ..club.member import Merge
from ..names import name_key, reading
from . import season_totals
from .db import lock_rows
from .models import (
    GameSeat,
    MemberEvent,
    MemberRating,
    Player,
    PlayerStats,
    RatingStep,
    Tournament,
    utcnow,
)
from .models import Member as Member

# Every member's counts of players, from the players themselves (the migration that keeps them; a
# bulk load).
RECOUNT_PLAYERS = text(
    "UPDATE members SET players = (SELECT count(*) FROM players p WHERE p.member_id = members.id), "
    "public_players = (SELECT count(*) FROM players p JOIN tournaments t ON t.id = p.tournament_id "
    "WHERE p.member_id = members.id AND NOT t.private)"
)


def count_players(s: Session, changes: dict[int, tuple[int, int]]) -> None:
    """Add to members' counts of players (all, and in public tournaments): by member, in member
    order (two writers that share members lock them in the same order)."""
    for member_id in sorted(changes):
        players, public = changes[member_id]
        if players or public:
            s.execute(
                update(Member)
                .where(Member.id == member_id)
                .values(players=Member.players + players, public_players=Member.public_players + public)
                .execution_options(synchronize_session=False)
            )
    for obj in list(s.identity_map.values()):  # a member this session holds reads its counts again
        if isinstance(obj, Member) and obj.id in changes:
            s.expire(obj, ["players", "public_players"])


def find_or_create(s: Session, organizer_id: int, name: str) -> game_records.Member:
    """The member of that name (under the name rules: case, width, spaces), else a new one; a
    merged member's name finds the member it was merged into. One member per name key within an
    organizer (a unique index): requests adding one new name at once insert it once (``INSERT …
    ON CONFLICT DO NOTHING``, waiting for each other) and all find that one."""
    key = name_key(name)
    m = _by_key(s, organizer_id, key)
    if m is None:
        dialect = s.get_bind().dialect.name
        insert = sqlite_insert if dialect == "sqlite" else pg_insert
        s.execute(
            insert(Member)
            .values(organizer_id=organizer_id, name=name, name_key=key, reading=reading(name), created_at=utcnow())
            .on_conflict_do_nothing(index_elements=["organizer_id", "name_key"])
        )
        m = _by_key(s, organizer_id, key)
        assert m is not None
    return live(s, m)


def _by_key(s: Session, organizer_id: int, key: str) -> Member | None:
    return s.scalar(select(Member).where(Member.organizer_id == organizer_id, Member.name_key == key))


def live(s: Session, shown: game_records.Member) -> game_records.Member:
    """The member a merged one went into, following the merges (never a cycle: merge checks)."""
    m = s.get_one(Member, shown.id)
    for _ in range(1000):
        if m.merged_into is None:
            return m
        nxt = s.get(Member, m.merged_into)
        if nxt is None:
            return m
        m = nxt
    rules.merges_end(m.id)


def get_member(s: Session, organizer_id: int, member_id: int) -> game_records.Member:
    m = s.get(Member, member_id)
    if m is None or m.organizer_id != organizer_id:
        raise NotFound(f"organizer {organizer_id} has no member {member_id}")
    return m


def list_members(s: Session, organizer_id: int, *, public_only: bool = False) -> list[tuple[game_records.Member, int]]:
    """The club's members (merged ones left out), each with how many players (tournaments) it is.
    ``public_only``: counted in public tournaments only, and a member with none is left out (what
    anyone may see of a club). Every member: for the forms that pick one (page_of_members pages)."""
    where = [Member.organizer_id == organizer_id, Member.merged_into.is_(None)]
    if public_only:
        where.append(Member.public_players > 0)
    rows = s.scalars(select(Member).where(*where).order_by(Member.id))
    return [(m, m.public_players if public_only else m.players) for m in rows]


def page_of_members(
    s: Session,
    organizer_id: int,
    *,
    public_only: bool,
    limit: int,
    offset: int,
    by_rating: float | None = None,
) -> tuple[list[tuple[game_records.Member, int]], int]:
    """A page of the club's members in name order (their reading, then the name, then the id),
    each with how many players (tournaments) it is (kept on the member), and how many members
    there are in all. ``public_only``: only members who played in a public tournament, counting
    those. ``by_rating``: the strongest first (μ − 3σ; a member without a rating has this one),
    then by name."""
    where = [Member.organizer_id == organizer_id, Member.merged_into.is_(None)]
    if public_only:
        where.append(Member.public_players > 0)
    total = int(s.scalar(select(func.count()).select_from(Member).where(*where)) or 0)
    name = Member.name.collate("C") if s.get_bind().dialect.name == "postgresql" else Member.name
    q = select(Member).where(*where)
    by_name = (Member.reading, name, Member.id)
    if by_rating is None:
        q = q.order_by(*by_name)
    else:
        rating = func.coalesce(MemberRating.mu - 3 * MemberRating.sigma, by_rating)
        q = q.outerjoin(MemberRating, MemberRating.member_id == Member.id).order_by(rating.desc(), *by_name)
    members = list(s.scalars(q.limit(limit).offset(offset)))
    return [(m, m.public_players if public_only else m.players) for m in members], total


def players_of(s: Session, member_id: int) -> Sequence[tuple[records.Player, records.Tournament]]:
    rows = s.execute(
        select(Player, Tournament)
        .join(Tournament, Tournament.id == Player.tournament_id)
        .where(Player.member_id == member_id)
        .order_by(Tournament.id)
    ).all()
    return [(p, t) for p, t in rows]


def evenings_page(
    s: Session, member_id: int, *, public_only: bool, limit: int, before: int | None = None
) -> list[tuple[int, str, datetime, int, int, str, int, int]]:
    """A page of a member's evenings, the latest first (before tournament ``before``, if given):
    the tournament (id, name, when it was made, the points of a bye), the player (id, name), the
    games and their points. ``limit`` rows of an index on (member, tournament), whatever the
    history."""
    q = _EVENINGS[(public_only, before is not None)]
    rows = s.execute(q, {"member_id": member_id, "before": before, "limit": limit}).all()
    return [(int(a), b, c, int(d), int(e), f, int(g), int(h)) for a, b, c, d, e, f, g, h in rows]


def _evenings_of(public_only: bool, before: bool) -> Any:
    q = (
        select(
            Tournament.id,
            Tournament.name,
            Tournament.created_at,
            Tournament.bye_points,
            Player.id,
            Player.name,
            func.coalesce(PlayerStats.games, 0),
            func.coalesce(PlayerStats.total, 0),
        )
        .join(Tournament, Tournament.id == Player.tournament_id)
        .outerjoin(PlayerStats, PlayerStats.player_id == Player.id)
        .where(Player.member_id == bindparam("member_id"))
    )
    if public_only:
        q = q.where(Tournament.private.is_(False))
    if before:
        q = q.where(Player.tournament_id < bindparam("before"))
    return q.order_by(Player.tournament_id.desc()).limit(bindparam("limit"))


# built once (a page's ETag reads the first page): public or not, from the latest or before one
_EVENINGS = {(p, b): _evenings_of(p, b) for p in (False, True) for b in (False, True)}


def stats_of_players(s: Session, player_ids: Sequence[int]) -> dict[int, game_records.PlayerStats]:
    """The maintained totals of these players, by player."""
    rows = s.scalars(select(PlayerStats).where(PlayerStats.player_id.in_(list(player_ids) or [0])))
    return {x.player_id: x for x in rows}


def totals_of_players(s: Session, player_ids: Sequence[int]) -> Contribution:
    """The maintained totals of these players (player_stats), added up: games, points, wins and
    the same by role."""
    row = s.execute(
        select(*(func.coalesce(func.sum(getattr(PlayerStats, c)), 0) for c in STAT_COLUMNS)).where(
            PlayerStats.player_id.in_(list(player_ids) or [0])
        )
    ).one()
    return Contribution(*(int(v) for v in row))


def met(s: Session, member_id: int, crown: Sequence[str], latest: int) -> list[tuple[int, int, int]]:
    """Every other member who sat in one of the member's ``latest`` rated games: (member, games
    on the same side, games on the other side). The side is the crown's (``crown``: its roles) or
    not. The games are found by the rating steps (an index look-up), whatever the history's length."""
    games = (
        select(RatingStep.game_id)
        .where(RatingStep.member_id == member_id)
        .order_by(RatingStep.played_at.desc(), RatingStep.game_id.desc())
        .limit(latest)
        .cte("games")
    )
    seats = (
        select(GameSeat.game_id, GameSeat.role, Player.member_id)
        .join(games, games.c.game_id == GameSeat.game_id)
        .join(Player, Player.id == GameSeat.player_id)
        .where(GameSeat.counted.is_(True))
        .cte("seats")
    )
    me, other = seats.alias("me"), seats.alias("other")
    my_side = case((me.c.role.in_(list(crown)), 1), else_=0)
    their_side = case((other.c.role.in_(list(crown)), 1), else_=0)
    rows = s.execute(
        select(
            other.c.member_id,
            func.sum(case((my_side == their_side, 1), else_=0)),
            func.sum(case((my_side != their_side, 1), else_=0)),
        )
        .select_from(me)
        .join(other, (other.c.game_id == me.c.game_id) & (other.c.member_id != me.c.member_id))
        .where(me.c.member_id == member_id)
        .group_by(other.c.member_id)
    ).all()
    return [(int(m or 0), int(a), int(b)) for m, a, b in rows]


def names_of(s: Session, member_ids: Sequence[int]) -> dict[int, str]:
    return {m.id: m.name for m in s.scalars(select(Member).where(Member.id.in_(list(member_ids) or [0])))}


def member_of_players_in(s: Session, tournament_ids: Sequence[int]) -> dict[int, int]:
    """For every player of these tournaments, their member."""
    rows = s.execute(select(Player.id, Player.member_id).where(Player.tournament_id.in_(list(tournament_ids) or [0])))
    return {int(p): int(m or 0) for p, m in rows.all()}


def clash(s: Session, member_id: int, tournament_ids: Sequence[int]) -> int | None:
    """A tournament where the member already has a player (a member is one player a tournament)."""
    if not tournament_ids:
        return None
    return s.scalar(
        select(Player.tournament_id)
        .where(Player.member_id == member_id, Player.tournament_id.in_(list(tournament_ids)))
        .limit(1)
    )


def write_move(s: Session, player_id: int, to: int, organizer_id: int, key_id: int | None, reason: str | None) -> None:
    """A player linked to another member (``club.member.Member.take_player`` decided it): the
    player's row, the members' counts, the audit trail, and the player's evening marked for the
    seasons (it is the other member's now)."""
    p = s.get_one(Player, player_id)
    s.add(
        MemberEvent(
            organizer_id=organizer_id,
            action="moved",
            member_id=to,
            from_member_id=p.member_id,
            player_id=p.id,
            key_id=key_id,
            reason=reason,
        )
    )
    public = int(not s.get_one(Tournament, p.tournament_id).private)
    before = p.member_id
    p.member_id = to
    s.flush()
    count_players(s, {to: (1, public)} | ({before: (-1, -public)} if before is not None else {}))
    season_totals.changed(s, [p.tournament_id])


def holdings(s: Session, member_id: int) -> list[tuple[int, int]]:
    """The member's players, each with its tournament: (player id, tournament id)."""
    rows = s.execute(select(Player.id, Player.tournament_id).where(Player.member_id == member_id)).all()
    return [(int(p), int(t)) for p, t in rows]


def write_merge(
    s: Session, merge: Merge, organizer_id: int, tournaments: Sequence[int], key_id: int | None, reason: str | None
) -> None:
    """A merge (``club.member.Member.merge`` decided it) written: every player of the merged
    member moved, it marked merged, the counts moved with them, the audit trail, and the
    tournaments of the players that moved marked for the seasons."""
    s.execute(update(Player).where(Player.member_id == merge.other).values(member_id=merge.into))
    s.get_one(Member, merge.other).merged_into = merge.into
    s.flush()
    players, public = merge.counts
    count_players(s, {merge.into: (players, public), merge.other: (-players, -public)})
    season_totals.changed(s, tournaments)
    s.add(
        MemberEvent(
            organizer_id=organizer_id,
            action="merged",
            member_id=merge.into,
            from_member_id=merge.other,
            key_id=key_id,
            reason=reason,
        )
    )
    s.flush()


def tournaments_of(s: Session, member_ids: list[int]) -> list[int]:
    """The tournaments these members play in (a merge writes every one of them)."""
    return list(s.scalars(select(Player.tournament_id).where(Player.member_id.in_(member_ids)).distinct()))


def lock(s: Session, member_ids: list[int]) -> None:
    """Lock members for a merge, in id order (two merges at once wait for each other, never
    deadlock), and read them afresh: a merge checks what the other one left. PostgreSQL: ``FOR
    UPDATE``; SQLite: its write lock (db.lock_rows)."""
    lock_rows(s, Member, member_ids)


def events(s: Session, organizer_id: int, member_id: int) -> Sequence[game_records.MemberEvent]:
    return s.scalars(
        select(MemberEvent)
        .where(
            MemberEvent.organizer_id == organizer_id,
            (MemberEvent.member_id == member_id) | (MemberEvent.from_member_id == member_id),
        )
        .order_by(MemberEvent.id)
    ).all()
