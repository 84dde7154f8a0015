"""A season's standings kept: each member's evenings and their sums, and the marks of changes

The season's standings read one row a member instead of adding up every evening of every member
(season_evenings, season_members); a change to a tournament's standings marks it (season_marks)
and the season rows take the difference in. Built here from the standings kept so far.

Revision ID: 0024
Revises: 0023
"""

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
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
        "season_evenings",
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *_figures(),
        sa.ForeignKeyConstraint(["season_id"], ["seasons.id"], name=op.f("fk_season_evenings_season_id_seasons")),
        sa.PrimaryKeyConstraint("season_id", "member_id", "tournament_id", name=op.f("pk_season_evenings")),
    )
    op.create_index(
        "ix_season_evenings_best",
        "season_evenings",
        ["season_id", "member_id", sa.text("evening_total DESC"), "position"],
    )
    op.create_table(
        "season_members",
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("evenings", sa.Integer(), nullable=False),
        *_figures(),
        sa.ForeignKeyConstraint(["season_id"], ["seasons.id"], name=op.f("fk_season_members_season_id_seasons")),
        sa.PrimaryKeyConstraint("season_id", "member_id", name=op.f("pk_season_members")),
    )
    op.create_table(
        "season_marks",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("changes", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", name=op.f("pk_season_marks")),
    )
    from service.persistence.season_totals import REBUILD_EVENINGS, SUM_MEMBERS

    bind = op.get_bind()
    for (season_id,) in bind.execute(sa.text("SELECT id FROM seasons ORDER BY id")).all():
        bind.execute(REBUILD_EVENINGS, {"season_id": season_id})
        bind.execute(SUM_MEMBERS, {"season_id": season_id})


def downgrade() -> None:
    op.drop_table("season_marks")
    op.drop_table("season_members")
    op.drop_index("ix_season_evenings_best", table_name="season_evenings")
    op.drop_table("season_evenings")
