"""players are told apart by a folded name key, and may withdraw

'LAO WANG' and 'lao wang' (or its full-width form) were two players of one tournament. Each
player now has a name_key (case, compatibility forms and spaces folded) unique within the
tournament, and a withdrawn_at time: a player who leaves keeps their games.

Two stored players whose names fold to one key keep both rows: the later one's key gets its id
appended, and the migration says so.

Revision ID: 0006
Revises: 0005
"""

import logging
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def _key(name: str) -> str:  # service.names.name_key, as it was when this migration was written
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def upgrade() -> None:
    # Plain ALTER TABLEs, no table copy: on SQLite a copy of players would break the foreign
    # keys that point at it. The unique name per tournament stays beside the unique key (a
    # name equal to another has an equal key, so it never refuses anything more).
    op.add_column("players", sa.Column("name_key", sa.String(length=400), server_default="", nullable=False))
    op.add_column("players", sa.Column("withdrawn_at", sa.DateTime(timezone=True), nullable=True))
    conn = op.get_bind()
    players = sa.table(
        "players",
        sa.column("id", sa.Integer),
        sa.column("tournament_id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
    )
    seen: set[tuple[int, str]] = set()
    rows = conn.execute(sa.select(players.c.id, players.c.tournament_id, players.c.name).order_by(players.c.id))
    for pid, tid, name in rows.all():
        key = _key(name)
        if (tid, key) in seen:
            log.warning("tournament %s: player %s (%r) has the name of an earlier player; kept apart", tid, pid, name)
            key = f"{key}#{pid}"
        seen.add((tid, key))
        conn.execute(sa.update(players).where(players.c.id == pid).values(name_key=key))
    op.create_index("ix_players_tournament_id_name_key", "players", ["tournament_id", "name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_players_tournament_id_name_key", table_name="players")
    op.drop_column("players", "withdrawn_at")
    op.drop_column("players", "name_key")
