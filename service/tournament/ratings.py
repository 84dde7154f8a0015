"""Ratings of a club's members: the Weng-Lin method (openskill's Plackett-Luce model), a rating
being a skill estimate ``mu`` with its uncertainty ``sigma``, updated game by game.

A game of 保皇 is two sides: the emperor with the guard (or a solo emperor alone) against the
rebels. The sides win or lose together — every seat's score follows from its side's result, the
places inside a side only change how much — so each game is rated as a match of two teams, the
winning side ranked first; a void deal (every score 0) tells nothing and is left out. The model
handles teams of unequal size (2 against 3, 1 against 4) and keeps each member's uncertainty, so
a newcomer moves fast and a regular slowly. A member with fewer than PROVISIONAL games is marked
provisional. The rating shown is mu − 3σ (``display``): the skill the member has with 99.7 %
certainty at least.

Ratings are made from the club's public tournaments, in the order their games were played
(played_at, then the game's id). They follow the writes: a change (a game stored, corrected or
voided, a player moved, two members merged, a tournament made private or public) leaves a mark
at the first game it affects, and ``bring_up_to_date`` re-rates from the earliest mark on,
keeping every step before it — a game stored after the others re-rates one game. The write that
made a small change brings the ratings up to date itself, just after it commits; a large one (a
merge early in a long history) is left to the background worker (``run``), which catches up in
batches of BATCH_GAMES games, each committed with where it stands (resumable after a crash); until
it is done the ratings are those of before and say since when they are being brought up to date. Nobody who reads recomputes.
``recompute`` does everything again from scratch (the operator's command): the same figures.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from openskill.models import PlackettLuce

from ..club import Role
from ..club.game_records import MemberRating, RatingStep
from ..persistence.db import DATABASE_AWAY, Database
from ..persistence.rating_store import Ratings
from ..persistence.ratings import Position, RatedGame, State
from . import season_rows
from .unit_of_work import UnitOfWork

PROVISIONAL = 10
MODEL = PlackettLuce()
_DEFAULT = MODEL.rating()
# Games a write re-rates itself, just after it commits; more are the background worker's.
INLINE_GAMES = 200
# Games re-rated a transaction when the ratings catch up (each batch commits where it stands).
BATCH_GAMES = 1000
# Batches the worker gives one organizer before the next organizer's turn (a long catch-up of one
# club holds up no other club's).
BATCHES_A_TURN = 10
# Steps written at once while re-rating.
_BATCH = 5000
log = logging.getLogger("baohuang.ratings")


def display(mu: float, sigma: float) -> float:
    """The rating shown: the skill the member has with 99.7 % certainty at least (mu − 3σ)."""
    return round(mu - 3 * sigma, 2)


# --- rating games ---------------------------------------------------------------------------------


def rate_game(game: RatedGame, states: dict[int, State]) -> list[tuple[int, float, float]]:
    """Rate one game from the members' states (member → mu, sigma, games; a member not there
    starts at the model's rating), updating them: each member's new mu and sigma. A void deal or
    a sheet without sides tells nothing: no change."""
    crown = [(m, p) for m, role, p in game.seats if Role.of(role).crown]
    rebels = [(m, p) for m, role, p in game.seats if not Role.of(role).crown]
    crown_total = sum(p for _, p in crown)
    if not crown or not rebels or crown_total == 0:
        return []
    start = (float(_DEFAULT.mu), float(_DEFAULT.sigma), 0)
    teams = [[MODEL.rating(*states.get(m, start)[:2]) for m, _ in side] for side in (crown, rebels)]
    after = MODEL.rate(teams, ranks=[0.0, 1.0] if crown_total > 0 else [1.0, 0.0])
    out = []
    for side, rated in zip((crown, rebels), after, strict=True):
        for (m, _), r in zip(side, rated, strict=True):
            states[m] = (float(r.mu), float(r.sigma), states.get(m, start)[2] + 1)
            out.append((m, float(r.mu), float(r.sigma)))
    return out


class Update(Enum):
    DONE = "done"  # every change taken in
    BUSY = "busy"  # another update is running: it takes in what it finds when it ends
    DEFERRED = "deferred"  # more games to re-rate than a write re-rates itself: the worker's
    UNDER_WAY = "under way"  # the batches asked for are done, and the catch-up goes on (the worker's)


@dataclass(frozen=True, slots=True)
class Rerated:
    """What one update did: the games re-rated, and from where."""

    games: int
    start: Position | None


def bring_up_to_date(
    db: Database, organizer_id: int, *, limit: int | None = None, batch: int | None = None, batches: int | None = None
) -> Update:
    """Take in every change marked for the organizer: from the earliest mark on, re-rate the
    games in played order, each member starting from their last step before it, ``batch`` games a
    transaction, each committing where the catch-up stands (``persistence/rating_progress.py``):
    no transaction grows with the history, and a worker stopped in the middle goes on from its
    last batch. The members' ratings now change with the last batch, all at once: until then
    readers see the ratings as they were, and since when they are being brought up to date. With
    ``limit`` (a write's own update), only a catch-up not under way of that many games or fewer
    (else DEFERRED, nothing done); with ``batches``, no more batches than that (UNDER_WAY: the
    rest is another turn's). Marks written while it runs are taken in as it goes."""
    batch = max(batch or BATCH_GAMES, limit or 0)  # a write's own update is one transaction
    ended = rated = 0
    while ended < 100:
        if batches is not None and rated >= batches:
            return Update.UNDER_WAY
        with UnitOfWork(db) as uow:
            r = uow.ratings
            if not r.try_lock(organizer_id):
                return Update.BUSY
            resumed = r.under_way(organizer_id)  # an earlier batch of it committed
            progress = r.catch_up(organizer_id)
            if progress is None:
                return Update.DONE
            games = list(r.games_from(organizer_id, progress.at, at_most=batch))
            if limit is not None and (resumed or len(games) > limit):
                return Update.DEFERRED  # rolled back: the marks stay for the worker
            if len(games) > batch:
                following = (games[batch].played_at, games[batch].game_id)  # where the next batch begins
                r.delete_steps_between(organizer_id, progress.at, following)
                _rate(r, organizer_id, progress.at, games[:batch])
                r.advance(organizer_id, following)
            else:
                rerate(r, organizer_id, progress.at, games, everyone=resumed)
                r.finish(organizer_id)
                ended += 1
            uow.commit()
            rated += 1
    return Update.BUSY  # written to faster than re-rated: the worker goes on


def _rate(
    r: Ratings, organizer_id: int, start: Position, games: Iterable[RatedGame]
) -> tuple[int, dict[int, State | None]]:
    """Rate ``games`` (those from ``start`` on, in order), each member starting from their last
    step before ``start``, and write their steps: how many games, and the state after of every
    member who sat in one (None: no rated game yet)."""
    states: dict[int, State] = {}
    known: set[int] = set()
    rows: list[tuple[Any, ...]] = []
    n = 0
    for game in games:
        new = {m for m, _, _ in game.seats} - known
        if new:
            states.update(r.states_before(new, start))
            known |= new
        for m, mu, sigma in rate_game(game, states):
            rows.append((organizer_id, m, game.game_id, game.tournament_id, game.played_at, mu, sigma, states[m][2]))
        n += 1
        if len(rows) >= _BATCH:
            r.add_steps(rows)
            rows = []
    r.add_steps(rows)
    return n, {m: states.get(m) for m in known}


def rerate(
    r: Ratings,
    organizer_id: int,
    start: Position,
    games: Iterable[RatedGame],
    *,
    everyone: bool = False,
) -> Rerated:
    """Delete the steps from ``start`` on and rate ``games`` (those from ``start`` on, in order),
    each member starting from their last step before ``start``; the ratings now are the last
    state of every member touched (``everyone``: of every member of the club, where earlier
    batches of a catch-up touched others)."""
    touched = r.delete_steps_from(organizer_id, start)
    if everyone:
        touched |= set(r.members_of(organizer_id))
    n, states = _rate(r, organizer_id, start, games)
    left = touched - set(states)
    before = r.states_before(left, start) if left else {}
    final = dict(states)
    final.update({m: before.get(m) for m in left})
    r.set_current(organizer_id, final)
    return Rerated(n, start)


def after_write(uow: UnitOfWork, organizer_id: int) -> Update:
    """What a write that marked changes does once it has committed: bring the ratings up to date
    itself if that is a small update (INLINE_GAMES games or fewer), else leave it to the worker.
    The write is stored whatever happens here."""
    try:
        return bring_up_to_date(uow.db, organizer_id, limit=INLINE_GAMES)
    except DATABASE_AWAY:
        log.warning("ratings of organizer %s left to the worker: the database went away", organizer_id)
        return Update.DEFERRED
    except Exception:  # the write is committed and its mark kept: the worker takes it in
        log.exception("ratings of organizer %s left to the worker: the update failed", organizer_id)
        return Update.DEFERRED


def recompute(db: Database, organizer_id: int) -> Rerated:
    """Every rating of the organizer made again from its first game (the operator's command):
    the same figures as the updates that follow the writes."""
    with UnitOfWork(db) as uow:
        r = uow.ratings
        while not r.try_lock(organizer_id):
            r.wait()
            threading.Event().wait(0.2)
        found = r.marks(organizer_id)
        r.clear(organizer_id)
        start = r.first_game(organizer_id)
        done = Rerated(0, None)
        if start is not None:
            done = rerate(r, organizer_id, start, r.games_from(organizer_id, start))
        if found is not None:
            r.take_marks(organizer_id, found[0])
        uow.commit()
    return done


def run(db: Database, stop: threading.Event, *, interval: float = 1.0) -> None:
    """The background worker: bring every marked organizer's ratings up to date, whatever it
    takes, until ``stop`` is set (one organizer at a time)."""
    while not stop.is_set():
        going_on = False
        try:
            season_rows.catch_up_marked(db)  # what a write left of its seasons' rows
            with UnitOfWork(db) as uow:
                marked = uow.ratings.marked_organizers()
            for organizer_id in marked:
                if stop.is_set():
                    return
                going_on |= bring_up_to_date(db, organizer_id, batches=BATCHES_A_TURN) is Update.UNDER_WAY
        except DATABASE_AWAY:
            log.warning("ratings: the database went away; trying again")
        except Exception:  # one organizer's failure stops nobody else's ratings
            log.exception("ratings update failed")
        if not going_on:  # a catch-up under way goes on at once
            stop.wait(interval)


def organizers(db: Database) -> list[int]:
    """Every organizer with a public game (the ones with ratings to make)."""
    with UnitOfWork(db) as uow:
        return uow.ratings.rated_organizers()


def update_all(db: Database) -> int:
    """Every marked organizer brought up to date (``baohuang ratings update``): how many."""
    with UnitOfWork(db) as uow:
        marked = uow.ratings.marked_organizers()
    for organizer_id in marked:
        while (done := bring_up_to_date(db, organizer_id)) is not Update.DONE:
            if done is Update.BUSY:
                threading.Event().wait(0.2)
    return len(marked)


# --- what the answers show -------------------------------------------------------------------------


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
    """A member's rating after one game: the rating shown (mu − 3σ), mu and sigma."""

    game_id: int
    played_at: datetime
    rating: float
    mu: float
    sigma: float

    @classmethod
    def of(cls, x: RatingStep) -> RatingPoint:
        return cls.at(x.game_id, x.played_at, x.mu, x.sigma)

    @classmethod
    def at(cls, game_id: int, played_at: datetime, mu: float, sigma: float) -> RatingPoint:
        return cls(game_id, played_at, display(mu, sigma), round(mu, 4), round(sigma, 4))


@dataclass(frozen=True, slots=True)
class Freshness:
    """Whether the club's ratings have taken in every change: if not, since when they are being
    brought up to date, and from which game's time on."""

    up_to_date: bool
    pending_since: datetime | None = None
    from_played_at: datetime | None = None


def rating_of(r: MemberRating | None) -> Rating:
    """A member's rating now (a member without a rated game has the model's starting rating)."""
    if r is None:
        return Rating.of(float(_DEFAULT.mu), float(_DEFAULT.sigma), 0)
    return Rating.of(r.mu, r.sigma, r.games)


def freshness(uow: UnitOfWork, organizer_id: int) -> Freshness:
    p = uow.ratings.pending(organizer_id)
    return Freshness(True) if p is None else Freshness(False, p.since, p.from_played_at)
