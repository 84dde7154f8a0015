"""Values the service reads from people beside the game itself: names, labels and reasons, and
moments in time. One reading each, used by the HTTP layer, the use cases and the command line."""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime

__all__ = ["clean_text", "moment"]


def moment(value: object) -> datetime:
    """An ISO 8601 date and time as a moment in UTC (without a zone: UTC). ValueError if it is
    not one, or if it lies outside the years 1 to 9999 once shifted to UTC."""
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError("not an ISO 8601 date and time, e.g. 2026-11-30T19:30:00+08:00")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError("not an ISO 8601 date and time, e.g. 2026-11-30T19:30:00+08:00") from None
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=UTC)
    try:
        return parsed.astimezone(UTC)
    except OverflowError:
        raise ValueError("out of range: in UTC it falls before the year 1 or after 9999") from None


# Characters a name may not hold: controls (NUL, newlines, …), format characters (zero-width
# spaces and joiners, bidi controls, soft hyphens) and the private-use and unassigned ranges.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs"}


def clean_text(value: object, *, max_length: int, what: str = "a name") -> str:
    """Text as the service keeps it: NFC-normalised, trimmed, not empty, without control,
    format or unassigned characters. ValueError says what is wrong."""
    if not isinstance(value, str):
        raise ValueError(f"{what} is a string")
    text = unicodedata.normalize("NFC", value).strip()
    if not text:
        raise ValueError(f"{what} is not empty (spaces alone do not count)")
    bad = next((c for c in text if unicodedata.category(c) in _REFUSED_CATEGORIES), None)
    if bad is not None:
        raise ValueError(
            f"{what} may not hold control, format or unassigned characters (found U+{ord(bad):04X} "
            f"{unicodedata.name(bad, 'unnamed')})"
        )
    if len(text) > max_length:
        raise ValueError(f"{what} has at most {max_length} characters")
    return text
