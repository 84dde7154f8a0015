"""score entry at the table: a round can be closed; each table of a round gets a link whose
token (kept only as a hash) lets it enter and confirm its own deals; a deal entered at a table
is kept as an entry (pending, disputed, confirmed …) until it is stored as a game. A tournament
says how long its table links last.

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("table_link_hours", sa.Integer(), server_default="12", nullable=False))
    op.add_column("rounds", sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "table_links",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("key_id", sa.Integer(), sa.ForeignKey("api_keys.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("token_hash", name="uq_table_links_token_hash"),
    )
    op.create_index("ix_table_links_tournament_id", "table_links", ["tournament_id"])
    op.create_index("ix_table_links_round_id", "table_links", ["round_id"])
    op.create_table(
        "table_entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("deal_no", sa.Integer(), nullable=False),
        sa.Column("link_id", sa.Integer(), sa.ForeignKey("table_links.id"), nullable=True),
        sa.Column("nonce", sa.String(64), nullable=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("outcome", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("entered_by", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("side", sa.String(10), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("confirmed_by", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("game_id", ID, nullable=True),
        sa.Column("resolved_by_key_id", sa.Integer(), sa.ForeignKey("api_keys.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("link_id", "nonce", name="uq_table_entries_link_id"),
    )
    op.create_index("ix_table_entries_deal", "table_entries", ["tournament_id", "round_number", "table_no", "deal_no"])


def downgrade() -> None:
    op.drop_index("ix_table_entries_deal", table_name="table_entries")
    op.drop_table("table_entries")
    op.drop_index("ix_table_links_round_id", table_name="table_links")
    op.drop_index("ix_table_links_tournament_id", table_name="table_links")
    op.drop_table("table_links")
    op.drop_column("rounds", "closed_at")
    op.drop_column("tournaments", "table_link_hours")
