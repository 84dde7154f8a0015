"""Ratings catch up in steps, each committed, resumable

A change early in a long history re-rates what follows in batches of a bounded number of games,
each its own transaction; the catch-up's start, the next game to rate and since when it runs are
kept here, so a worker stopped in the middle goes on from its last batch.

Revision ID: 0022
Revises: 0021
"""

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_progress",
        sa.Column("organizer_id", sa.Integer(), nullable=False),
        sa.Column("start_played_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("start_game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("at_played_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("at_game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["organizer_id"], ["organizers.id"], name=op.f("fk_rating_progress_organizer_id_organizers")
        ),
        sa.PrimaryKeyConstraint("organizer_id", name=op.f("pk_rating_progress")),
    )


def downgrade() -> None:
    op.drop_table("rating_progress")
