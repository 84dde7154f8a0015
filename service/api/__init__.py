"""HTTP layer: thin Flask blueprints over the use cases and the rules core (service/app.py puts
them on the application, beside the pages)."""

from .app import install, openapi_yaml

__all__ = ["install", "openapi_yaml"]
