"""A season's standings kept beside the games, so that reading them never adds up its history.

Each member's evening in a season is a row (season_evenings: the player's totals that evening,
the rounds sat out and the evening's total with their points), and each member's season is the
sum of those rows (season_members). A write that changes a tournament's standings — a game stored,
corrected or voided, a round drawn or taken back, the points of a bye, a tournament made private
or public, a player moved to another member — marks the tournament (season_marks) in its own
transaction; ``catch_up`` then reads the tournament's standings again, compares them with its rows
and adds the difference to its members' seasons and to its members' own totals
(member_totals.py): the cost of a few dozen rows, whatever the history. Changing a season's
tournaments builds its rows again in two statements (``rebuild``).

Locks, in the service's one order: the tournament first, then its seasons (id order), then the
members' season rows (member order), then the members' totals (member order)."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from typing import Any, cast

from sqlalchemy import Table, delete, func, insert, select, text
from sqlalchemy.orm import Session

from ..club.standing import STAT_COLUMNS, evening_total
from . import member_totals
from .club_models import Season, SeasonEvening, SeasonMark, SeasonMember, SeasonTournament
from .db import lock_rows
from .member_totals import KEPT as KEPT
from .models import Player, PlayerStats, Round, RoundSeat, Tournament

_EVENINGS = cast(Table, SeasonEvening.__table__)
_PENDING = "season_marks"  # the session's info: tournaments it marked, for the catch-up after commit

_ADD_TO_SEASON = member_totals.adding_to("season_members", ("season_id", "member_id"))

# A season's evenings from its tournaments' standings, in one statement (players of no member, of
# before members were kept, are one row).
REBUILD_EVENINGS = text(
    f"INSERT INTO season_evenings (season_id, member_id, tournament_id, position, {', '.join(KEPT)}) "
    "SELECT season_id, member_id, tournament_id, position, sum(total + bye_points * n), sum(n), "
    + ", ".join(f"sum({c})" for c in STAT_COLUMNS)
    + " FROM (SELECT st.season_id, COALESCE(p.member_id, 0) AS member_id, st.tournament_id, st.position, "
    "t.bye_points, (SELECT count(*) FROM round_seats rs WHERE rs.player_id = p.id AND rs.table_no IS NULL) AS n, "
    + ", ".join(f"ps.{c}" for c in STAT_COLUMNS)
    + " FROM season_tournaments st JOIN tournaments t ON t.id = st.tournament_id "
    "JOIN players p ON p.tournament_id = st.tournament_id JOIN player_stats ps ON ps.player_id = p.id "
    "WHERE st.season_id = :season_id AND NOT t.private) AS x WHERE games > 0 OR n > 0 "
    "GROUP BY season_id, member_id, tournament_id, position"
)

SUM_MEMBERS = text(
    f"INSERT INTO season_members (season_id, member_id, evenings, {', '.join(KEPT)}) "
    "SELECT season_id, member_id, count(*), "
    + ", ".join(f"sum({c})" for c in KEPT)
    + " FROM season_evenings WHERE season_id = :season_id GROUP BY season_id, member_id"
)

_MARK = text(
    "INSERT INTO season_marks (tournament_id, changes) VALUES (:t, 1) "
    "ON CONFLICT (tournament_id) DO UPDATE SET changes = season_marks.changes + 1"
)


def changed(s: Session, tournament_ids: Iterable[int]) -> None:
    """These tournaments' standings changed: they are marked, in this transaction (their members'
    rows and their seasons' are brought up to date after its commit)."""
    wanted = sorted(set(tournament_ids))
    for t in wanted:  # in id order, as every lock
        s.execute(_MARK, {"t": t})
    s.info.setdefault(_PENDING, set()).update(wanted)


def marked_too(s: Session, tournament_id: int) -> None:
    """A tournament a statement of this session may have marked itself (a game stored in one
    statement): the catch-up after the commit looks."""
    s.info.setdefault(_PENDING, set()).add(tournament_id)


def marked_here(s: Session) -> list[int]:
    """The tournaments this session marked (and forgets them): the catch-up after its commit."""
    return sorted(s.info.pop(_PENDING, ()))


def marked(s: Session, limit: int = 100) -> list[int]:
    """Marked tournaments, the oldest first (the worker's list)."""
    return list(s.scalars(select(SeasonMark.tournament_id).order_by(SeasonMark.tournament_id).limit(limit)))


def catch_up(s: Session, tournament_id: int) -> bool:
    """Bring the rows kept of a marked tournament's evenings — its members' and its seasons' — up
    to date with its standings (whether it was marked). The caller commits."""
    mark_of = select(SeasonMark.changes).where(SeasonMark.tournament_id == tournament_id)
    if s.scalar(mark_of) is None:  # nothing to take in: no lock taken
        return False
    lock_rows(s, Tournament, [tournament_id])
    changes = s.scalar(mark_of)
    if changes is None:  # another catch-up took it in meanwhile
        return False
    places = s.execute(
        select(SeasonTournament.season_id, SeasonTournament.position)
        .where(SeasonTournament.tournament_id == tournament_id)
        .order_by(SeasonTournament.season_id)
    ).all()
    private, now = _evenings_of(s, tournament_id)
    if places:
        lock_rows(s, Season, [season_id for season_id, _ in places])
        for season_id, position in places:  # a season is made of public evenings: a private one counts none
            _take_in(s, season_id, tournament_id, position, {} if private else now)
    member_totals.take_in(s, tournament_id, private, now)
    # Only the change read here: one marked while this ran leaves its mark for the next catch-up.
    s.execute(delete(SeasonMark).where(SeasonMark.tournament_id == tournament_id, SeasonMark.changes == changes))
    return True


def _evenings_of(s: Session, tournament_id: int) -> tuple[bool, dict[int, tuple[int, ...]]]:
    """Whether the tournament is private, and its evenings as its members' rows keep them (KEPT),
    by member: those who played a game or sat out a round."""
    t = s.get_one(Tournament, tournament_id)
    sat_out = dict(
        s.execute(
            select(RoundSeat.player_id, func.count())
            .join(Round, Round.id == RoundSeat.round_id)
            .where(Round.tournament_id == tournament_id, RoundSeat.table_no.is_(None))
            .group_by(RoundSeat.player_id)
        ).all()
    )
    rows = s.execute(
        select(Player.id, Player.member_id, *(getattr(PlayerStats, c) for c in STAT_COLUMNS))
        .join(PlayerStats, PlayerStats.player_id == Player.id)
        .where(Player.tournament_id == tournament_id)
    ).all()
    out: dict[int, list[int]] = {}
    for r in rows:
        figures = [int(v) for v in r[2:]]
        n = sat_out.get(r[0], 0)
        if not (figures[STAT_COLUMNS.index("games")] or n):
            continue
        kept = [evening_total(figures[STAT_COLUMNS.index("total")], n, t.bye_points), n, *figures]
        member = r[1] or 0
        if member in out:  # players of no member (before members were kept) are one row
            kept = [a + b for a, b in zip(out[member], kept, strict=True)]
        out[member] = kept
    return t.private, {m: tuple(v) for m, v in out.items()}


def _take_in(s: Session, season_id: int, tournament_id: int, position: int, now: dict[int, tuple[int, ...]]) -> None:
    """The difference between the tournament's rows in the season and its evenings now, written
    and added to its members' seasons."""
    kept = {
        r[0]: tuple(int(v) for v in r[1:])
        for r in s.execute(
            select(SeasonEvening.member_id, *(getattr(SeasonEvening, c) for c in KEPT)).where(
                SeasonEvening.season_id == season_id, SeasonEvening.tournament_id == tournament_id
            )
        )
    }
    changed = sorted(m for m in set(kept) | set(now) if kept.get(m) != now.get(m))
    if not changed:
        return
    s.execute(
        delete(SeasonEvening).where(
            SeasonEvening.season_id == season_id,
            SeasonEvening.tournament_id == tournament_id,
            SeasonEvening.member_id.in_(changed),
        )
    )
    fresh = [m for m in changed if m in now]
    if fresh:
        s.execute(
            insert(_EVENINGS),
            [
                {"season_id": season_id, "member_id": m, "tournament_id": tournament_id, "position": position}
                | dict(zip(KEPT, now[m], strict=True))
                for m in fresh
            ],
        )
    zero = (0,) * len(KEPT)
    s.execute(
        _ADD_TO_SEASON,
        [
            {"season_id": season_id, "member_id": m, "evenings": int(m in now) - int(m in kept)}
            | {c: a - b for c, a, b in zip(KEPT, now.get(m, zero), kept.get(m, zero), strict=True)}
            for m in changed  # in member order: two catch-ups of one season never deadlock
        ],
    )


def rebuild(s: Session, season_id: int) -> None:
    """A season's rows built again from its tournaments' standings (its tournaments changed)."""
    lock_rows(s, Season, [season_id])
    s.execute(delete(SeasonEvening).where(SeasonEvening.season_id == season_id))
    s.execute(delete(SeasonMember).where(SeasonMember.season_id == season_id))
    s.execute(REBUILD_EVENINGS, {"season_id": season_id})
    s.execute(SUM_MEMBERS, {"season_id": season_id})


# --- reading -------------------------------------------------------------------------------------


def members(s: Session, season_id: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each member of the season with an evening: the member, their number of evenings and the
    sums of them all (KEPT)."""
    rows = s.execute(
        select(SeasonMember.member_id, SeasonMember.evenings, *(getattr(SeasonMember, c) for c in KEPT)).where(
            SeasonMember.season_id == season_id, SeasonMember.evenings > 0
        )
    ).all()
    return [(r[0], int(r[1]), tuple(int(v) for v in r[2:])) for r in rows]


def best_evenings(s: Session, season_id: int, n: int) -> dict[int, list[Any]]:
    """Each member's best ``n`` evenings of the season (the earlier among equal totals): the
    tournament, its position, its total, the byes and the figures (STAT_COLUMNS). PostgreSQL reads
    N rows of an index a member (a lateral join); SQLite, the embedded default of a small club,
    numbers each member's evenings."""
    columns = ", ".join(f"e.{c}" for c in ("tournament_id", "position", "evening_total", "byes", *STAT_COLUMNS))
    if s.get_bind().dialect.name == "postgresql":
        query = (
            f"SELECT m.member_id, {columns} FROM season_members m CROSS JOIN LATERAL ("
            "SELECT * FROM season_evenings e WHERE e.season_id = m.season_id AND e.member_id = m.member_id "
            "ORDER BY e.evening_total DESC, e.position LIMIT :n) AS e WHERE m.season_id = :season_id"
        )
    else:
        query = (
            f"SELECT e.member_id, {columns} FROM (SELECT *, row_number() OVER (PARTITION BY member_id "
            "ORDER BY evening_total DESC, position) AS k FROM season_evenings WHERE season_id = :season_id) AS e "
            "WHERE e.k <= :n"
        )
    out: dict[int, list[Any]] = {}
    for r in s.execute(text(query), {"season_id": season_id, "n": n}):
        out.setdefault(r[0], []).append(r[1:])
    return out


def sums_between(
    s: Session, season_id: int, member_ids: Sequence[int], positions: Sequence[int]
) -> dict[tuple[int, int], int]:
    """These members' evening totals summed between the given positions of the season (in order):
    (member, j) → the sum of their evenings after position j−1, up to and including position j.
    PostgreSQL sums them where the rows lie (width_bucket over the positions: a few hundred sums,
    however long the season); SQLite, the embedded default of a small club, sums them here."""
    members = list(member_ids) or [0]
    out: dict[tuple[int, int], int] = {}
    if s.get_bind().dialect.name == "postgresql":
        rows = s.execute(
            text(
                "SELECT member_id, width_bucket(position, CAST(:above AS integer[])) AS j, sum(evening_total) "
                "FROM season_evenings WHERE season_id = :season_id AND member_id = ANY(:members) GROUP BY member_id, j"
            ),
            {"season_id": season_id, "members": members, "above": [p + 1 for p in positions]},
        )
        return {(int(m), int(j)): int(total) for m, j, total in rows}
    for m, position, total in s.execute(
        select(SeasonEvening.member_id, SeasonEvening.position, SeasonEvening.evening_total).where(
            SeasonEvening.season_id == season_id, SeasonEvening.member_id.in_(members)
        )
    ):
        key = (int(m), bisect.bisect_left(positions, position))
        out[key] = out.get(key, 0) + int(total)
    return out
