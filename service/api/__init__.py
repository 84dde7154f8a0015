"""HTTP layer: thin Flask blueprints over the rules core."""

from .app import create_app, openapi_yaml

__all__ = ["create_app", "openapi_yaml"]
