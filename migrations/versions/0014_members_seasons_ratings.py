"""a club beyond one evening: members (every player is one; the players of existing tournaments
become members, one per distinct name key within an organizer), their audit trail, seasons of
tournaments, and ratings with their history.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("name_key", sa.String(400), nullable=False),
        sa.Column("merged_into", sa.Integer(), sa.ForeignKey("members.id"), nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_index("ix_members_organizer_id", "members", ["organizer_id"])
    op.create_index("ix_members_organizer_id_name_key", "members", ["organizer_id", "name_key"])
    op.create_table(
        "member_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), nullable=False),
        sa.Column("action", sa.String(10), nullable=False),
        sa.Column("member_id", sa.Integer(), sa.ForeignKey("members.id"), nullable=False),
        sa.Column("from_member_id", sa.Integer(), sa.ForeignKey("members.id"), nullable=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("key_id", sa.Integer(), sa.ForeignKey("api_keys.id"), nullable=True),
        sa.Column("reason", sa.String(500), nullable=True),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_index("ix_member_events_organizer_id", "member_events", ["organizer_id"])
    # No foreign key: SQLite would have to rebuild players, which other tables reference (the
    # member is checked by the code that sets it, as game_seats' copies are).
    op.add_column("players", sa.Column("member_id", sa.Integer(), nullable=True))
    op.create_index("ix_players_member_id", "players", ["member_id"])
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT p.id, p.name, p.name_key, t.organizer_id, p.created_at FROM players p "
            "JOIN tournaments t ON t.id = p.tournament_id ORDER BY p.id"
        )
    ).all()
    members: dict[tuple[int, str], int] = {}
    for player_id, name, key, organizer_id, created_at in rows:
        found = members.get((organizer_id, key))
        if found is None:
            found = bind.execute(
                sa.text(
                    "INSERT INTO members (organizer_id, name, name_key, created_at) "
                    "VALUES (:o, :n, :k, :c) RETURNING id"
                ),
                {"o": organizer_id, "n": name, "k": key, "c": created_at},
            ).scalar_one()
            members[(organizer_id, key)] = found
        bind.execute(sa.text("UPDATE players SET member_id = :m WHERE id = :p"), {"m": found, "p": player_id})
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("counting", sa.String(10), nullable=False),
        sa.Column("best", sa.Integer(), nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_index("ix_seasons_organizer_id", "seasons", ["organizer_id"])
    op.create_table(
        "season_tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("season_id", sa.Integer(), sa.ForeignKey("seasons.id"), nullable=False),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.UniqueConstraint("season_id", "tournament_id", name="uq_season_tournaments_season_id"),
    )
    op.create_index("ix_season_tournaments_season_id", "season_tournaments", ["season_id"])
    op.create_table(
        "member_ratings",
        sa.Column("member_id", sa.Integer(), sa.ForeignKey("members.id"), primary_key=True),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_index("ix_member_ratings_organizer_id", "member_ratings", ["organizer_id"])
    op.create_table(
        "rating_steps",
        sa.Column("id", ID, primary_key=True),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), nullable=False),
        sa.Column("member_id", sa.Integer(), sa.ForeignKey("members.id"), nullable=False),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("played_at", WHEN, nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
    )
    op.create_index("ix_rating_steps_member_id", "rating_steps", ["member_id"])
    op.create_table(
        "rating_basis",
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), primary_key=True),
        sa.Column("last_version_id", ID, nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last_played_at", WHEN, nullable=True),
        sa.Column("computed_at", WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rating_basis")
    op.drop_index("ix_rating_steps_member_id", table_name="rating_steps")
    op.drop_table("rating_steps")
    op.drop_index("ix_member_ratings_organizer_id", table_name="member_ratings")
    op.drop_table("member_ratings")
    op.drop_index("ix_season_tournaments_season_id", table_name="season_tournaments")
    op.drop_table("season_tournaments")
    op.drop_index("ix_seasons_organizer_id", table_name="seasons")
    op.drop_table("seasons")
    op.drop_index("ix_players_member_id", table_name="players")
    op.drop_column("players", "member_id")
    op.drop_index("ix_member_events_organizer_id", table_name="member_events")
    op.drop_table("member_events")
    op.drop_index("ix_members_organizer_id_name_key", table_name="members")
    op.drop_index("ix_members_organizer_id", table_name="members")
    op.drop_table("members")
