"""Reading a tournament's games: the list, one game with its record or sheet and the referee's
notes, its history, and the export (every game, with its submission as JSON and, for a game sent
in the notation, its text)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from ..club.game_records import Game, GameVersion
from ..core import adjudicate
from ..core.errors import RecordError
from ..core.jsonio import loads
from ..core.notation import looks_like_notation, parse_submission
from ..core.ruleset import Ruleset
from ..persistence.game_store import Games as GamesRepository
from ..text_and_time import DEFAULT_ZONE, local_iso
from .games import GameReads, StoredGame, stored_game
from .unit_of_work import UnitOfWork


@dataclass(frozen=True, slots=True)
class GameDetails(StoredGame):
    """A game as it stands, with what was submitted (the record or the sheet, as JSON) and, for
    a record, the referee's notes (what a deal rebuilt from the plays assumed)."""

    record: dict[str, Any] | None
    sheet: dict[str, Any] | None
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VersionShown:
    """One version of a game: what was done (submit, replace, void), why, by which key (shown to
    its organizer only), when, the body and the outcome."""

    version: int
    action: str
    kind: str | None
    reason: str | None
    key_id: int | None
    key_label: str | None
    created_at: datetime
    body: str | None
    outcome: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class GameHistory:
    game_id: int
    versions: tuple[VersionShown, ...]


def list_games(
    uow: UnitOfWork,
    viewer: int | None,
    tournament_id: int,
    *,
    player: int | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    include_void: bool = True,
    limit: int = 500,
    offset: int = 0,
) -> tuple[list[StoredGame], int]:
    """A page of the tournament's games, oldest first; by player, by date; void ones or not."""
    games = uow.games
    t = uow.tournaments.visible(tournament_id, viewer)
    rows, total = games.list_games(
        t.id, player_id=player, since=since, until=until, include_void=include_void, limit=limit, offset=offset
    )
    return _shown(games, t.id, rows), total


def _shown(games: GamesRepository, tournament_id: int, rows: Sequence[Game]) -> list[StoredGame]:
    """Games as the answers show them, their current versions, seats and names read at once."""
    versions = games.current_versions(rows)
    seats = games.seats_of_versions([v.id for v in versions.values()])
    names = games.player_names(tournament_id)
    return [stored_game(games, g, versions[g.id], seats[versions[g.id].id], names) for g in rows]


GAMES_A_PAGE = 50


@dataclass(frozen=True, slots=True)
class GamesPage:
    """A page of a tournament's games in the order played, and the games that open the pages
    around it: ``earlier`` (show the games before it) and ``later`` (after it), None at either end."""

    games: list[StoredGame]
    earlier: int | None
    later: int | None


def games_page(
    uow: UnitOfWork, viewer: int | None, tournament_id: int, *, before: int | None = None, after: int | None = None
) -> GamesPage:
    """The tournament's latest games, or those just before or after a game of it: a page of
    GAMES_A_PAGE read along the index, whatever the tournament's length."""
    games = uow.games
    t = uow.tournaments.visible(tournament_id, viewer)
    rows, earlier, later = games.games_page(t.id, before=before, after=after, limit=GAMES_A_PAGE)
    shown = _shown(games, t.id, rows)
    return GamesPage(
        shown,
        shown[0].id if shown and earlier else None,
        shown[-1].id if shown and later else None,
    )


def public_tournament_of_game(uow: UnitOfWork, game_id: int) -> int:
    """The public tournament a game belongs to (NotFound for an unknown game, or one of a private
    tournament: an embed shows what anybody may see, and says no more)."""
    tid = uow.games.tournament_of_game(game_id)
    uow.tournaments.visible(tid, None)
    return tid


def get_game(uow: UnitOfWork, viewer: int | None, tournament_id: int, game_id: int) -> GameDetails:
    """A game with its players' names, what was submitted (the record or the sheet) and, for a
    record, the referee's notes (what a deal rebuilt from the plays assumed)."""
    games = uow.games
    t = uow.tournaments.visible(tournament_id, viewer)
    game = games.game_of(t, game_id)
    shown = stored_game(games, game)
    version = games.current_version(game)
    submitted = next((v for v in reversed(games.history(game)) if v.body is not None), None)
    parts: dict[str, dict[str, Any] | None] = {"record": None, "sheet": None}
    notes: tuple[str, ...] = ()
    if submitted is not None:
        doc = submission_of(submitted.body)
        part = None if doc is None else doc.get(submitted.kind or "")
        if isinstance(part, dict) and submitted.kind in parts:
            parts[submitted.kind] = part
            if submitted.kind == "record" and version.action != "void":
                with contextlib.suppress(RecordError):
                    notes = tuple(adjudicate(part, Ruleset.from_options(t.ruleset_name, t.ruleset_options)).notes)
    return GameDetails(
        **{f.name: getattr(shown, f.name) for f in fields(StoredGame)},
        record=parts["record"],
        sheet=parts["sheet"],
        notes=notes,
    )


def submission_of(body: str | None) -> dict[str, Any] | None:
    """A stored submission (JSON, or the notation) as its JSON envelope."""
    if body is None:
        return None
    try:
        if looks_like_notation(body):
            doc, _ = parse_submission(body)
            return doc
        doc = loads(body)
    except RecordError:
        return None
    return doc if isinstance(doc, dict) else None


def game_history(uow: UnitOfWork, viewer: int | None, tournament_id: int, game_id: int) -> GameHistory:
    """Every version of a game; which key made each is the organizer's business only."""
    games = uow.games
    t = uow.tournaments.visible(tournament_id, viewer)
    game = games.game_of(t, game_id)
    owner = viewer == t.organizer_id
    labels = games.key_labels(t.organizer_id) if owner else {}
    return GameHistory(
        game.id,
        tuple(
            VersionShown(
                version=v.version,
                action=v.action,
                kind=v.kind,
                reason=v.reason,
                key_id=v.key_id if owner else None,
                key_label=labels.get(v.key_id) if owner else None,
                created_at=v.created_at,
                body=v.body,
                outcome=v.outcome,
            )
            for v in games.history(game)
        ),
    )


def visible_tournament_id(uow: UnitOfWork, viewer: int | None, tournament_id: int) -> int:
    return uow.tournaments.visible(tournament_id, viewer).id


def export_lines(uow: UnitOfWork, tournament_id: int) -> Iterator[str]:
    """Every game of the tournament as NDJSON lines (current versions, void ones included), its
    times in the tournament's own time (with their offset, and the zone named)."""
    games = uow.games
    zone = games.zone_of_tournament(tournament_id)
    for game, version in games.export_games(tournament_id):
        yield export_line(games, game, version, zone)


def export_line(games: GameReads, game: Game, version: GameVersion, zone: str = DEFAULT_ZONE) -> str:
    """One game of the export: its submission as JSON (a game sent in the notation read into its
    JSON envelope) and, for a game sent in the notation, the text as it was stored."""
    seats = games.game_seats(version.id)
    body = version.body
    return (
        json.dumps(
            {
                "id": game.id,
                "version": version.version,
                "voided": game.voided,
                "played_at": local_iso(game.played_at, zone),
                "time_zone": zone,
                "round": game.round_number,
                "table": game.table_no,
                "deal": game.deal_no,
                "players": [x.player_id for x in seats],
                "kind": version.kind,
                "submission": submission_of(body),
                "notation": body if body is not None and looks_like_notation(body) else None,
                "outcome": version.outcome,
            },
            ensure_ascii=False,
        )
        + "\n"
    )
