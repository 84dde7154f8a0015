"""Reading what a form sent, strictly: numbers are ASCII digits within bounds (``²``, ``٣``, a
5,000-digit number and ``--1`` are a form error, never a crash), and a place to go back to
after signing in is a path of this site, never another site.

>>> number({"round": "3"}, "round", 1, 1000)
3
>>> number({"round": "²"}, "round", 1, 1000)
Traceback (most recent call last):
...
service.web.forms.FormError: round: a whole number from 1 to 1000
>>> safe_next("/organizer/tournaments/3"), safe_next("/\\t/evil.example/x"), safe_next("//evil.example")
('/organizer/tournaments/3', None, None)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import urlsplit

from ..text_and_time import clean_text

__all__ = ["FormError", "number", "safe_next", "text"]

_INTEGER = re.compile(r"0|-?[0-9]*[1-9][0-9]*")  # ASCII digits; no "-0", no "+"


class FormError(ValueError):
    """A field of a form that is not what it must be: which field, and a sentence for the page."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def number(
    form: Mapping[str, str], name: str, low: int, high: int, *, required: bool = True, default: int | None = None
) -> int | None:
    """The whole number the form sent as ``name``, from ``low`` to ``high``; None (or
    ``default``) where it was left empty and need not be given."""
    raw = (form.get(name) or "").strip()
    if not raw:
        if required and default is None:
            raise FormError(name, f"a whole number from {low} to {high}")
        return default
    if len(raw) > 10 or _INTEGER.fullmatch(raw) is None or not low <= int(raw) <= high:
        raise FormError(name, f"a whole number from {low} to {high}")
    return int(raw)


def text(form: Mapping[str, str], name: str, max_length: int, what: str, *, required: bool = True) -> str | None:
    """A name or reason as the service keeps it (values.clean_text: trimmed, NFC, no control or
    format characters); None where it was left empty and need not be given."""
    raw = form.get(name) or ""
    if not raw.strip() and not required:
        return None
    try:
        return clean_text(raw, max_length=max_length, what=what)
    except ValueError as exc:
        raise FormError(name, str(exc)) from None


def safe_next(target: str | None) -> str | None:
    """``target`` if it is a path on this site (where to go after signing in), else None. A
    browser drops tabs and line breaks from a URL and reads ``\\`` as ``/``, so a path holding any
    of them, or one that starts ``//`` once they are gone, could lead to another site."""
    if not target or not target.startswith("/"):
        return None
    if any(ord(ch) < 0x20 or ch in "\\\x7f" for ch in target):
        return None
    if target.startswith("//"):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target
