"""A member's rating history read a page at a time from an index

A step's ``games`` is its place in the member's history (1, 2, 3, … in played order): an index on
(member, games) makes any page a range of it, where OFFSET walked past every step before the page.

Revision ID: 0023
Revises: 0022
"""

from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_rating_steps_member_games", "rating_steps", ["member_id", "games"])


def downgrade() -> None:
    op.drop_index("ix_rating_steps_member_games", table_name="rating_steps")
