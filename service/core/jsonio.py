"""Decoding request bodies into JSON values: one strict reading for every body the service takes.

Python's decoder is lenient where a referee must not be: it lets the last of two equal keys
win, reads ``NaN`` and ``Infinity``, turns ``1e400`` into infinity, and raises a bare ValueError
for an integer of more than 4,300 digits. :func:`loads` refuses each of these with a problem
(JSON pointer, code, sentence) instead.

>>> loads('{"seat": 1, "seat": 2}')
Traceback (most recent call last):
...
service.core.errors.RecordError: /seat: the key 'seat' appears twice in one object; JSON objects name each key once
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable, Iterable
from typing import Any

from ._compiled import COMPILED
from .errors import Problem, RecordError

__all__ = ["loads"]

_HUGE_INT = re.compile(r"-?\d{4300,}")


class _Refused(ValueError):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _Refused(f"the number {text[:40]} is too large")
    return value


_DECODER = json.JSONDecoder(parse_constant=_constant, parse_float=_float)


def loads(data: bytes | str) -> Any:
    """The JSON value of ``data``, or RecordError with every problem's pointer.

    The text is decoded with orjson where it is installed (twice as fast as the standard
    library's decoder). Any text orjson refuses is read again by the standard library's decoder,
    so every refusal and its words are that decoder's (NaN, Infinity, 1e400, a number of 4,300
    digits, nesting too deep, a lone surrogate are all answered as before); so is a value orjson
    may have read otherwise (an integer beyond 64 bits, which orjson turns into a float).

    Duplicate keys are found without slowing the common case. With the compiled core, one pass
    in C over the bytes (``_jsonscan.c``) compares each object's keys and looks at every number's
    form; it settles nearly every text, and what it leaves open is counted as follows, which is
    also how the pure core does it: every ``:`` in a JSON text ends an object key or lies inside
    a string. orjson writes the decoded value back at C speed, and that text holds one colon per
    key kept and the same colons inside strings; a repeated key is one colon more in the body
    than there. Only where the two counts disagree (or a string spells a colon as an escape) is
    the text decoded again, slowly, to name the key."""
    if _orjson_loads is not None:
        try:
            value = _orjson_loads(data)
        except ValueError:  # refused: the standard decoder says why, in its words
            value = _MISSING
        else:
            t = type(value)
            if t is dict or t is list:
                if _scan is not None:
                    found = _scan(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
                    if found == 0:
                        return value
                    if found == 1:
                        _refuse_duplicates(data)
                try:
                    again = _orjson_dumps(value)
                except TypeError:  # nested deeper than orjson writes: counted the slow way below
                    again = b"e+"
                # A float of 1e16 or more is written with "e+": the value may hold an integer
                # beyond 64 bits turned into a float, so the standard decoder reads it again
                # ("+" first: one byte is found at memchr's speed, 25 times faster than two).
                if b"+" not in again or b"e+" not in again:
                    if isinstance(data, bytes):
                        colons, escaped = data.count(b":"), b"\\" in data and b"\\u003" in data
                    else:
                        colons, escaped = data.count(":"), "\\" in data and "\\u003" in data
                    if escaped or colons != again.count(b":"):
                        _refuse_duplicates(data)
                    return value
                value = _MISSING
            elif t is not float:
                return value
            else:
                value = _MISSING  # a lone number: the standard decoder keeps a big integer exact
    value = _standard(data)
    t = type(value)
    if t is dict or t is list:
        if isinstance(data, bytes):
            if b":" in data:
                _check_keys(value, data.count(b":"), b"\\u003" in data, data)
        elif ":" in data:
            _check_keys(value, data.count(":"), "\\u003" in data, data)
    return value


_MISSING: Any = object()
_orjson_loads: Callable[[bytes | str], Any] | None
_orjson_dumps: Callable[[Any], bytes]
try:
    from orjson import dumps as _orjson_dumps
    from orjson import loads as _orjson_loads
except ImportError:  # the standard library's decoder alone
    _orjson_loads = None

_scan: Callable[[bytes], int] | None = None
if COMPILED:  # the pure core stays pure: the C pass is part of what an install compiles
    with contextlib.suppress(ImportError):
        from ._jsonscan import scan as _scan


def _standard(data: bytes | str) -> Any:
    """``data`` decoded by the standard library's decoder, every refusal a problem."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError([Problem("", "invalid_json", "not JSON: the body is not UTF-8 text")]) from None
    else:
        text = data
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            [Problem("", "invalid_json", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")]
        ) from None
    except _Refused as exc:
        raise RecordError([Problem("", "invalid_json", f"not JSON this service accepts: {exc.detail}")]) from None
    except ValueError:  # int(): more digits than Python converts
        raise RecordError([_huge_int(text)]) from None
    except RecursionError:
        raise RecordError([Problem("", "invalid_json", "not JSON this service accepts: nested too deeply")]) from None


def _check_keys(value: Any, colons: int, escaped_colon: bool, data: bytes | str) -> None:
    """Refuse a repeated key (see loads); ``colons``: the text's ``:`` count."""
    if escaped_colon:  # a colon written as an escape: count nothing, look
        _refuse_duplicates(data)
    elif colons != _lower_bound(value):
        keys, in_strings = _keys_and_colons(value)
        if colons - in_strings != keys:
            _refuse_duplicates(data)


def _lower_bound(value: Any) -> int:
    """Keys plus colons in strings, counted cheaply in the parts of ``value`` where that is cheap:
    each object's keys, the strings among its values, and a list of objects by the sizes of its
    objects (C-level ``map``, no look inside them). Never more than :func:`_keys_and_colons`
    counts in all; for a record or a game submission usually exactly that, which settles the
    question at once: the text's colons are at least its keys plus the colons in its strings, so
    when they equal a lower bound of the decoded keys and colons, no key was repeated."""
    found = 0
    stack: list[Any] = [value]
    while stack:
        x = stack.pop()
        if type(x) is dict:
            found += len(x) + _colons_of_object(x, stack)
        elif x:
            # A list of objects (a record's plays): their keys, in one pass at C speed; a list
            # that is not all objects counts nothing here (a lower bound).
            with contextlib.suppress(TypeError):
                found += sum(map(_dict_len, x))
    return found


_dict_len = dict.__len__


def _colons_of_object(d: dict[str, Any], stack: list[Any]) -> int:
    """The colons in an object's keys and string values; its objects and arrays go on ``stack``."""
    colons = _colons_of_values(d.values(), stack)
    for k in d:
        if ":" in k:
            colons += k.count(":")
    return colons


def _colons_of_values(values: Iterable[Any], stack: list[Any]) -> int:
    """The colons in the strings among ``values``; the objects and arrays among them go on ``stack``."""
    colons = 0
    for y in values:
        t = type(y)
        if t is str:
            if ":" in y:
                colons += y.count(":")
        elif t is dict or t is list:
            stack.append(y)
    return colons


def _huge_int(text: str) -> Problem:
    found = _HUGE_INT.search(text)
    where = ""
    if found is not None:
        line = text.count("\n", 0, found.start()) + 1
        column = found.start() - text.rfind("\n", 0, found.start())
        where = f" at line {line} column {column}"
    return Problem("", "invalid_json", f"not JSON this service accepts: a number of 4,300 digits or more{where}")


def _keys_and_colons(value: Any) -> tuple[int, int]:
    """The keys in every object of ``value``, and the colons in every string (keys and values)."""
    keys = colons = 0
    stack: list[Any] = [value]
    while stack:
        x = stack.pop()
        if type(x) is dict:
            keys += len(x)
            colons += _colons_of_object(x, stack)
        else:
            colons += _colons_of_values(x, stack)
    return keys, colons


class _Repeated(dict[str, Any]):
    """An object that named a key twice (only while looking for it)."""

    key: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d = dict(pairs)
    if len(d) == len(pairs):
        return d
    seen: set[str] = set()
    marked = _Repeated(d)
    for k, _ in pairs:
        if k in seen:
            marked.key = k
            break
        seen.add(k)
    return marked


def _refuse_duplicates(data: bytes | str) -> None:
    """Raise RecordError naming the first repeated key (by pointer), if any key is repeated."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    value = json.loads(text, object_pairs_hook=_pairs)
    stack: list[tuple[Any, str]] = [(value, "")]
    found: list[str] = []
    while stack:
        x, pointer = stack.pop()
        if isinstance(x, dict):
            if isinstance(x, _Repeated):
                found.append(f"{pointer}/{_escape(x.key)}")
            stack.extend((y, f"{pointer}/{_escape(k)}") for k, y in x.items())
        elif isinstance(x, list):
            stack.extend((y, f"{pointer}/{i}") for i, y in enumerate(x))
    if found:
        raise RecordError(
            [
                Problem(
                    p,
                    "duplicate_key",
                    f"the key {_unescape(p.rsplit('/', 1)[1])!r} appears twice in one object; "
                    "JSON objects name each key once",
                )
                for p in sorted(found)
            ]
        )


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")
