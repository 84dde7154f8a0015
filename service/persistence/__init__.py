"""Persistence: SQLAlchemy models, the database, and the repository the HTTP layer calls.

The rules core never imports this package."""
