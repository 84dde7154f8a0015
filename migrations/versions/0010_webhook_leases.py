"""webhook leases: a deliverer takes a webhook for one post (lease_owner, lease_until), so any
number of deliverers post each delivery once; and the index that finds each webhook's next
pending delivery

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("webhooks", sa.Column("lease_owner", sa.String(length=64), nullable=True))
    op.add_column("webhooks", sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
    op.create_index(
        "ix_webhook_deliveries_pending", "webhook_deliveries", ["webhook_id", "state", "event_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_webhook_deliveries_pending", table_name="webhook_deliveries")
    op.drop_column("webhooks", "lease_until")
    op.drop_column("webhooks", "lease_owner")
