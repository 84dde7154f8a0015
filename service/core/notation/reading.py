"""Reading the game notation: text into a record (decoded JSON, as the referee reads it), with
where each part was written, so that a problem or a violation can name its line and column."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bounds import MAX_CALLS, MAX_LISTED_PROBLEMS, MAX_NOTATION_LINES, MAX_PLAYS
from ..call_types import CallKind
from ..cards import NotationError, parse_card, parse_cards
from ..errors import Problem, RecordError
from ..ruleset import PRESETS

if TYPE_CHECKING:
    pass


MEDIA_TYPE = "text/x-baohuang"

SECTIONS = {"deal": "deal", "发牌": "deal", "calls": "calls", "叫牌": "calls", "plays": "plays", "出牌": "plays"}
PASSES = frozenset({"-", "pass", "过", "不要"})
CALL_NAMES: dict[str, str] = {
    **{k.value: k.value for k in CallKind},
    "reveal": "reveal_guard",
    "登基": "ascend",
    "独": "solo",
    "明独": "solo",
    "让": "transfer",
    "不要": "decline",
    "接": "accept",
    "叫": "accept",
    "亮保": "reveal_guard",
    "明保": "reveal_guard",
    "造反": "rebel",
    "反": "rebel",
    "踢": "kick",
    "投降": "surrender",
}
# Headers the record itself reads; every other header is kept in the record's meta.
_SEAT_HEADERS = tuple(f"Seat{i}" for i in range(5))
_META_HEADERS = {"Date": "date", "Table": "table", "Event": "event", "Round": "round", "Deal": "deal", "Site": "site"}
_HEADER = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_SEAT_PREFIX = re.compile(r"([0-4])\s*[:：]\s*")


class NotationSyntaxError(RecordError):
    """The text is not a game in the notation: every problem with its line and column (1-based)."""


@dataclass(frozen=True, slots=True)
class ParsedGame:
    """A game read from the notation, and where each of its parts was written: ``positions``
    by JSON pointer, and the plays by line (``play_lines``: the index of each line's first play,
    its number and its text), their columns found only when asked for."""

    record: dict[str, Any]
    positions: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    play_lines: tuple[tuple[int, int, str], ...] = ()

    def where(self, pointer: str) -> tuple[int, int] | None:
        """The line and column where the part at ``pointer`` (a JSON pointer into the record) was
        written: the deepest written part that contains it."""
        p = pointer
        while True:
            if p in self.positions:
                return self.positions[p]
            if p.startswith("/plays/"):
                index = p[7:]
                if index.isascii() and index.isdigit() and str(int(index)) == index:
                    found = self._play_at(int(index))
                    if found is not None:
                        return found
            if not p:
                return None
            p = p.rsplit("/", 1)[0]

    def _play_at(self, index: int) -> tuple[int, int] | None:
        k = bisect.bisect_right([first for first, _, _ in self.play_lines], index) - 1
        if k < 0:
            return None
        first, n, line = self.play_lines[k]
        columns = [col for col, _ in _entries(line)]
        return (n, columns[index - first]) if index - first < len(columns) else None


def looks_like_notation(text: str) -> bool:
    """Whether a body or file is the notation rather than JSON (JSON starts with '{')."""
    return not text.lstrip("\ufeff \t\r\n").startswith("{")


_LINE_BREAKS = ("\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def line_count(text: str) -> int:
    """How many lines ``text.splitlines()`` gives, counted without making them."""
    if not text:
        return 0
    breaks = sum(map(text.count, _LINE_BREAKS)) - text.count("\r\n")
    return breaks + (not text.endswith(_LINE_BREAKS))


def _too_large(code: str, what: str, limit: int, found: int | None, line: int) -> Problem:
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


def _problem(line: int, col: int, code: str, message: str) -> Problem:
    return Problem("", code, f"line {line}, column {col}: {message}", {"line": line, "column": col})


def parse(text: str) -> ParsedGame:
    """The record the text writes, or NotationSyntaxError naming every line and column at fault."""
    problems: list[Problem] = []
    positions: dict[str, tuple[int, int]] = {}
    headers: dict[str, tuple[str, int, int]] = {}
    deal: dict[int, str] = {}
    calls: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    play_lines: list[tuple[int, int, str]] = []
    entries = 0  # plays written so far, right or wrong
    section: str | None = None
    text = text.lstrip("\ufeff")
    count = line_count(text)
    if count > MAX_NOTATION_LINES:  # counted before the text is split
        raise NotationSyntaxError(
            [_too_large("too_many_lines", "lines", MAX_NOTATION_LINES, count, MAX_NOTATION_LINES + 1)]
        )
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0] if not raw.lstrip().startswith("[") else raw
        stripped = line.strip()
        if not stripped:
            continue
        indent = len(line) - len(line.lstrip())
        keyword = stripped.rstrip(":：").strip().lower()
        if keyword in SECTIONS:
            section = SECTIONS[keyword]
            continue
        if stripped.startswith("["):
            if section is not None:
                problems.append(_problem(n, indent + 1, "notation_error", "headers come before the sections"))
                continue
            m = _HEADER.fullmatch(stripped)
            if m is None:
                problems.append(_problem(n, indent + 1, "notation_error", 'a header is [Name "value"]'))
                continue
            name, value = m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))
            if name in headers:
                problems.append(_problem(n, indent + 1, "notation_error", f"header {name} is given twice"))
            headers[name] = (value, n, indent + 1)
            continue
        if section is None:
            problems.append(
                _problem(n, indent + 1, "notation_error", "before the game: headers, then 'deal', 'calls' or 'plays'")
            )
            continue
        if section == "deal":
            _deal_line(line, n, deal, positions, problems)
        elif section == "calls":
            for col, entry in _entries(line):
                _call(entry, n, col, calls, positions, problems)
                if len(calls) > MAX_CALLS:
                    raise NotationSyntaxError([_too_large("too_many_calls", "calls", MAX_CALLS, None, n)])
        else:
            play_lines.append((len(plays), n, line))
            entries += _play_line(line, n, MAX_PLAYS - entries, plays, problems)
        if len(problems) > MAX_LISTED_PROBLEMS:  # enough to show: the rest of the text is not read
            break
    record: dict[str, Any] = {}
    _read_headers(headers, record, positions, problems)
    if deal:
        missing = [s for s in range(5) if s not in deal]
        if missing:
            at_line, at_col = positions["/deal/" + str(min(deal))]
            problems.append(
                _problem(
                    at_line, at_col, "notation_error", f"the deal gives {len(deal)} hands; give all five (or none)"
                )
            )
        else:
            record["deal"] = [deal[s] for s in range(5)]
            positions["/deal"] = positions["/deal/0"]
    record["calls"] = calls
    record["plays"] = plays
    if problems:
        raise NotationSyntaxError(problems)
    return ParsedGame(record, positions, tuple(play_lines))


def _entries(line: str) -> list[tuple[int, str]]:
    """The comma-separated entries of a line, each with its column (1-based)."""
    out = []
    start = 0
    for part in re.split(r"[,，]", line):
        body = part.strip()
        if body:
            out.append((start + len(part) - len(part.lstrip()) + 1, body))
        start += len(part) + 1
    return out


# Card texts read before (the same few hundred spellings make up most games), and how the
# record writes each; bounded like the play loop's cache of moves.
_CARD_TEXT: dict[str, str] = {}
_CARD_TEXT_LIMIT = 50_000


def _play_line(line: str, n: int, room: int, plays: list[dict[str, Any]], problems: list[Problem]) -> int:
    """The plays of one line (a trick, or any run of plays), comma-separated; how many were
    written. More than ``room`` is more than any game has: the text is read no further. The
    commonest entries — a pass written '-', cards read before, either after a seat — are taken
    at once; the rest by :func:`_play`, which finds their columns."""
    bodies = list(map(str.strip, line.split(",") if "，" not in line else re.split(r"[,，]", line)))
    written = len(bodies) - bodies.count("")
    if written > room:
        raise NotationSyntaxError([_too_large("too_many_plays", "plays", MAX_PLAYS, None, n)])
    known = _CARD_TEXT.get
    columns: list[int] | None = None
    k = -1
    for body in bodies:
        if not body:
            continue
        k += 1
        rest = body
        seat = -1
        if len(body) > 2 and body[1] in ":：" and body[0] in "01234":
            seat = ord(body[0]) - 48
            rest = body[2:].lstrip()
        if rest == "-":
            play: dict[str, Any] = {"pass": True}
        else:
            cards = known(rest)
            if cards is None:
                if columns is None:
                    columns = [col for col, _ in _entries(line)]
                _play(body, n, columns[k], plays, problems)
                continue
            play = {"cards": cards}
        if seat >= 0:
            play = {"seat": seat, **play}
        plays.append(play)
    return written


def _cards(text: str, line: int, col: int, problems: list[Problem], remember: bool = True) -> str | None:
    """The cards of ``text`` as the record writes them, remembered for the next play that
    writes them so (not a hand: ``remember=False``); None, with a problem, where a token is not a
    card."""
    try:
        parse_cards(text)
    except NotationError as exc:
        # the column of the token at fault
        tokens = list(re.finditer(r"\S+", text))
        at = col + (tokens[exc.index].start() if 0 <= exc.index < len(tokens) else 0)
        problems.append(_problem(line, at, "unknown_card", str(exc)))
        return None
    written = " ".join(text.split())
    if remember:
        if len(_CARD_TEXT) >= _CARD_TEXT_LIMIT:
            _CARD_TEXT.clear()
        _CARD_TEXT[text] = written
    return written


def _deal_line(
    line: str, n: int, deal: dict[int, str], positions: dict[str, tuple[int, int]], problems: list[Problem]
) -> None:
    body = line.strip()
    col = len(line) - len(line.lstrip()) + 1
    m = _SEAT_PREFIX.match(body)
    if m is None:
        problems.append(_problem(n, col, "notation_error", "a hand is written 'seat: cards', e.g. '0: BJ* 2 2 A …'"))
        return
    seat = int(m.group(1))
    if seat in deal:
        problems.append(_problem(n, col, "notation_error", f"seat {seat}'s hand is given twice"))
        return
    cards = _cards(body[m.end() :], n, col + m.end(), problems, remember=False)
    positions[f"/deal/{seat}"] = (n, col)
    if cards is not None:
        deal[seat] = cards


def _call(
    entry: str,
    n: int,
    col: int,
    calls: list[dict[str, Any]],
    positions: dict[str, tuple[int, int]],
    problems: list[Problem],
) -> None:
    words = entry.replace(":", " ").replace("：", " ").split()
    if len(words) not in (2, 3) or words[0] not in "01234" or len(words[0]) != 1:
        problems.append(_problem(n, col, "notation_error", "a call is 'seat call', e.g. '0 ascend' or '2 accept 9H'"))
        return
    kind = CALL_NAMES.get(words[1].lower()) or CALL_NAMES.get(words[1])
    if kind is None:
        problems.append(
            _problem(
                n, col, "unknown_call", f"unknown call {words[1]!r}; calls are {', '.join(k.value for k in CallKind)}"
            )
        )
        return
    call: dict[str, Any] = {"seat": int(words[0]), "call": kind}
    if len(words) == 3:
        try:
            parse_card(words[2])
        except NotationError as exc:
            problems.append(_problem(n, col, "unknown_card", str(exc)))
            return
        call["card"] = words[2]
    positions[f"/calls/{len(calls)}"] = (n, col)
    calls.append(call)


def _play(entry: str, n: int, col: int, plays: list[dict[str, Any]], problems: list[Problem]) -> None:
    play: dict[str, Any] = {}
    m = _SEAT_PREFIX.match(entry)
    body = entry
    at = col
    if m is not None:
        play["seat"] = int(m.group(1))
        body = entry[m.end() :]
        at = col + m.end()
    if not body.strip():
        problems.append(_problem(n, at, "notation_error", "a play is cards, or '-' for a pass"))
        return
    if body.strip().lower() in PASSES:
        play["pass"] = True
    else:
        cards = _cards(body, n, at, problems)
        if cards is None:
            return
        play["cards"] = cards
    plays.append(play)


def _read_headers(
    headers: dict[str, tuple[str, int, int]],
    record: dict[str, Any],
    positions: dict[str, tuple[int, int]],
    problems: list[Problem],
) -> None:
    meta: dict[str, Any] = {}
    players: list[str | None] = [None] * 5
    name = headers.get("Ruleset", ("weihai", 0, 0))[0]
    if "Ruleset" in headers:
        positions["/ruleset"] = headers["Ruleset"][1:]
    options: dict[str, Any] = {}
    if "Options" in headers:
        value, line, col = headers["Options"]
        positions["/ruleset"] = (line, col)
        for word in value.split():
            key, eq, raw = word.partition("=")
            if not eq or not key or not raw:
                problems.append(_problem(line, col, "notation_error", "options are written key=value, e.g. pass=hard"))
                continue
            options[key] = _option_value(name, key, raw)
    if "Ruleset" in headers or options:
        record["ruleset"] = {"name": name, "options": options} if options else name
    for key, field_name in (("FirstCandidate", "first_candidate"), ("Guard", "guard")):
        if key in headers:
            value, line, col = headers[key]
            positions[f"/{field_name}"] = (line, col)
            if value.strip() not in ("0", "1", "2", "3", "4"):
                problems.append(_problem(line, col, "invalid_seat", f"{key} is a seat from 0 to 4"))
            else:
                record[field_name] = int(value)
    if "Claimed" in headers:
        value, line, col = headers["Claimed"]
        positions["/claimed"] = (line, col)
        try:
            record["claimed"] = json.loads(value)
        except ValueError:
            problems.append(
                _problem(line, col, "notation_error", 'Claimed is JSON, e.g. {"scores": [4, 2, -2, -2, -2]}')
            )
    for key, (value, line, col) in headers.items():
        if key in ("Ruleset", "Options", "FirstCandidate", "Guard", "Claimed"):
            continue
        if key in _SEAT_HEADERS:
            players[int(key[-1])] = value
        else:
            meta[_META_HEADERS.get(key, key)] = value
            positions[f"/meta/{_META_HEADERS.get(key, key)}"] = (line, col)
    if any(p is not None for p in players):
        meta["players"] = players
    if meta:
        record["meta"] = meta


def parse_submission(text: str) -> tuple[dict[str, Any], ParsedGame]:
    """A tournament submission in the notation: the game, with the envelope in its headers —
    ``Players`` (five player ids by seat), ``Round``, ``Table`` and ``Deal`` (where it was played:
    the seating names the players), ``PlayedAt`` and ``AcceptComputed`` — taken out of its meta.
    Returns the submission as JSON would write it, and the parsed game (for positions)."""
    game = parse(text)
    record = game.record
    meta = dict(record.get("meta") or {})
    envelope: dict[str, Any] = {}
    problems: list[Problem] = []
    if "Players" in meta:
        line, col = game.positions["/meta/Players"]
        words = str(meta.pop("Players")).split()
        if len(words) != 5 or not all(re.fullmatch(r"[1-9][0-9]{0,17}", w) for w in words):
            problems.append(
                _problem(line, col, "notation_error", 'Players names the five player ids by seat, e.g. "12 7 3 9 15"')
            )
        else:
            envelope["players"] = [int(w) for w in words]
    for name in ("round", "table", "deal"):  # [Round "3"], [Table "2"], [Deal "1"]: where it was played
        if name in meta:
            line, col = game.positions[f"/meta/{name}"]
            value = str(meta.pop(name)).strip()
            if re.fullmatch(r"[1-9][0-9]{0,5}", value) is None:
                problems.append(_problem(line, col, "notation_error", f"{name.title()} is a number from 1"))
            else:
                envelope[name] = int(value)
    if "PlayedAt" in meta:
        envelope["played_at"] = meta.pop("PlayedAt")
    if "AcceptComputed" in meta:
        line, col = game.positions["/meta/AcceptComputed"]
        value = meta.pop("AcceptComputed")
        if value not in ("true", "false"):
            problems.append(_problem(line, col, "notation_error", "AcceptComputed is true or false"))
        envelope["accept_computed"] = value == "true"
    if problems:
        raise NotationSyntaxError(problems)
    if meta:
        record["meta"] = meta
    else:
        record.pop("meta", None)
    envelope["record"] = record
    return envelope, game


def _option_value(ruleset: str, key: str, raw: str) -> Any:
    """An option's value as the ruleset's options are typed (``deck=168`` is the text '168',
    ``rebellion_threshold=3`` the number 3); an unknown ruleset or option keeps the text, and
    the referee says what is wrong with it."""
    preset = PRESETS.get(ruleset)
    default = None if preset is None else preset.options().get(key)
    if isinstance(default, bool):
        return {"true": True, "false": False}.get(raw, raw)
    if isinstance(default, int) and re.fullmatch(r"-?\d+", raw):
        return int(raw)
    return raw
