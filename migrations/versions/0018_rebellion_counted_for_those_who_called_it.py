"""造反 counted only for the seats that called it

A seat's row now says whether it called rebellion (game_seats.rebelled), and the players' totals
keep their games, points and wins as a rebel (player_stats.rebel_*), beside those by role. Until
now the standings' "as a rebel" figures were every game on the side against the crown (平民),
whether the seat called 造反 or not.

Every stored seat takes ``rebelled`` from its version's outcome (its "rebels": the seats that
called it), and the totals' rebel figures are added up from the counted seats.

Revision ID: 0018
Revises: 0017
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

_REBEL = ("rebel_games", "rebel_total", "rebel_wins")


def upgrade() -> None:
    op.add_column("game_seats", sa.Column("rebelled", sa.Boolean(), server_default=sa.text("false"), nullable=False))
    for name in _REBEL:
        kind = sa.BigInteger() if name == "rebel_total" else sa.Integer()
        op.add_column("player_stats", sa.Column(name, kind, server_default="0", nullable=False))
    conn = op.get_bind()
    versions = sa.table("game_versions", sa.column("id", sa.Integer), sa.column("outcome", sa.Text))
    seats = sa.table(
        "game_seats",
        sa.column("version_id", sa.Integer),
        sa.column("seat", sa.SmallInteger),
        sa.column("rebelled", sa.Boolean),
    )
    # The outcome is JSON (text on SQLite, json on PostgreSQL): read as text on both.
    rows = conn.execute(
        sa.select(versions.c.id, sa.cast(versions.c.outcome, sa.Text)).where(
            sa.cast(versions.c.outcome, sa.Text).like('%"rebels": [_%')
            | sa.cast(versions.c.outcome, sa.Text).like('%"rebels":[_%')
        )
    ).all()
    for version_id, outcome in rows:
        rebels = [s for s in (json.loads(outcome).get("rebels") or []) if isinstance(s, int)]
        if rebels:
            conn.execute(
                sa.update(seats)
                .where(seats.c.version_id == version_id, seats.c.seat.in_(rebels))
                .values(rebelled=True)
            )
    op.execute(
        """
        UPDATE player_stats SET
            rebel_games = (SELECT count(*) FROM game_seats s WHERE s.player_id = player_stats.player_id
                AND s.counted AND s.rebelled AND s.role = 'other'),
            rebel_total = (SELECT coalesce(sum(s.score), 0) FROM game_seats s
                WHERE s.player_id = player_stats.player_id AND s.counted AND s.rebelled AND s.role = 'other'),
            rebel_wins = (SELECT count(*) FROM game_seats s WHERE s.player_id = player_stats.player_id
                AND s.counted AND s.rebelled AND s.role = 'other' AND s.score > 0)
        WHERE player_id IN (SELECT player_id FROM game_seats WHERE rebelled)
        """
    )


def downgrade() -> None:
    for name in _REBEL:
        op.drop_column("player_stats", name)
    op.drop_column("game_seats", "rebelled")
