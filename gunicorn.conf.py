"""gunicorn picks this file up when started from the project folder; the settings live in the package."""

from service.gunicorn_conf import *  # noqa: F403
