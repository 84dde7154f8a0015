"""A member's evenings read a page at a time

A member's page read every evening of theirs and the rating at the end of each: thousands of rows
for a member of a long-lived club. A page of their latest evenings is a range of an index on the
players' (member, tournament), and the rating at the end of those evenings one on the rating
steps' (member, tournament).

Revision ID: 0026
Revises: 0025
"""

from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_players_member_tournament", "players", ["member_id", "tournament_id"])
    op.create_index("ix_rating_steps_member_tournament", "rating_steps", ["member_id", "tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_steps_member_tournament", table_name="rating_steps")
    op.drop_index("ix_players_member_tournament", table_name="players")
