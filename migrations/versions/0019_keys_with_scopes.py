"""API keys with scopes and their last use

A key carries the scopes it may use — read (private tournaments' data), enter (submit and correct
games, table links), manage (tournaments, rounds, webhooks, members, seasons), keys (issue and
revoke keys) — as names separated by spaces, and when it was last used. Every key made before
keeps every scope.

Revision ID: 0019
Revises: 0018
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

ALL_SCOPES = "read enter manage keys"


def upgrade() -> None:
    op.add_column("api_keys", sa.Column("scopes", sa.String(length=100), nullable=False, server_default=ALL_SCOPES))
    op.add_column("api_keys", sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("api_keys", "last_used_at")
    op.drop_column("api_keys", "scopes")
