"""ratings follow the writes, from the first game each changes; the club's own time

Ratings were recomputed by the first reader after any change. Now every change that can move
a rating (a game stored, corrected, voided; a player moved; two members merged; a tournament made
private or public) writes a mark naming the first game it affects, and the update that follows
re-rates from that game on, keeping every step before it. For that:

- games carry their organizer (their tournament's), indexed with the played order;
- rating steps carry the rated games their member had then, and the game's tournament; they are
  indexed by organizer and by member in played order;
- member_ratings carry a version each update raises;
- rating_marks hold the changes not taken in yet; rating_basis is gone.

The ratings computed before are dropped and one mark per organizer with public games asks for
them again from its first game (the deliverer's background work, or `baohuang ratings update`).

Organizers get an IANA time zone (default Asia/Shanghai), tournaments one of their own (NULL:
the organizer's). Members keep the reading of their name (pinyin), so a club's list is ordered
and paged by the database.

Revision ID: 0017
Revises: 0016
"""

import unicodedata

import sqlalchemy as sa
from alembic import op
from pypinyin import lazy_pinyin

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

def _reading(name: str) -> str:  # service.names.reading, as it was when this migration was written
    reading = " ".join(lazy_pinyin(unicodedata.normalize("NFKC", name)))
    return " ".join(reading.casefold().split())


_BIG = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.add_column("organizers", sa.Column("time_zone", sa.String(64), server_default="Asia/Shanghai", nullable=False))
    op.add_column("tournaments", sa.Column("time_zone", sa.String(64), nullable=True))
    op.add_column("members", sa.Column("reading", sa.String(400), server_default="", nullable=False))
    conn = op.get_bind()
    members = sa.table("members", sa.column("id", sa.Integer), sa.column("name", sa.String), sa.column("reading", sa.String))
    for member_id, name in conn.execute(sa.select(members.c.id, members.c.name)).all():
        conn.execute(sa.update(members).where(members.c.id == member_id).values(reading=_reading(name)))
    op.create_index("ix_members_organizer_id_reading", "members", ["organizer_id", "reading"])
    # Added with a default and filled (SQLite copies no table here: games are referenced); the
    # default goes again where the database can drop it.
    op.add_column("games", sa.Column("organizer_id", sa.Integer(), nullable=False, server_default="0"))
    op.execute(
        "UPDATE games SET organizer_id = (SELECT t.organizer_id FROM tournaments t WHERE t.id = games.tournament_id)"
    )
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("games", "organizer_id", server_default=None)
    op.create_index("ix_games_organizer_order", "games", ["organizer_id", "played_at", "id"])
    op.create_index("ix_round_seats_player_id", "round_seats", ["player_id"])  # a member's byes

    op.drop_table("rating_basis")
    op.execute("DELETE FROM rating_steps")
    op.execute("DELETE FROM member_ratings")
    op.drop_index("ix_rating_steps_member_id", table_name="rating_steps")
    op.add_column("rating_steps", sa.Column("tournament_id", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("rating_steps", sa.Column("games", sa.Integer(), nullable=False, server_default="0"))
    op.create_index("ix_rating_steps_order", "rating_steps", ["organizer_id", "played_at", "game_id"])
    op.create_index("ix_rating_steps_member_order", "rating_steps", ["member_id", "played_at", "game_id"])
    op.add_column("member_ratings", sa.Column("version", sa.Integer(), server_default="0", nullable=False))

    op.create_table(
        "rating_marks",
        sa.Column("id", _BIG, primary_key=True),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), nullable=False),
        sa.Column("played_at", _MOMENT, nullable=False),
        sa.Column("game_id", _BIG, nullable=False),
        sa.Column("created_at", _MOMENT, nullable=False),
    )
    op.create_index("ix_rating_marks_organizer_id_id", "rating_marks", ["organizer_id", "id"])
    # Every organizer with public games: its ratings are made again, from its first game.
    op.execute(
        """INSERT INTO rating_marks (organizer_id, played_at, game_id, created_at)
        SELECT g.organizer_id, min(g.played_at), 0, CURRENT_TIMESTAMP
        FROM games g JOIN tournaments t ON t.id = g.tournament_id
        WHERE NOT t.private AND NOT g.voided
        GROUP BY g.organizer_id"""
    )


def downgrade() -> None:
    op.drop_index("ix_rating_marks_organizer_id_id", table_name="rating_marks")
    op.drop_table("rating_marks")
    op.execute("DELETE FROM rating_steps")
    op.execute("DELETE FROM member_ratings")
    op.drop_column("member_ratings", "version")
    op.drop_index("ix_rating_steps_member_order", table_name="rating_steps")
    op.drop_index("ix_rating_steps_order", table_name="rating_steps")
    op.drop_column("rating_steps", "games")
    op.drop_column("rating_steps", "tournament_id")
    op.create_index("ix_rating_steps_member_id", "rating_steps", ["member_id"])
    op.create_table(
        "rating_basis",
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("organizers.id"), primary_key=True),
        sa.Column("last_version_id", _BIG, nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last_played_at", _MOMENT, nullable=True),
        sa.Column("computed_at", _MOMENT, nullable=False),
    )
    op.drop_index("ix_round_seats_player_id", table_name="round_seats")
    op.drop_index("ix_games_organizer_order", table_name="games")
    op.drop_column("games", "organizer_id")
    op.drop_index("ix_members_organizer_id_reading", table_name="members")
    op.drop_column("members", "reading")
    op.drop_column("tournaments", "time_zone")
    op.drop_column("organizers", "time_zone")
