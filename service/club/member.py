"""A member of a club, as the club decides what may happen to them: the one place a member takes
a player from another member, or takes in a whole member by a merge.

A member is the person behind one player in each tournament they play. A director links a player
to the member it really is (the player, and every game of theirs, moves), or merges two members
that are one person (every player of one moves to the other, which is kept, marked merged into it).
``Member`` holds what these decisions read — whether it was merged itself, how many players it
is — changes itself as they decide, and records what each change means (``events``: the ratings of
the players that moved change from their first game) for the unit of work. The facts it cannot
know alone are handed to it by the members' repository (``uow.members``:
``persistence/member_store.py``), read under the locks: the tournament where it already has a
player (``clash``) and the players that move.

>>> a, b = Member(1, 9, "张伟", players=2), Member(2, 9, "张 伟", players=1)
>>> m = a.merge(b, clash=None, moved=(31,))
>>> (m.into, m.other, m.players, m.counts), b.merged_into
((1, 2, (31,), (1, 0)), 1)
>>> b.merge(a, clash=None, moved=())
Traceback (most recent call last):
...
service.club.errors.Conflict: a merged member takes no further merges: use the member it was merged into
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import game_records, rules
from .events import ClubEvent, RatingsChanged, Recording

__all__ = ["Member", "Merge"]


@dataclass(frozen=True, slots=True)
class Merge:
    """A merge decided: the member kept, the member merged into it, and the players that moved."""

    into: int
    other: int
    players: tuple[int, ...]
    counts: tuple[int, int]  # how many players moved, and how many of them in public tournaments


class Member(Recording):
    """A club's member: who, merged or not, how many players it is (in public tournaments: the
    counts persistence keeps, read when it was loaded), and the events its changes recorded."""

    def __init__(
        self,
        id: int,
        organizer_id: int,
        name: str,
        *,
        merged_into: int | None = None,
        players: int = 0,
        public_players: int = 0,
    ) -> None:
        self.id = id
        self.organizer_id = organizer_id
        self.name = name
        self.merged_into = merged_into
        self.players = players
        self.public_players = public_players
        self.events: list[ClubEvent] = []

    @classmethod
    def of(cls, row: game_records.Member) -> Member:
        """The aggregate of a member's row."""
        return cls(
            row.id,
            row.organizer_id,
            row.name,
            merged_into=row.merged_into,
            players=row.players,
            public_players=row.public_players,
        )

    def __repr__(self) -> str:
        into = f" → {self.merged_into}" if self.merged_into is not None else ""
        return f"Member({self.id} {self.name!r}{into})"

    def merge(self, other: Member, *, clash: int | None, moved: Sequence[int]) -> Merge:
        """Take ``other`` in: every player of it moves here, and it is kept, merged into this one.
        Refused (Conflict) for the member itself, when either was merged already (a merge never
        makes a chain that could close into a cycle), and where both have a player in one
        tournament (``clash``: that tournament; a member is one player a tournament)."""
        rules.mergeable(self.id, other.id, (self.merged_into, other.merged_into), clash)
        other.merged_into = self.id
        if moved:  # their games are this member's now: the ratings change from the first of them
            self.events.append(RatingsChanged(self.organizer_id, player_ids=tuple(moved)))
        return Merge(self.id, other.id, tuple(moved), (other.players, other.public_players))

    def take_player(self, player_id: int, *, member_now: int | None, clash: int | None) -> bool:
        """Link a player (and every game of theirs) to this member: whether it moved (a player that
        is this member's already does not). Refused (Conflict) when this member was merged into
        another, or already plays in the player's tournament (``clash``)."""
        if member_now == self.id:
            return False
        rules.movable(self.id, self.merged_into, None if self.merged_into is not None else clash)
        self.events.append(RatingsChanged(self.organizer_id, player_ids=(player_id,)))
        return True
