"""Submitting a game to a tournament: adjudicated on the way in, stored with its outcome, its
seats and the submission byte for byte; a retry with the same Idempotency-Key answers the game it
stored. The game as every answer shows it (``StoredGame``) is made here too. Reading games back is
game_queries.py; correcting one, corrections.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ..club import Role
from ..club.errors import Conflict, DuplicateGame
from ..club.game_records import Game, GameSeat, GameVersion
from ..core.errors import Problem, RecordError
from ..metrics import GAMES_STORED
from ..persistence.db import IntegrityError
from ..persistence.game_store import Games as GamesRepository
from ..persistence.games import NewGame, Submission, canonical_hash
from ..persistence.keys import KeyRef
from ..persistence.tournaments import TournamentRef
from .errors import MissingScope, Rejected, Unauthenticated
from .submission import DuplicateDeal, ensure_open, player_ids, read_submission, seated_players
from .unit_of_work import UnitOfWork

__all__ = ["Body", "PlayerSeat", "StoredGame", "Submitted", "stored_game", "submit_game"]


# --- the game as the answers show it ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerSeat:
    """Who sat in a seat of a game, and their role, place and score in it."""

    seat: int
    player_id: int
    name: str | None
    role: Role
    place: int | None
    score: int


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game of a tournament as it stands (its current version): its seats and its outcome (the
    core's, as JSON: the finishing order, the multipliers and their reasons)."""

    id: int
    tournament_id: int
    version: int
    voided: bool
    kind: str | None
    played_at: datetime
    created_at: datetime
    round: int | None
    table: int | None
    deal: int | None
    seats: tuple[PlayerSeat, ...]
    outcome: Mapping[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        """The game as JSON (what the API's GameSchema gives for it, written directly: a test
        holds the two together)."""
        return {
            "id": self.id,
            "tournament_id": self.tournament_id,
            "version": self.version,
            "voided": self.voided,
            "kind": self.kind,
            "played_at": self.played_at.isoformat(),
            "created_at": self.created_at.isoformat(),
            "round": self.round,
            "table": self.table,
            "deal": self.deal,
            "seats": [
                {
                    "seat": x.seat,
                    "player_id": x.player_id,
                    "name": x.name,
                    "role": x.role.value,
                    "place": x.place,
                    "score": x.score,
                }
                for x in self.seats
            ],
            "outcome": self.outcome,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> StoredGame:
        return cls(
            id=doc["id"],
            tournament_id=doc["tournament_id"],
            version=doc["version"],
            voided=doc["voided"],
            kind=doc["kind"],
            played_at=datetime.fromisoformat(doc["played_at"]),
            created_at=datetime.fromisoformat(doc["created_at"]),
            round=doc["round"],
            table=doc["table"],
            deal=doc["deal"],
            seats=tuple(PlayerSeat(**{**x, "role": Role(x["role"])}) for x in doc["seats"]),
            outcome=doc["outcome"],
        )


class GameReads(Protocol):
    """What showing a stored game reads (the games' repository, ``uow.games``, answers it)."""

    def current_version(self, game: Game) -> GameVersion: ...
    def player_names(self, tournament_id: int) -> dict[int, str]: ...
    def game_seats(self, version_id: int) -> Sequence[GameSeat]: ...
    def history(self, game: Game) -> Sequence[GameVersion]: ...


def stored_game(
    games: GameReads,
    game: Game,
    version: GameVersion | None = None,
    seats: Sequence[GameSeat] | None = None,
    names: dict[int, str] | None = None,
) -> StoredGame:
    """A stored game as it stands at ``version`` (its current one), with its players' names."""
    version = version or games.current_version(game)
    if names is None:
        names = games.player_names(game.tournament_id)
    if seats is None:
        seats = games.game_seats(version.id)
    if not seats:  # a void version: show who sat where in the last version that had seats
        prior = [v for v in games.history(game) if v.version < version.version and v.outcome is not None]
        seats = games.game_seats(prior[-1].id) if prior else []
    return StoredGame(
        id=game.id,
        tournament_id=game.tournament_id,
        version=version.version,
        voided=game.voided,
        kind=version.kind,
        played_at=game.played_at,
        created_at=game.created_at,
        round=game.round_number,
        table=game.table_no,
        deal=game.deal_no,
        seats=tuple(
            PlayerSeat(x.seat, x.player_id, names.get(x.player_id), Role(x.role), x.place, x.score) for x in seats
        ),
        outcome=version.outcome,
    )


def _new_game(g: NewGame, names: dict[int, str]) -> StoredGame:
    """A game just stored, as its first version."""
    return StoredGame(
        id=g.id,
        tournament_id=g.tournament_id,
        version=1,
        voided=False,
        kind=g.kind,
        played_at=g.played_at,
        created_at=g.created_at,
        round=g.round_number,
        table=g.table_no,
        deal=g.deal_no,
        seats=tuple(
            PlayerSeat(x["seat"], x["player_id"], names.get(x["player_id"]), Role(x["role"]), x["place"], x["score"])
            for x in g.seats
        ),
        outcome=g.outcome,
    )


# --- submitting ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Body:
    """A submission as it was sent: the decoded document and its text, or why it could not be
    read (``unreadable``: not JSON, not the notation). An unreadable body is refused only once the
    key is known to be good: a wrong key is told so first, whatever it sent."""

    doc: Any
    text: str
    unreadable: RecordError | None = field(default=None)

    @classmethod
    def not_read(cls, error: RecordError) -> Body:
        return cls(None, "", error)


@dataclass(frozen=True, slots=True)
class Submitted:
    """A submission's result: the game stored, or, for a retry with an Idempotency-Key already
    used for the same game, the game its first request stored (``replayed``)."""

    game: StoredGame
    replayed: bool = False


def submit_game(
    uow: UnitOfWork, secret: str, tournament_id: int, body: Body, idempotency_key: str | None, *, hashed: bool = False
) -> Submitted:
    """Store a game: adjudicated with the tournament's ruleset, stored with its outcome and the
    submission byte for byte. The key is checked first (Unauthenticated; ``hashed``: ``secret``
    is the key's hash, as a signed-in page keeps it), then the body. The key found is the unit of
    work's ``acting`` key. With an Idempotency-Key, a retry of the same body answers the game its
    first request stored; without, a game already stored is a Conflict naming it. Rejected,
    IllegalGame, ClaimDiffers: the body is refused, nothing stored."""
    doc = seated_players(uow.tables, tournament_id, body.doc)
    seats = player_ids(doc)
    target = uow.games.target(secret, tournament_id, seats, hashed=hashed)
    if target.key is None:
        raise Unauthenticated()
    key = uow.acting = target.key
    if not key.allows("enter"):
        raise MissingScope("enter")
    if body.unreadable is not None:
        raise body.unreadable
    request_hash = None if idempotency_key is None else canonical_hash(doc)
    if idempotency_key is not None:
        replay = _replay(uow.games, key.organizer_id, idempotency_key, tournament_id, request_hash)
        if replay is not None:
            return replay
    t = target.owned(tournament_id, key.organizer_id)
    ensure_open(t)
    sub = read_submission(uow.tables, t, doc, body.text, players_known=len(set(seats)) == 5 == target.players_known)
    if sub.deal_no is not None or not uow.stores_in_one_statement:
        # Written in more than one statement: the tournament's lock first. (A plain game on
        # PostgreSQL is one statement, which takes the same lock first itself: store_game.)
        uow.lock_tournaments([t.id])
    try:
        game = _store(uow, t, key, sub, target.names)
        if idempotency_key is not None:
            assert request_hash is not None
            uow.games.remember(key.organizer_id, idempotency_key, t.id, request_hash, game.to_json())
        uow.commit()
        GAMES_STORED.inc()
    except (IntegrityError, Conflict) as exc:
        uow.rollback()
        return _lost_race(uow.games, t.id, key.organizer_id, sub, idempotency_key, request_hash, exc)
    return Submitted(game)


def _store(uow: UnitOfWork, t: TournamentRef, key: KeyRef, sub: Submission, names: dict[int, str]) -> StoredGame:
    """The game stored. A deal of a round's table that the director stores: what its table left
    open is overruled first (``club.deal.Deal.overrule``), so no stale entry waits to decide a deal
    that has its game (nor reopens it if the game is voided), and names the game."""
    if sub.deal_no is None or sub.round_number is None or sub.table_no is None:
        return _new_game(uow.games.store(t, key, sub), names)
    opened = uow.deals.get(t.id, sub.round_number, sub.table_no, sub.deal_no)
    uow.deals.save(opened, opened.deal.overrule())  # the entries' rows locked before the players'
    game = _new_game(uow.games.store(t, key, sub), names)
    uow.deals.resolved(opened, key.id, game.id)
    return game


def _lost_race(
    games: GamesRepository,
    tournament_id: int,
    organizer_id: int,
    sub: Submission,
    idempotency_key: str | None,
    request_hash: str | None,
    error: Exception,
) -> Submitted:
    """A parallel request got there first (the same Idempotency-Key, the same record, the same
    deal): its game replayed to this one, or the Conflict that names it."""
    if idempotency_key is not None:
        replay = _replay(games, organizer_id, idempotency_key, tournament_id, request_hash)
        if replay is not None:
            return replay
    if sub.record_hash is not None:
        existing = games.with_record(tournament_id, sub.record_hash)
        if existing is not None:
            raise DuplicateGame(existing)
    if sub.deal_no is not None and sub.round_number is not None and sub.table_no is not None:
        taken = games.deals_entered(tournament_id, sub.round_number, sub.table_no).get(sub.deal_no)
        if taken is not None:
            raise DuplicateDeal(sub.round_number, sub.table_no, sub.deal_no, taken)
    raise error


def _replay(
    games: GamesRepository, organizer_id: int, idem: str, tournament_id: int, request_hash: str | None
) -> Submitted | None:
    """The game the first request with this Idempotency-Key stored: for the same tournament and
    body, that game as it was answered then; for another, Rejected (a key names one request)."""
    row = games.remembered(organizer_id, idem)
    if row is None:
        return None
    if (row.tournament_id, row.request_hash) != (tournament_id, request_hash):
        what = "another body" if row.tournament_id == tournament_id else f"a game of tournament {row.tournament_id}"
        raise Rejected(
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
    return Submitted(StoredGame.from_json(row.game), replayed=True)
