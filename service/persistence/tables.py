"""Tables of a round: their links (tokens kept as hashes) and the deals they entered (entries)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from ..club import EntryState, records
from .deals import OPEN as OPEN
from .models import Game, Round, TableEntry, TableLink, utcnow

TOKEN_PREFIX = "bht_"
# The states of an entry that still decide a deal: the others are kept for the audit trail.


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def link_token(secret: str, salt: str) -> str:
    """A table token: HMAC-SHA256 of a link's random 256-bit salt under the server's secret. The
    database keeps the salt and the token's hash, never the token: the sheet can be printed again
    (the token made again from the salt), and a copy of the database opens no table without the
    secret."""
    mac = hmac.new(secret.encode(), f"table-link:{salt}".encode(), hashlib.sha256).digest()
    return TOKEN_PREFIX + base64.urlsafe_b64encode(mac).decode().rstrip("=")


def token_of(link: records.TableLink, secret: str) -> str | None:
    """The token of a link, made again for the sheet; None when it cannot be (a link made before
    salts were kept, or under another server secret: make new links)."""
    if link.salt is None:
        return None
    token = link_token(secret, link.salt)
    return token if hmac.compare_digest(token_hash(token), link.token_hash) else None


def issue_links(
    s: Session, tournament_id: int, r: records.Round, tables: Sequence[int], key_id: int, hours: int, secret: str
) -> tuple[datetime, list[tuple[int, str]]]:
    """New links for the round's tables; the round's earlier links end (a printed sheet stops
    working). Only the salt and the token's hash are stored."""
    now = utcnow()
    s.execute(
        update(TableLink)
        .where(TableLink.round_id == r.id, TableLink.revoked_at.is_(None))
        .values(revoked_at=now, ended_by="remade")
    )
    expires = now + timedelta(hours=hours)
    out = []
    for table in tables:
        salt = secrets.token_urlsafe(32)
        token = link_token(secret, salt)
        s.add(
            TableLink(
                tournament_id=tournament_id,
                round_id=r.id,
                table_no=table,
                token_hash=token_hash(token),
                salt=salt,
                key_id=key_id,
                created_at=now,
                expires_at=expires,
            )
        )
        out.append((table, token))
    s.flush()
    return expires, out


def link_by_token(s: Session, token: str) -> tuple[records.TableLink, records.Round] | None:
    """The link a token opens, with its round (None: no such token)."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 100:
        return None
    row = s.execute(
        select(TableLink, Round)
        .join(Round, Round.id == TableLink.round_id)
        .where(TableLink.token_hash == token_hash(token))
    ).first()
    return None if row is None else (row[0], row[1])


def links_of_round(s: Session, round_id: int) -> list[records.TableLink]:
    """The round's links still usable (not revoked, not expired)."""
    now = utcnow()
    rows = s.scalars(
        select(TableLink)
        .where(TableLink.round_id == round_id, TableLink.revoked_at.is_(None), TableLink.expires_at > now)
        .order_by(TableLink.table_no)
    )
    return list(rows)


def end_links(
    s: Session, round_id: int | None = None, *, tournament_id: int | None = None, key_id: int | None = None
) -> None:
    """End links: a round's (it closed: reopen_links brings them back if the close is taken
    back), a tournament's (it closed), or those a key made (it was revoked). Reopening a
    tournament brings none back: the director makes new ones."""
    q = update(TableLink).where(TableLink.revoked_at.is_(None))
    why = "round"
    if round_id is not None:
        q = q.where(TableLink.round_id == round_id)
    if tournament_id is not None:
        q, why = q.where(TableLink.tournament_id == tournament_id), "tournament"
    if key_id is not None:
        q, why = q.where(TableLink.key_id == key_id), "key"
    s.execute(q.values(revoked_at=utcnow(), ended_by=why))


def reopen_links(s: Session, round_id: int) -> None:
    """The links a round's close ended work again (its close was taken back); a link revoked by
    hand, by a key's revocation or by the tournament's close stays ended."""
    q = update(TableLink).where(TableLink.round_id == round_id, TableLink.ended_by == "round")
    s.execute(q.values(revoked_at=None, ended_by=None))


def remove_links(s: Session, round_id: int) -> None:
    """A round removed: its links go with it (its entries, if any, stay in the audit trail)."""
    s.execute(delete(TableLink).where(TableLink.round_id == round_id))


def entries_of_round(s: Session, tournament_id: int, number: int, table: int | None = None) -> list[records.TableEntry]:
    """Every entry of the round (of one table), oldest first."""
    q = select(TableEntry).where(TableEntry.tournament_id == tournament_id, TableEntry.round_number == number)
    if table is not None:
        q = q.where(TableEntry.table_no == table)
    return list(s.scalars(q.order_by(TableEntry.id)))


def latest_other_deal(s: Session, tournament_id: int, number: int, table: int, deal: int) -> records.TableEntry | None:
    """The table's last entry of another deal that was not withdrawn or replaced: what a repeat
    is compared with."""
    return s.scalar(
        select(TableEntry)
        .where(
            TableEntry.tournament_id == tournament_id,
            TableEntry.round_number == number,
            TableEntry.table_no == table,
            TableEntry.deal_no != deal,
            TableEntry.state.not_in((EntryState.WITHDRAWN.value, EntryState.REPLACED.value)),
        )
        .order_by(TableEntry.id.desc())
        .limit(1)
    )


def entry_by_nonce(s: Session, link_id: int, nonce: str) -> records.TableEntry | None:
    return s.scalar(select(TableEntry).where(TableEntry.link_id == link_id, TableEntry.nonce == nonce))


def get_entry(s: Session, tournament_id: int, entry_id: int) -> records.TableEntry | None:
    e = s.get(TableEntry, entry_id)
    return e if e is not None and e.tournament_id == tournament_id else None


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


def open_entries_of_tournament(s: Session, tournament_id: int) -> int:
    """How many entries of the tournament still wait (pending or disputed)."""
    return int(
        s.scalar(
            select(func.count())
            .select_from(TableEntry)
            .where(TableEntry.tournament_id == tournament_id, TableEntry.state.in_(OPEN))
        )
        or 0
    )


def open_deals(s: Session, tournament_id: int) -> set[tuple[int, int, int]]:
    """(round, table, deal) of every deal entered at its table and still waiting (pending or
    disputed): entered, not missing."""
    rows = s.execute(
        select(TableEntry.round_number, TableEntry.table_no, TableEntry.deal_no)
        .where(TableEntry.tournament_id == tournament_id, TableEntry.state.in_(OPEN))
        .distinct()
    )
    return {(int(r), int(t), int(d)) for r, t, d in rows}
