"""The headers of a game in the notation: the ruleset and its options, the first candidate, the
guard, the claimed result, the players by seat, and whatever else (kept in the record's meta)."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import Problem
from ..ruleset import PRESETS
from .problems import notation_problem

__all__ = ["HEADER", "META_HEADERS", "SEAT_HEADERS", "read_headers"]

# Headers the record itself reads; every other header is kept in the record's meta.
SEAT_HEADERS = tuple(f"Seat{i}" for i in range(5))
META_HEADERS = {
    "Date": "date",
    "Table": "table",
    "Event": "event",
    "Round": "round",
    "Deal": "deal",
    "Site": "site",
}
HEADER = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')


def read_headers(
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
                problems.append(
                    notation_problem(line, col, "notation_error", "options are written key=value, e.g. pass=hard")
                )
                continue
            options[key] = _option_value(name, key, raw)
    if "Ruleset" in headers or options:
        record["ruleset"] = {"name": name, "options": options} if options else name
    for key, field_name in (("FirstCandidate", "first_candidate"), ("Guard", "guard")):
        if key in headers:
            value, line, col = headers[key]
            positions[f"/{field_name}"] = (line, col)
            if value.strip() not in ("0", "1", "2", "3", "4"):
                problems.append(notation_problem(line, col, "invalid_seat", f"{key} is a seat from 0 to 4"))
            else:
                record[field_name] = int(value)
    if "Claimed" in headers:
        value, line, col = headers["Claimed"]
        positions["/claimed"] = (line, col)
        try:
            record["claimed"] = json.loads(value)
        except ValueError:
            problems.append(
                notation_problem(line, col, "notation_error", 'Claimed is JSON, e.g. {"scores": [4, 2, -2, -2, -2]}')
            )
    for key, (value, line, col) in headers.items():
        if key in ("Ruleset", "Options", "FirstCandidate", "Guard", "Claimed"):
            continue
        if key in SEAT_HEADERS:
            players[int(key[-1])] = value
        else:
            meta[META_HEADERS.get(key, key)] = value
            positions[f"/meta/{META_HEADERS.get(key, key)}"] = (line, col)
    if any(p is not None for p in players):
        meta["players"] = players
    if meta:
        record["meta"] = meta


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
