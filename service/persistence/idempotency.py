"""Answers remembered for writes made with an Idempotency-Key."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from .models import (
    IdempotentRequest,
)


def find_idempotent(s: Session, organizer_id: int, key: str) -> IdempotentRequest | None:
    return s.scalar(
        select(IdempotentRequest).where(IdempotentRequest.organizer_id == organizer_id, IdempotentRequest.key == key)
    )


def remember_idempotent(
    s: Session,
    organizer_id: int,
    key: str,
    request: tuple[str, str, str],
    status: int,
    response: str,
    headers: dict[str, str],
) -> None:
    """Remember the answer to a write made with an Idempotency-Key. ``request`` is the method,
    the path and the hash of the body it answered."""
    method, path, request_hash = request
    s.add(
        IdempotentRequest(
            organizer_id=organizer_id,
            key=key,
            method=method,
            path=path,
            request_hash=request_hash,
            status=status,
            response=response,
            headers=headers,
        )
    )
    s.flush()
