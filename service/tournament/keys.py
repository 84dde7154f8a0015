"""An organizer's API keys: listed with their scopes and last use, issued with scopes (at most
the issuing key's), revoked; a key's use recorded now and then (service/tournament/scopes.py)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from ..text_and_time import utcnow
from .clubs import ApiKeyInfo, acts_for
from .errors import MissingScope
from .scopes import ALL as ALL_SCOPES
from .scopes import PAGES, Scope, scopes_text
from .unit_of_work import KeyRef, UnitOfWork

__all__ = ["LAST_USE_EVERY", "issue_key", "key_used", "list_keys", "needs_marking", "revoke_key"]


def list_keys(uow: UnitOfWork, acting: int, organizer_id: int) -> list[ApiKeyInfo]:
    acts_for(organizer_id, acting)
    return [ApiKeyInfo.of(k) for k in uow.organizers.keys(organizer_id)]


def issue_key(
    uow: UnitOfWork,
    acting: int,
    organizer_id: int,
    label: str | None,
    scopes: Iterable[Scope] = ALL_SCOPES,
    issuer: KeyRef | None = None,
) -> ApiKeyInfo:
    """A new key with ``scopes`` — at most those of ``issuer``, the key asking (MissingScope
    names the first it lacks): no key makes a stronger one."""
    acts_for(organizer_id, acting)
    chosen = tuple(scopes)
    if issuer is not None:
        lacking = next((s for s in chosen if not issuer.allows(s.value)), None)
        if lacking is not None:
            raise MissingScope(lacking.value)
    key, secret = uow.organizers.issue_key(organizer_id, label, scopes_text(chosen))
    uow.commit()
    return ApiKeyInfo.of(key, secret)


# A key's last use is written at most this often: not a write on every request.
LAST_USE_EVERY = timedelta(minutes=5)


def needs_marking(key: KeyRef) -> bool:
    """Whether the key's last recorded use is older than LAST_USE_EVERY (or there is none)."""
    return key.last_used_at is None or utcnow() - key.last_used_at >= LAST_USE_EVERY


def key_used(uow: UnitOfWork, key: KeyRef) -> None:
    """Record that ``key`` was used now."""
    uow.organizers.key_used(key.id, utcnow())
    uow.commit()


def revoke_key(uow: UnitOfWork, acting: int, organizer_id: int, key_id: int) -> ApiKeyInfo:
    acts_for(organizer_id, acting)
    key = uow.organizers.revoke_key(organizer_id, key_id, [x.value for x in PAGES])  # its pages and links end
    uow.commit()
    return ApiKeyInfo.of(key)
