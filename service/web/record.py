"""Recording a game at the table: the recorder page (its script keeps the whole game — ruleset,
first candidate, deal, names, calls and plays — in the browser, so a reload loses nothing), the
check it asks after every entry (the referee's verdict laid out trick by trick in the page's
language), the game as notation to download, and handing it to one of the organizer's
tournaments."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, abort, redirect, render_template, request, url_for

from ..core import adjudicate
from ..core.cards import Rank
from ..core.errors import Problem, RecordError
from ..core.jsonio import loads
from ..core.notation import MEDIA_TYPE, format_record
from ..core.ruleset import PRESETS
from ..tournament import clubs
from .check import judged
from .common import blp, organizer_only, shown_problems, unit_of_work, viewer
from .forms import FormError, number
from .i18n import gettext, tr

CALL_KINDS = ("ascend", "solo", "transfer", "decline", "accept", "reveal_guard", "rebel", "kick", "surrender")


def deck_ranks() -> dict[str, list[str]]:
    """The ranks each ruleset's deck has, for the recorder's buttons (no 3, 4, 5 in Weihai)."""
    out = {}
    for name, rs in PRESETS.items():
        counts = rs.deck_spec.counts
        out[name] = [r.symbol for r in Rank if counts[r]]
    return out


@blp.get("/record")
def record_page() -> str:
    mine: list[clubs.TournamentInfo] = []
    who = viewer()
    if who is not None:
        with unit_of_work() as uow:
            rows, _ = clubs.list_tournaments(uow, who, 500, 0)
        mine = [t for t in rows if t.organizer_id == who and t.status == "open"]
    ranks = [r.symbol for r in Rank]
    return render_template(
        "record.html",
        rulesets=sorted(PRESETS),
        mine=mine,
        ranks=ranks,
        decks=json.dumps(deck_ranks()),
        call_kinds=CALL_KINDS,
    )


def _recorded() -> dict[str, Any]:
    doc = loads(request.get_data(cache=False))
    if not isinstance(doc, dict):
        raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
    return doc


@blp.post("/record/check")
def record_check() -> Response:
    """The recorder's game judged, laid out for its page: the verdict in words, the tricks with
    each play's seat, the calls, whose turn it is, and the outcome at the end."""
    try:
        doc = _recorded()
        result = adjudicate(doc)
    except RecordError as exc:
        problems = shown_problems(exc.problems)
        open_fact = next((p for p in problems if p.get("code") in ("guard_unknown", "deal_required")), None)
        if open_fact is not None:  # the log is fine so far; the answer waits for a fact
            answer: dict[str, Any] = {
                "kind": "ok",
                "status": gettext("The entry is checked.") + " " + open_fact["text"],
            }
        else:
            answer = {"kind": "bad", "status": "；".join(p["text"] for p in problems[:3]), "problems": problems}
        return Response(json.dumps(answer, ensure_ascii=False), mimetype="application/json")
    view = judged(result, doc, None)
    verdict = view["verdict"]
    if verdict == "legal":
        status, kind = gettext("Game over."), "good"
    elif verdict == "incomplete":
        status, kind = gettext("The entry is checked.") + " " + gettext("To play:") + " " + (view["turn"] or ""), "ok"
    else:
        status, kind = (view["summary"] or "") + "：" + (view["message"] or ""), "bad"
    answer = {
        "kind": kind,
        "verdict": verdict,
        "status": status,
        "tricks": view["tricks"],
        "calls": view["calls"],
        "bad_call": view["bad_call"],
        "outcome": view["outcome"],
        "notes": view["notes"],
        "words": {"trick": gettext("Trick"), "pass": gettext("pass"), "multipliers": gettext("Multipliers")},
    }
    return Response(json.dumps(answer, ensure_ascii=False), mimetype="application/json")


@blp.post("/record/notation")
def record_notation() -> Response:
    """The game the recorder built (JSON), as notation text to download."""
    try:
        text = format_record(_recorded())
    except RecordError as exc:
        errors = [{**p.to_json(), "detail": tr(p.detail)} for p in exc.problems]
        return Response(json.dumps({"errors": errors}, ensure_ascii=False), 422, mimetype="application/json")
    return Response(text, mimetype=MEDIA_TYPE, headers={"Content-Disposition": 'attachment; filename="game.txt"'})


@blp.post("/organizer/record")
@organizer_only
def record_to_tournament() -> Any:
    """The recorder's game, to be entered into one of the organizer's tournaments."""
    try:
        tournament_id = number(request.form, "tournament", 1, 2**31 - 1)
    except FormError:
        abort(400, description="Choose the tournament to enter the game into.")
    return redirect(url_for("web.manage", tournament_id=tournament_id, game=request.form.get("game", "")) + "#game")
