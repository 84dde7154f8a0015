"""WSGI entry point for gunicorn: ``gunicorn service.wsgi:app``."""

import gc

from .api.observability import configure_logging
from .app import create_app

configure_logging()
app = create_app()
# Everything imported so far lives as long as the process: take it out of the garbage collector's
# sight, so that collections triggered by request garbage do not walk the whole heap every time.
gc.freeze()
