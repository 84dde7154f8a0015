"""The referee's answer to a text, as the command line and the API's stream read it: one record
(JSON, or the game notation), or a run of NDJSON lines, one record a line, each answered by one
document in order — the adjudication, or the problem document of a line that is not a record.
No Flask and no database: ``baohuang adjudicate`` and ``POST /v1/adjudications/stream`` answer
each line with exactly the same document.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .core import adjudicate
from .core.errors import Problem, RecordError
from .core.jsonio import loads
from .core.notation import adjudication_json, located, looks_like_notation, parse
from .problems import invalid_record

__all__ = ["BAD_INPUT", "LEGAL", "NOT_LEGAL", "answer_line", "answer_lines", "answer_text"]

# How a text was answered (the command's exit status): a legal game, an illegal or incomplete
# one, or not a record at all.
LEGAL, NOT_LEGAL, BAD_INPUT = 0, 1, 2


def answer_text(text: str | bytes, line: int | None = None) -> tuple[dict[str, Any], int]:
    """The answer for one record (JSON, or the game notation when not a line of NDJSON);
    ``line``: its line in an NDJSON input, named in a problem."""
    game = None
    try:
        if line is None and isinstance(text, str) and looks_like_notation(text):
            game = parse(text)
            try:
                result = adjudicate(game.record)
            except RecordError as exc:
                raise RecordError(located(exc.problems, game)) from None
        else:
            result = adjudicate(loads(text))
    except RecordError as exc:
        return _line_problem(invalid_record(exc.problems), line), BAD_INPUT
    answer = result.to_json() if game is None else adjudication_json(result, game)
    return answer, LEGAL if result.legal else NOT_LEGAL


def answer_lines(lines: Iterable[str | bytes]) -> Iterator[tuple[dict[str, Any], int]]:
    """One answer for each line, in order, as each is read."""
    for number, text in enumerate(lines, start=1):
        yield answer_line(text, number)


def answer_line(text: str | bytes, number: int) -> tuple[dict[str, Any], int]:
    """The answer for line ``number`` of NDJSON (an empty line is a problem too: the answers stay
    one a line)."""
    if not text.strip():
        empty = Problem("", "empty_line", "an empty line is not a record")
        return _line_problem(invalid_record([empty]), number), BAD_INPUT
    return answer_text(text, number)


def _line_problem(doc: dict[str, Any], line: int | None) -> dict[str, Any]:
    if line is not None:
        doc["line"] = line
        doc["detail"] = f"line {line}: {doc['detail']}"
    return doc
