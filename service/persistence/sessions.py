"""Signed-in pages' sessions, kept by the server: the cookie carries a random token, this table
its hash, the key it was opened with and when it ends."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from .keys import KeyRef, hash_secret
from .models import ApiKey, WebSession, utcnow


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A session that is still good: its key (not revoked), and that key's stored hash (what a
    page acts with: game submissions authenticate by it)."""

    key: KeyRef
    key_hash: str


def open_session(s: Session, key_id: int, lifetime: timedelta) -> str:
    """A new session for ``key_id``: the token for the cookie (only its hash is kept). Sessions
    of the key that have run out are cleared on the way."""
    now = utcnow()
    s.execute(delete(WebSession).where(WebSession.key_id == key_id, WebSession.expires_at <= now))
    token = secrets.token_urlsafe(32)
    s.add(WebSession(token_hash=hash_secret(token), key_id=key_id, created_at=now, expires_at=now + lifetime))
    s.flush()
    return token


def find_session(s: Session, token: str) -> SignedIn | None:
    """The session behind ``token``, if it has not ended, run out, or lost its key."""
    row = s.execute(
        select(
            ApiKey.id, ApiKey.organizer_id, ApiKey.revoked_at, ApiKey.scopes, ApiKey.last_used_at, ApiKey.secret_hash
        )
        .join(WebSession, WebSession.key_id == ApiKey.id)
        .where(WebSession.token_hash == hash_secret(token), WebSession.expires_at > utcnow())
    ).first()
    if row is None or row[2] is not None:
        return None
    return SignedIn(KeyRef(*row[:5]), row[5])


def close_session(s: Session, token: str) -> None:
    s.execute(delete(WebSession).where(WebSession.token_hash == hash_secret(token)))


def close_sessions_of_key(s: Session, key_id: int) -> None:
    s.execute(delete(WebSession).where(WebSession.key_id == key_id))
