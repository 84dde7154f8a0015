"""Writing the game notation: a record as the text a person would type (headers, the deal, the
calls on one line, the plays a trick a line), and the referee's answer written in it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import format_cards, parse_cards
from ..errors import Problem, RecordError
from .headers import META_HEADERS
from .parser import ParsedGame

if TYPE_CHECKING:
    from ..engine import Adjudication


def format_record(record: Mapping[str, Any], judged: Adjudication | None = None) -> str:
    """The record (decoded JSON, as it validates) as notation text: headers, then the deal if
    any, the calls on one line, and the plays one trick to a line. The referee follows the record
    to find where each trick starts; a seat it confirmed as the seat whose turn it was is left
    implied, except for the seat that leads each trick (the rest of a seat that broke a rule, or
    any seat after it, is written as recorded). ``judged``: the referee's answer for this record,
    where the caller has it already."""
    from ..engine import adjudicate  # the referee reads the record; the notation only writes it

    if judged is None:
        try:
            judged = adjudicate(record)
        except RecordError:
            judged = None
    if judged is None:
        starts: tuple[int, ...] | None = None
        confirmed = 0
    else:
        starts = judged.trick_starts
        v = judged.violation
        if v is None or v.pointer == "/plays":
            confirmed = len(record.get("plays") or [])
        elif v.pointer.startswith("/plays/"):
            confirmed = int(v.pointer.rsplit("/", 1)[1])
        else:
            confirmed = 0
    return _format(record, starts, confirmed)


def _format(record: Mapping[str, Any], starts: Sequence[int] | None, confirmed: int) -> str:
    out: list[str] = []
    rs = record.get("ruleset")
    if rs is not None:
        name = rs if isinstance(rs, str) else rs.get("name", "weihai")
        out.append(_header("Ruleset", name))
        options = {} if isinstance(rs, str) else rs.get("options") or {}
        if options:
            out.append(_header("Options", " ".join(f"{k}={_option_text(v)}" for k, v in options.items())))
    for key, field_name in (("FirstCandidate", "first_candidate"), ("Guard", "guard")):
        if record.get(field_name) is not None:
            out.append(_header(key, str(record[field_name])))
    meta = dict(record.get("meta") or {})
    names: dict[str, str] = {v: k for k, v in META_HEADERS.items()}
    players = meta.pop("players", None)
    for key, value in meta.items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        out.append(_header(names.get(str(key), str(key)), text))
    if isinstance(players, list):
        out.extend(_header(f"Seat{i}", p) for i, p in enumerate(players[:5]) if isinstance(p, str))
    if record.get("claimed") is not None:
        out.append(_header("Claimed", json.dumps(record["claimed"], ensure_ascii=False, separators=(", ", ": "))))
    if record.get("deal") is not None:
        out += ["", "deal"]
        out.extend(f"{seat}: {_cards_text(hand)}" for seat, hand in enumerate(record["deal"]))
    calls = record.get("calls") or []
    out += ["", "calls"]
    if calls:
        out.append(", ".join(_call_text(c) for c in calls))
    out += ["", "plays"]
    plays = record.get("plays") or []
    i = 0
    for trick in _tricks(plays, starts, confirmed):
        texts = []
        for k, p in enumerate(trick):
            implied = k > 0 and i < confirmed
            texts.append(_play_text(p, implied))
            i += 1
        out.append(", ".join(texts))
    return "\n".join(out).lstrip("\n") + "\n"


def _header(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _option_text(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def _cards_text(cards: Any) -> str:
    return format_cards(parse_cards(cards))


def _call_text(c: Mapping[str, Any]) -> str:
    return f"{c['seat']} {c['call']}" + (f" {c['card']}" if c.get("card") else "")


def _play_text(p: Mapping[str, Any], implied: bool) -> str:
    seat = f"{p['seat']}: " if p.get("seat") is not None and not implied else ""
    return seat + ("-" if p.get("cards") is None else _cards_text(p["cards"]))


def _tricks(
    plays: Sequence[Mapping[str, Any]], starts: Sequence[int] | None, confirmed: int
) -> list[list[Mapping[str, Any]]]:
    """The plays in lines, one trick to a line: where the referee followed the record, at the
    tricks it saw start; beyond that, where a seat written in the record plays again after
    passes (the lines depend only on what the text keeps, so writing is stable)."""
    breaks = set(starts or ())
    last_set_seat = None
    passes = 0
    out: list[list[Mapping[str, Any]]] = []
    for i, p in enumerate(plays):
        is_pass = p.get("cards") is None
        new = i in breaks
        if i >= confirmed:
            new = new or (not is_pass and passes > 0 and p.get("seat") is not None and p.get("seat") == last_set_seat)
        if new or not out or len(out[-1]) >= 24:
            out.append([])
        out[-1].append(p)
        if i >= confirmed:
            if is_pass:
                passes += 1
            else:
                passes = 0
                last_set_seat = p.get("seat")
    return out


# --- answers: a violation's line and column, an adjudication written as notation ----------------


def located(problems: tuple[Problem, ...] | list[Problem], game: ParsedGame, prefix: str = "") -> list[Problem]:
    """The problems with the line and column where their part of the record was written."""
    out = []
    for p in problems:
        where = game.where(p.pointer[len(prefix) :]) if p.pointer.startswith(prefix) else None
        if where is None:
            out.append(p)
        else:
            line, column = where
            out.append(
                Problem(
                    p.pointer,
                    p.code,
                    f"line {line}, column {column}: {p.detail}",
                    {**(p.facts or {}), "line": line, "column": column},
                )
            )
    return out


def adjudication_json(result: Adjudication, game: ParsedGame | None) -> dict[str, Any]:
    out = result.to_json()
    if game is not None and out["violation"] is not None:
        where = game.where(out["violation"]["pointer"])
        if where is not None:
            out["violation"]["line"], out["violation"]["column"] = where
    return out


def written(result: Adjudication, record: dict[str, Any], game: ParsedGame | None) -> str:
    """The adjudication as notation: its verdict as headers, then the game as the referee reads it.
    ``game``: the body was the notation, so the violation's line and column are the body's."""
    head: list[tuple[str, str]] = [("Verdict", result.verdict.value)]
    v = result.violation
    if v is not None:
        head += [("Violation", v.code.value), ("Pointer", v.pointer), ("Message", v.message)]
        where = None if game is None else game.where(v.pointer)
        if where is not None:
            head += [("Line", str(where[0])), ("Column", str(where[1]))]
    o = result.outcome
    if o is not None:
        head += [
            ("Mode", o.facts.mode.value),
            ("FinishingOrder", " ".join(map(str, o.facts.finishing_order))),
            ("Scores", " ".join(map(str, o.scores))),
            ("Multiplier", str(o.multiplier)),
        ]
        head += [(f"Multiplier{i + 1}", f"x{m.factor} {m.reason}") for i, m in enumerate(o.multipliers)]
    head += [(f"Note{i + 1}", note) for i, note in enumerate(result.notes)]
    lines = ["[" + name + ' "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]' for name, value in head]
    return "\n".join(lines) + "\n" + format_record(record, result)
