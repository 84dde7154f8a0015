"""Entering results: a result sheet or a full game, by its players or by round · table · deal, and
correcting a game — its record's text or its sheet's fields — or voiding it. A refused form comes
back filled as it was sent, each problem next to its field, in the page's language."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import flash, g, redirect, request, session, url_for

from ..core.errors import RecordError
from ..core.jsonio import loads
from ..core.notation import ParsedGame, looks_like_notation, parse_submission
from ..problems import located_refusal, refusal_document
from ..tournament import corrections, games
from ..tournament.errors import Conflict, Rejected, Unauthenticated
from .common import (
    blp,
    field_errors,
    found,
    organizer_only,
    read_text,
    text_errors,
    unit_of_work,
)
from .forms import FormError, number, text
from .i18n import gettext, tr
from .organizer import act, manage_page
from .tournaments import game_page

PLAYER_ID = (1, 2**31 - 1)
ROUND_OR_TABLE = (1, 100_000)
MODES = ("normal", "hidden_solo", "open_solo", "surrender", "void")


def where_played(form: Mapping[str, str]) -> dict[str, int]:
    """The round, table and deal a game is entered against (round and table together, or
    neither; the deal is optional: the next one not entered)."""
    at = {name: number(form, name, *ROUND_OR_TABLE, required=False) for name in ("round", "table", "deal")}
    if (at["round"] is None) != (at["table"] is None):
        raise FormError("round", "round and table are given together")
    if at["deal"] is not None and at["round"] is None:
        raise FormError("deal", "a deal is given with its round and table")
    return {k: v for k, v in at.items() if v is not None}


def seated(form: Mapping[str, str], at: Mapping[str, int]) -> list[int] | None:
    """The five players chosen by seat. With a round and table the seating names them, so the
    seats may all be left empty (None); if they are chosen, they must be the table's players
    (checked by the use case, an error on the form)."""
    chosen = [(form.get(f"seat{i}") or "").strip() for i in range(5)]
    if at and not any(chosen):
        return None
    if not all(chosen):
        why = (
            "choose all five players, or none: the round's seating names them"
            if at
            else "choose the player at each seat"
        )
        raise FormError("seats", why)
    out = []
    for i in range(5):
        try:
            pid = number(form, f"seat{i}", *PLAYER_ID)
        except FormError:
            raise FormError("seats", "choose the player at each seat") from None
        assert pid is not None
        out.append(pid)
    return out


def sheet_of(form: Mapping[str, str]) -> dict[str, Any]:
    """A result sheet from its form's fields."""

    def seat(name: str) -> int | None:
        return number(form, name, 0, 4, required=False)

    mode = form.get("mode") or "normal"
    if mode not in MODES:
        raise FormError("mode", "choose the mode of the game")
    sheet: dict[str, Any] = {
        "mode": mode,
        "emperor": seat("emperor"),
        "guard": seat("guard"),
        "rebels": [i for i in range(5) if form.get(f"rebel{i}") == "on"],
        "guard_revealed": form.get("guard_revealed") == "on",
        "kicked_by": seat("kicked_by"),
        "finishing_order": [seat(f"place{i}") for i in range(5)],
    }
    if mode in ("void", "surrender"):
        sheet["finishing_order"] = []
    return sheet


def _refused(tournament_id: int, which: str, doc: dict[str, Any], game: ParsedGame | None) -> tuple[str, int]:
    errors = field_errors(located_refusal(doc, game))
    return manage_page(tournament_id, 422, errors=errors, form=request.form, which=which)


def _conflict(tournament_id: int, which: str, exc: Conflict) -> tuple[str, int]:
    errors = {"deal" if "deal" in exc.extra or "game_ids" in exc.extra else "form": [tr(str(exc))]}
    return manage_page(tournament_id, 409, errors=errors, form=request.form, which=which, conflict=exc.extra)


def _submit(tournament_id: int, which: str, doc: dict[str, Any], raw: str, game: ParsedGame | None = None) -> Any:
    digest = g.get("key_hash", "")
    try:
        with found(), unit_of_work(single_statement=True) as uow:
            stored = games.submit_game(uow, digest, tournament_id, games.Body(doc, raw), None, hashed=True).game
    except Rejected as exc:
        return _refused(tournament_id, which, refusal_document(exc), game)
    except Conflict as exc:
        return _conflict(tournament_id, which, exc)
    except Unauthenticated:
        session.clear()
        return redirect(url_for("web.signin"))
    said = gettext("Stored as game #%(n)s.") % {"n": stored.id}
    if stored.round is not None:
        where = {"round": stored.round, "table": stored.table, "deal": stored.deal}
        said += " " + gettext("Round %(round)s · table %(table)s · deal %(deal)s") % where
    flash(said, "good")
    return redirect(url_for("web.manage", tournament_id=tournament_id, stored=which) + f"#{which}")


@blp.post("/organizer/tournaments/<int:tournament_id>/sheets")
@organizer_only
def enter_sheet(tournament_id: int) -> Any:
    form = request.form
    try:
        at = where_played(form)
        players = seated(form, at)
        sheet = sheet_of(form)
    except FormError as exc:
        return manage_page(tournament_id, 422, errors={exc.field: [tr(exc.message)]}, form=form, which="sheet")
    doc = {**({"players": players} if players is not None else {}), **at, "sheet": sheet}
    return _submit(tournament_id, "sheet", doc, json.dumps(doc, ensure_ascii=False))


@blp.post("/organizer/tournaments/<int:tournament_id>/games")
@organizer_only
def enter_game(tournament_id: int) -> Any:
    form = request.form
    typed = form.get("game", "")
    try:
        at = where_played(form)
        players = seated(form, at)
    except FormError as exc:
        return manage_page(tournament_id, 422, errors={exc.field: [tr(exc.message)]}, form=form, which="game")
    game = None
    try:
        if looks_like_notation(typed):
            # Lines and columns are the typed text's: the seats chosen on the form are put in
            # after it is read (and in the stored text, as its Players header).
            doc, game = parse_submission(typed)
            if players is not None:
                doc["players"] = players
            head = "" if players is None else f'[Players "{" ".join(map(str, players))}"]\n'
            raw = head + typed
            doc.update(at)
        else:
            doc = {**({"players": players} if players is not None else {}), **at, "record": loads(typed)}
            raw = json.dumps(doc, ensure_ascii=False)
    except RecordError as exc:
        return manage_page(tournament_id, 422, errors=text_errors(exc.problems), form=form, which="game")
    if played := form.get("played_at", "").strip():
        doc["played_at"] = played
    return _submit(tournament_id, "game", doc, raw, game)


@blp.post("/organizer/tournaments/<int:tournament_id>/games/<int:game_id>/void")
@organizer_only
def void_game(tournament_id: int, game_id: int) -> Any:
    try:
        reason = text(request.form, "reason", 500, "a reason")
    except FormError as exc:
        return manage_page(tournament_id, 422, errors={"void": [tr(exc.message)]})
    doc = {"action": "void", "reason": reason}
    return act(
        tournament_id,
        lambda uow: corrections.correct_game(
            uow, g.key, tournament_id, game_id, doc, json.dumps(doc, ensure_ascii=False)
        ),
        url_for("web.manage", tournament_id=tournament_id) + "#games",
        gettext("Game #%(n)s is void.") % {"n": game_id},
    )


def _correct(
    tournament_id: int, game_id: int, doc: dict[str, Any], refill: dict[str, Any], game: ParsedGame | None = None
) -> Any:
    try:
        with found(), unit_of_work() as uow:
            version = corrections.correct_game(
                uow, g.key, tournament_id, game_id, doc, json.dumps(doc, ensure_ascii=False)
            )
    except Rejected as exc:
        errors = field_errors(located_refusal(refusal_document(exc), game))
        return game_page(tournament_id, game_id, 422, errors=errors, form=request.form, **refill)
    except Conflict as exc:
        return game_page(tournament_id, game_id, 409, errors={"form": [tr(str(exc))]}, form=request.form, **refill)
    flash(gettext("Corrected: this is version %(n)s of the game.") % {"n": version.version}, "good")
    return redirect(url_for("web.game_page", tournament_id=tournament_id, game_id=game_id))


@blp.post("/organizer/tournaments/<int:tournament_id>/games/<int:game_id>/correct")
@organizer_only
def correct_game(tournament_id: int, game_id: int) -> Any:
    """Replace a game's record with a corrected one, with a reason (the old version stays)."""
    typed = request.form.get("game", "")
    try:
        reason = text(request.form, "reason", 500, "a reason")
        record, game = read_text(typed)
    except FormError as exc:
        return game_page(
            tournament_id, game_id, 422, errors={exc.field: [tr(exc.message)]}, form=request.form, text=typed
        )
    except RecordError as exc:
        return game_page(tournament_id, game_id, 422, errors=text_errors(exc.problems), form=request.form, text=typed)
    doc = {"action": "replace", "reason": reason, "record": record}
    return _correct(tournament_id, game_id, doc, {"text": typed}, game)


@blp.post("/organizer/tournaments/<int:tournament_id>/games/<int:game_id>/correct-sheet")
@organizer_only
def correct_sheet(tournament_id: int, game_id: int) -> Any:
    """Replace a game's result sheet with a corrected one, with a reason (the old version stays)."""
    form = request.form
    try:
        reason = text(form, "reason", 500, "a reason")
        sheet = sheet_of(form)
    except FormError as exc:
        return game_page(
            tournament_id, game_id, 422, errors={exc.field: [tr(exc.message)]}, form=form, sheet=sheet_of_or_none(form)
        )
    return _correct(tournament_id, game_id, {"action": "replace", "reason": reason, "sheet": sheet}, {"sheet": sheet})


def sheet_of_or_none(form: Mapping[str, str]) -> dict[str, Any] | None:
    try:
        return sheet_of(form)
    except FormError:
        return None
