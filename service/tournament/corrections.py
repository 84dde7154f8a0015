"""Correcting a stored game: void it, or replace its record or sheet (adjudicated like a new game),
always with a reason; nothing is deleted, every version stays in its history. The game decides
(``club.game.Game``: a void game is not corrected again, a replacement holds no record another
game holds) and records what it means (the webhook event, the ratings from it on); the games'
repository (``uow.games``) writes it, and the unit of work turns the events into rows."""

from __future__ import annotations

from typing import Any

from ..club.errors import DuplicateGame
from ..club.game import Replacement
from ..club.records import ApiKey
from ..core.errors import Problem
from ..persistence.db import IntegrityError
from ..persistence.keys import KeyRef
from ..text_and_time import clean_text
from .errors import Rejected
from .games import StoredGame, stored_game
from .submission import ensure_open, read_submission
from .unit_of_work import UnitOfWork

__all__ = ["correct_game"]


def correct_game(
    uow: UnitOfWork, key: ApiKey | KeyRef, tournament_id: int, game_id: int, doc: Any, raw: str
) -> StoredGame:
    """Void a game or replace it, with a reason; nothing is deleted. Rejected: a 422."""
    t = uow.tournaments.owned_row(key.organizer_id, tournament_id)
    uow.lock_tournaments([t.id])
    ensure_open(t)
    games = uow.games
    game = games.get(t, game_id)
    if not isinstance(doc, dict):
        raise Rejected([Problem("", "invalid_type", "a correction is a JSON object")], "correction")
    problems = []
    action, reason = doc.get("action"), doc.get("reason")
    if action not in ("void", "replace"):
        problems.append(Problem("/action", "invalid_action", "action is 'void' or 'replace'"))
    if reason is None:
        problems.append(Problem("/reason", "missing_reason", "a correction gives its reason"))
    else:
        try:
            reason = clean_text(reason, max_length=500, what="a reason")
        except ValueError as exc:
            problems.append(Problem("/reason", "invalid_reason", str(exc)))
    if action == "void":
        problems.extend(
            Problem(f"/{k}", "unexpected_field", "a void carries only a reason")
            for k in doc
            if k not in ("action", "reason")
        )
    if problems:
        raise Rejected(problems, "correction")
    replacement = None
    if action == "replace":
        replacement = read_submission(uow.tables, t, doc, raw, correction=True, players=games.players_now(game) or None)
    assert isinstance(reason, str)  # checked above
    try:
        if replacement is None:
            correction = game.void(reason)
        else:
            asked = Replacement(replacement.record_hash, replacement.played_at)
            clash = None if asked.record_hash is None else games.holding(t.id, asked.record_hash, game.id)
            correction = game.replace(reason, asked, clash)
        version = games.save(t, correction, key, replacement)
        uow.commit()
    except IntegrityError:
        uow.rollback()
        raise DuplicateGame(None) from None
    return stored_game(games, games.row(game.id), version)
