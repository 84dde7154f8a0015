"""Correcting a stored game: void it, or replace its record or sheet (adjudicated like a new game),
always with a reason; nothing is deleted, every version stays in its history."""

from __future__ import annotations

from typing import Any

from ..club import WebhookEvent
from ..club.errors import DuplicateGame
from ..club.events import Announced, RatingsChanged
from ..club.records import ApiKey
from ..core.errors import Problem
from ..persistence import games as games_repo
from ..persistence import keys as keys_repo
from ..persistence import tournaments as tournaments_repo
from ..persistence.db import IntegrityError
from ..text_and_time import clean_text
from .errors import Rejected
from .games import StoredGame, stored_game
from .submission import ensure_open, read_submission
from .unit_of_work import UnitOfWork

__all__ = ["correct_game"]


def correct_game(
    uow: UnitOfWork, key: ApiKey | keys_repo.KeyRef, tournament_id: int, game_id: int, doc: Any, raw: str
) -> StoredGame:
    """Void a game or replace it, with a reason; nothing is deleted. Rejected: a 422."""
    s = uow.session
    t = tournaments_repo.owned_tournament(s, tournament_id, key.organizer_id)
    uow.lock_tournaments([t.id])
    ensure_open(t)
    game = games_repo.get_game(s, t, game_id)
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
        current = [x.player_id for x in games_repo.game_seats(s, games_repo.current_version(s, game).id)]
        replacement = read_submission(uow.tables, t, doc, raw, correction=True, players=current or None)
    assert isinstance(reason, str)  # checked above
    was = (game.played_at, game.id)
    try:
        version = games_repo.correct_game(s, t, game, key, reason, replacement)
        payload = {"tournament_id": t.id, "game_id": game.id, "version": version.version, "action": version.action}
        uow.record(Announced(t.id, WebhookEvent.GAME_CORRECTED, {**payload, "reason": reason}))
        if not t.private:  # the ratings change from the game on (from where it was, or is now, if earlier)
            uow.record(RatingsChanged(t.organizer_id, since=min(was, (game.played_at, game.id))))
        uow.commit()
    except IntegrityError:
        s.rollback()
        raise DuplicateGame(None) from None
    return stored_game(s, game, version)
