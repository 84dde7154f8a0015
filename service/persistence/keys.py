"""Organizers and their API keys (stored as hashes; the secret is shown once)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..club import records, rules
from ..club.errors import NotFound
from ..text_and_time import DEFAULT_ZONE
from .db import lock_rows
from .models import (
    ALL_SCOPES,
    ApiKey,
    Organizer,
    utcnow,
)

KEY_PREFIX = "bh_"


def hash_secret(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class KeyRef:
    """An API key as a game submission reads it: plain values, not an ORM object (an ORM
    object costs about ten times as much to build; docs/benchmarks.md)."""

    id: int
    organizer_id: int
    revoked_at: datetime | None
    scopes: str = ALL_SCOPES  # scope names separated by spaces
    last_used_at: datetime | None = None

    def allows(self, scope: str) -> bool:
        return scope in self.scopes.split()


def get_organizer(s: Session, organizer_id: int) -> records.Organizer:
    org = s.get(Organizer, organizer_id)
    if org is None:
        raise NotFound(f"no organizer {organizer_id}")
    return org


def create_organizer(
    s: Session, name: str, time_zone: str = DEFAULT_ZONE
) -> tuple[records.Organizer, records.ApiKey, str]:
    org = Organizer(name=name, time_zone=time_zone)
    s.add(org)
    s.flush()
    key, secret = new_key(s, org.id, "first key")
    return org, key, secret


def new_key(s: Session, organizer_id: int, label: str | None, scopes: str = ALL_SCOPES) -> tuple[records.ApiKey, str]:
    secret = KEY_PREFIX + secrets.token_urlsafe(24)
    key = ApiKey(
        organizer_id=organizer_id,
        prefix=secret[: len(KEY_PREFIX) + 6],
        secret_hash=hash_secret(secret),
        label=label,
        scopes=scopes,
    )
    s.add(key)
    s.flush()
    return key, secret


def authenticate_ref(s: Session, secret: str, *, hashed: bool = False) -> KeyRef | None:
    """The usable key behind ``secret`` (or its hash) as plain values (None: unknown or revoked)."""
    digest = secret if hashed else hash_secret(secret)
    row = s.execute(
        select(ApiKey.id, ApiKey.organizer_id, ApiKey.revoked_at, ApiKey.scopes, ApiKey.last_used_at).where(
            ApiKey.secret_hash == digest
        )
    ).first()
    return None if row is None or row[2] is not None else KeyRef(*row)


def change_organizer(s: Session, organizer_id: int, name: str | None, time_zone: str | None) -> None:
    """The club renamed, or its time zone set (None: unchanged)."""
    org = s.get_one(Organizer, organizer_id)
    if name is not None:
        org.name = name
    if time_zone is not None:
        org.time_zone = time_zone


def get_key(s: Session, key_id: int) -> records.ApiKey | None:
    return s.get(ApiKey, key_id)


def mark_used(s: Session, key_id: int, now: datetime) -> None:
    """Record that the key was used at ``now`` (callers do it at most every few minutes a key)."""
    s.execute(update(ApiKey).where(ApiKey.id == key_id).values(last_used_at=now))


def list_keys(s: Session, organizer_id: int) -> Sequence[records.ApiKey]:
    return s.scalars(select(ApiKey).where(ApiKey.organizer_id == organizer_id).order_by(ApiKey.id)).all()


def revoke_key(s: Session, organizer_id: int, key_id: int, keep: Sequence[str]) -> records.ApiKey:
    """Revoke a key; never the organizer's last usable key with every scope of ``keep`` (Conflict).
    The organizer is locked first (db.lock_rows: a row lock on PostgreSQL, the write lock on
    SQLite), so two parallel revocations cannot each leave the other as the last."""
    lock_rows(s, Organizer, [organizer_id])
    key = s.get(ApiKey, key_id, populate_existing=True)  # as committed before the lock was ours
    if key is None or key.organizer_id != organizer_id:
        raise NotFound(f"organizer {organizer_id} has no key {key_id}")
    if key.revoked_at is None:
        strong = all(x in key.scopes.split() for x in keep)
        others = s.scalars(
            select(ApiKey.scopes).where(
                ApiKey.organizer_id == organizer_id, ApiKey.id != key_id, ApiKey.revoked_at.is_(None)
            )
        ).all()
        last = strong and not any(all(x in scopes.split() for x in keep) for scopes in others)
        rules.keeps_a_usable_key(key_id, organizer_id, keep, last)
        key.revoked_at = utcnow()
    return key
