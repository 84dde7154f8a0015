"""A tournament's submission written in the notation: the game, with its envelope (players, where
it was played, when, whether the rules' result is accepted) in its headers."""

from __future__ import annotations

import re
from typing import Any

from ..errors import Problem
from .parser import ParsedGame, parse
from .problems import NotationSyntaxError, notation_problem

__all__ = ["parse_submission"]


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
                notation_problem(
                    line, col, "notation_error", 'Players names the five player ids by seat, e.g. "12 7 3 9 15"'
                )
            )
        else:
            envelope["players"] = [int(w) for w in words]
    for name in ("round", "table", "deal"):  # [Round "3"], [Table "2"], [Deal "1"]: where it was played
        if name in meta:
            line, col = game.positions[f"/meta/{name}"]
            value = str(meta.pop(name)).strip()
            if re.fullmatch(r"[1-9][0-9]{0,5}", value) is None:
                problems.append(notation_problem(line, col, "notation_error", f"{name.title()} is a number from 1"))
            else:
                envelope[name] = int(value)
    if "PlayedAt" in meta:
        envelope["played_at"] = meta.pop("PlayedAt")
    if "AcceptComputed" in meta:
        line, col = game.positions["/meta/AcceptComputed"]
        value = meta.pop("AcceptComputed")
        if value not in ("true", "false"):
            problems.append(notation_problem(line, col, "notation_error", "AcceptComputed is true or false"))
        envelope["accept_computed"] = value == "true"
    if problems:
        raise NotationSyntaxError(problems)
    if meta:
        record["meta"] = meta
    else:
        record.pop("meta", None)
    envelope["record"] = record
    return envelope, game
