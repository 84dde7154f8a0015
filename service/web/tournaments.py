"""A club's tournaments as everyone sees them: the list, a tournament (standings after any round,
its rounds with the deals still missing, its games by round · table · deal), a player's games,
and a game with its history (and, for its organizer, the forms that correct it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import current_app, g, render_template, request, url_for

from ..core import adjudicate
from ..core.notation import format_record
from ..links import public_root
from ..tournament import clubs, game_queries, rounds
from ..tournament.games import StoredGame
from .common import blp, found, names_of, outcome_view, unit_of_work, viewer
from .i18n import gettext, language, tr


@blp.get("/tournaments")
def tournaments() -> str:
    with unit_of_work() as uow:
        rows, _ = clubs.list_tournaments(uow, viewer(), 200, 0)
    return render_template("tournaments.html", tournaments=rows)


def options_line(t: clubs.TournamentInfo) -> list[str]:
    """The tournament's ruleset options that differ from its preset, as words."""
    from ..core.ruleset import PRESETS

    preset = PRESETS.get(t.ruleset.name)
    base = preset.options() if preset else {}
    return [f"{gettext(k)} = {gettext(str(v))}" for k, v in t.ruleset.options.items() if base.get(k) != v]


@blp.app_template_global()
def game_place(game: StoredGame) -> str:
    """Where a game was played: round · table · deal (empty for a game entered by its players)."""
    if game.round is None:
        return ""
    parts = [gettext("Round %(n)s") % {"n": game.round}, gettext("Table %(n)s") % {"n": game.table}]
    if game.deal is not None:
        parts.append(gettext("Deal %(n)s") % {"n": game.deal})
    return " · ".join(parts)


def missing_deals(seated: list[rounds.RoundInfo], deals: int, waiting: bool = False) -> list[dict[str, Any]]:
    """For each round, the tables whose deals are not all entered, and which deals those are
    (``waiting``: instead, the deals entered at the table and not confirmed yet)."""
    out = []
    for r in seated:
        missing = []
        for tb in r.tables:
            these = tb.waiting_deals if waiting else tuple(d for d in tb.missing_deals if d not in tb.waiting_deals)
            if these:
                missing.append((tb.table, these))
        if missing:
            out.append({"round": r.number, "tables": missing, "deals": deals})
    return out


@blp.get("/tournaments/<int:tournament_id>")
def tournament(tournament_id: int) -> str:
    who = viewer()
    after = request.args.get("round", type=int)
    with found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, who, tournament_id)
        g.zone = t.time_zone
        seated = rounds.list_rounds(uow, who, tournament_id)
        if after is not None and after not in [r.number for r in seated]:
            after = None
        table = clubs.standings(uow, who, tournament_id, after)
        names = names_of(uow, who, tournament_id)
        page = game_queries.games_page(
            uow,
            who,
            tournament_id,
            before=request.args.get("before", type=int),
            after=request.args.get("after", type=int),
        )
    return render_template(
        "tournament.html",
        t=t,
        standings=table,
        order=tr(table.order),
        games=page.games,
        earlier=page.earlier,
        later=page.later,
        names=names,
        rounds=seated,
        after=after,
        options=options_line(t),
        missing=missing_deals(seated, t.deals_per_round),
        waiting=missing_deals(seated, t.deals_per_round, waiting=True),
    )


@blp.get("/tournaments/<int:tournament_id>/players/<int:player_id>")
def player_page(tournament_id: int, player_id: int) -> str:
    """A player's games: seat, role, place and score in each, and the running total."""
    who = viewer()
    with found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, who, tournament_id)
        g.zone = t.time_zone
        player = clubs.get_player(uow, who, tournament_id, player_id)
        table = clubs.standings(uow, who, tournament_id)
        rows, _ = game_queries.list_games(uow, who, tournament_id, include_void=False, player=player_id)
        sat_out = [r.number for r in rounds.list_rounds(uow, who, tournament_id) if player_id in _ids(r.sitting_out)]
    standing = next((r for r in table.standings if r.player_id == player_id), None)
    history = player_history(rows, player_id, sat_out, t.bye_points)
    return render_template("player.html", t=t, player=player, standing=standing, history=history)


def _ids(seated: tuple[rounds.SeatedPlayer, ...]) -> set[int]:
    return {x.player_id for x in seated}


def player_history(games: list[StoredGame], player_id: int, byes: list[int], bye_points: int) -> list[dict[str, Any]]:
    """A player's games in order with the running total; each round sat out is a line of its own,
    after the games of the rounds before it, and its points count in the running total as the
    standings count them (the last running total is the standings' total)."""
    out: list[dict[str, Any]] = []
    running, left = 0, sorted(byes)
    for game in games:
        while left and game.round is not None and game.round > left[0]:
            running += bye_points
            out.append({"bye": left.pop(0), "points": bye_points, "running": running})
        seat = next(x for x in game.seats if x.player_id == player_id)
        running += seat.score
        out.append({"game": game, "place": game_place(game), "seat": seat, "running": running})
    for number in left:
        running += bye_points
        out.append({"bye": number, "points": bye_points, "running": running})
    return out


@blp.get("/tournaments/<int:tournament_id>/games/<int:game_id>")
def game_page(tournament_id: int, game_id: int, status: int = 200, **extra: Any) -> Any:
    """A game: its seats, outcome and history; to its organizer, the form that corrects it (the
    record's text, or the sheet's fields) — filled again with what was typed if it was refused."""
    who = viewer()
    with found(), unit_of_work() as uow:
        t = clubs.get_tournament(uow, who, tournament_id)
        g.zone = t.time_zone
        game = game_queries.get_game(uow, who, tournament_id, game_id)
        history = game_queries.game_history(uow, who, tournament_id, game_id)
        names = names_of(uow, who, tournament_id)
    owner = who is not None and who == t.organizer_id and t.status == "open" and not game.voided
    record = game.record
    text = "" if record is None else format_record(record, adjudicate(record, t.ruleset.rules()))
    by_seat = {x.seat: names.get(x.player_id, str(x.player_id)) for x in game.seats}
    actions = {"submit": "submitted", "replace": "corrected", "void": "voided"}  # a game voided is 作废, not 流局
    versions = [replace(v, action=gettext(actions.get(v.action or "", v.action or ""))) for v in history.versions]
    page = render_template(
        "game.html",
        t=t,
        game=game,
        place=game_place(game),
        history=versions,
        names=names,
        owner=owner,
        current_text=extra.pop("text", None) or text,
        outcome=outcome_view(game.outcome, by_seat),
        sheet=extra.pop("sheet", None) or game.sheet,
        players=[{"id": x.player_id, "name": names.get(x.player_id)} for x in game.seats],
        embed_url=None if t.private else embed_link(game.id),
        **extra,
    )
    return page, status


def embed_link(game_id: int) -> str:
    """The address other sites frame to show a stored public game's replay (web/embed.py)."""
    root = public_root(current_app.config.get("PUBLIC_URL", ""), request.host_url)
    lang = "?lang=zh" if language() == "zh" else ""
    return f"{root}{url_for('web.embed_game', game_id=game_id)}{lang}"
