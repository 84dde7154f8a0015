"""A member's totals kept beside the games, so that a member's page never adds up their history.

Each member's evening is a row (member_evenings: the player's totals that evening, the rounds sat
out, the evening's total with their points, and whether the tournament is private), and each
member's totals are the sums of those rows, apart for public and private tournaments
(member_totals: anyone sees the public ones, the organizer both). They are brought up to date by
the same catch-up as the seasons' rows (season_totals.catch_up: a write that changes a
tournament's standings marks it, the catch-up compares the tournament's evenings with its rows and
adds the difference), in member order after the tournament's lock and its seasons'."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, TextClause, bindparam, delete, func, insert, select, text
from sqlalchemy.orm import Session

from ..club.standing import STAT_COLUMNS, Contribution
from .club_models import MemberEvening, MemberTotals

# What an evening keeps, and what the totals add up (with the number of evenings).
KEPT: tuple[str, ...] = ("evening_total", "byes", *STAT_COLUMNS)
_EVENINGS = cast(Table, MemberEvening.__table__)


def adding_to(table: str, key: tuple[str, ...]) -> TextClause:
    """The statement that adds a row's evenings and KEPT figures (bound by name) to the sums kept
    in ``table`` under ``key``, making the row if it has none (SQLite and PostgreSQL alike)."""
    columns = (*key, "evenings", *KEPT)
    return text(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)}) "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET "
        + ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in ("evenings", *KEPT))
    )


_ADD = adding_to("member_totals", ("member_id", "private"))

# Every member's evenings from the tournaments' standings, and their totals, in two statements (the
# migration that keeps them; a bulk load). Players of no member are one row.
REBUILD_EVENINGS = text(
    f"INSERT INTO member_evenings (member_id, tournament_id, private, {', '.join(KEPT)}) "
    "SELECT member_id, tournament_id, private, sum(total + bye_points * n), sum(n), "
    + ", ".join(f"sum({c})" for c in STAT_COLUMNS)
    + " FROM (SELECT COALESCE(p.member_id, 0) AS member_id, p.tournament_id, t.private, t.bye_points, "
    "(SELECT count(*) FROM round_seats rs WHERE rs.player_id = p.id AND rs.table_no IS NULL) AS n, "
    + ", ".join(f"ps.{c}" for c in STAT_COLUMNS)
    + " FROM players p JOIN tournaments t ON t.id = p.tournament_id JOIN player_stats ps ON ps.player_id = p.id"
    ") AS x WHERE games > 0 OR n > 0 GROUP BY member_id, tournament_id, private"
)
SUM_TOTALS = text(
    f"INSERT INTO member_totals (member_id, private, evenings, {', '.join(KEPT)}) "
    "SELECT member_id, private, count(*), "
    + ", ".join(f"sum({c})" for c in KEPT)
    + " FROM member_evenings GROUP BY member_id, private"
)


def take_in(s: Session, tournament_id: int, private: bool, now: dict[int, tuple[int, ...]]) -> None:
    """The difference between the tournament's member rows and its evenings now (KEPT by member;
    ``private``: the tournament's now), written and added to its members' totals."""
    kept = {
        r[0]: (bool(r[1]), tuple(int(v) for v in r[2:]))
        for r in s.execute(
            select(MemberEvening.member_id, MemberEvening.private, *(getattr(MemberEvening, c) for c in KEPT)).where(
                MemberEvening.tournament_id == tournament_id
            )
        )
    }
    fresh = {m: (private, v) for m, v in now.items()}
    changed = sorted(m for m in set(kept) | set(fresh) if kept.get(m) != fresh.get(m))
    if not changed:
        return
    s.execute(
        delete(MemberEvening).where(MemberEvening.tournament_id == tournament_id, MemberEvening.member_id.in_(changed))
    )
    added = [m for m in changed if m in fresh]
    if added:
        s.execute(
            insert(_EVENINGS),
            [
                {"member_id": m, "tournament_id": tournament_id, "private": private}
                | dict(zip(KEPT, now[m], strict=True))
                for m in added
            ],
        )
    sums: dict[tuple[int, bool], list[int]] = {}
    for m in changed:
        for sign, row in ((-1, kept.get(m)), (1, fresh.get(m))):
            if row is not None:
                into = sums.setdefault((m, row[0]), [0] * (len(KEPT) + 1))
                into[0] += sign
                for k, v in enumerate(row[1], start=1):
                    into[k] += sign * v
    s.execute(
        _ADD,
        [
            {"member_id": m, "private": p, "evenings": d[0]} | dict(zip(KEPT, d[1:], strict=True))
            for (m, p), d in sorted(sums.items())  # in member order: two catch-ups never deadlock
        ],
    )


def _totals_of(public_only: bool) -> Any:
    q = select(*(func.coalesce(func.sum(getattr(MemberTotals, c)), 0) for c in KEPT)).where(
        MemberTotals.member_id == bindparam("member_id")
    )
    return q.where(MemberTotals.private.is_(False)) if public_only else q


_TOTALS = {public: _totals_of(public) for public in (False, True)}  # built once: a page's ETag reads it


def totals(s: Session, member_id: int, *, public_only: bool) -> tuple[int, Contribution]:
    """A member's total (games' points and byes') and figures over their tournaments (public ones,
    or all): one or two kept rows."""
    total, _, *figures = (int(v) for v in s.execute(_TOTALS[public_only], {"member_id": member_id}).one())
    return total, Contribution(*figures)


def total_since(s: Session, member_id: int, since: int, *, public_only: bool) -> int:
    """The total of a member's evenings from tournament ``since`` on (a range of their rows)."""
    q = select(func.coalesce(func.sum(MemberEvening.evening_total), 0)).where(
        MemberEvening.member_id == member_id, MemberEvening.tournament_id >= since
    )
    if public_only:
        q = q.where(MemberEvening.private.is_(False))
    return int(s.scalar(q) or 0)
