"""Bodies and answers in the game notation (``text/x-baohuang``, docs/notation.md): reading a
body as a record or a submission, the line and column of a problem or a violation, and an
adjudication written as notation for a client that asks for it (``Accept``)."""

from __future__ import annotations

from flask import Request

from ..core.errors import Problem, RecordError
from ..core.notation import MEDIA_TYPE, ParsedGame, adjudication_json, located, parse, written
from ..core.notation.problems import notation_problem

__all__ = [
    "MEDIA_TYPE",
    "adjudication_json",
    "body_text",
    "located",
    "parse_body",
    "sent_as_notation",
    "wants_notation",
    "written",
]


def sent_as_notation(request: Request) -> bool:
    return request.mimetype == MEDIA_TYPE


def wants_notation(request: Request) -> bool:
    """The client prefers the notation to JSON (``Accept: text/x-baohuang``)."""
    if "x-baohuang" not in request.environ.get("HTTP_ACCEPT", ""):  # most requests: no parsing
        return False
    return request.accept_mimetypes.best_match(["application/json", MEDIA_TYPE]) == MEDIA_TYPE


def body_text(raw: bytes) -> str:
    """A notation body as text; RecordError (422) when it is not UTF-8, or holds a NUL (no
    character of the notation, and no database keeps it in text)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError([Problem("", "invalid_notation", "the body is not UTF-8 text")]) from None
    at = text.find("\x00")
    if at >= 0:
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        raise RecordError([notation_problem(line, column, "invalid_character", "NUL (U+0000) is not text")])
    return text


def parse_body(raw: bytes) -> tuple[ParsedGame, str]:
    """The game a notation body writes, and the body as text. RecordError (422) when it is not
    UTF-8 or not the notation, every problem with its line and column."""
    text = body_text(raw)
    return parse(text), text
