"""Ratings of a club's members: the Weng-Lin method (openskill's Plackett-Luce model), a rating
being a skill estimate ``mu`` with its uncertainty ``sigma``, updated game by game.

A game of 保皇 is two sides: the emperor with the guard (or a solo emperor alone) against the
rebels. The sides win or lose together — every seat's score follows from its side's result, the
places inside a side only change how much — so each game is rated as a match of two teams, the
winning side ranked first; a void deal (every score 0) tells nothing and is left out. The model
handles teams of unequal size (2 against 3, 1 against 4) and keeps each member's uncertainty, so
a newcomer moves fast and a regular slowly. A member with fewer than PROVISIONAL games is marked
provisional.

Ratings are made from the club's public tournaments, in the order their games were played. New
games are added to the ratings as they are when next read; a correction, a void, a game played
before the last one rated, a member moved or merged, or a tournament made private or public
recomputes them from scratch — the same games give the same ratings, however they were reached.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from ..club import Role
from ..persistence import ratings as ratings_repo
from ..persistence.models import MemberRating
from .unit_of_work import UnitOfWork

PROVISIONAL = 10
MODEL = PlackettLuce()


def display(mu: float, sigma: float) -> float:
    """The rating shown: the skill the member has with 99.7 % certainty at least (mu − 3σ)."""
    return round(mu - 3 * sigma, 2)


def rate(
    games: Any, start: dict[int, tuple[float, float, int]]
) -> tuple[dict[int, tuple[float, float, int]], list[tuple[int, int, datetime, float, float]]]:
    """Apply ``games`` (ratings_repo.RatedGame, in order) to the ratings ``start`` (member → mu,
    sigma, games): the ratings after them, and each member's step after each game."""
    now = dict(start)
    steps: list[tuple[int, int, datetime, float, float]] = []
    default = MODEL.rating()
    for g in games:
        crown = [(m, p) for m, role, p in g.seats if Role.of(role).crown]
        rebels = [(m, p) for m, role, p in g.seats if not Role.of(role).crown]
        crown_total = sum(p for _, p in crown)
        if not crown or not rebels or crown_total == 0:
            continue  # a void deal, or a sheet without sides: no information
        teams = [
            [MODEL.rating(*now.get(m, (default.mu, default.sigma, 0))[:2]) for m, _ in side] for side in (crown, rebels)
        ]
        ranks = [0.0, 1.0] if crown_total > 0 else [1.0, 0.0]
        after = MODEL.rate(teams, ranks=ranks)
        for side, rated in zip((crown, rebels), after, strict=True):
            for (m, _), r in zip(side, rated, strict=True):
                now[m] = (float(r.mu), float(r.sigma), now.get(m, (0.0, 0.0, 0))[2] + 1)
                steps.append((m, g.game_id, g.played_at, float(r.mu), float(r.sigma)))
    return now, steps


def refresh(uow: UnitOfWork, organizer_id: int) -> dict[int, MemberRating]:
    """The organizer's ratings, brought up to date: new games added, anything else recomputed
    from scratch (see the module's docstring). Commits when it changed them."""
    s = uow.session
    was = ratings_repo.basis(s, organizer_id)
    if was is not None and not ratings_repo.changed_since(s, organizer_id, was.last_version_id):
        return ratings_repo.current(s, organizer_id)  # nothing new: one probe of the versions' key
    ratings_repo.lock(s, organizer_id)
    s.expire_all()
    now, was = ratings_repo.state(s, organizer_id), ratings_repo.basis(s, organizer_id)
    if was is not None and (was.last_version_id, was.games) == (now.last_version, now.games):
        return ratings_repo.current(s, organizer_id)  # another request brought them up to date
    new = None if was is None else ratings_repo.only_new_submissions(s, organizer_id, was.last_version_id)
    incremental = (
        was is not None
        and new is not None
        and was.games + new[0] == now.games
        and (was.last_played_at is None or new[1] is None or new[1] >= was.last_played_at)
    )
    if incremental:
        assert was is not None
        known = ratings_repo.current(s, organizer_id)
        start = {m: (r.mu, r.sigma, r.games) for m, r in known.items()}
        after, steps = rate(ratings_repo.games(s, organizer_id, was.last_version_id), start)
    else:
        ratings_repo.clear(s, organizer_id)
        known = {}
        after, steps = rate(ratings_repo.games(s, organizer_id), {})
    ratings_repo.write(s, organizer_id, after, steps, known)
    ratings_repo.set_basis(s, organizer_id, now)
    uow.commit()
    return ratings_repo.current(s, organizer_id)


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's rating: shown as ``rating`` (mu − 3σ), with the estimate, its uncertainty, the
    games it is made of, and whether it is still provisional."""

    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool

    @classmethod
    def of(cls, mu: float, sigma: float, games: int) -> Rating:
        return cls(display(mu, sigma), round(mu, 4), round(sigma, 4), games, games < PROVISIONAL)


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A member's rating after one game."""

    game_id: int
    played_at: datetime
    rating: float
    mu: float
    sigma: float


def rating_of(r: MemberRating | None) -> Rating:
    """A member's rating now (a member without a rated game has the model's starting rating)."""
    if r is None:
        default = MODEL.rating()
        return Rating.of(float(default.mu), float(default.sigma), 0)
    return Rating.of(r.mu, r.sigma, r.games)


def history(uow: UnitOfWork, member_id: int) -> tuple[RatingPoint, ...]:
    return tuple(
        RatingPoint(x.game_id, x.played_at, display(x.mu, x.sigma), round(x.mu, 4), round(x.sigma, 4))
        for x in ratings_repo.history(uow.session, member_id)
    )
