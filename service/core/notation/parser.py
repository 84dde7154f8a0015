"""Reading the game notation: text into a record (decoded JSON, as the referee reads it), with
where each part was written, so that a problem or a violation can name its line and column."""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bounds import MAX_CALLS, MAX_LISTED_PROBLEMS, MAX_NOTATION_LINES, MAX_PLAYS
from ..call_types import CallKind
from ..cards import NotationError, all_known, parse_card, parse_cards
from ..errors import Problem
from .headers import HEADER, read_headers
from .problems import NotationSyntaxError, notation_problem, too_large

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
_SEAT_PREFIX = re.compile(r"([0-4])\s*[:：]\s*")


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


def parse(text: str) -> ParsedGame:
    """The record the text writes, or NotationSyntaxError naming every line and column at fault."""
    text = text.lstrip("\ufeff")
    # Counted before the text is split, where it could be too long: a text has at most as many
    # lines as characters.
    count = line_count(text) if len(text) > MAX_NOTATION_LINES else 0
    if count > MAX_NOTATION_LINES:
        raise NotationSyntaxError(
            [too_large("too_many_lines", "lines", MAX_NOTATION_LINES, count, MAX_NOTATION_LINES + 1)]
        )
    r = _Reader()
    for n, raw in enumerate(text.splitlines(), start=1):
        r.line(n, raw)
        if len(r.problems) > MAX_LISTED_PROBLEMS:  # enough to show: the rest of the text is not read
            break
    return r.game()


class _Reader:
    """A text read line by line: its headers, its sections' entries, and every problem found."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.positions: dict[str, tuple[int, int]] = {}
        self.headers: dict[str, tuple[str, int, int]] = {}
        self.deal: dict[int, str] = {}
        self.calls: list[dict[str, Any]] = []
        self.plays: list[dict[str, Any]] = []
        self.play_lines: list[tuple[int, int, str]] = []
        self.entries = 0  # plays written so far, right or wrong
        self.section: str | None = None

    def line(self, n: int, raw: str) -> None:
        if self.section == "plays" and "#" not in raw and "[" not in raw:
            # The commonest line by far: a trick in the plays, no comment, no header. A section's
            # keyword is at most six characters with its colon; anything longer is plays.
            stripped = raw.strip()
            if not stripped:
                return
            if len(stripped) > 6 or stripped.rstrip(":：").strip().lower() not in SECTIONS:
                self.play_lines.append((len(self.plays), n, raw))
                self.entries += _play_line(raw, n, MAX_PLAYS - self.entries, self.plays, self.problems)
                return
        line = raw.split("#", 1)[0] if not raw.lstrip().startswith("[") else raw
        stripped = line.strip()
        if not stripped:
            return
        indent = len(line) - len(line.lstrip())
        keyword = stripped.rstrip(":：").strip().lower()
        if keyword in SECTIONS:
            self.section = SECTIONS[keyword]
        elif stripped.startswith("["):
            self._header(n, indent, stripped)
        elif self.section is None:
            self.problems.append(
                notation_problem(
                    n, indent + 1, "notation_error", "before the game: headers, then 'deal', 'calls' or 'plays'"
                )
            )
        elif self.section == "deal":
            _deal_line(line, n, self.deal, self.positions, self.problems)
        elif self.section == "calls":
            for col, entry in _entries(line):
                _call(entry, n, col, self.calls, self.positions, self.problems)
                if len(self.calls) > MAX_CALLS:
                    raise NotationSyntaxError([too_large("too_many_calls", "calls", MAX_CALLS, None, n)])
        else:
            self.play_lines.append((len(self.plays), n, line))
            self.entries += _play_line(line, n, MAX_PLAYS - self.entries, self.plays, self.problems)

    def _header(self, n: int, indent: int, stripped: str) -> None:
        if self.section is not None:
            self.problems.append(notation_problem(n, indent + 1, "notation_error", "headers come before the sections"))
            return
        m = HEADER.fullmatch(stripped)
        if m is None:
            self.problems.append(notation_problem(n, indent + 1, "notation_error", 'a header is [Name "value"]'))
            return
        name, value = m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))
        if name in self.headers:
            self.problems.append(notation_problem(n, indent + 1, "notation_error", f"header {name} is given twice"))
        self.headers[name] = (value, n, indent + 1)

    def game(self) -> ParsedGame:
        """The record the lines wrote (NotationSyntaxError: every problem found)."""
        record: dict[str, Any] = {}
        problems, positions, deal = self.problems, self.positions, self.deal
        read_headers(self.headers, record, positions, problems)
        if deal:
            missing = [s for s in range(5) if s not in deal]
            if missing:
                at_line, at_col = positions["/deal/" + str(min(deal))]
                problems.append(
                    notation_problem(
                        at_line, at_col, "notation_error", f"the deal gives {len(deal)} hands; give all five (or none)"
                    )
                )
            else:
                record["deal"] = [deal[s] for s in range(5)]
                positions["/deal"] = positions["/deal/0"]
        record["calls"] = self.calls
        record["plays"] = self.plays
        if problems:
            raise NotationSyntaxError(problems)
        return ParsedGame(record, positions, tuple(self.play_lines))


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


_PASS: dict[str, Any] = {"pass": True}
_CARDS: dict[str, Any] = {"cards": ""}


def _play_line(line: str, n: int, room: int, plays: list[dict[str, Any]], problems: list[Problem]) -> int:
    """The plays of one line (a trick, or any run of plays), comma-separated; how many were
    written. More than ``room`` is more than any game has: the text is read no further. The
    commonest entries — a pass written '-', cards read before, either after a seat — are taken
    at once; the rest by :func:`_play`, which finds their columns."""
    # Typed, so that the compiled loop uses str operations directly (re.split's items are Any).
    parts: list[str] = line.split(",") if "，" not in line else re.split(r"[,，]", line)
    if len(parts) > room and len(parts) - sum(1 for p in parts if not p.strip()) > room:  # counted before any is read
        raise NotationSyntaxError([too_large("too_many_plays", "plays", MAX_PLAYS, None, n)])
    known, pass_play, cards_play = _CARD_TEXT, _PASS, _CARDS  # locals: a global is a lookup at each use
    columns: list[int] | None = None
    k = -1
    for part in parts:
        # The commonest entries, as written between commas: a pass, and cards read before.
        if part == " -":
            k += 1
            plays.append(pass_play.copy())  # a small dict's copy costs less than building one
            continue
        cards = known.get(part)
        if cards is not None:
            k += 1
            play = cards_play.copy()
            play["cards"] = cards
            plays.append(play)
            continue
        body = part.strip()
        if not body:
            continue
        k += 1
        rest = body
        seat = -1
        if len(body) > 2 and body[1] in ":：" and body[0] in "01234":
            seat = ord(body[0]) - 48
            rest = body[2:].lstrip()
        if rest == "-":
            plays.append({"seat": seat, "pass": True} if seat >= 0 else {"pass": True})
            continue
        cards = known.get(rest)
        if cards is None:
            if columns is None:
                columns = [col for col, _ in _entries(line)]
            _play(body, n, columns[k], plays, problems)
            continue
        if seat < 0:
            _remember(part, cards)  # as written, for the next entry spelled so
        plays.append({"seat": seat, "cards": cards} if seat >= 0 else {"cards": cards})
    return k + 1


def _cards(text: str, line: int, col: int, problems: list[Problem], remember: bool = True) -> str | None:
    """The cards of ``text`` as the record writes them, remembered for the next play that
    writes them so (not a hand: ``remember=False``); None, with a problem, where a token is not a
    card."""
    tokens = text.split()
    if not all_known(tokens):
        try:
            parse_cards(tokens)
        except NotationError as exc:
            # the column of the token at fault
            found = list(re.finditer(r"\S+", text))
            at = col + (found[exc.index].start() if 0 <= exc.index < len(found) else 0)
            problems.append(notation_problem(line, at, "unknown_card", str(exc)))
            return None
    written = " ".join(tokens)
    if remember:
        _remember(text, written)
    return written


def _remember(text: str, written: str) -> None:
    if len(_CARD_TEXT) >= _CARD_TEXT_LIMIT:
        _CARD_TEXT.clear()
    _CARD_TEXT[text] = written


def _deal_line(
    line: str, n: int, deal: dict[int, str], positions: dict[str, tuple[int, int]], problems: list[Problem]
) -> None:
    body = line.strip()
    col = len(line) - len(line.lstrip()) + 1
    m = _SEAT_PREFIX.match(body)
    if m is None:
        problems.append(
            notation_problem(n, col, "notation_error", "a hand is written 'seat: cards', e.g. '0: BJ* 2 2 A …'")
        )
        return
    seat = int(m.group(1))
    if seat in deal:
        problems.append(notation_problem(n, col, "notation_error", f"seat {seat}'s hand is given twice"))
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
        problems.append(
            notation_problem(n, col, "notation_error", "a call is 'seat call', e.g. '0 ascend' or '2 accept 9H'")
        )
        return
    kind = CALL_NAMES.get(words[1].lower()) or CALL_NAMES.get(words[1])
    if kind is None:
        problems.append(
            notation_problem(
                n, col, "unknown_call", f"unknown call {words[1]!r}; calls are {', '.join(k.value for k in CallKind)}"
            )
        )
        return
    call: dict[str, Any] = {"seat": int(words[0]), "call": kind}
    if len(words) == 3:
        try:
            parse_card(words[2])
        except NotationError as exc:
            problems.append(notation_problem(n, col, "unknown_card", str(exc)))
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
        problems.append(notation_problem(n, at, "notation_error", "a play is cards, or '-' for a pass"))
        return
    if body.strip().lower() in PASSES:
        play["pass"] = True
    else:
        cards = _cards(body, n, at, problems)
        if cards is None:
            return
        play["cards"] = cards
    plays.append(play)
