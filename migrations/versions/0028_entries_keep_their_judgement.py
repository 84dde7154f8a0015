"""Every table entry keeps its judgement: the entries from before they did are given it

A table's entry keeps what it was judged to be when it was entered (each seat's role, place, score
and whether it called rebellion, and a record's fingerprint), so confirming it stores that and
judges nothing again. Entries made before entries kept the rebellion marks (and, for a record,
its fingerprint) are given them here, from what they already hold: a seat called rebellion when it
is among its outcome's "rebels"; a record's fingerprint is that of its record under its
tournament's ruleset (service/core/identity.py, as on the way in). The service then reads every
entry alike, with no second way for the old ones.

Revision ID: 0028
Revises: 0027
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from service.core.identity import record_fingerprint
    from service.core.ruleset import Ruleset

    conn = op.get_bind()
    entries = sa.table(
        "table_entries",
        sa.column("id", sa.Integer),
        sa.column("tournament_id", sa.Integer),
        sa.column("kind", sa.String),
        sa.column("body", sa.Text),
        sa.column("outcome", sa.JSON),
        sa.column("seats", sa.JSON),
        sa.column("record_hash", sa.String),
    )
    tournaments = sa.table(
        "tournaments",
        sa.column("id", sa.Integer),
        sa.column("ruleset_name", sa.String),
        sa.column("ruleset_options", sa.JSON),
    )
    rulesets: dict[int, Ruleset] = {}
    rows = conn.execute(
        sa.select(entries.c.id, entries.c.tournament_id, entries.c.kind, entries.c.body, entries.c.outcome, entries.c.seats)
        .where(
            sa.cast(entries.c.seats, sa.Text).not_like('%"rebelled"%')
            | (entries.c.record_hash.is_(None) & (entries.c.kind == "record"))
        )
        .order_by(entries.c.id)
    ).all()
    for entry_id, tournament_id, kind, body, outcome, seats in rows:
        outcome = json.loads(outcome) if isinstance(outcome, str) else outcome
        seats = json.loads(seats) if isinstance(seats, str) else seats
        rebels = {s for s in (outcome or {}).get("rebels") or [] if isinstance(s, int)}
        values: dict[str, object] = {"seats": [{**x, "rebelled": x.get("rebelled", x["seat"] in rebels)} for x in seats]}
        record = json.loads(body).get("record") if kind == "record" else None
        if isinstance(record, dict):
            if tournament_id not in rulesets:
                name, options = conn.execute(
                    sa.select(tournaments.c.ruleset_name, tournaments.c.ruleset_options).where(
                        tournaments.c.id == tournament_id
                    )
                ).one()
                options = json.loads(options) if isinstance(options, str) else options
                rulesets[tournament_id] = Ruleset.from_options(name, options or {})
            values["record_hash"] = record_fingerprint(record, rulesets[tournament_id])
        conn.execute(sa.update(entries).where(entries.c.id == entry_id).values(**values))


def downgrade() -> None:
    pass  # the marks and fingerprints are true of the entries: nothing to take back
