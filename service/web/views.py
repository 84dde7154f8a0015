"""The pages: checking a game, recording one at the table, replaying, tournaments, and the
organizers' forms. Each view reads the form, calls the core or one use case, and renders a
template; nothing here knows SQL."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from ..core import adjudicate
from ..core.engine import Adjudication
from ..core.errors import Problem, RecordError
from ..core.jsonio import loads
from ..core.notation import MEDIA_TYPE, ParsedGame, format_record, looks_like_notation, parse, parse_submission
from ..core.reading import read_ruleset
from ..core.replay import replay
from ..core.ruleset import PRESETS
from ..persistence.errors import Conflict, Forbidden, NotFound
from ..tournament import clubs, games, rounds
from ..tournament.unit_of_work import UnitOfWork
from .forms import FormError, number, safe_next, text

blp = Blueprint("web", __name__, template_folder="templates", static_folder="static", static_url_path="/assets")

F = TypeVar("F", bound=Callable[..., Any])


# A form sent urlencoded is decoded whole by the standard library (about sixty times its size in
# memory for a text of line breaks), so it is held to what a form of these pages holds: a game in
# the notation is a few kilobytes. The pages' own large form (a game checked, with a file) is
# multipart, whose parser streams.
URLENCODED_MAX = 256 * 1024


@blp.before_request
def _protect() -> None:
    """Every form the pages post carries its CSRF token (flask-wtf; the JSON API is exempt:
    it authenticates with keys, not cookies)."""
    if request.method == "POST":
        if request.mimetype == "application/x-www-form-urlencoded":
            request.max_content_length = min(URLENCODED_MAX, current_app.config["MAX_CONTENT_LENGTH"] or URLENCODED_MAX)
        current_app.extensions["csrf"].protect()


@contextmanager
def unit_of_work() -> Iterator[UnitOfWork]:
    with UnitOfWork(current_app.extensions["baohuang_db"]) as uow:
        yield uow


def _viewer() -> int | None:
    """The signed-in organizer (None: a visitor). The session is the server's: signing out, or
    revoking the key it was opened with, ends it (a copy of the cookie opens nothing)."""
    if "organizer_id" not in g:
        g.organizer_id = None
        token = session.get("sid")
        if isinstance(token, str) and token:
            with unit_of_work() as uow:
                found = clubs.signed_in(uow, token)
            if found is None:
                session.clear()
            else:
                g.organizer_id = found.key.organizer_id
                g.key = found.key
                g.key_hash = found.key_hash
    return g.organizer_id  # type: ignore[no-any-return]


def organizer_only(view: F) -> F:
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if _viewer() is None:
            return redirect(url_for("web.signin", next=request.path))
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


@blp.app_context_processor
def _context() -> dict[str, Any]:
    return {"signed_in": _viewer() is not None}


# --- reading a game from a form ----------------------------------------------------------------


def _game_text() -> str:
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data = upload.read(current_app.config["MAX_CONTENT_LENGTH"] or 1 << 20)
        try:
            return str(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise RecordError([Problem("", "invalid_notation", "the file is not UTF-8 text")]) from None
    return request.form.get("game", "")


def _read(text: str) -> tuple[dict[str, Any], ParsedGame | None]:
    """A record from text: the notation, or JSON."""
    if looks_like_notation(text):
        game = parse(text)
        return game.record, game
    doc = loads(text)
    if not isinstance(doc, dict):
        raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
    return doc, None


def _problems(exc: RecordError, game: ParsedGame | None) -> list[dict[str, Any]]:
    out = []
    for p in exc.problems:
        item = p.to_json()
        if game is not None and "line" not in item:
            where = game.where(p.pointer)
            if where is not None:
                item["line"], item["column"] = where
        out.append(item)
    return out


# --- public pages -------------------------------------------------------------------------------


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
        text = _game_text()
        record, game = _read(text)
        result = adjudicate(record)
    except RecordError as exc:
        return render_template("check.html", text=text, problems=_problems(exc, game)), 422
    return render_template("check.html", text=text, **_judged(result, record, game))


def _judged(result: Adjudication, record: dict[str, Any], game: ParsedGame | None) -> dict[str, Any]:
    """What the verdict page shows: the verdict, the game listed trick by trick with the offending
    call or play marked, and the outcome."""
    steps = replay(record, result).steps
    v = result.violation
    where = None if v is None or game is None else game.where(v.pointer)
    tricks: list[list[Any]] = []
    for step in steps:
        if step.leads or not tricks:
            tricks.append([])
        tricks[-1].append(step)
    calls = record.get("calls") or []
    bad_call = int(v.pointer.rsplit("/", 1)[1]) if v is not None and v.pointer.startswith("/calls/") else None
    return {
        "result": result,
        "verdict": result.verdict.value,
        "violation": v,
        "where": where,
        "tricks": tricks,
        "calls": calls,
        "bad_call": bad_call,
        "outcome": result.outcome,
        "notation": format_record(record, result),
    }


@blp.get("/record")
def record_page() -> str:
    mine: list[dict[str, Any]] = []
    if _viewer() is not None:
        with unit_of_work() as uow:
            rows, _ = clubs.list_tournaments(uow, _viewer(), 500, 0)
        mine = [t for t in rows if t["organizer_id"] == _viewer() and t["status"] == "open"]
    return render_template("record.html", rulesets=sorted(PRESETS), mine=mine)


@blp.post("/record/notation")
def record_notation() -> Response:
    """The game the recorder built (JSON), as notation text to download."""
    try:
        doc = loads(request.get_data(cache=False))
        if not isinstance(doc, dict):
            raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
        text = format_record(doc)
    except RecordError as exc:
        return Response(json.dumps({"errors": [p.to_json() for p in exc.problems]}), 422, mimetype="application/json")
    return Response(text, mimetype=MEDIA_TYPE, headers={"Content-Disposition": 'attachment; filename="game.txt"'})


@blp.post("/replay")
def replay_posted() -> str | tuple[str, int]:
    text = request.form.get("game", "")
    game = None
    try:
        record, game = _read(text)
        shown = replay(record)
    except RecordError as exc:
        return render_template("check.html", text=text, problems=_problems(exc, game)), 422
    return render_template("replay.html", replay=shown, record=record, title=None, back=None)


@blp.get("/tournaments")
def tournaments() -> str:
    with unit_of_work() as uow:
        rows, _ = clubs.list_tournaments(uow, _viewer(), 200, 0)
    return render_template("tournaments.html", tournaments=rows)


def _names(uow: UnitOfWork, viewer: int | None, tournament_id: int) -> dict[int, str]:
    players, _ = clubs.list_players(uow, viewer, tournament_id, 1000, 0)
    return {p["id"]: p["name"] for p in players}


@blp.get("/tournaments/<int:tournament_id>")
def tournament(tournament_id: int) -> str:
    viewer = _viewer()
    after = request.args.get("round", type=int)
    with _found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, viewer, tournament_id)
        seated = rounds.list_rounds(uow, viewer, tournament_id)
        if after is not None and after not in [r["number"] for r in seated]:
            after = None
        table = clubs.standings(uow, viewer, tournament_id, after)
        names = _names(uow, viewer, tournament_id)
        rows, _ = games.list_games(uow, viewer, tournament_id, {"include_void": True, "limit": 500, "offset": 0})
    return render_template("tournament.html", t=t, standings=table, games=rows, names=names, rounds=seated, after=after)


@blp.get("/tournaments/<int:tournament_id>/players/<int:player_id>")
def player_page(tournament_id: int, player_id: int) -> str:
    """A player's games: seat, role, place and score in each, and the running total."""
    viewer = _viewer()
    with _found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, viewer, tournament_id)
        player = clubs.get_player(uow, viewer, tournament_id, player_id)
        table = clubs.standings(uow, viewer, tournament_id)
        rows, _ = games.list_games(
            uow, viewer, tournament_id, {"include_void": False, "limit": 500, "offset": 0, "player": player_id}
        )
    standing = next((r for r in table["standings"] if r["player_id"] == player_id), None)
    running = 0
    history = []
    for game in rows:
        seat = next(x for x in game["seats"] if x["player_id"] == player_id)
        running += seat["score"]
        history.append({"game": game, "seat": seat, "running": running})
    return render_template("player.html", t=t, player=player, standing=standing, history=history)


@blp.get("/tournaments/<int:tournament_id>/games/<int:game_id>")
def game_page(tournament_id: int, game_id: int) -> str:
    viewer = _viewer()
    with _found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, viewer, tournament_id)
        game = games.get_game(uow, viewer, tournament_id, game_id)
        history = games.game_history(uow, viewer, tournament_id, game_id)
        names = _names(uow, viewer, tournament_id)
    owner = viewer is not None and viewer == t["organizer_id"] and t["status"] == "open" and not game["voided"]
    record = game["record"]
    text = "" if record is None else format_record(record, adjudicate(record, read_ruleset(t["ruleset"])))
    return render_template(
        "game.html", t=t, game=game, history=history["versions"], names=names, owner=owner, current_text=text
    )


@blp.get("/tournaments/<int:tournament_id>/games/<int:game_id>/replay")
def game_replay(tournament_id: int, game_id: int) -> str:
    viewer = _viewer()
    with _found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, viewer, tournament_id)
        history = games.game_history(uow, viewer, tournament_id, game_id)
    body = next((v["body"] for v in reversed(history["versions"]) if v["body"]), None)
    record = (games.submission_of(body) or {}).get("record")
    if not isinstance(record, dict):
        abort(404)  # a result sheet has no plays to replay
    # judged as the tournament judged it: a stored record may leave its ruleset to the tournament
    shown = replay(record, adjudicate(record, read_ruleset(t["ruleset"])))
    back = url_for("web.game_page", tournament_id=tournament_id, game_id=game_id)
    return render_template("replay.html", replay=shown, record=record, title=t["name"], back=back)


@contextmanager
def _found() -> Iterator[None]:
    try:
        yield
    except NotFound:
        abort(404)
    except Forbidden:
        abort(403)


# --- organizers ---------------------------------------------------------------------------------


@blp.route("/signin", methods=["GET", "POST"])
def signin() -> Any:
    if request.method == "GET":
        return render_template("signin.html")
    guessing = current_app.extensions.get("baohuang_guessing")
    wait = guessing() if guessing is not None else None
    if wait is not None:  # too many wrong keys from this address, here or through the API
        page = render_template("signin.html", wait=wait)
        return page, 429, {"Retry-After": str(wait)}
    secret = request.form.get("key", "").strip()
    with unit_of_work() as uow:
        token = clubs.sign_in(uow, secret) if secret else None
    if token is None:
        failed = current_app.extensions.get("baohuang_failed_key")
        if failed is not None:
            failed()
        return render_template("signin.html", failed=True), 401
    session.clear()
    session["sid"] = token  # the server's session: its row ends with sign-out or the key
    session.permanent = True
    return redirect(safe_next(request.args.get("next")) or url_for("web.organizer"))


@blp.post("/signout")
def signout() -> Any:
    token = session.get("sid")
    if isinstance(token, str) and token:
        with unit_of_work() as uow:
            clubs.sign_out(uow, token)
    session.clear()
    return redirect(url_for("web.home"))


@blp.get("/organizer")
@organizer_only
def organizer() -> str:
    with unit_of_work() as uow:
        rows, _ = clubs.list_tournaments(uow, _viewer(), 500, 0)
    mine = [t for t in rows if t["organizer_id"] == _viewer()]
    return render_template("organizer.html", tournaments=mine, rulesets=sorted(PRESETS))


@blp.post("/organizer/tournaments")
@organizer_only
def create_tournament() -> Any:
    try:
        name = text(request.form, "name", 200, "a tournament's name")
        rs = read_ruleset(request.form.get("ruleset") or "weihai")
    except FormError as exc:
        return _back_to_organizer(exc.message)
    except RecordError:
        abort(400)
    assert name is not None
    seating_method = request.form.get("seating", "balanced")
    if seating_method not in ("balanced", "swiss"):
        abort(400)
    try:
        bye = number(request.form, "bye_points", -100, 100, default=0)
    except FormError:
        return _back_to_organizer("bye points are a whole number from -100 to 100")
    assert bye is not None
    with unit_of_work() as uow:
        t = clubs.create_tournament(uow, _acting(), name, rs, request.form.get("private") == "on", seating_method, bye)
    return redirect(url_for("web.manage", tournament_id=t["id"]))


def _acting() -> int:
    viewer = _viewer()
    assert viewer is not None
    return viewer


def _back_to_organizer(message: str) -> tuple[str, int]:
    with unit_of_work() as uow:
        rows, _ = clubs.list_tournaments(uow, _viewer(), 500, 0)
    mine = [t for t in rows if t["organizer_id"] == _viewer()]
    return render_template("organizer.html", tournaments=mine, rulesets=sorted(PRESETS), error=message), 422


def _manage_page(tournament_id: int, status: int = 200, **extra: Any) -> tuple[str, int]:
    with _found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, _viewer(), tournament_id)
        if t["organizer_id"] != _viewer():
            abort(403)
        players, _ = clubs.list_players(uow, _viewer(), tournament_id, 1000, 0)
        rows, _ = games.list_games(uow, _viewer(), tournament_id, {"include_void": True, "limit": 500, "offset": 0})
    names = {p["id"]: p["name"] for p in players}
    active = [p for p in players if not p["withdrawn"]]
    return (
        render_template("manage.html", t=t, players=players, active=active, games=rows, names=names, **extra),
        status,
    )


def _act(tournament_id: int, action: Callable[[UnitOfWork], object], then: str) -> Any:
    """Do what an organizer's form asks in a unit of work, then go to ``then``; a refusal or a
    conflict is shown on the tournament's manage page."""
    try:
        with _found(), unit_of_work() as uow:
            action(uow)
    except games.Rejected as exc:
        return _manage_page(tournament_id, 422, refused=exc.doc)
    except Conflict as exc:
        return _manage_page(tournament_id, 409, error=str(exc))
    return redirect(then)


@blp.get("/organizer/tournaments/<int:tournament_id>")
@organizer_only
def manage(tournament_id: int) -> tuple[str, int]:
    return _manage_page(tournament_id, game_text=request.args.get("game", ""))


@blp.post("/organizer/tournaments/<int:tournament_id>/players")
@organizer_only
def add_player(tournament_id: int) -> Any:
    try:
        name = text(request.form, "name", 100, "a player's name")
    except FormError as exc:
        return _manage_page(tournament_id, 422, error=exc.message)
    assert name is not None
    return _act(
        tournament_id,
        lambda uow: clubs.add_player(uow, _acting(), tournament_id, name),
        url_for("web.manage", tournament_id=tournament_id),
    )


@blp.post("/organizer/tournaments/<int:tournament_id>/players/<int:player_id>")
@organizer_only
def change_player(tournament_id: int, player_id: int) -> Any:
    withdrawn = {"withdraw": True, "return": False}.get(request.form.get("action", ""))
    try:
        name = text(request.form, "name", 100, "a player's name", required=False)
    except FormError as exc:
        return _manage_page(tournament_id, 422, error=exc.message)
    return _act(
        tournament_id,
        lambda uow: clubs.change_player(uow, _acting(), tournament_id, player_id, name, withdrawn),
        url_for("web.manage", tournament_id=tournament_id),
    )


PLAYER_ID = (1, 2**31 - 1)
ROUND_OR_TABLE = (1, 100_000)


def _seated() -> list[int] | None:
    """The five players chosen by seat; None where the game names its round and table (the
    seating names the players then). FormError for a choice that is not a player's id."""
    if _round_and_table():
        return None
    out = []
    for i in range(5):
        try:
            chosen = number(request.form, f"seat{i}", *PLAYER_ID)
        except FormError:
            raise FormError(f"seat{i}", f"choose the player at seat {i}") from None
        assert chosen is not None
        out.append(chosen)
    return out


def _round_and_table() -> dict[str, int]:
    """The round and table a game is entered against (both, or neither: FormError)."""
    form = request.form
    at = {name: number(form, name, *ROUND_OR_TABLE, required=False) for name in ("round", "table")}
    if (at["round"] is None) != (at["table"] is None):
        raise FormError("round", "round and table are given together")
    return {k: v for k, v in at.items() if v is not None}


def _envelope(players: list[int] | None) -> dict[str, Any]:
    return {**({"players": players} if players is not None else {}), **_round_and_table()}


def _submit(tournament_id: int, doc: dict[str, Any], raw: str) -> Any:
    digest = g.get("key_hash", "")
    try:
        with _found(), UnitOfWork(current_app.extensions["baohuang_db"], single_statement=True) as uow:
            games.submit_game(uow, digest, tournament_id, doc, raw, None, None, "POST", request.path, hashed=True)
    except games.Rejected as exc:
        return _manage_page(tournament_id, 422, refused=exc.doc, game_text=request.form.get("game", ""))
    except Conflict as exc:
        return _manage_page(tournament_id, 409, error=str(exc), game_text=request.form.get("game", ""))
    except games.Unauthenticated:
        session.clear()
        return redirect(url_for("web.signin"))
    return redirect(url_for("web.manage", tournament_id=tournament_id, stored=1))


@blp.post("/organizer/tournaments/<int:tournament_id>/rounds")
@organizer_only
def seat_round(tournament_id: int) -> Any:
    return _act(
        tournament_id,
        lambda uow: rounds.create_round(uow, _acting(), tournament_id),
        url_for("web.tournament", tournament_id=tournament_id) + "#rounds",
    )


@blp.post("/organizer/tournaments/<int:tournament_id>/sheets")
@organizer_only
def enter_sheet(tournament_id: int) -> Any:
    form = request.form

    def seat(name: str) -> int | None:
        return number(form, name, 0, 4, required=False)

    try:
        players = _seated()
        sheet: dict[str, Any] = {
            "mode": form.get("mode", "normal"),
            "emperor": seat("emperor"),
            "guard": seat("guard"),
            "rebels": [i for i in range(5) if form.get(f"rebel{i}") == "on"],
            "guard_revealed": form.get("guard_revealed") == "on",
            "kicked_by": seat("kicked_by"),
            "finishing_order": [seat(f"place{i}") for i in range(5)],
        }
    except FormError as exc:
        return _manage_page(tournament_id, 422, error=exc.message)
    if sheet["mode"] in ("void", "surrender"):
        sheet["finishing_order"] = []
    doc = {**_envelope(players), "sheet": sheet}
    return _submit(tournament_id, doc, json.dumps(doc, ensure_ascii=False))


@blp.post("/organizer/tournaments/<int:tournament_id>/games")
@organizer_only
def enter_game(tournament_id: int) -> Any:
    text = request.form.get("game", "")
    try:
        players = _seated()
    except FormError as exc:
        return _manage_page(tournament_id, 422, error=exc.message, game_text=text)
    try:
        if looks_like_notation(text):
            head = "" if players is None else f'[Players "{" ".join(map(str, players))}"]\n'
            raw = head + text
            doc, _ = parse_submission(raw)
            doc.update(_round_and_table())
        else:
            record = loads(text)
            doc = {**_envelope(players), "record": record}
            raw = json.dumps(doc, ensure_ascii=False)
    except RecordError as exc:
        refused = {"detail": "the game cannot be read", "errors": [p.to_json() for p in exc.problems]}
        return _manage_page(tournament_id, 422, refused=refused, game_text=text)
    if form_played_at := request.form.get("played_at", "").strip():
        doc["played_at"] = form_played_at
    return _submit(tournament_id, doc, raw)


@blp.post("/organizer/tournaments/<int:tournament_id>/games/<int:game_id>/void")
@organizer_only
def void_game(tournament_id: int, game_id: int) -> Any:
    reason = request.form.get("reason", "").strip()
    doc = {"action": "void", "reason": reason}
    return _act(
        tournament_id,
        lambda uow: games.correct_game(uow, g.key, tournament_id, game_id, doc, json.dumps(doc, ensure_ascii=False)),
        url_for("web.manage", tournament_id=tournament_id),
    )


@blp.post("/organizer/tournaments/<int:tournament_id>/games/<int:game_id>/correct")
@organizer_only
def correct_game(tournament_id: int, game_id: int) -> Any:
    """Replace a game's record with a corrected one, with a reason (the old version stays)."""
    text = request.form.get("game", "")
    reason = request.form.get("reason", "").strip()
    back = url_for("web.game_page", tournament_id=tournament_id, game_id=game_id)
    try:
        record, _ = _read(text)
    except RecordError as exc:
        refused = {"detail": "the game cannot be read", "errors": [p.to_json() for p in exc.problems]}
        return _manage_page(tournament_id, 422, refused=refused)
    doc = {"action": "replace", "reason": reason, "record": record}
    return _act(
        tournament_id,
        lambda uow: games.correct_game(uow, g.key, tournament_id, game_id, doc, json.dumps(doc, ensure_ascii=False)),
        back,
    )


@blp.post("/organizer/record")
@organizer_only
def record_to_tournament() -> Any:
    """The recorder's game, to be entered into one of the organizer's tournaments."""
    try:
        tournament_id = number(request.form, "tournament", *PLAYER_ID)
    except FormError:
        abort(400)
    return redirect(url_for("web.manage", tournament_id=tournament_id, game=request.form.get("game", "")))


# --- API documentation ---------------------------------------------------------------------------


@blp.get("/docs")
def docs() -> str:
    return render_template("docs.html")


@blp.get("/docs/openapi.json")
def openapi_document() -> Response:
    spec = current_app.extensions["baohuang_api"].spec
    return Response(json.dumps(spec.to_dict(), ensure_ascii=False), mimetype="application/json")


@blp.errorhandler(404)
@blp.errorhandler(403)
@blp.errorhandler(400)
def _error(exc: Any) -> tuple[str, int]:
    code = getattr(exc, "code", 500)
    return render_template("error.html", message=getattr(exc, "description", ""), status=code), code
