"""A season's rows found by tournament; each member's number of players kept

A catch-up compares a tournament's evenings with its rows in each season: an index on (season,
tournament) finds them, where the key (season, member, tournament) read the whole season. The
club's list of members counted each member's players over every evening on each read: the counts
are kept on the member now, by the writes that change them.

Revision ID: 0025
Revises: 0024
"""

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_season_evenings_tournament", "season_evenings", ["season_id", "tournament_id"])
    op.add_column("members", sa.Column("players", sa.Integer(), server_default="0", nullable=False))
    op.add_column("members", sa.Column("public_players", sa.Integer(), server_default="0", nullable=False))
    from service.persistence.members import RECOUNT_PLAYERS

    op.get_bind().execute(RECOUNT_PLAYERS)


def downgrade() -> None:
    op.drop_column("members", "public_players")  # SQLite 3.35 and later drop a column in place
    op.drop_column("members", "players")
    op.drop_index("ix_season_evenings_tournament", table_name="season_evenings")
