"""Organizers: signing in and out, their tournaments, and managing one — players, rounds (seated
after a confirmation that shows what the last round still lacks; the last one removable while it
has no games). Entering and correcting results is entry.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, current_app, flash, g, redirect, render_template, request, session, url_for

from ..core.errors import RecordError
from ..core.record_form import read_ruleset
from ..core.ruleset import PRESETS, WEIHAI, option_infos
from ..problems import refusal_document
from ..text_and_time import DEFAULT_ZONE, clean_text, new_time_zone
from ..tournament import clubs, game_queries, members, player_lists, rounds, seasons
from ..tournament.errors import Conflict, MissingScope, Rejected
from ..tournament.unit_of_work import UnitOfWork
from .common import (
    acting,
    blp,
    count_wrong_key,
    field_errors,
    found,
    guessing_wait,
    organizer_only,
    signup_wait,
    unit_of_work,
    viewer,
)
from .forms import FormError, number, safe_next, text
from .i18n import gettext, language, tr
from .tournaments import missing_deals, options_line


@blp.route("/signin", methods=["GET", "POST"])
def signin() -> Any:
    open_signup = bool(current_app.config.get("OPEN_SIGNUP"))
    if request.method == "GET":
        return render_template("signin.html", open_signup=open_signup)
    wait = guessing_wait()
    if wait is not None:  # too many wrong keys from this address, here or through the API
        page = render_template("signin.html", wait=wait, open_signup=open_signup)
        return page, 429, {"Retry-After": str(wait)}
    secret = request.form.get("key", "").strip()
    try:
        with unit_of_work() as uow:
            token = clubs.sign_in(uow, secret) if secret else None
    except MissingScope:  # a good key, made for an app: not for the pages
        return render_template("signin.html", app_key=True, open_signup=open_signup), 403
    if token is None:
        count_wrong_key()
        return render_template("signin.html", failed=True, open_signup=open_signup), 401
    session.clear()
    session["sid"] = token  # the server's session: its row ends with sign-out or the key
    session.permanent = True
    return redirect(safe_next(request.args.get("next")) or url_for("web.organizer"))


# Zones a club is most likely in, offered first; any IANA zone may be typed (docs/tournaments.md).
SIGNUP_ZONES = (
    "Asia/Shanghai",
    "Asia/Hong_Kong",
    "Asia/Taipei",
    "Asia/Singapore",
    "Asia/Tokyo",
    "Europe/London",
    "America/New_York",
)


@blp.route("/signup", methods=["GET", "POST"])
def signup() -> Any:
    """A club registers itself where the server allows open sign-up: its name and time zone in,
    its first API key out, shown this once (it is kept only as a hash). Elsewhere the page says
    who makes clubs here."""
    open_signup = bool(current_app.config.get("OPEN_SIGNUP"))
    if request.method == "GET" or not open_signup:
        status = 200 if request.method == "GET" else 403
        return render_template("signup.html", open_signup=open_signup, zones=SIGNUP_ZONES, form={}, errors={}), status
    form = request.form
    errors: dict[str, list[str]] = {}
    name = zone = None
    try:
        name = text(form, "name", 200, "the club's name")
    except FormError as exc:
        errors["name"] = [tr(exc.message)]
    zone = (form.get("time_zone") or DEFAULT_ZONE).strip()
    try:
        new_time_zone(zone)
    except ValueError as exc:
        errors["time_zone"] = [tr(str(exc))]
    if errors or name is None:
        page = render_template("signup.html", open_signup=True, zones=SIGNUP_ZONES, form=form, errors=errors)
        return page, 422
    wait = signup_wait()
    if wait is not None:
        page = render_template("signup.html", open_signup=True, zones=SIGNUP_ZONES, form=form, errors={}, wait=wait)
        return page, 429, {"Retry-After": str(wait)}
    with unit_of_work() as uow:
        made = clubs.register_organizer(uow, name, zone)
    # The key is on this answer only: not cached, not kept anywhere but in the person's hands.
    page = render_template("signup.html", open_signup=True, made=made, zones=SIGNUP_ZONES, form={}, errors={})
    return page, 201, {"Cache-Control": "no-store"}


@blp.post("/signout")
def signout() -> Any:
    token = session.get("sid")
    if isinstance(token, str) and token:
        with unit_of_work() as uow:
            clubs.sign_out(uow, token)
    session.clear()
    return redirect(url_for("web.home"))


def _organizer_page(status: int = 200, **extra: Any) -> tuple[str, int]:
    with unit_of_work() as uow:
        rows, _ = clubs.list_tournaments(uow, viewer(), 500, 0)
        listed = seasons.season_names(uow, acting())
    mine = [t for t in rows if t.organizer_id == viewer()]
    form = extra.pop("form", {"ruleset": WEIHAI.name, "bye_points": "0", "deals_per_round": "1"})
    page = render_template(
        "organizer.html",
        tournaments=mine,
        rulesets=sorted(PRESETS),
        form=form,
        house=house_options(),
        house_open=any(str(k).startswith("opt-") and v for k, v in form.items()),
        organizer_id=acting(),
        seasons=listed,
        **extra,
    )
    return page, status


def house_options() -> list[dict[str, Any]]:
    """Every ruleset option as the form offers it: its key, what it means, its choices (the
    ruleset's own default is the form's default: an option left at it is not sent)."""
    return [
        {"key": o.key, "description": o.description, "choices": [(_form_value(c), c) for c in o.choices]}
        for o in option_infos(WEIHAI)
    ]


def _form_value(choice: object) -> str:
    return ("true" if choice else "false") if isinstance(choice, bool) else str(choice)


def _chosen_options(form: Any) -> dict[str, Any]:
    """The house options the form sets (FormError for a value that is not one of the choices)."""
    chosen: dict[str, Any] = {}
    for o in house_options():
        raw = (form.get(f"opt-{o['key']}") or "").strip()
        if not raw:
            continue
        match = [c for value, c in o["choices"] if value == raw]
        if not match:
            choices = ("、" if language() == "zh" else ", ").join(gettext(str(c)) for _, c in o["choices"])
            message = gettext("%(option)s is one of: %(choices)s") % {"option": gettext(o["key"]), "choices": choices}
            raise FormError("ruleset", message)
        chosen[o["key"]] = match[0]
    return chosen


@blp.get("/organizer")
@organizer_only
def organizer() -> tuple[str, int]:
    return _organizer_page()


@blp.post("/organizer/seasons")
@organizer_only
def create_season_page() -> Any:
    """A season of the organizer's public tournaments, in the order they were made."""
    form = request.form
    try:
        name = text(form, "season_name", 200, "a season's name")
        counting = form.get("counting", "all")
        if counting not in ("all", "best"):
            raise FormError("season", "every evening, or each member's best N")
        best = number(form, "best", 1, 1000, required=counting == "best")
        chosen = sorted(int(k[1:]) for k, v in form.items() if k[:1] == "t" and k[1:].isdigit() and v == "on")
        if not chosen:
            raise FormError("season", "choose the season's tournaments")
    except FormError as exc:
        return _organizer_page(422, form=form, errors={"season": [tr(exc.message)]})
    assert name is not None
    try:
        with found(), unit_of_work() as uow:
            made = seasons.create_season(uow, acting(), acting(), name, counting, best, chosen)
    except Conflict as exc:
        return _organizer_page(409, form=form, errors={"season": [tr(str(exc))]})
    flash(gettext("The season is made."), "good")
    return redirect(url_for("web.season_page", organizer_id=acting(), season_id=made.id))


@blp.post("/organizer/tournaments")
@organizer_only
def create_tournament() -> Any:
    form = request.form
    try:
        name = text(form, "name", 200, "a tournament's name")
        bye = number(form, "bye_points", -100, 100, default=0)
        deals = number(form, "deals_per_round", 1, 50, default=1)
        seating_method = form.get("seating", "balanced")
        if seating_method not in ("balanced", "swiss"):
            raise FormError("seating", "balanced or swiss")
        try:
            options = _chosen_options(form)
            name_of = form.get("ruleset") or WEIHAI.name
            rs = read_ruleset({"name": name_of, "options": options} if options else name_of)
        except RecordError as exc:
            raise FormError("ruleset", exc.problems[0].detail) from None
    except FormError as exc:
        return _organizer_page(422, form=form, errors={exc.field: [tr(exc.message)]})
    assert name is not None and bye is not None and deals is not None
    with unit_of_work() as uow:
        t = clubs.create_tournament(uow, acting(), name, rs, form.get("private") == "on", seating_method, bye, deals)
    flash(gettext("The tournament is created."), "good")
    return redirect(url_for("web.manage", tournament_id=t.id))


def manage_page(tournament_id: int, status: int = 200, **extra: Any) -> tuple[str, int]:
    """The organizer's page of a tournament: players, rounds, the forms that enter results (filled
    again with ``form`` and showing ``errors`` next to their fields after a refusal), and games."""
    who = viewer()
    with found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, who, tournament_id)
        g.zone = t.time_zone
        if t.organizer_id != who:
            abort(403)
        players, _ = clubs.list_players(uow, who, tournament_id, 10_000, 0)
        rows, _ = game_queries.list_games(uow, who, tournament_id)
        seated = rounds.list_rounds(uow, who, tournament_id)
    names = {p.id: p.name for p in players}
    active = [p for p in players if not p.withdrawn]
    page = render_template(
        "manage.html",
        t=t,
        players=players,
        active=active,
        games=rows,
        names=names,
        rounds=seated,
        last=seated[-1] if seated else None,
        missing=missing_deals(seated, t.deals_per_round),
        waiting=missing_deals(seated, t.deals_per_round, waiting=True),
        options=options_line(t),
        club_members=[m for m in _members() if m.id not in {p.member_id for p in players}],
        form=extra.pop("form", _asked_deal()),
        errors=extra.pop("errors", {}),
        which=extra.pop("which", "sheet" if _asked_deal() else None),
        game_text=extra.pop("game_text", request.args.get("game", "")),
        **extra,
    )
    return page, status


def _members() -> list[members.MemberName]:
    with unit_of_work() as uow:
        return members.member_names(uow, acting())


def _asked_deal() -> dict[str, str]:
    """A deal the board sent the director to enter (round, table and deal in the query)."""
    asked = {k: request.args[k] for k in ("round", "table", "deal") if request.args.get(k, "").isdigit()}
    return asked if len(asked) == 3 else {}


def act(tournament_id: int, action: Callable[[UnitOfWork], object], then: str, done: str, **refill: Any) -> Any:
    """Do what an organizer's form asks in a unit of work, say it was done, and go to ``then``; a
    refusal or a conflict is shown on the manage page, the form filled again (``refill``)."""
    try:
        with found(), unit_of_work() as uow:
            action(uow)
    except Rejected as exc:
        return manage_page(tournament_id, 422, errors=field_errors(refusal_document(exc)), **refill)
    except Conflict as exc:
        return manage_page(tournament_id, 409, errors={"form": [tr(str(exc))]}, **refill)
    flash(done, "good")
    return redirect(then)


@blp.get("/organizer/tournaments/<int:tournament_id>")
@organizer_only
def manage(tournament_id: int) -> tuple[str, int]:
    return manage_page(tournament_id)


@blp.post("/organizer/tournaments/<int:tournament_id>/players")
@organizer_only
def add_player(tournament_id: int) -> Any:
    form = request.form
    try:
        member_id = number(form, "member_id", 1, 2**31 - 1, required=False)
        name = text(form, "name", 100, "a player's name", required=member_id is None)
        if name is None:  # a member picked from the list, under the name the club knows
            name = next((m.name for m in _members() if m.id == member_id), None)
            if name is None:
                raise FormError("player", "choose a member of the club, or type a name")
    except FormError as exc:
        return manage_page(tournament_id, 422, errors={"player": [tr(exc.message)]}, form=form, which="player")
    return act(
        tournament_id,
        lambda uow: clubs.add_player(uow, acting(), tournament_id, name, member_id),
        url_for("web.manage", tournament_id=tournament_id) + "#players",
        gettext("Player added:") + " " + name,
        form=request.form,
        which="player",
    )


@blp.post("/organizer/tournaments/<int:tournament_id>/players/list")
@organizer_only
def add_player_list(tournament_id: int) -> Any:
    """Players pasted as a list, one name a line (blank lines skipped): all added, or the list
    back as it was typed with each refused line named."""
    form = request.form
    lines = (form.get("names") or "").splitlines()
    names: list[str] = []
    at_line: list[int] = []
    errors: list[str] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            names.append(clean_text(line, max_length=100, what="a player's name"))
            at_line.append(n)
        except ValueError as exc:
            errors.append(gettext("line %(line)s") % {"line": n} + ": " + tr(str(exc)))
    if not names and not errors:
        errors.append(gettext("Paste the players' names, one a line."))
    if not errors:
        try:
            with found(), unit_of_work() as uow:
                added = player_lists.add_players(uow, acting(), tournament_id, names)
        except Rejected as exc:
            for p in exc.problems:
                index = p.pointer.rsplit("/", 1)[-1]
                where = gettext("line %(line)s") % {"line": at_line[int(index)]} + ": " if index.isdigit() else ""
                errors.append(where + tr(p.detail))
        else:
            flash(gettext("%(n)s players added.") % {"n": len(added)}, "good")
            return redirect(url_for("web.manage", tournament_id=tournament_id) + "#players", 303)
    return manage_page(tournament_id, 422, errors={"player_list": errors}, form=form, which="player_list")


@blp.post("/organizer/tournaments/<int:tournament_id>/players/<int:player_id>")
@organizer_only
def change_player(tournament_id: int, player_id: int) -> Any:
    withdrawn = {"withdraw": True, "return": False}.get(request.form.get("action", ""))
    try:
        name = text(request.form, "name", 100, "a player's name", required=False)
    except FormError as exc:
        return manage_page(tournament_id, 422, errors={"player": [tr(exc.message)]})
    said = gettext("Renamed.") if withdrawn is None else gettext("Withdrawn.") if withdrawn else gettext("Taken back.")
    return act(
        tournament_id,
        lambda uow: clubs.change_player(uow, acting(), tournament_id, player_id, name, withdrawn),
        url_for("web.manage", tournament_id=tournament_id) + "#players",
        said,
    )
