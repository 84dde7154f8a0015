"""A tournament may ask each player's own PIN at the table

With ``player_pins`` on, a table's entry, confirmation or withdrawal names its player and carries
that player's PIN (four digits, made when the player is added or the option switched on, shown to
the director for that player alone): one phone cannot act as both sides of a deal.

Revision ID: 0020
Revises: 0019
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("player_pins", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("players", sa.Column("pin", sa.String(length=8), nullable=True))


def downgrade() -> None:
    op.drop_column("players", "pin")
    op.drop_column("tournaments", "player_pins")
