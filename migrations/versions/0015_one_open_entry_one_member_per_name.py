"""what is counted is what both sides saw: at most one pending entry per deal (and one disputed
version per side), one member per name key within an organizer, and table links whose tokens can
be printed again (a salt; the token is derived from it and the server's secret, never stored).

Entries left open twice by earlier races are closed as replaced (the oldest open one stays);
members made twice for one name are merged into the oldest (their players moved to it).

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    # Open entries made twice by a race: keep the oldest of each deal (of each side, disputed).
    for state, extra in (("pending", ""), ("disputed", ", side")):
        bind.execute(
            sa.text(
                f"""UPDATE table_entries SET state = 'replaced'
                WHERE state = :state AND id NOT IN (
                    SELECT min(id) FROM table_entries WHERE state = :state
                    GROUP BY tournament_id, round_number, table_no, deal_no{extra})"""
            ),
            {"state": state},
        )
    # Members made twice for one name: players and ratings' subjects go to the oldest; the others
    # are merged into it, their key made unique (the name stays).
    dupes = bind.execute(
        sa.text(
            """SELECT m.id, k.keep FROM members m JOIN (
                SELECT organizer_id, name_key, min(id) AS keep FROM members
                GROUP BY organizer_id, name_key HAVING count(*) > 1) k
            ON m.organizer_id = k.organizer_id AND m.name_key = k.name_key AND m.id <> k.keep"""
        )
    ).all()
    for member, keep in dupes:
        bind.execute(sa.text("UPDATE players SET member_id = :keep WHERE member_id = :m"), {"keep": keep, "m": member})
        bind.execute(
            sa.text("UPDATE members SET merged_into = :keep, name_key = name_key || '#' || :m WHERE id = :m"),
            {"keep": keep, "m": str(member)},
        )
    op.drop_index("ix_members_organizer_id_name_key", table_name="members")
    op.create_index("ix_members_organizer_id_name_key", "members", ["organizer_id", "name_key"], unique=True)
    for name, columns, state in (
        ("uq_table_entries_pending", ["tournament_id", "round_number", "table_no", "deal_no"], "pending"),
        ("uq_table_entries_disputed", ["tournament_id", "round_number", "table_no", "deal_no", "side"], "disputed"),
    ):
        where = sa.text(f"state = '{state}'")
        op.create_index(name, "table_entries", columns, unique=True, sqlite_where=where, postgresql_where=where)
    with op.batch_alter_table("table_links") as batch:
        batch.add_column(sa.Column("salt", sa.String(64), nullable=True))
        batch.add_column(sa.Column("ended_by", sa.String(10), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_links") as batch:
        batch.drop_column("ended_by")
        batch.drop_column("salt")
    op.drop_index("uq_table_entries_disputed", table_name="table_entries")
    op.drop_index("uq_table_entries_pending", table_name="table_entries")
    op.drop_index("ix_members_organizer_id_name_key", table_name="members")
    op.create_index("ix_members_organizer_id_name_key", "members", ["organizer_id", "name_key"])
