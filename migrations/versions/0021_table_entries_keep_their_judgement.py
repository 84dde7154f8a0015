"""A table entry keeps what the referee made of it

An entry is judged once, when the table enters it: its seats (with who called rebellion) and, for a
full record, the game's fingerprint are kept with it, so confirming it stores that judgement as the
game instead of judging the entry's JSON again. Entries made before keep no fingerprint and no
rebellion marks: they are judged again when confirmed, as before.

Revision ID: 0021
Revises: 0020
"""

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("table_entries", sa.Column("record_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("table_entries", "record_hash")
