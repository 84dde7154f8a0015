"""deals of a round: a tournament says how many deals (局) a table plays a round, and a game entered
by round and table carries its deal number, unique among the games that are not void. Games
already entered by round and table are numbered in the order they were entered; a tournament
whose tables already hold more than one game a round gets that many deals a round.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("deals_per_round", sa.Integer(), server_default="1", nullable=False))
    op.add_column("games", sa.Column("deal_no", sa.Integer(), nullable=True))
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT id, tournament_id, round_number, table_no FROM games "
            "WHERE round_number IS NOT NULL AND table_no IS NOT NULL ORDER BY id"
        )
    ).all()
    seen: dict[tuple[int, int, int], int] = {}
    most: dict[int, int] = {}
    for game_id, tournament_id, number, table in rows:
        deal = seen[(tournament_id, number, table)] = seen.get((tournament_id, number, table), 0) + 1
        most[tournament_id] = max(most.get(tournament_id, 1), deal)
        bind.execute(sa.text("UPDATE games SET deal_no = :d WHERE id = :i"), {"d": deal, "i": game_id})
    for tournament_id, deals in most.items():
        if deals > 1:
            bind.execute(
                sa.text("UPDATE tournaments SET deals_per_round = :d WHERE id = :i"), {"d": deals, "i": tournament_id}
            )
    op.create_index(
        "ix_games_round_table_deal",
        "games",
        ["tournament_id", "round_number", "table_no", "deal_no"],
        unique=True,
        postgresql_where=sa.text("NOT voided AND deal_no IS NOT NULL"),
        sqlite_where=sa.text("NOT voided AND deal_no IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_games_round_table_deal", table_name="games")
    op.drop_column("games", "deal_no")
    op.drop_column("tournaments", "deals_per_round")
