"""The seasons' repository: what a club's seasons (tournament/seasons.py: made, changed, listed,
their heading, standings and leaders) ask of the database, as one object the unit of work hands
out (``uow.seasons``). Each method is one question or one write, in the club core's shapes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from ..club import STAT_COLUMNS, game_records, records
from . import members, rounds, season_totals, seasons, standings, tournaments

__all__ = ["Seasons"]

# A kept row's sums: the evening's total, the byes, then the figures in the club core's order.
assert season_totals.KEPT[2:] == STAT_COLUMNS


class Seasons:
    def __init__(self, s: Session) -> None:
        self.s = s

    def get(self, organizer_id: int, season_id: int) -> game_records.Season:
        """The organizer's season (NotFound otherwise)."""
        return seasons.get(self.s, organizer_id, season_id)

    def all_of(self, organizer_id: int) -> Sequence[game_records.Season]:
        return seasons.list_seasons(self.s, organizer_id)

    def create(self, organizer_id: int, name: str, counting: str, best: int | None) -> game_records.Season:
        return seasons.create(self.s, organizer_id, name, counting, best)

    def change(self, season_id: int, name: str, counting: str, best: int | None) -> None:
        seasons.change(self.s, season_id, name, counting, best)

    def set_tournaments(self, season_id: int, ids: Sequence[int]) -> None:
        """The season's evenings, in this order (its kept rows follow)."""
        seasons.set_tournaments(self.s, season_id, ids)

    def tournament_ids(self, season_id: int) -> list[int]:
        return seasons.tournament_ids(self.s, season_id)

    def public_tournament_ids(self, season_id: int) -> list[int]:
        return seasons.public_tournament_ids(self.s, season_id)

    def latest_public_tournaments(self, season_id: int, n: int) -> tuple[int, list[int]]:
        """How many public evenings the season has, and the latest ``n`` of them."""
        return seasons.latest_public_tournaments(self.s, season_id, n)

    def last_public_position(self, season_id: int) -> int | None:
        return seasons.last_public_position(self.s, season_id)

    def public_tournaments_at(self, season_id: int, positions: Sequence[int]) -> list[tuple[int, int, str]]:
        return seasons.public_tournaments_at(self.s, season_id, positions)

    def sums_between(
        self, season_id: int, member_ids: Sequence[int], positions: Sequence[int]
    ) -> dict[tuple[int, int], int]:
        """These members' evening totals summed between the given positions (the kept rows)."""
        return season_totals.sums_between(self.s, season_id, member_ids, positions)

    def tournaments_by_ids(self, ids: Sequence[int]) -> dict[int, records.Tournament]:
        return tournaments.by_ids(self.s, ids)

    # --- the kept rows ---------------------------------------------------------------------------

    def catch_up(self, tournament_id: int) -> bool:
        """The season rows of one marked tournament brought up to date: whether it was marked."""
        return season_totals.catch_up(self.s, tournament_id)

    def marked(self) -> list[int]:
        """The tournaments whose season rows wait to be brought up to date."""
        return season_totals.marked(self.s)

    def kept_members(self, season_id: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Each member's kept row of the season: member, evenings, the sums of their figures."""
        return season_totals.members(self.s, season_id)

    def best_evenings(self, season_id: int, best: int) -> dict[int, list[Any]]:
        """Each member's best ``best`` evenings of the season (by an index)."""
        return season_totals.best_evenings(self.s, season_id, best)

    def names_of(self, member_ids: Sequence[int]) -> dict[int, str]:
        return members.names_of(self.s, member_ids)

    def member_names(self, organizer_id: int) -> dict[int, str]:
        return {m.id: m.name for m, _ in members.list_members(self.s, organizer_id)}

    def totals_in(self, tournament_ids: Sequence[int]) -> dict[int, list[tuple[int, int, tuple[int, ...]]]]:
        """Every player's kept totals in these tournaments, by tournament (one query)."""
        return standings.totals_in(self.s, tournament_ids)

    def byes_in(self, tournament_ids: Sequence[int]) -> Counter[int]:
        return rounds.byes_in(self.s, tournament_ids)
