"""The game notation: a whole game as text a person can type at the table (docs/notation.md).

One parser, one formatter, like the card notation they build on. :func:`parse` reads the text
into a record (decoded JSON, as the referee reads it) and remembers where each part was written,
so that a problem or a violation can name its line and column; :func:`format_record` writes a
record as the text. ``format_record(parse(text).record)`` is stable, and ``parse(format_record(r))``
is the same game as ``r`` (the same verdict, scores and fingerprint).

>>> game = parse('''
... [Ruleset "weihai"]
... calls
... 0 ascend, 2 rebel
... plays
... 0: 9 9, 10 10, -, -, J J
... ''')
>>> game.record["calls"], game.record["plays"][:2]
([{'seat': 0, 'call': 'ascend'}, {'seat': 2, 'call': 'rebel'}], [{'seat': 0, 'cards': '9 9'}, {'cards': '10 10'}])
>>> game.where("/plays/4")
(6, 22)
"""

from __future__ import annotations

from .formatter import adjudication_json, format_record, located, written
from .parser import MEDIA_TYPE, ParsedGame, line_count, looks_like_notation, parse
from .problems import NotationSyntaxError
from .submission import parse_submission

__all__ = [
    "MEDIA_TYPE",
    "NotationSyntaxError",
    "ParsedGame",
    "adjudication_json",
    "format_record",
    "line_count",
    "located",
    "looks_like_notation",
    "parse",
    "parse_submission",
    "written",
]
