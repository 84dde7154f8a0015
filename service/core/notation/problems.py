"""The problems of a text that is not a game in the notation: each names its line and column."""

from __future__ import annotations

from typing import Any

from ..errors import Problem, RecordError

__all__ = ["NotationSyntaxError", "notation_problem", "too_large"]


class NotationSyntaxError(RecordError):
    """The text is not a game in the notation: every problem with its line and column (1-based)."""


def too_large(code: str, what: str, limit: int, found: int | None, line: int) -> Problem:
    """More lines, calls or plays than any game has (core/bounds.py): the text is read no further."""
    facts: dict[str, Any] = {"line": line, "column": 1, "limit": limit}
    if found is not None:
        facts["found"] = found
    return Problem(
        "",
        code,
        f"line {line}: more than {limit:,} {what}; no game has that many (core/bounds.py), so this is not one game",
        facts,
    )


def notation_problem(line: int, col: int, code: str, message: str) -> Problem:
    return Problem("", code, f"line {line}, column {col}: {message}", {"line": line, "column": col})
