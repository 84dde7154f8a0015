"""record hash is the game fingerprint

A stored record's ``games.record_hash`` was the SHA-256 of the record's JSON written canonically
(sorted keys, no spaces): the same JSON value, however it was spelled. It is now the game's
fingerprint (service.core.identity): the same game, however the record spells it (key order,
card order and notation within a hand or a play, ``meta``). This recomputes every held hash from
the stored body of the game's current version.

Two games of one tournament that were stored as different records but are the same game: the
earlier keeps the fingerprint, the later one holds none (it stays stored and counted, as
before; voiding and replacing it work as before).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 09:50:00
"""

import hashlib
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")
CHUNK = 500


def _held(conn: sa.Connection) -> Iterator[list[Any]]:
    """The games holding a record hash, in id order, a chunk at a time, with the current
    version's body and the tournament's ruleset."""
    ids = [r[0] for r in conn.execute(sa.text("SELECT id FROM games WHERE record_hash IS NOT NULL ORDER BY id"))]
    query = sa.text(
        """
        SELECT g.id, g.tournament_id, v.body, t.ruleset_name, t.ruleset_options
        FROM games g
        JOIN game_versions v ON v.game_id = g.id AND v.version = g.current_version
        JOIN tournaments t ON t.id = g.tournament_id
        WHERE g.id IN :ids ORDER BY g.id
        """
    ).bindparams(sa.bindparam("ids", expanding=True))
    for start in range(0, len(ids), CHUNK):
        yield list(conn.execute(query, {"ids": ids[start : start + CHUNK]}))


def _rehash(record_hash: Callable[[dict[str, Any], str, Any], str]) -> None:
    conn = op.get_bind()
    taken: set[tuple[int, str]] = set()
    update = sa.text("UPDATE games SET record_hash = :h WHERE id = :id")
    for rows in _held(conn):
        changes = []
        for r in rows:
            record = json.loads(r.body)["record"]
            h = record_hash(record, r.ruleset_name, r.ruleset_options)
            if (r.tournament_id, h) in taken:
                log.warning("game %s is the same game as an earlier one of tournament %s: it holds no record hash", r.id, r.tournament_id)
                h = None
            else:
                taken.add((r.tournament_id, h))
            changes.append({"h": h, "id": r.id})
        if changes:
            conn.execute(update, changes)


def _fingerprint(record: dict[str, Any], name: str, options: Any) -> str:
    from service.core.identity import record_fingerprint
    from service.core.ruleset import Ruleset

    if isinstance(options, str):
        options = json.loads(options)
    return record_fingerprint(record, Ruleset.from_options(name, options, check=False))


def _canonical(record: dict[str, Any], name: str, options: Any) -> str:
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def upgrade() -> None:
    _rehash(_fingerprint)


def downgrade() -> None:
    _rehash(_canonical)
