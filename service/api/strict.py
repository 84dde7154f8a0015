"""One strict reading of every request: body, content type, path ids, query values and names.

What the service accepts is exactly what openapi.yaml says, and nothing it merely can coerce:
an integer field takes a JSON integer (not ``1.5``, ``"1"``, ``true`` or ``1e-400``), a boolean
takes ``true`` or ``false`` (not ``"yes"`` or ``1``), a path id is written in ASCII digits
without leading zeros (not ``１`` or ``01``), a body is JSON sent as JSON (anything else is 415),
and a name is trimmed, NFC-normalised text without control characters.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from flask import Request
from marshmallow import ValidationError, fields, validate
from webargs.flaskparser import FlaskParser
from werkzeug.routing import BaseConverter

from ..core.jsonio import loads
from ..text_and_time import clean_text, moment, new_time_zone

ID_MAX = 2**31 - 1
JSON_TYPES = ("application/json",)


class IdConverter(BaseConverter):
    """A row id in a path: 1 to 2**31 - 1 in ASCII digits, no leading zero (``/01`` and
    full-width ``/１`` are other paths, and not found)."""

    regex = r"[1-9][0-9]{0,9}"

    def to_python(self, value: str) -> int:
        n = int(value)
        if n > ID_MAX:
            from werkzeug.routing import ValidationError as RouteMismatch

            raise RouteMismatch()
        return n

    def to_url(self, value: Any) -> str:
        return str(int(value))


def id_schema(_converter: IdConverter) -> dict[str, Any]:
    return {"type": "integer", "minimum": 1, "maximum": ID_MAX}


class StrictParser(FlaskParser):
    """webargs' parser, reading bodies with the service's one strict JSON decoder (duplicate
    keys, NaN, huge numbers refused with a pointer). The content type was checked before the
    view (``check_content_type``); an empty body reads as an empty object, so what is missing
    is named field by field."""

    def _raw_load_json(self, req: Request) -> Any:
        data = req.get_data(cache=True)
        return loads(data) if data else {}


def has_body(req: Request) -> bool:
    return bool(req.content_length) or "chunked" in req.headers.get("Transfer-Encoding", "").lower()


def is_json(mimetype: str) -> bool:
    return mimetype in JSON_TYPES or (mimetype.startswith("application/") and mimetype.endswith("+json"))


# --- fields -----------------------------------------------------------------------------------


class Integer(fields.Integer):
    """A JSON integer, nothing else (a bool is not one, nor a float, nor a string of digits)."""

    default_error_messages: dict[str, Any] = {
        "invalid": "Not an integer: a JSON number without a fraction or exponent."
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if type(value) is not int:
            raise self.make_error("invalid")
        if not INT_MIN <= value <= INT_MAX:  # no column holds more, and SQLite cannot even compare it
            raise ValidationError(f"Out of range: from {INT_MIN} to {INT_MAX}.")
        return value


INT_MIN, INT_MAX = -(2**63), 2**63 - 1


class Id(Integer):
    """A row id in a body: 1 to 2**31 - 1, as in a path."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("validate", validate.Range(min=1, max=ID_MAX))
        super().__init__(**kwargs)


class Boolean(fields.Boolean):
    """JSON true or false, nothing else."""

    default_error_messages: dict[str, Any] = {"invalid": "Not a boolean: true or false."}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


_ASCII_INT = re.compile(r"-?(0|[1-9][0-9]{0,17})")


class QueryInteger(fields.Integer):
    """An integer in a query string: ASCII digits (``?limit=１`` is refused, not read as 1)."""

    default_error_messages: dict[str, Any] = {"invalid": "Not an integer: ASCII digits without leading zeros."}

    def _validated(self, value: Any) -> int:
        if not isinstance(value, str) or not _ASCII_INT.fullmatch(value):
            raise self.make_error("invalid")
        return int(value)


class QueryBoolean(fields.Boolean):
    """A boolean in a query string: true, false, 1 or 0."""

    truthy: set[object] = {"true", "1"}
    falsy: set[object] = {"false", "0"}
    default_error_messages: dict[str, Any] = {"invalid": "Not a boolean: true, false, 1 or 0."}


class CsvLanguage(fields.String):
    """``lang`` of a standings CSV: its header in words of that language (en or zh), not the
    fields' names."""

    def __init__(self) -> None:
        super().__init__(
            validate=validate.OneOf(["en", "zh"]),
            metadata={"description": "with format=csv: the header in words of this language, not the fields' names"},
        )


class Moment(fields.DateTime):
    """A date and time (ISO 8601), handed to the view in UTC."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> datetime:
        try:
            return moment(value)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None


class TimeZone(fields.String):
    """An IANA time zone name (Asia/Shanghai): where times without a zone are read and shown."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {})
        kwargs["metadata"] = {
            "description": "an IANA time zone, e.g. Asia/Shanghai",
            "example": "Asia/Shanghai",
            **kwargs["metadata"],
        }
        super().__init__(validate=validate.Length(min=1, max=64), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        try:
            new_time_zone(value)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None
        return str(value)


class Name(fields.String):
    """A name, label or reason: see :func:`clean_text`."""

    def __init__(self, *, max_length: int, what: str = "a name", **kwargs: Any) -> None:
        super().__init__(validate=validate.Length(min=1, max=max_length), **kwargs)
        self.max_length = max_length
        self.what = what
        described = str(self.metadata.get("description", ""))
        self.metadata = {
            **self.metadata,
            "description": (described + " Trimmed and NFC-normalised; no control or format characters.").strip(),
        }

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        try:
            return clean_text(value, max_length=self.max_length, what=self.what)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None


class IntList(fields.List):  # type: ignore[type-arg]
    """A list of whole numbers in an answer, written as it is (a season's thousands of evening
    ids: marshmallow would format each one apart). Documented as a list of integers."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(fields.Integer(), **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else [int(v) for v in value]


class BoundedList(fields.List):  # type: ignore[type-arg]
    """A list of at most ``max_items`` items, refused before any item is read: marshmallow reads
    every item first (and a problem an item), so a megabyte of them cost a second and an answer
    of megabytes."""

    def __init__(self, inner: Any, *, max_items: int, **kwargs: Any) -> None:
        super().__init__(inner, validate=validate.Length(max=max_items), **kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list) and len(value) > self.max_items:
            raise ValidationError(f"at most {self.max_items} items; this has {len(value):,}")
        return super()._deserialize(value, attr, data, **kwargs)
