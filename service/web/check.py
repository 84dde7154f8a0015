"""Checking a game: the home page, the check page (a game pasted or uploaded, judged by the
referee, shown trick by trick with the offending play marked), the notation's help, the API's
documentation and the icon."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, current_app, render_template, request, send_from_directory

from ..core import adjudicate
from ..core.engine import Adjudication
from ..core.errors import Problem, RecordError
from ..core.notation import ParsedGame, format_record
from ..core.replay import replay
from .common import blp, game_text, outcome_view, read_text, shown_problems
from .i18n import gettext, seat_label, tr


@blp.get("/")
def home() -> str:
    return render_template("home.html")


EXAMPLE = """[Ruleset "weihai"]
[Table "1"]

calls
0 ascend, 2 rebel

plays
9 9, 10 10, -, -, J J, -, -, -, -
"""


@blp.route("/check", methods=["GET", "POST"])
def check() -> str | tuple[str, int]:
    if request.method == "GET":
        return render_template("check.html", text=EXAMPLE if request.args.get("example") else "")
    text = ""
    game = None
    try:
        text = game_text()
        if not text.strip():
            empty = Problem("", "missing_field", gettext("Paste a game, or choose a file with one."))
            return render_template("check.html", text=text, form_error=empty.detail), 422
        record, game = read_text(text)
        result = adjudicate(record)
    except RecordError as exc:
        return render_template("check.html", text=text, problems=shown_problems(exc.problems, game)), 422
    return render_template("check.html", text=text, **judged(result, record, game))


def judged(result: Adjudication, record: dict[str, Any], game: ParsedGame | None) -> dict[str, Any]:
    """What the verdict page shows: the verdict in words, the game trick by trick with each
    play's seat (and name, where the game names its players) and the offending call or play
    marked, whose turn it was where the log stops, and the outcome."""
    steps = replay(record, result).steps
    v = result.violation
    names = seat_names(record)
    where = None if v is None or game is None else game.where(v.pointer)
    tricks: list[list[dict[str, Any]]] = []
    for step in steps:
        if step.leads or not tricks:
            tricks.append([])
        tricks[-1].append(
            {"seat": step.seat, "label": seat_label(step.seat, None if step.seat is None else names.get(step.seat)), "cards": step.cards,
             "faulty": step.faulty, "index": step.index}
        )  # fmt: skip
    calls = [
        {"label": seat_label(c.get("seat"), names.get(c.get("seat", -1))), "call": gettext(str(c.get("call"))),
         "card": c.get("card")}
        for c in record.get("calls") or [] if isinstance(c, dict)
    ]  # fmt: skip
    bad_call = int(v.pointer.rsplit("/", 1)[1]) if v is not None and v.pointer.startswith("/calls/") else None
    state = v.state if v is not None else {}
    turn = state.get("turn") if state else None
    return {
        "result": result,
        "verdict": result.verdict.value,
        "violation": v,
        "message": None if v is None else tr(v.message),
        "summary": None if v is None else tr(v.code.summary),
        "where": where,
        "turn": None if turn is None else seat_label(turn, names.get(turn)),
        "hand_of": None if v is None or v.seat is None else seat_label(v.seat, names.get(v.seat)),
        "table_seat": None
        if not state.get("table")
        else seat_label(state["table_seat"], names.get(state["table_seat"])),
        "out": [seat_label(s, names.get(s)) for s in state.get("out") or []],
        "tricks": tricks,
        "calls": calls,
        "bad_call": bad_call,
        "outcome": outcome_view(None if result.outcome is None else result.outcome.to_json(), names),
        "notes": [tr(n) for n in result.notes],
        "notation": format_record(record, result),
    }


def seat_names(record: dict[str, Any]) -> dict[int, str]:
    """The players' names a game in the notation gives ([Seat0 "张伟"] …), by seat."""
    players = (record.get("meta") or {}).get("players") if isinstance(record.get("meta"), dict) else None
    if not isinstance(players, list):
        return {}
    return {i: str(n) for i, n in enumerate(players) if isinstance(n, str) and n}


@blp.get("/notation")
def notation_help() -> str:
    return render_template("notation.html", example=EXAMPLE)


@blp.get("/favicon.ico")
def favicon() -> Response:
    return send_from_directory(blp.static_folder or "", "favicon.svg", mimetype="image/svg+xml", max_age=86400)


@blp.get("/docs")
def docs() -> str:
    return render_template("docs.html")


@blp.get("/docs/openapi.json")
def openapi_document() -> Response:
    spec = current_app.extensions["baohuang_api"].spec
    return Response(json.dumps(spec.to_dict(), ensure_ascii=False), mimetype="application/json")
