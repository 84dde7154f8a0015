"""idempotency keys remember the method, path and answer headers of their request

A key used for a game in one tournament was replayed for a request to another tournament (the
answer named a game the client had not stored). A retry now matches on organizer, key, method,
path and body; the answer's headers (Location) are replayed with it.

Rows stored before this migration were all game submissions: their path is rebuilt from the
tournament id in the stored answer.

Revision ID: 0005
Revises: 0004
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("idempotent_requests", schema=None) as batch_op:
        batch_op.add_column(sa.Column("method", sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column("path", sa.String(length=300), nullable=True))
        batch_op.add_column(sa.Column("headers", sa.JSON(), nullable=True))
    conn = op.get_bind()
    table = sa.table(
        "idempotent_requests",
        sa.column("id", sa.Integer),
        sa.column("response", sa.Text),
        sa.column("method", sa.String),
        sa.column("path", sa.String),
        sa.column("headers", sa.JSON),
    )
    for row_id, response in conn.execute(sa.select(table.c.id, table.c.response)).all():
        try:
            answer = json.loads(response)
            path = f"/v1/tournaments/{int(answer['tournament_id'])}/games"
            headers = {"Location": f"{path}/{int(answer['id'])}"}
        except (ValueError, KeyError, TypeError):
            path, headers = "", {}
        conn.execute(
            sa.update(table).where(table.c.id == row_id).values(method="POST", path=path, headers=headers)
        )
    with op.batch_alter_table("idempotent_requests", schema=None) as batch_op:
        batch_op.alter_column("method", existing_type=sa.String(length=10), nullable=False)
        batch_op.alter_column("path", existing_type=sa.String(length=300), nullable=False)
        batch_op.alter_column("headers", existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("idempotent_requests", schema=None) as batch_op:
        batch_op.drop_column("headers")
        batch_op.drop_column("path")
        batch_op.drop_column("method")
