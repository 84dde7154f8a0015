"""an Idempotency-Key remembers the game its submission stored, not an HTTP answer

A retry with the same key is a game of the same tournament with the same body; it is answered
with the game the first request stored. The rows keep the tournament and the game (the answer's
JSON, which is the game as it was answered) instead of the method, path, status and headers.

Rows stored before this were all game submissions (one at a time, or an import's lines): the
tournament is read from their path, the game's id from their answer.

Revision ID: 0016
Revises: 0015
"""

import json
import re

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

_PATH = re.compile(r"^/v1/tournaments/(\d+)/games")


def upgrade() -> None:
    with op.batch_alter_table("idempotent_requests", schema=None) as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True))
        batch.add_column(sa.Column("game", sa.JSON(), nullable=True))
    conn = op.get_bind()
    table = sa.table(
        "idempotent_requests",
        sa.column("id", sa.Integer),
        sa.column("path", sa.String),
        sa.column("response", sa.Text),
        sa.column("tournament_id", sa.Integer),
        sa.column("game_id", sa.Integer),
        sa.column("game", sa.JSON),
    )
    gone = []
    for row_id, path, response in conn.execute(sa.select(table.c.id, table.c.path, table.c.response)).all():
        found = _PATH.match(path or "")
        try:
            game = json.loads(response)
            game_id = int(game["id"])
        except (ValueError, KeyError, TypeError):
            found = None
        if found is None:
            gone.append(row_id)  # not a stored game's answer: nothing to replay
            continue
        conn.execute(
            sa.update(table)
            .where(table.c.id == row_id)
            .values(tournament_id=int(found.group(1)), game_id=game_id, game=game)
        )
    if gone:
        conn.execute(sa.delete(table).where(table.c.id.in_(gone)))
    with op.batch_alter_table("idempotent_requests", schema=None) as batch:
        batch.alter_column("tournament_id", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("game_id", existing_type=sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False)
        batch.alter_column("game", existing_type=sa.JSON(), nullable=False)
        batch.drop_column("method")
        batch.drop_column("path")
        batch.drop_column("status")
        batch.drop_column("headers")
        batch.drop_column("response")


def downgrade() -> None:
    with op.batch_alter_table("idempotent_requests", schema=None) as batch:
        batch.add_column(sa.Column("method", sa.String(length=10), nullable=True))
        batch.add_column(sa.Column("path", sa.String(length=300), nullable=True))
        batch.add_column(sa.Column("status", sa.SmallInteger(), nullable=True))
        batch.add_column(sa.Column("headers", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("response", sa.Text(), nullable=True))
    conn = op.get_bind()
    table = sa.table(
        "idempotent_requests",
        sa.column("id", sa.Integer),
        sa.column("tournament_id", sa.Integer),
        sa.column("game_id", sa.Integer),
        sa.column("game", sa.JSON),
        sa.column("method", sa.String),
        sa.column("path", sa.String),
        sa.column("status", sa.SmallInteger),
        sa.column("headers", sa.JSON),
        sa.column("response", sa.Text),
    )
    rows = conn.execute(sa.select(table.c.id, table.c.tournament_id, table.c.game_id, table.c.game)).all()
    for row_id, tournament_id, game_id, game in rows:
        path = f"/v1/tournaments/{tournament_id}/games"
        conn.execute(
            sa.update(table)
            .where(table.c.id == row_id)
            .values(
                method="POST",
                path=path,
                status=201,
                headers={"Location": f"{path}/{game_id}"},
                response=json.dumps(game, ensure_ascii=False),
            )
        )
    with op.batch_alter_table("idempotent_requests", schema=None) as batch:
        for name, kind in (
            ("method", sa.String(length=10)),
            ("path", sa.String(length=300)),
            ("status", sa.SmallInteger()),
            ("headers", sa.JSON()),
            ("response", sa.Text()),
        ):
            batch.alter_column(name, existing_type=kind, nullable=False)
        batch.drop_column("game")
        batch.drop_column("game_id")
        batch.drop_column("tournament_id")
