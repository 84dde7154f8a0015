"""Members of a club: the person behind an organizer's players, across tournaments. A player
added to a tournament is a member (the one named, or the one of the same name under the name
rules, or a new one); a mistaken link is fixed by moving the player to another member or by
merging two members, each kept in the audit trail. A member's page is made from the club's public
tournaments (the organizer sees the private ones too): the evenings, the rating and its history,
the results by role, and who they play with and against most."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..club import CROWN, Part, RoleFigures, evening_total, role_figures_of
from ..club.errors import Conflict, NotFound
from ..club.game_records import Member, MemberEvent
from ..club.records import Tournament
from ..club.season import thinned
from ..names import sort_key
from ..persistence.keys import KeyRef
from ..persistence.member_store import Members as MembersRepository
from . import ratings
from .clubs import acts_for
from .ratings import Rating, RatingPoint
from .unit_of_work import UnitOfWork

ROLES = (Part.EMPEROR, Part.GUARD, Part.OTHER)  # the club core's roles, in the order the pages list them


class _Rated:
    """A member's rating, as the answers show it beside the member (``rated``)."""

    __slots__ = ()
    rated: Rating

    @property
    def rating(self) -> float:
        return self.rated.rating

    @property
    def mu(self) -> float:
        return self.rated.mu

    @property
    def sigma(self) -> float:
        return self.rated.sigma

    @property
    def games(self) -> int:
        return self.rated.games

    @property
    def provisional(self) -> bool:
        return self.rated.provisional


@dataclass(frozen=True, slots=True)
class MemberInfo(_Rated):
    """A member of the club with their rating now and how many players (tournaments) they are."""

    id: int
    organizer_id: int
    name: str
    merged_into: int | None
    players: int
    rated: Rating


@dataclass(frozen=True, slots=True)
class MemberName:
    """A member as a form offers them: id and name."""

    id: int
    name: str
    players: int


@dataclass(frozen=True, slots=True)
class MemberEvening:
    """One evening of a member: the tournament, the player they were in it, the games, the rounds
    sat out, the total as its standings give it (byes' points in), and the running total."""

    tournament_id: int
    tournament: str
    player_id: int
    name: str
    at: datetime
    games: int
    byes: int
    total: int
    cumulative: int


@dataclass(frozen=True, slots=True)
class Met:
    """Another member and how many games they sat on one side (partners), or across (opponents)."""

    member_id: int
    name: str | None
    games: int


@dataclass(frozen=True, slots=True)
class AuditEvent:
    """A line of the members' audit trail: a player moved to a member, or two members merged."""

    action: str
    member_id: int
    from_member_id: int | None
    player_id: int | None
    reason: str | None
    at: datetime

    @classmethod
    def of(cls, e: MemberEvent) -> AuditEvent:
        return cls(e.action, e.member_id, e.from_member_id, e.player_id, e.reason, e.at)


@dataclass(frozen=True, slots=True)
class MemberPage(_Rated):
    """A member's page as data: their evenings in order, their rating with its history, their
    results by role and as a rebel (造反), who they play with and against most, and the audit trail (the organizer's)."""

    id: int
    organizer_id: int
    name: str
    merged_into: int | None
    rated: Rating
    time_zone: str  # the club's: its times are read in it
    ratings: ratings.Freshness  # whether the club's ratings have taken in every change
    evenings: tuple[MemberEvening, ...]  # a page of them, in order: the latest, or before a tournament
    evenings_total: int  # how many evenings the member has in all
    evenings_before: int | None  # the earlier page: the evenings before this tournament
    rating_history: tuple[RatingPoint, ...]  # the rating at the end of each evening of the page
    rating_series: tuple[RatingPoint, ...]  # over the whole history: SERIES_POINTS steps spread evenly
    rating_steps: int  # the rated games: every step is in the rating history's pages
    by_role: tuple[RoleFigures, ...]  # as 皇帝, 保子 and 平民: every counted game once
    rebellion: RoleFigures  # of the games as 平民, those in which the member called 造反
    partners: tuple[Met, ...]
    opponents: tuple[Met, ...]
    events: tuple[AuditEvent, ...]


@dataclass(frozen=True, slots=True)
class Merged:
    """A merge done: the member kept, how many players moved to it, and the member merged."""

    id: int
    organizer_id: int
    name: str
    merged_into: int | None
    moved_players: int
    merged: int


@dataclass(frozen=True, slots=True)
class MemberList:
    """A page of the club's members in name order, and whether their ratings are up to date."""

    members: list[MemberInfo]
    total: int
    ratings: ratings.Freshness


def list_members(
    uow: UnitOfWork,
    organizer_id: int,
    viewer: int | None = None,
    *,
    limit: int = 100,
    offset: int = 0,
    by_rating: bool = False,
) -> MemberList:
    """A page of the club's members in name order (pinyin), or ``by_rating`` the strongest
    first, each with its rating now. Anyone but the organizer sees the members of public
    tournaments only, with their public tournaments counted. Reads only: the ratings are the last
    update's (``ratings`` says if one is pending)."""
    members = uow.members
    public_only = viewer != organizer_id
    unrated = ratings.rating_of(None).rating if by_rating else None
    page, total = members.page(organizer_id, public_only=public_only, limit=limit, offset=offset, by_rating=unrated)
    now = members.ratings_now(organizer_id, [m.id for m, _ in page])
    rows = [
        MemberInfo(m.id, m.organizer_id, m.name, m.merged_into, n, ratings.rating_of(now.get(m.id))) for m, n in page
    ]
    return MemberList(rows, total, ratings.freshness(uow, organizer_id))


def member_names(uow: UnitOfWork, organizer_id: int) -> list[MemberName]:
    """The club's members by name (pinyin order), without their ratings: what a form offers."""
    rows = [MemberName(m.id, m.name, n) for m, n in uow.members.names(organizer_id)]
    rows.sort(key=lambda r: (sort_key(r.name), r.id))
    return rows


# A member's evenings a page (the member page's table and charts; the API's default), and the
# steps of their whole rating history a chart draws (spread evenly, the first and the last).
EVENINGS_A_PAGE = 60
SERIES_POINTS = 120

# Members shown on a member's page as partners, and as opponents, and the member's latest rated
# games they are counted in (a member's page costs the same however long their history).
MET_SHOWN = 5
MET_GAMES = 1000


def get_member(
    uow: UnitOfWork,
    viewer: int | None,
    organizer_id: int,
    member_id: int,
    *,
    evenings: int = EVENINGS_A_PAGE,
    before: int | None = None,
) -> MemberPage:
    """A member's page as data, bounded whatever the history: a page of their evenings (the
    latest ``evenings``, or those before tournament ``before``: score and games by tournament, in
    order, with the running total), their rating at the end of each of those evenings (every step:
    ``rating_steps``), results by role, who they play with and against most, and the audit trail
    (the organizer's only). Anyone else sees public tournaments only, and no member of private
    ones. Reads only."""
    members = uow.members
    m, owner, count = _shown(members, viewer, organizer_id, member_id)
    page, earlier = _evenings(members, m.id, public_only=not owner, limit=evenings, before=before)
    by_role = role_figures_of(members.totals(m.id, public_only=not owner)[1])
    met = members.met(m.id, [r.value for r in CROWN], MET_GAMES)
    partners = sorted((x for x in met if x[1]), key=lambda x: (-x[1], x[0]))[:MET_SHOWN]
    opponents = sorted((x for x in met if x[2]), key=lambda x: (-x[2], x[0]))[:MET_SHOWN]
    names = members.names_of([x[0] for x in partners + opponents])
    rating = members.ratings_now(organizer_id, [m.id]).get(m.id)
    by_evening = members.rating_by_evening(m.id, [e.tournament_id for e in page])
    steps = rating.games if rating is not None else 0
    spread = members.rating_steps_at(m.id, [k + 1 for k in thinned(steps, SERIES_POINTS)])
    return MemberPage(
        id=m.id,
        organizer_id=m.organizer_id,
        name=m.name,
        merged_into=m.merged_into,
        rated=ratings.rating_of(rating),
        time_zone=members.organizer_zone(organizer_id),
        ratings=ratings.freshness(uow, organizer_id),
        evenings=page,
        evenings_total=count,
        evenings_before=earlier,
        rating_history=tuple(ratings.RatingPoint.at(*x) for x in by_evening),
        rating_series=tuple(ratings.RatingPoint.of(x) for x in spread),
        rating_steps=steps,
        by_role=tuple(by_role[r] for r in ROLES),
        rebellion=by_role[Part.REBEL],
        partners=tuple(Met(k, names.get(k), n) for k, n, _ in partners),
        opponents=tuple(Met(k, names.get(k), n) for k, _, n in opponents),
        events=tuple(AuditEvent.of(e) for e in members.events(organizer_id, m.id)) if owner else (),
    )


@dataclass(frozen=True, slots=True)
class RatingHistory:
    """A page of a member's rating after each of their rated games, in played order."""

    member_id: int
    steps: list[RatingPoint]
    total: int


def rating_history(
    uow: UnitOfWork, viewer: int | None, organizer_id: int, member_id: int, *, limit: int = 500, offset: int = 0
) -> RatingHistory:
    """Every step of a member's rating, a page at a time (the page of the member shows it by
    evening). Public tournaments only (ratings count no other)."""
    m = uow.members.row(organizer_id, member_id)
    if viewer != organizer_id and not m.public_players:
        raise NotFound(f"organizer {organizer_id} has no member {member_id}")
    steps, total = uow.members.rating_page(m.id, limit, offset)
    return RatingHistory(m.id, [RatingPoint.of(x) for x in steps], total)


def _evenings(
    members: MembersRepository, member_id: int, *, public_only: bool, limit: int, before: int | None
) -> tuple[tuple[MemberEvening, ...], int | None]:
    """A page of a member's evenings in order, each total as its standings give it (byes' points
    in: the club core's evening_total), with the running total (the total of every evening up to
    it: all of them less those after the page); and the tournament to ask the earlier page
    before, if there is one."""
    rows = members.evenings(member_id, public_only=public_only, limit=limit + 1, before=before)
    earlier = rows[limit - 1][0] if len(rows) > limit else None
    rows = rows[:limit]
    sat_out = members.byes_of_players([r[4] for r in rows])
    running, _ = members.totals(member_id, public_only=public_only)
    if before is not None:
        running -= members.total_since(member_id, before, public_only=public_only)
    out = []
    for tid, tournament, at, bye_points, pid, name, games, points in rows:  # the latest first
        byes = sat_out.get(pid, 0)
        total = evening_total(points, byes, bye_points)
        out.append(MemberEvening(tid, tournament, pid, name, at, games, byes, total, running))
        running -= total
    return tuple(reversed(out)), earlier


def _shown(
    members: MembersRepository, viewer: int | None, organizer_id: int, member_id: int
) -> tuple[Member, bool, int]:
    """The member, whether the viewer is the organizer, and how many evenings they are shown."""
    m = members.row(organizer_id, member_id)
    owner = viewer == organizer_id
    count = m.players if owner else m.public_players
    if not count and not owner and not (m.merged_into is not None and members.live(m).public_players > 0):
        # A member of private tournaments only is not shown to anyone else; a merged member is
        # shown (its merged_into, nothing of its own: its players moved) to whoever may see the
        # member it went into, so that an app holding the old id finds the way.
        raise NotFound(f"organizer {organizer_id} has no member {member_id}")
    return m, owner, count


def member_version(uow: UnitOfWork, viewer: int | None, organizer_id: int, member_id: int) -> tuple[object, ...]:
    """What a member's page (the first page of evenings) is drawn from, read without drawing it —
    the member, their kept totals, their rating and its version (raised by every rated game of
    theirs), the club's ratings' freshness and time zone, the page's evenings (their names, games
    and byes) — as values: the page's ETag is their digest, so a revalidation costs a few index
    reads. A partner's new name shows with the member's next change."""
    members = uow.members
    m, owner, count = _shown(members, viewer, organizer_id, member_id)
    rating = members.ratings_now(organizer_id, [m.id]).get(m.id)
    page = members.evenings(m.id, public_only=not owner, limit=EVENINGS_A_PAGE)
    return (
        m.id,
        m.name,
        m.merged_into,
        owner,
        count,
        members.totals(m.id, public_only=not owner),
        None if rating is None else (rating.version, rating.games, rating.mu, rating.sigma),
        ratings.freshness(uow, organizer_id),
        members.organizer_zone(organizer_id),
        tuple(page),
        tuple(sorted(members.byes_of_players([r[4] for r in page]).items())),
    )


def merge_members(uow: UnitOfWork, key: KeyRef, organizer_id: int, into: int, other: int, reason: str | None) -> Merged:
    """Merge member ``other`` into ``into``: every player (and so every game) of it moves. The
    member kept decides (``club.member.Member.merge``), on both members as they are under the
    locks: the tournaments of both first, then the two members, in the one lock order."""
    acts_for(organizer_id, key.organizer_id)
    for member_id in (into, other):
        uow.members.get(organizer_id, member_id)  # NotFound
    uow.lock_tournaments(uow.members.tournaments_of([into, other]))
    members = uow.members
    both = members.locked([into, other])
    target, source = both[into], both[other]
    held = members.holdings(source.id)
    theirs = sorted({t for _, t in held})
    merge = target.merge(source, clash=members.clash(target.id, theirs), moved=[p for p, _ in held])
    members.save_merge(merge, organizer_id, theirs, key.id, reason)
    uow.commit()
    return Merged(target.id, target.organizer_id, target.name, target.merged_into, len(merge.players), source.id)


def tournaments_of(uow: UnitOfWork, organizer_id: int, ids: list[int]) -> Sequence[Tournament]:
    """The organizer's tournaments by id (Conflict: one is not the organizer's, or is private)."""
    found = uow.members.tournaments_by_ids(ids)
    out = []
    for i in ids:
        t = found.get(i)
        if t is None or t.organizer_id != organizer_id:
            raise Conflict(f"tournament {i} is not one of organizer {organizer_id}'s")
        if t.private:
            raise Conflict(f"tournament {i} is private: a season is public and counts public tournaments only")
        out.append(t)
    return out
