"""Replaying a game step by step: a game posted from the check page, or a stored game of a
tournament (with its players' names). A game entered as a result sheet has no plays to replay:
its page says so and links the sheet."""

from __future__ import annotations

from typing import Any

from flask import g, render_template, request, url_for

from ..core import adjudicate
from ..core.errors import RecordError
from ..core.replay import Replay, replay
from ..tournament import clubs, game_queries
from .check import seat_names
from .common import blp, found, read_text, shown_problems, unit_of_work, viewer
from .i18n import gettext, seat_label, tr


def _view(shown: Replay, record: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    result = shown.adjudication
    v = result.violation
    steps = [
        {
            "n": k + 1,
            "label": seat_label(s.seat, names.get(s.seat if s.seat is not None else -1)),
            "cards": s.cards,
            "trick": s.trick,
            "leads": s.leads or k == 0,
            "table": s.table or "—",
            "out": "、".join(seat_label(x, names.get(x)) for x in s.out),
            "hands": s.hands,
            "faulty": s.faulty,
        }
        for k, s in enumerate(shown.steps)
    ]
    calls = [
        {"label": seat_label(c.get("seat"), names.get(c.get("seat", -1))), "call": gettext(str(c.get("call"))),
         "card": c.get("card")}
        for c in record.get("calls") or [] if isinstance(c, dict)
    ]  # fmt: skip
    return {
        "steps": steps,
        "start": shown.start,
        "hands": [seat_label(s, names.get(s)) for s in range(5)],
        "calls": calls,
        "verdict": result.verdict.value,
        "message": None if v is None else tr(v.message),
        "outcome": result.outcome,
    }


@blp.post("/replay")
def replay_posted() -> str | tuple[str, int]:
    return posted_replay("replay.html", "check.html")


def posted_replay(template: str, refused: str, **extra: Any) -> str | tuple[str, int]:
    """The replay of the game the form sent (``template``), or ``refused`` saying why not."""
    text = request.form.get("game", "")
    game = None
    try:
        record, game = read_text(text)
        shown = replay(record)
    except RecordError as exc:
        return render_template(refused, text=text, problems=shown_problems(exc.problems, game), **extra), 422
    from .common import outcome_view

    view = _view(shown, record, seat_names(record))
    out = (
        None
        if shown.adjudication.outcome is None
        else outcome_view(shown.adjudication.outcome.to_json(), seat_names(record))
    )
    return render_template(template, r=view, outcome=out, title=None, back=None, **extra)


@blp.get("/tournaments/<int:tournament_id>/games/<int:game_id>/replay")
def game_replay(tournament_id: int, game_id: int) -> str | tuple[str, int]:
    return stored_replay(viewer(), tournament_id, game_id, "replay.html")


def stored_replay(
    who: int | None, tournament_id: int, game_id: int, template: str, **extra: Any
) -> str | tuple[str, int]:
    """A stored game's replay page (``template``: the page, or the embed) as ``who`` may see it."""
    with found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, who, tournament_id)
        g.zone = t.time_zone
        game = game_queries.get_game(uow, who, tournament_id, game_id)
        history = game_queries.game_history(uow, who, tournament_id, game_id)
    back = url_for("web.game_page", tournament_id=tournament_id, game_id=game_id)
    body = next((v.body for v in reversed(history.versions) if v.body), None)
    record = (game_queries.submission_of(body) or {}).get("record")
    if not isinstance(record, dict):
        # a result sheet: nothing to step through, but the sheet is there
        return render_template("no_replay.html", t=t, game=game, back=back), 404
    names = {x.seat: x.name for x in game.seats if x.name}
    # judged as the tournament judged it: a stored record may leave its ruleset to the tournament
    shown = replay(record, adjudicate(record, t.ruleset.rules()))
    from .common import outcome_view

    out = None if shown.adjudication.outcome is None else outcome_view(shown.adjudication.outcome.to_json(), names)
    return render_template(
        template, r=_view(shown, record, names), outcome=out, title=t.name, back=back, voided=game.voided, **extra
    )
