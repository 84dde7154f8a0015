"""Games of a tournament: submitting one (adjudicated on the way in), correcting it, reading it,
its history and the export. Each use case takes a unit of work; the answers they return are what
the HTTP layer sends (a stored game as JSON, or a problem document for a refusal).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import Problem, RecordError
from ..metrics import GAMES_STORED
from ..persistence import games as games_repo
from ..persistence import idempotency as idempotency_repo
from ..persistence import keys as keys_repo
from ..persistence import tables as tables_repo
from ..persistence.db import IntegrityError, Session
from ..persistence.errors import Conflict, DuplicateGame
from ..persistence.models import ApiKey, Game, GameSeat, GameVersion
from ..problems import invalid_record
from .errors import Answer, Rejected, Unauthenticated
from .submission import DuplicateDeal, _player_ids, ensure_open, read_submission, seated_players
from .unit_of_work import UnitOfWork

__all__ = ["Answer", "Rejected", "Unauthenticated", "game_json", "stored_json", "submit_game"]


def game_json(
    s: Session,
    game: Game,
    version: GameVersion | None = None,
    seats: Sequence[GameSeat] | None = None,
    names: dict[int, str] | None = None,
) -> dict[str, Any]:
    version = version or games_repo.current_version(s, game)
    if names is None:
        names = games_repo.player_names(s, game.tournament_id)
    if seats is None:
        seats = games_repo.game_seats(s, version.id)
    if not seats:  # a void version: show who sat where in the last version that had seats
        prior = [v for v in games_repo.history(s, game) if v.version < version.version and v.outcome is not None]
        seats = games_repo.game_seats(s, prior[-1].id) if prior else []
    return {
        "id": game.id,
        "tournament_id": game.tournament_id,
        "version": version.version,
        "voided": game.voided,
        "kind": version.kind,
        "played_at": game.played_at,
        "created_at": game.created_at,
        "round": game.round_number,
        "table": game.table_no,
        "deal": game.deal_no,
        "seats": [
            {
                "seat": x.seat,
                "player_id": x.player_id,
                "name": names.get(x.player_id),
                "role": x.role,
                "place": x.place,
                "score": x.score,
            }
            for x in seats
        ],
        "outcome": version.outcome,
    }


def stored_json(g: games_repo.StoredGame, names: dict[int, str]) -> str:
    """The answer to a stored submission: what game_json and GameSchema give for the game,
    written directly (a test checks that the two agree)."""
    return json.dumps(
        {
            "id": g.id,
            "tournament_id": g.tournament_id,
            "version": 1,
            "voided": False,
            "kind": g.kind,
            "played_at": g.played_at.isoformat(),
            "created_at": g.created_at.isoformat(),
            "round": g.round_number,
            "table": g.table_no,
            "deal": g.deal_no,
            "seats": [{**{k: x[k] for k in _SEAT_KEYS}, "name": names.get(x["player_id"])} for x in g.seats],
            "outcome": g.outcome,
        },
        ensure_ascii=False,
    )


_SEAT_KEYS = ("seat", "player_id", "role", "place", "score")


# --- submitting ---------------------------------------------------------------------------------


def submit_game(
    uow: UnitOfWork,
    secret: str,
    tournament_id: int,
    doc: Any,
    raw: str,
    unreadable: RecordError | None,
    idempotency_key: str | None,
    method: str,
    path: str,
    on_key: Callable[[keys_repo.KeyRef], object] = lambda key: None,
    *,
    hashed: bool = False,
) -> Answer:
    """Store a game: adjudicated with the tournament's ruleset, stored with its outcome and the
    submission byte for byte. The key is checked first (Unauthenticated), then the body
    (``unreadable``: it was not JSON); ``on_key`` is told the key once it is known. With an Idempotency-Key, a retry of the same method, path
    and body gets the first answer again; without, a game already stored is a Conflict naming it.
    Rejected: a 422 with the problem document."""
    s = uow.session
    doc = seated_players(s, tournament_id, doc)
    seats = _player_ids(doc)
    target = games_repo.game_target(s, secret, tournament_id, seats, hashed=hashed)
    if target.key is None:
        raise Unauthenticated()
    key = target.key
    on_key(key)  # the caller learns whose request this is (its log line names the organizer)
    if unreadable is not None:
        raise unreadable
    fingerprint = None if idempotency_key is None else (method, path, games_repo.canonical_hash(doc))
    if idempotency_key is not None:
        replay = _replay(s, key, idempotency_key, fingerprint)
        if replay is not None:
            return replay
    t = target.owned(tournament_id, key.organizer_id)
    ensure_open(t)
    sub = read_submission(s, t, doc, raw, players_known=len(set(seats)) == 5 == target.players_known)
    try:
        overruled: list[int] = []
        if sub.deal_no is not None and sub.round_number is not None and sub.table_no is not None:
            # The director stores the deal: what its table left open is overruled, so no stale
            # entry waits to decide a deal that has its game (nor reopens it if the game is voided).
            overruled = tables_repo.settle(s, t.id, sub.round_number, sub.table_no, sub.deal_no, key.id)
        stored = games_repo.store_game(s, t, key, sub)
        tables_repo.link_game(s, overruled, stored.id)
        body = stored_json(stored, target.names)
        headers = {"Location": f"{path}/{stored.id}"}
        if idempotency_key is not None:
            assert fingerprint is not None
            idempotency_repo.remember_idempotent(s, key.organizer_id, idempotency_key, fingerprint, 201, body, headers)
        uow.commit()
        GAMES_STORED.inc()
    except (IntegrityError, Conflict):
        # A parallel request with the same key (or the same record) got there first.
        s.rollback()
        if idempotency_key is not None:
            replay = _replay(s, key, idempotency_key, fingerprint)
            if replay is not None:
                return replay
        if sub.record_hash is not None:
            existing = games_repo.game_with_record(s, t.id, sub.record_hash)
            if existing is not None:
                raise DuplicateGame(existing) from None
        if sub.deal_no is not None and sub.round_number is not None and sub.table_no is not None:
            taken = games_repo.deals_entered(s, t.id, sub.round_number, sub.table_no).get(sub.deal_no)
            if taken is not None:  # a parallel entry of the same deal got there first
                raise DuplicateDeal(sub.round_number, sub.table_no, sub.deal_no, taken) from None
        raise
    return Answer(201, body, headers)


def _replay(
    s: Session, key: ApiKey | keys_repo.KeyRef, idem: str, fingerprint: tuple[str, str, str] | None
) -> Answer | None:
    """The first answer to this request, if the Idempotency-Key was used before: for the same
    method, path and body, that answer again (its headers too); for another, 422."""
    row = idempotency_repo.find_idempotent(s, key.organizer_id, idem)
    if row is None:
        return None
    assert fingerprint is not None
    if (row.method, row.path, row.request_hash) != fingerprint:
        what = "another body" if (row.method, row.path) == fingerprint[:2] else f"{row.method} {row.path}"
        raise Rejected(
            invalid_record(
                [
                    Problem(
                        "",
                        "idempotency_key_reused",
                        f"Idempotency-Key {idem!r} was used for {what}; a retry repeats its request exactly, "
                        "and a new request takes a new key",
                    )
                ],
                "game",
            )
        )
    return Answer(row.status, row.response, {**row.headers, "Idempotent-Replayed": "true"})
