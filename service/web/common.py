"""What the pages share: the blueprint, the signed-in organizer, a unit of work, reading a game a
person typed, and showing problems in the page's language next to the field they belong to.
Each page module (check, record, replay, tournaments, organizer, entry) reads its form, calls the
core or one use case, and renders a template; nothing here knows SQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

from flask import Blueprint, Response, abort, current_app, g, redirect, render_template, request, session, url_for

from ..club import Role
from ..core.errors import Problem, RecordError
from ..core.jsonio import loads
from ..core.notation import ParsedGame, looks_like_notation, parse
from ..tournament import clubs
from ..tournament.errors import Forbidden, NotFound
from ..tournament.unit_of_work import UnitOfWork
from .i18n import gettext, seat_label, tr

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
        if request.endpoint in CSRF_FREE:
            return
        current_app.extensions["csrf"].protect()


# Posts that change nothing and read no cookie, so need no CSRF token: an embedded replay of a
# game sent to it (an embed keeps no session on the framing site).
CSRF_FREE = frozenset({"web.embed_replay_posted"})


@contextmanager
def unit_of_work(*, single_statement: bool = False) -> Iterator[UnitOfWork]:
    with UnitOfWork(current_app.extensions["baohuang_db"], single_statement=single_statement) as uow:
        yield uow


def viewer() -> int | None:
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


def guessing_wait() -> int | None:
    """Seconds this address must wait before it may try another key or table token (too many
    wrong ones, here or through the API: api/limits.py); None when it may try now."""
    guessing = current_app.extensions.get("baohuang_guessing")
    return guessing() if guessing is not None else None


def signup_wait() -> int | None:
    """Seconds this address must wait before it may sign up again (the API's sign-up limit,
    counted once for the form and the API); None when it may now."""
    wait = current_app.extensions.get("baohuang_signup_wait")
    return wait() if wait is not None else None


def count_wrong_key() -> None:
    """A wrong key or table token typed into a page counts as one sent to the API."""
    failed = current_app.extensions.get("baohuang_failed_key")
    if failed is not None:
        failed()


def acting() -> int:
    """The signed-in organizer, where the view is organizer_only."""
    who = viewer()
    assert who is not None
    return who


def organizer_only(view: F) -> F:
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if viewer() is None:
            return redirect(url_for("web.signin", next=request.path))
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


@blp.app_context_processor
def _context() -> dict[str, Any]:
    return {"signed_in": viewer() is not None}


@contextmanager
def found() -> Iterator[None]:
    """A use case's NotFound and Forbidden as the pages' 404 and 403."""
    try:
        yield
    except NotFound:
        abort(404)
    except Forbidden:
        abort(403)


def names_of(uow: UnitOfWork, who: int | None, tournament_id: int) -> dict[int, str]:
    players, _ = clubs.list_players(uow, who, tournament_id, 10_000, 0)
    return {p.id: p.name for p in players}


# --- a game a person typed -----------------------------------------------------------------------


def game_text() -> str:
    """The game of a form: the file chosen, else the text typed."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data = upload.read(current_app.config["MAX_CONTENT_LENGTH"] or 1 << 20)
        try:
            return str(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise RecordError([Problem("", "invalid_notation", "the file is not UTF-8 text")]) from None
    return request.form.get("game", "")


def read_text(text: str) -> tuple[dict[str, Any], ParsedGame | None]:
    """A record from text: the notation, or JSON."""
    if looks_like_notation(text):
        game = parse(text)
        return game.record, game
    doc = loads(text)
    if not isinstance(doc, dict):
        raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
    return doc, None


def shown_problems(
    problems: list[dict[str, Any]] | tuple[Problem, ...], game: ParsedGame | None = None
) -> list[dict[str, Any]]:
    """Problems as a page shows them: in its language, each with its line and column where the
    text was the notation (said once, not twice: a notation problem's detail starts with it)."""
    out = []
    for p in problems:
        item = p.to_json() if isinstance(p, Problem) else dict(p)
        if game is not None and "line" not in item:
            where = game.where(item.get("pointer", ""))
            if where is not None:
                item["line"], item["column"] = where
        detail = str(item.get("detail", ""))
        if "line" in item:
            prefix = f"line {item['line']}, column {item['column']}: "
            if detail.startswith(prefix):
                detail = detail[len(prefix) :]
        item["text"] = tr(detail)
        out.append(item)
    return out


# Which field of a form a problem's pointer belongs to (the first matching prefix wins).
SHEET_FIELDS: tuple[tuple[str, str], ...] = (
    ("/sheet/finishing_order", "places"),
    ("/sheet/emperor", "emperor"),
    ("/sheet/guard_revealed", "guard_revealed"),
    ("/sheet/guard", "guard"),
    ("/sheet/rebels", "rebels"),
    ("/sheet/kicked_by", "kicked_by"),
    ("/sheet/mode", "mode"),
    ("/sheet", "mode"),
    ("/players", "seats"),
    ("/entered_by", "entered_by"),
    ("/round", "round"),
    ("/table", "table"),
    ("/deal", "deal"),
    ("/pin", "pin"),
    ("/played_at", "played_at"),
    ("/record", "game"),
    ("/reason", "reason"),
    ("", "form"),
)


def field_errors(doc: Mapping[str, Any], fields: tuple[tuple[str, str], ...] = SHEET_FIELDS) -> dict[str, list[str]]:
    """A refused submission's problems by the form field they belong to, in the page's language
    (never JSON pointers): the adjudication's violation, if any, goes to the game's text."""
    out: dict[str, list[str]] = {}
    for p in shown_problems(list(doc.get("errors") or [])):
        pointer = str(p.get("pointer", ""))
        name = next(f for prefix, f in fields if pointer == prefix or pointer.startswith(prefix + "/") or not prefix)
        out.setdefault(name, []).append(located_message(out, name, p, p["text"]))
    violation = (doc.get("adjudication") or {}).get("violation")
    if violation:
        out.setdefault("game", []).append(located_message(out, "game", violation, tr(violation["message"])))
    if not out and doc.get("detail"):
        out["form"] = [tr(str(doc["detail"]))]
    return out


def located_message(errors: dict[str, list[str]], name: str, problem: Mapping[str, Any], text: str) -> str:
    """A problem's message led by its line and column in the typed text, if it has them; the
    first such place is kept under ``name + "@"`` for the page to mark in the text box."""
    if not problem.get("line"):
        return text
    line, column = problem["line"], problem.get("column")
    errors.setdefault(name + "@", [str(line), str(column or 1)])
    return at_line(line, column) + ": " + text


def text_errors(problems: list[dict[str, Any]] | tuple[Problem, ...]) -> dict[str, list[str]]:
    """A typed game's problems (it could not be read) as a form shows them: under "game", each
    led by its line and column, the first place kept for the box to mark (located_message)."""
    errors: dict[str, list[str]] = {}
    errors["game"] = [located_message(errors, "game", p, p["text"]) for p in shown_problems(problems)]
    return errors


def text_at(text: str, line: object, column: object) -> tuple[str, str, str] | None:
    """The line ``line`` of ``text`` cut around the entry that starts at ``column`` (1-based,
    up to the next comma): before, the entry, after; None if the text has no such place."""
    try:
        n, c = int(str(line)), int(str(column))
    except ValueError:
        return None
    lines = text.replace("\r\n", "\n").split("\n")
    if not 1 <= n <= len(lines) or not 1 <= c <= len(lines[n - 1]) + 1:
        return None
    row = lines[n - 1]
    end = row.find(",", c - 1)
    end = len(row) if end < 0 else end
    return row[: c - 1], row[c - 1 : end] or " ", row[end:]


def at_line(line: object, column: object | None = None) -> str:
    """Where in a text: "line 5, column 8" / "第 5 行第 8 列"."""
    if column is None:
        return gettext("line %(line)s") % {"line": line}
    return gettext("line %(line)s, column %(column)s") % {"line": line, "column": column}


def conflict_errors(message: str, field: str = "form") -> dict[str, list[str]]:
    return {field: [tr(message)]}


def render_error(status: int, message: str = "") -> tuple[str, int]:
    """An error page; ``message`` is already in the page's language."""
    return render_template("error.html", message=message, status=status), status


@blp.errorhandler(404)
@blp.errorhandler(403)
@blp.errorhandler(400)
@blp.errorhandler(413)
def _error(exc: Any) -> tuple[str, int]:
    code = getattr(exc, "code", 500)
    return render_error(code, error_message(exc))


# What a page says for an error werkzeug describes in its own (English, technical) words.
_PLAIN = {
    400: "The form could not be read; go back, check it and send it again.",
    403: "You may not open this page.",
    404: "Page not found.",
    405: "This page cannot be opened this way.",
    413: "What was sent is too large.",
}


def error_message(exc: Any) -> str:
    """The sentence an error page shows: the view's own description, else a plain one."""
    description = getattr(exc, "description", "") or ""
    default = getattr(type(exc), "description", None)
    code = getattr(exc, "code", 500)
    if description and description != default:
        return tr(description)
    return gettext(_PLAIN.get(code, "Something went wrong."))


def error_page(exc: Any) -> Response:
    """An error outside the pages' blueprint (an unknown address), as a page for a browser."""
    body, status = render_error(getattr(exc, "code", 500) or 500, error_message(exc))
    return Response(body, status, mimetype="text/html")


# --- a game's outcome, as every page shows it ------------------------------------------------------

PLACES = ("1st", "2nd", "3rd", "4th", "5th")


def outcome_view(outcome: Mapping[str, Any] | None, names: Mapping[int, str] | None = None) -> dict[str, Any] | None:
    """An outcome (as the API writes it) for a page: the mode, each seat's name, role (and
    whether it rebelled), place (头科 … 大落), base score and score, and each multiplier with its
    reason, all in the page's language."""
    if not outcome:
        return None
    names = names or {}
    order = list(outcome.get("finishing_order") or [])
    rebels = set(outcome.get("rebels") or [])
    rows = []
    for seat in range(5):
        role = Role.of_seat(outcome, seat).value
        place = order.index(seat) if seat in order else None
        rows.append(
            {
                "seat": seat,
                "label": seat_label(seat, names.get(seat)),
                "role": gettext(role) + (f" · {gettext('rebel')}" if seat in rebels else ""),
                "place": "—" if place is None else gettext(PLACES[place]),
                "base": (outcome.get("base_scores") or [None] * 5)[seat],
                "score": outcome["scores"][seat],
            }
        )
    return {
        "mode": gettext(str(outcome.get("mode"))),
        "guard_revealed": outcome.get("guard_revealed"),
        "rows": rows,
        "multiplier": outcome.get("multiplier", 1),
        "multipliers": [
            {"factor": m["factor"], "reason": tr(m["reason"], names)} for m in outcome.get("multipliers") or []
        ],
    }
