"""The members' repository: what linking a player to a member and merging two members
(tournament/members.py, tournament/clubs.py) ask of the database, as one object the unit of work
hands out (``uow.members``).

It loads a member as the club core's aggregate (``club.member.Member``), keeps each one it loaded
(``seen``: the unit of work collects their events when it commits), reads the facts a member's
decision needs under the locks (the players a member holds, a tournament where it has one) and
writes what the aggregate decided. A fake with the same methods in memory runs the use cases
without a database (``tests/use_cases``)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from ..club import game_records
from ..club import member as club_member
from ..club.events import Aggregate
from ..club.member import Merge
from . import members
from .db import lock_rows
from .models import Member as MemberRow

__all__ = ["Members"]


def _aggregate(row: game_records.Member) -> club_member.Member:
    return club_member.Member(
        row.id,
        row.organizer_id,
        row.name,
        merged_into=row.merged_into,
        players=row.players,
        public_players=row.public_players,
    )


class Members:
    def __init__(self, s: Session, seen: list[Aggregate]) -> None:
        self.s = s
        self.seen = seen  # the aggregates loaded in this unit of work (the unit of work's own list)

    def get(self, organizer_id: int, member_id: int) -> club_member.Member:
        """The organizer's member (NotFound otherwise)."""
        m = _aggregate(members.get_member(self.s, organizer_id, member_id))
        self.seen.append(m)
        return m

    def locked(self, member_ids: Sequence[int]) -> dict[int, club_member.Member]:
        """These members locked, in id order, and read afresh: a merge at the same moment has
        finished, and what it left is what this one decides on."""
        found = {row.id: _aggregate(row) for row in lock_rows(self.s, MemberRow, member_ids)}
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
