"""A member's totals kept: each member's evenings and their sums, public and private apart

A member's page added up every tournament of theirs for its running totals and results by role.
Each member's evening is a row now (member_evenings) and their totals the sums of them
(member_totals), brought up to date by the catch-up that brings the seasons' rows up to date: every
tournament whose standings change is marked (season_marks), not only a season's. Built here from the
standings kept so far.

Revision ID: 0027
Revises: 0026
"""

import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None

_FIGURES = (
    ("games", sa.Integer),
    ("total", sa.BigInteger),
    ("wins", sa.Integer),
    ("draws", sa.Integer),
    ("losses", sa.Integer),
    ("emperor_games", sa.Integer),
    ("emperor_total", sa.BigInteger),
    ("emperor_wins", sa.Integer),
    ("guard_games", sa.Integer),
    ("guard_total", sa.BigInteger),
    ("guard_wins", sa.Integer),
    ("rebel_games", sa.Integer),
    ("rebel_total", sa.BigInteger),
    ("rebel_wins", sa.Integer),
)


def _figures() -> list[sa.Column]:
    return [
        sa.Column("evening_total", sa.BigInteger(), nullable=False),
        sa.Column("byes", sa.Integer(), nullable=False),
        *(sa.Column(name, kind(), nullable=False) for name, kind in _FIGURES),
    ]


def upgrade() -> None:
    op.create_table(
        "member_evenings",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("private", sa.Boolean(), nullable=False),
        *_figures(),
        sa.PrimaryKeyConstraint("member_id", "tournament_id", name=op.f("pk_member_evenings")),
    )
    op.create_index("ix_member_evenings_tournament", "member_evenings", ["tournament_id"])
    op.create_table(
        "member_totals",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("evenings", sa.Integer(), nullable=False),
        *_figures(),
        sa.PrimaryKeyConstraint("member_id", "private", name=op.f("pk_member_totals")),
    )
    from service.persistence.member_totals import REBUILD_EVENINGS, SUM_TOTALS

    bind = op.get_bind()
    bind.execute(REBUILD_EVENINGS)
    bind.execute(SUM_TOTALS)


def downgrade() -> None:
    op.drop_table("member_totals")
    op.drop_index("ix_member_evenings_tournament", table_name="member_evenings")
    op.drop_table("member_evenings")
