"""rounds and seating: a tournament's rounds, each player's table and seat (or sitting out), the
tournament's seating method and bye points, and the round and table a game was played at

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLEs (no table copy on SQLite: other tables' foreign keys point at these).
    op.add_column("tournaments", sa.Column("seating", sa.String(length=10), server_default="balanced", nullable=False))
    op.add_column("tournaments", sa.Column("bye_points", sa.Integer(), server_default="0", nullable=False))
    op.add_column("games", sa.Column("round_number", sa.Integer(), nullable=True))
    op.add_column("games", sa.Column("table_no", sa.Integer(), nullable=True))
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("tournament_id", "number"),
    )
    op.create_index("ix_rounds_tournament_id", "rounds", ["tournament_id"])
    op.create_table(
        "round_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["round_id"], ["rounds.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_round_seats_round_id", "round_seats", ["round_id"])


def downgrade() -> None:
    op.drop_index("ix_round_seats_round_id", table_name="round_seats")
    op.drop_table("round_seats")
    op.drop_index("ix_rounds_tournament_id", table_name="rounds")
    op.drop_table("rounds")
    op.drop_column("games", "table_no")
    op.drop_column("games", "round_number")
    op.drop_column("tournaments", "bye_points")
    op.drop_column("tournaments", "seating")
