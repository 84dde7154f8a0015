"""Schemathesis against the committed openapi.yaml: no server error, no schema mismatch."""

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.app import create_app

ROOT = Path(__file__).resolve().parents[2]


@schemathesis.serializer("application/x-ndjson", "text/x-baohuang")
def _text(ctx, value):
    """The import's NDJSON and the game notation are text: a generated string is sent as it is."""
    return value.encode("utf-8", "surrogatepass") if isinstance(value, str) else str(value).encode()


schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
_DB = Path(tempfile.mkdtemp()) / "schemathesis.sqlite3"
schema.app = create_app(
    {"TESTING": True, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True, "DATABASE_URL": f"sqlite:///{_DB}"}
)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_spec(case):
    case.call_and_validate(checks=CHECKS)
