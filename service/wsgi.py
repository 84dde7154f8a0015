"""WSGI entry point for gunicorn: ``gunicorn service.wsgi:app``."""

from .api import create_app
from .api.observability import configure_logging

configure_logging()
app = create_app()
