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
    with op.batch_alter_table("webhooks") as batch:
        batch.add_column(sa.Column("lease_owner", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
    op.create_index(
        "ix_webhook_deliveries_pending", "webhook_deliveries", ["webhook_id", "state", "event_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_webhook_deliveries_pending", table_name="webhook_deliveries")
    with op.batch_alter_table("webhooks") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("lease_owner")
