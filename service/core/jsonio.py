"""Decoding request bodies into JSON values, with problems instead of exceptions."""

from __future__ import annotations

import json
from typing import Any

from .errors import Problem, RecordError


def loads(data: bytes | str) -> Any:
    """``json.loads`` that raises RecordError (pointer "") for anything that is not JSON."""
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise RecordError(
            [Problem("", "invalid_json", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")]
        ) from None
    except UnicodeDecodeError:
        raise RecordError([Problem("", "invalid_json", "not JSON: the body is not UTF-8 text")]) from None
    except RecursionError:
        raise RecordError([Problem("", "invalid_json", "not JSON this service accepts: nested too deeply")]) from None
