"""What an NDJSON body (the adjudication stream, a season's import) may cost, and how its lines are
read: each line as soon as it has arrived, and the work counted against the caller.

Three bounds, over and above the byte bounds of the body and of a line:

* **lines a minute**, per caller: an anonymous caller (by address) ``BAOHUANG_STREAM_LINES``
  (default 1000 per minute), a caller with an API key (per organizer) ``BAOHUANG_KEYED_STREAM_LINES``
  (default 20000 per minute). The rate limit of every request counts requests; this counts what a
  request asks for;
* **CPU a minute**, per caller, in milliseconds of the worker's CPU spent on their lines:
  ``BAOHUANG_STREAM_CPU_MS`` (default 10000, a sixth of a core) anonymous,
  ``BAOHUANG_KEYED_STREAM_CPU_MS`` (default 60000) keyed;
* **what is answered** is at most ``ANSWER_MULTIPLE`` times what was sent, plus ``ANSWER_SLACK``
  bytes: an answer is a few hundred bytes, a game several kilobytes, so only lines that are not
  games (``yes x``) reach it.

A line past a bound is answered by one problem line (429 ``too-many-lines``, 429 ``too-much-cpu``
with ``retry_after``, or 413 ``answer-too-large``), and the rest of the body is not read. The counts
live in the rate limits' store (api/limits.py: per worker, or shared in Redis), added every
``FLUSH_LINES`` lines or ``FLUSH_SECONDS``, so a long stream costs a few store round trips a
second, not one a line.
"""

from __future__ import annotations

import io
import math
import os
import time
from dataclasses import dataclass
from typing import IO, Any

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..problems import problem_document
from .limits import Rule, client_address

__all__ = ["ANSWER_MULTIPLE", "ANSWER_SLACK", "Budget", "LineReader", "Spent", "budget_for"]

ANSWER_MULTIPLE = 8
ANSWER_SLACK = 16 * 1024
FLUSH_LINES = 50
FLUSH_SECONDS = 1.0


class LineReader:
    """The body's lines as they arrive, with no read-ahead past what the client has sent: each
    line is handed on as soon as its newline is in, whatever the body's length says is still to
    come. Bounded by the body's Content-Length and by ``bound`` bytes in all
    (RequestEntityTooLarge past it, as werkzeug's own stream raises).

    What has arrived is asked for without waiting for more: from gunicorn's body of known length,
    one read of its socket (its reader's ``unreader.read()``, which answers what one ``recv``
    gives: gunicorn's own ``readline`` waits for 1 KB more, and a ``BufferedReader`` for 64 KB);
    from any other input, ``read1`` where it has one (a socket file, werkzeug's test input), else
    ``readline``."""

    CHUNK = 64 * 1024

    def __init__(self, raw: IO[bytes], length: int | None, bound: int) -> None:
        self.raw, self.left, self.bound, self.taken = raw, length, bound, 0
        self.buf = bytearray()
        reader = getattr(raw, "reader", None)
        self._gunicorn = reader if hasattr(reader, "unreader") and hasattr(reader, "length") else None

    @classmethod
    def of_request(cls, bound: int) -> LineReader:
        return cls(request.environ["wsgi.input"], request.content_length, bound)

    def _arrived(self, most: int) -> bytes:
        """Some of what has arrived (at most ``most`` bytes; b"" at the body's end)."""
        if self.left is not None:
            most = min(most, self.left)
            if most <= 0:
                return b""
        g = self._gunicorn
        if g is not None:
            held = self.raw.buf.getvalue()  # type: ignore[attr-defined]  # what its readline kept
            if held:
                self.raw.buf = io.BytesIO()  # type: ignore[attr-defined]
                data = held
            elif g.length <= 0:
                return b""
            else:
                data = g.unreader.read(None, read_ahead=min(most, g.length))
                if len(data) > g.length:  # past the body: the connection's next request
                    g.unreader.unread(data[g.length :])
                    data = data[: g.length]
                g.length -= len(data)
        else:
            read1 = getattr(self.raw, "read1", None)
            data = read1(most) if read1 is not None else self.raw.readline(most)
        if self.left is not None:
            self.left -= len(data)
        return bytes(data)

    def readline(self, size: int = -1) -> bytes:
        size = self.bound + 1 if size < 0 else size
        while True:
            at = self.buf.find(b"\n", 0, size)
            if at >= 0 or len(self.buf) >= size:
                end = at + 1 if at >= 0 else size
                break
            more = self._arrived(self.CHUNK)
            if not more:
                end = len(self.buf)
                break
            self.buf += more
        line = bytes(self.buf[:end])
        del self.buf[:end]
        self.taken += len(line)
        if self.taken > self.bound:
            raise RequestEntityTooLarge()
        return line


@dataclass(frozen=True, slots=True)
class Spent:
    """A bound a stream passed: its problem document (with ``line``), the last line it answers."""

    document: dict[str, Any]


def _rule(name: str, setting: str, default: str) -> Rule:
    return Rule.parse(name, os.environ.get(setting) or default)


@dataclass
class Budget:
    """One request's account of its lines, CPU and answer bytes, against its caller's counts."""

    who: str
    lines: Rule
    cpu: Rule
    counts: Any  # api/limits.Counts, or None: no limits (BAOHUANG_RATE_LIMIT_PER_MINUTE=0)
    sent: int = 0
    answered: int = 0
    _lines: int = 0
    _cpu_ms: float = 0.0
    _flushed_at: float = 0.0
    _spent: Spent | None = None

    def line(self, number: int, size: int, cpu_seconds: float, answer: int) -> Spent | None:
        """Count a line answered (its size, the CPU its answer took, the answer's size): a Spent
        if this passed a bound (the line's answer is replaced by its problem, nothing after it is
        read), else None."""
        self.sent += size
        self.answered += answer
        self._lines += 1
        self._cpu_ms += cpu_seconds * 1000
        if self.answered > ANSWER_MULTIPLE * self.sent + ANSWER_SLACK:
            detail = (
                f"line {number}: the answers passed {ANSWER_MULTIPLE} times what was sent; lines this short are "
                "not games, and the rest was not read"
            )
            return Spent(_line_document(413, "answer-too-large", "Answer too large", detail, number))
        now = time.monotonic()
        if self.counts is not None and (self._lines >= FLUSH_LINES or now - self._flushed_at >= FLUSH_SECONDS):
            return self.flush(number, now)
        return None

    def flush(self, number: int, now: float | None = None) -> Spent | None:
        """Add what was counted since the last flush to the caller's counts."""
        if self.counts is None or (not self._lines and not self._cpu_ms):
            return None
        now = time.monotonic() if now is None else now
        wall = time.time()
        try:
            lines = self.counts.add(self.lines, self.who, wall, self._lines)
            cpu = self.counts.add(self.cpu, self.who, wall, math.ceil(self._cpu_ms))
        except Exception:  # the store is away: let it through, as the request limits do
            current_app.logger.warning("rate-limit store unreachable: stream lines let through")
            return None
        finally:
            self._lines, self._cpu_ms, self._flushed_at = 0, 0.0, now
        for rule, used, code, what in (
            (self.lines, lines, "too-many-lines", "lines"),
            (self.cpu, cpu, "too-much-cpu", "milliseconds of CPU"),
        ):
            if used > rule.amount:
                wait = max(1, math.ceil((int(wall // rule.window) + 1) * rule.window - wall))
                detail = (
                    f"line {number}: this caller's lines passed {rule.amount} {what} per {rule.window} s; "
                    f"the rest was not read: send it again in {wait} s"
                )
                doc = _line_document(429, code, "Too Many Requests", detail, number)
                doc["retry_after"] = wait
                return Spent(doc)
        return None


def _line_document(status: int, code: str, title: str, detail: str, number: int) -> dict[str, Any]:
    doc = problem_document(status, code, title, detail)
    doc["line"] = number
    return doc


def budget_for(organizer_id: int | None) -> Budget:
    """The budget of this request: its organizer's (a key was given), else its address's."""
    limits = current_app.extensions.get("baohuang_limits")
    counts = limits.counts if limits is not None and limits.enabled else None
    if organizer_id is None:
        return Budget(
            f"addr:{client_address()}",
            _rule("stream-lines", "BAOHUANG_STREAM_LINES", "1000 per minute"),
            _rule("stream-cpu", "BAOHUANG_STREAM_CPU_MS", "10000 per minute"),
            counts,
        )
    return Budget(
        f"org:{organizer_id}",
        _rule("keyed-stream-lines", "BAOHUANG_KEYED_STREAM_LINES", "20000 per minute"),
        _rule("keyed-stream-cpu", "BAOHUANG_KEYED_STREAM_CPU_MS", "60000 per minute"),
        counts,
    )
