"""Alembic environment: the connection comes from the caller (service.persistence.db),
or from DATABASE_URL when alembic runs from the command line."""

from alembic import context
from sqlalchemy import create_engine

from service.persistence.db import database_url
from service.persistence.models import Base

target_metadata = Base.metadata


def run(connection):
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    with create_engine(database_url()).connect() as conn:
        run(conn)
        conn.commit()
