"""The members' repository: what linking a player to a member and merging two members
(tournament/members.py, tournament/clubs.py) ask of the database, as one object the unit of work
hands out (``uow.members``).

It loads a member as the club core's aggregate (``club.member.Member``), keeps each one it loaded
(``seen``: the unit of work collects their events when it commits), reads the facts a member's
decision needs under the locks (the players a member holds, a tournament where it has one) and
writes what the aggregate decided. A fake with the same methods in memory runs the use cases
without a database (``tests/use_cases``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from ..club import Contribution, game_records, records
from ..club import member as club_member
from ..club.events import Aggregate
from ..club.member import Merge
from . import member_totals, members, ratings, rounds, tournaments
from .db import lock_rows
from .models import Member as MemberRow

__all__ = ["Members"]


class Members:
    def __init__(self, s: Session, seen: list[Aggregate]) -> None:
        self.s = s
        self.seen = seen  # the aggregates loaded in this unit of work (the unit of work's own list)

    def get(self, organizer_id: int, member_id: int) -> club_member.Member:
        """The organizer's member (NotFound otherwise)."""
        m = club_member.Member.of(members.get_member(self.s, organizer_id, member_id))
        self.seen.append(m)
        return m

    def locked(self, member_ids: Sequence[int]) -> dict[int, club_member.Member]:
        """These members locked, in id order, and read afresh: a merge at the same moment has
        finished, and what it left is what this one decides on."""
        found = {row.id: club_member.Member.of(row) for row in lock_rows(self.s, MemberRow, member_ids)}
        self.seen.extend(found.values())
        return found

    def tournaments_of(self, member_ids: Sequence[int]) -> list[int]:
        """The tournaments these members play in (a merge writes every one of them)."""
        return members.tournaments_of(self.s, list(member_ids))

    def holdings(self, member_id: int) -> list[tuple[int, int]]:
        """The member's players with their tournaments: (player id, tournament id)."""
        return members.holdings(self.s, member_id)

    def clash(self, member_id: int, tournament_ids: Sequence[int]) -> int | None:
        """A tournament of these where the member already has a player, if any."""
        return members.clash(self.s, member_id, tournament_ids)

    def save_merge(
        self, merge: Merge, organizer_id: int, tournaments: Sequence[int], key_id: int | None, reason: str | None
    ) -> None:
        members.write_merge(self.s, merge, organizer_id, tournaments, key_id, reason)

    def save_move(self, player_id: int, to: club_member.Member, key_id: int | None, reason: str | None) -> None:
        members.write_move(self.s, player_id, to.id, to.organizer_id, key_id, reason)

    # --- what the club's members and a member's page show ---------------------------------------

    def page(
        self, organizer_id: int, *, public_only: bool, limit: int, offset: int, by_rating: float | None
    ) -> tuple[list[tuple[game_records.Member, int]], int]:
        """A page of the club's members (name order, or the strongest first), each with how many
        players it is; and how many members there are."""
        return members.page_of_members(
            self.s, organizer_id, public_only=public_only, limit=limit, offset=offset, by_rating=by_rating
        )

    def names(self, organizer_id: int) -> list[tuple[game_records.Member, int]]:
        """Every member of the club, with how many players each is."""
        return members.list_members(self.s, organizer_id)

    def row(self, organizer_id: int, member_id: int) -> game_records.Member:
        """The organizer's member as the answers show it (NotFound otherwise)."""
        return members.get_member(self.s, organizer_id, member_id)

    def live(self, m: game_records.Member) -> game_records.Member:
        """The member a merged one went into, following its merges."""
        return members.live(self.s, m)

    def ratings_now(self, organizer_id: int, member_ids: Sequence[int]) -> dict[int, game_records.MemberRating]:
        return ratings.current(self.s, organizer_id, member_ids)

    def totals(self, member_id: int, *, public_only: bool) -> tuple[int, Contribution]:
        """The member's kept total and figures, over all their evenings (public ones only)."""
        return member_totals.totals(self.s, member_id, public_only=public_only)

    def total_since(self, member_id: int, since: int, *, public_only: bool) -> int:
        """The member's points from tournament ``since`` on."""
        return member_totals.total_since(self.s, member_id, since, public_only=public_only)

    def evenings(
        self, member_id: int, *, public_only: bool, limit: int, before: int | None = None
    ) -> list[tuple[int, str, datetime, int, int, str, int, int]]:
        """A page of the member's evenings, the latest first (before tournament ``before``)."""
        return members.evenings_page(self.s, member_id, public_only=public_only, limit=limit, before=before)

    def byes_of_players(self, player_ids: list[int]) -> Counter[int]:
        return rounds.byes_of_players(self.s, player_ids)

    def met(self, member_id: int, crown: Sequence[str], latest: int) -> list[tuple[int, int, int]]:
        """Who the member played with and against in their latest rated games."""
        return members.met(self.s, member_id, crown, latest)

    def names_of(self, member_ids: Sequence[int]) -> dict[int, str]:
        return members.names_of(self.s, member_ids)

    def rating_by_evening(
        self, member_id: int, tournament_ids: Sequence[int]
    ) -> list[tuple[int, datetime, float, float]]:
        return ratings.history_by_evening(self.s, member_id, tournament_ids)

    def rating_steps_at(self, member_id: int, places: Sequence[int]) -> Sequence[game_records.RatingStep]:
        return ratings.steps_at(self.s, member_id, places)

    def rating_page(self, member_id: int, limit: int, offset: int) -> tuple[Sequence[game_records.RatingStep], int]:
        """A page of the member's rating steps, and how many there are."""
        return ratings.history_page(self.s, member_id, limit, offset), ratings.steps_count(self.s, member_id)

    def organizer_zone(self, organizer_id: int) -> str:
        return tournaments.organizer_zone(self.s, organizer_id)

    def events(self, organizer_id: int, member_id: int) -> Sequence[game_records.MemberEvent]:
        """The member's audit trail: links, moves and merges."""
        return members.events(self.s, organizer_id, member_id)

    def tournaments_by_ids(self, ids: Sequence[int]) -> dict[int, records.Tournament]:
        return tournaments.by_ids(self.s, ids)
