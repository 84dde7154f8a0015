"""Tables of a round: their links (tokens kept as hashes) and the deals they entered (entries)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from .models import Game, Round, TableEntry, TableLink, utcnow

TOKEN_PREFIX = "bht_"
# The states of an entry that still decide a deal: the others are kept for the audit trail.
OPEN = ("pending", "disputed")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A table token: 256 random bits (the server keeps only its hash)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def issue_links(
    s: Session, tournament_id: int, r: Round, tables: Sequence[int], key_id: int, hours: int
) -> tuple[datetime, list[tuple[int, str]]]:
    """New links for the round's tables; the round's earlier links end. The tokens are answered
    once, here: only their hashes are stored."""
    now = utcnow()
    s.execute(
        update(TableLink).where(TableLink.round_id == r.id, TableLink.revoked_at.is_(None)).values(revoked_at=now)
    )
    expires = now + timedelta(hours=hours)
    out = []
    for table in tables:
        token = new_token()
        s.add(
            TableLink(
                tournament_id=tournament_id,
                round_id=r.id,
                table_no=table,
                token_hash=token_hash(token),
                key_id=key_id,
                created_at=now,
                expires_at=expires,
            )
        )
        out.append((table, token))
    s.flush()
    return expires, out


def link_by_token(s: Session, token: str) -> tuple[TableLink, Round] | None:
    """The link a token opens, with its round (None: no such token)."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 100:
        return None
    row = s.execute(
        select(TableLink, Round)
        .join(Round, Round.id == TableLink.round_id)
        .where(TableLink.token_hash == token_hash(token))
    ).first()
    return None if row is None else (row[0], row[1])


def links_of_round(s: Session, round_id: int) -> list[TableLink]:
    """The round's links still usable (not revoked, not expired)."""
    now = utcnow()
    rows = s.scalars(
        select(TableLink)
        .where(TableLink.round_id == round_id, TableLink.revoked_at.is_(None), TableLink.expires_at > now)
        .order_by(TableLink.table_no)
    )
    return list(rows)


def end_links(s: Session, round_id: int) -> None:
    s.execute(
        update(TableLink)
        .where(TableLink.round_id == round_id, TableLink.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )


def entries_of_round(s: Session, tournament_id: int, number: int, table: int | None = None) -> list[TableEntry]:
    """Every entry of the round (of one table), oldest first."""
    q = select(TableEntry).where(TableEntry.tournament_id == tournament_id, TableEntry.round_number == number)
    if table is not None:
        q = q.where(TableEntry.table_no == table)
    return list(s.scalars(q.order_by(TableEntry.id)))


def open_entries(s: Session, tournament_id: int, number: int, table: int, deal: int) -> list[TableEntry]:
    """The entries still deciding a deal (pending or disputed), oldest first, locked for update."""
    q = (
        select(TableEntry)
        .where(
            TableEntry.tournament_id == tournament_id,
            TableEntry.round_number == number,
            TableEntry.table_no == table,
            TableEntry.deal_no == deal,
            TableEntry.state.in_(OPEN),
        )
        .order_by(TableEntry.id)
        .with_for_update()
    )
    return list(s.scalars(q))


def entry_by_nonce(s: Session, link_id: int, nonce: str) -> TableEntry | None:
    return s.scalar(select(TableEntry).where(TableEntry.link_id == link_id, TableEntry.nonce == nonce))


def get_entry(s: Session, tournament_id: int, entry_id: int) -> TableEntry | None:
    e = s.get(TableEntry, entry_id)
    return e if e is not None and e.tournament_id == tournament_id else None


def settle(s: Session, tournament_id: int, number: int, table: int, deal: int, game_id: int, key_id: int | None) -> int:
    """A deal stored as a game by the director: the table's open entries for it are overruled."""
    result = s.execute(
        update(TableEntry)
        .where(
            TableEntry.tournament_id == tournament_id,
            TableEntry.round_number == number,
            TableEntry.table_no == table,
            TableEntry.deal_no == deal,
            TableEntry.state.in_(OPEN),
        )
        .values(state="overruled", game_id=game_id, resolved_by_key_id=key_id, updated_at=utcnow())
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


def games_of_round(s: Session, tournament_id: int, number: int) -> list[tuple[int, int, int, datetime]]:
    """The round's games that are not void: (table, deal, game id, when it was stored)."""
    rows = s.execute(
        select(Game.table_no, Game.deal_no, Game.id, Game.created_at).where(
            Game.tournament_id == tournament_id,
            Game.round_number == number,
            Game.voided.is_(False),
            Game.deal_no.is_not(None),
        )
    ).all()
    return [(int(t or 0), int(d or 0), int(g), at) for t, d, g, at in rows]


def round_changed(s: Session, tournament_id: int, number: int) -> tuple[int, datetime | None, int, int]:
    """What changes whenever the round's board does: entries (count, last change), games (count,
    highest id). Two cheap aggregate queries: the board's poll asks this first."""
    entries = s.execute(
        select(func.count(), func.max(TableEntry.updated_at)).where(
            TableEntry.tournament_id == tournament_id, TableEntry.round_number == number
        )
    ).one()
    games = s.execute(
        select(func.count(), func.coalesce(func.max(Game.id), 0)).where(
            Game.tournament_id == tournament_id, Game.round_number == number, Game.voided.is_(False)
        )
    ).one()
    return int(entries[0]), entries[1], int(games[0]), int(games[1])
