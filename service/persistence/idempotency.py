"""Games remembered for submissions made with an Idempotency-Key: a retry answers the game its
first request stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..club import game_records
from .models import IdempotentRequest


def find(s: Session, organizer_id: int, key: str) -> game_records.IdempotentRequest | None:
    return s.scalar(
        select(IdempotentRequest).where(IdempotentRequest.organizer_id == organizer_id, IdempotentRequest.key == key)
    )


def remember(
    s: Session, organizer_id: int, key: str, tournament_id: int, request_hash: str, game: dict[str, Any]
) -> None:
    """Remember the game a submission with an Idempotency-Key stored (as it was answered), and
    what it was: the tournament and the hash of the body."""
    s.add(
        IdempotentRequest(
            organizer_id=organizer_id,
            key=key,
            tournament_id=tournament_id,
            request_hash=request_hash,
            game_id=game["id"],
            game=game,
        )
    )
    s.flush()
