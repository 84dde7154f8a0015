"""A fake unit of work: the tables', the deals' and the games' repositories in memory, so the
table's use cases (service/tournament/tables.py) and the games' (submitting and correcting:
service/tournament/games.py, corrections.py) run without a database, as cosmicpython's
``FakeUnitOfWork`` runs its services.

A ``Club`` holds the stored state; a ``FakeUnitOfWork`` works on a copy of it and writes the copy
back only when the use case commits (what a rolled-back transaction leaves: nothing), with the
events the use case recorded. Rows are plain dataclasses with the attributes of the club core's
read-only shapes (``service/club/records.py``)."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from service.club import Contribution, EntryState, StandingRow, contribution, ranked, rules
from service.club import game as club_game
from service.club import member as club_member
from service.club import round as club_round
from service.club import tournament as club_tournament
from service.club.deal import NEW, Deal, NewVersion, Step, TableDeal
from service.club.errors import NotFound
from service.club.events import Aggregate, ClubEvent, GameStored, Recorded
from service.club.game import stored
from service.names import name_key
from service.persistence.db import IntegrityError
from service.persistence.deals import OPEN, Opened, kept, version_of
from service.persistence.game_target import GameTarget
from service.persistence.games import NewGame, Submission, seat_values
from service.persistence.keys import ALL_SCOPES, KeyRef, hash_secret
from service.persistence.sessions import SignedIn
from service.persistence.tournaments import TournamentRef, check_owner
from service.text_and_time import DEFAULT_ZONE, utcnow


@dataclass
class Tournament:
    id: int
    organizer_id: int = 1
    name: str = "evening"
    ruleset_name: str = "weihai"
    ruleset_options: dict[str, Any] = field(default_factory=dict)
    status: str = "open"
    private: bool = False
    deals_per_round: int = 3
    player_pins: bool = False
    time_zone: str | None = None
    seating: str = "balanced"
    bye_points: int = 0
    table_link_hours: int = 12
    created_at: datetime = field(default_factory=utcnow)


@dataclass
class Round:
    id: int
    tournament_id: int
    number: int
    closed_at: datetime | None = None
    created_at: datetime = field(default_factory=utcnow)
    method: str = "random"


@dataclass
class Seat:
    player_id: int
    table_no: int | None
    seat: int | None


@dataclass
class Link:
    id: int
    tournament_id: int
    round_id: int
    table_no: int
    key_id: int
    expires_at: datetime
    revoked_at: datetime | None = None
    ended_by: str | None = None


@dataclass
class Organizer:
    id: int
    name: str
    time_zone: str = DEFAULT_ZONE
    created_at: datetime = field(default_factory=utcnow)


@dataclass
class Key:
    id: int
    organizer_id: int = 1
    revoked_at: datetime | None = None
    secret: str = "secret"
    scopes: str = ALL_SCOPES
    prefix: str = "bh_sec"
    label: str | None = None
    created_at: datetime = field(default_factory=utcnow)
    last_used_at: datetime | None = None


@dataclass
class Player:
    id: int
    tournament_id: int
    name: str
    pin: str | None = None
    withdrawn_at: datetime | None = None
    member_id: int | None = None
    created_at: datetime = field(default_factory=utcnow)


@dataclass
class Member:
    id: int
    organizer_id: int
    name: str
    merged_into: int | None = None
    players: int = 0
    public_players: int = 0


@dataclass
class Entry:
    id: int
    tournament_id: int
    round_number: int
    table_no: int
    deal_no: int
    kind: str
    body: str
    outcome: dict[str, Any]
    seats: list[Any]
    record_hash: str | None
    side: str
    state: str
    created_at: datetime
    updated_at: datetime
    link_id: int | None = None
    nonce: str | None = None
    entered_by: int | None = None
    resolved_by_key_id: int | None = None
    game_id: int | None = None
    confirmed_by: int | None = None


@dataclass
class SeatRow:
    id: int
    version_id: int
    game_id: int
    tournament_id: int
    player_id: int
    seat: int
    role: str
    place: int | None
    score: int
    rebelled: bool
    counted: bool = True


@dataclass
class Version:
    id: int
    game_id: int
    version: int
    action: str
    kind: str | None
    body: str | None
    outcome: dict[str, Any] | None
    reason: str | None
    key_id: int
    created_at: datetime
    seats: tuple[SeatRow, ...] = ()


@dataclass
class Game:
    """A stored game's row (the attributes of ``club.game_records.Game``), with its versions."""

    id: int
    tournament_id: int
    sub: Submission  # what it was first stored from
    reason: str
    created_at: datetime
    voided: bool = False
    organizer_id: int = 1
    record_hash: str | None = None
    played_at: datetime = field(default_factory=utcnow)
    current_version: int = 1
    versions: tuple[Version, ...] = ()

    @property
    def round_number(self) -> int | None:
        return self.sub.round_number

    @property
    def table_no(self) -> int | None:
        return self.sub.table_no

    @property
    def deal_no(self) -> int | None:
        return self.sub.deal_no


@dataclass
class Remembered:
    organizer_id: int
    key: str
    tournament_id: int
    request_hash: str
    game_id: int
    game: dict[str, Any]


@dataclass
class Club:
    """What the fake database holds."""

    organizers: dict[int, Organizer] = field(default_factory=dict)
    tournaments: dict[int, Tournament] = field(default_factory=dict)
    rounds: dict[int, Round] = field(default_factory=dict)
    links: dict[str, Link] = field(default_factory=dict)  # by token
    keys: dict[int, Key] = field(default_factory=dict)
    players: dict[int, Player] = field(default_factory=dict)
    seating: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)  # (tournament, round, table)
    entries: dict[int, Entry] = field(default_factory=dict)
    games: dict[int, Game] = field(default_factory=dict)
    remembered: dict[tuple[int, str], Remembered] = field(default_factory=dict)
    sessions: dict[str, tuple[int, datetime]] = field(default_factory=dict)  # token: key, until
    members: dict[int, Member] = field(default_factory=dict)
    member_events: list[tuple[str, int, int | None]] = field(default_factory=list)  # action, member, from
    events: list[ClubEvent] = field(default_factory=list)  # what committed units of work recorded
    commits: int = 0

    def member(self, name: str, *, public: bool = True, organizer_id: int = 1) -> Member:
        """The organizer's member of that name, made if new, counting one more player."""
        m = next((m for m in self.members.values() if (m.organizer_id, m.name) == (organizer_id, name)), None)
        if m is None:
            m = self.members[len(self.members) + 1] = Member(len(self.members) + 1, organizer_id, name)
        m.players, m.public_players = m.players + 1, m.public_players + int(public)
        return m

    def table(self, *, deals: int = 3, private: bool = False, pins: bool = False, names: Any = None) -> str:
        """A tournament with one round of one table of five (``names``, else player 0 to 4: each
        name one member of the club) and a link to it: the token."""
        t = Tournament(len(self.tournaments) + 1, deals_per_round=deals, private=private, player_pins=pins)
        self.tournaments[t.id] = t
        r = Round(len(self.rounds) + 1, t.id, 1)
        self.rounds[r.id] = r
        self.keys.setdefault(1, Key(1))
        seated = []
        for i in range(5):
            name = names[i] if names else f"player {i}"
            p = Player(len(self.players) + 1, t.id, name, pin=f"{1000 + i}" if pins else None)
            p.member_id = self.member(p.name, public=not private).id
            self.players[p.id] = p
            seated.append(p.id)
        self.seating[(t.id, 1, 1)] = seated
        token = f"token-{t.id}"
        self.links[token] = Link(len(self.links) + 1, t.id, r.id, 1, 1, utcnow() + timedelta(hours=12))
        return token


class FakeTables:
    """The tables' repository (service/persistence/table_store.py) over a ``Club``."""

    def __init__(self, club: Club, seen: list[Aggregate] | None = None) -> None:
        self.club = club
        self.seen = seen if seen is not None else []

    def link_by_token(self, token: str) -> tuple[Link, Round] | None:
        link = self.club.links.get(token)
        return None if link is None else (link, self.club.rounds[link.round_id])

    def tournament(self, tournament_id: int) -> Tournament:
        return self.club.tournaments[tournament_id]

    def round_again(self, r: Round) -> Round:
        return self.club.rounds[r.id]

    def key(self, key_id: int) -> Key | None:
        return self.club.keys.get(key_id)

    def table_players(self, tournament_id: int, number: int, table: int) -> list[int] | None:
        if not any(k[:2] == (tournament_id, number) for k in self.club.seating):
            return None
        return list(self.club.seating.get((tournament_id, number, table), []))

    def player_names(self, tournament_id: int) -> dict[int, str]:
        return {p.id: p.name for p in self.club.players.values() if p.tournament_id == tournament_id}

    def players_by_id(self, tournament_id: int, ids: Any) -> dict[int, Player]:
        return {p.id: p for p in self.club.players.values() if p.tournament_id == tournament_id and p.id in ids}

    def player_pin(self, player_id: int) -> str | None:
        return self.club.players[player_id].pin

    def zone_of(self, t: Any) -> str:
        return t.time_zone or DEFAULT_ZONE

    def entries_of_round(self, tournament_id: int, number: int, table: int) -> list[Entry]:
        return sorted(
            (
                e
                for e in self.club.entries.values()
                if (e.tournament_id, e.round_number, e.table_no) == (tournament_id, number, table)
            ),
            key=lambda e: e.id,
        )

    def games_of_round(self, tournament_id: int, number: int) -> list[tuple[int, int, int, datetime]]:
        return [
            (g.sub.table_no or 0, g.sub.deal_no or 0, g.id, g.created_at)
            for g in self.club.games.values()
            if g.tournament_id == tournament_id and g.sub.round_number == number and not g.voided
        ]

    def deals_entered(self, tournament_id: int, number: int, table: int) -> dict[int, int]:
        return {d: g for tb, d, g, _ in self.games_of_round(tournament_id, number) if tb == table}

    def entry_by_nonce(self, link_id: int, nonce: str) -> Entry | None:
        return next((e for e in self.club.entries.values() if (e.link_id, e.nonce) == (link_id, nonce)), None)

    def latest_other_deal(self, tournament_id: int, number: int, table: int, deal: int) -> Entry | None:
        gone = (EntryState.WITHDRAWN.value, EntryState.REPLACED.value)
        others = [e for e in self.entries_of_round(tournament_id, number, table) if e.deal_no != deal]
        return next((e for e in reversed(others) if e.state not in gone), None)

    def store_game(self, t: Tournament, key: KeyRef, sub: Submission, reason: str) -> NewGame:
        return _store(self.club, self.seen, t, key, sub, reason)


def _store(club: Club, seen: list[Aggregate], t: Any, key: KeyRef, sub: Submission, reason: str) -> NewGame:
    """A game, its first version and its seats; the database's unique indexes as IntegrityError:
    one game a deal, one game a record in a tournament. What storing it means is recorded, as the
    repositories' ``store_new`` records it."""
    held = [g for g in club.games.values() if g.tournament_id == t.id]
    if sub.deal_no is not None and any(
        (g.round_number, g.table_no, g.deal_no) == (sub.round_number, sub.table_no, sub.deal_no) and not g.voided
        for g in held
    ):
        raise IntegrityError("INSERT INTO games", None, Exception("one game a deal"))
    if sub.record_hash is not None and any(g.record_hash == sub.record_hash for g in held):
        raise IntegrityError("INSERT INTO games", None, Exception("one game a record"))
    now = utcnow()
    game_id = len(club.games) + 1
    seats = seat_values(sub)
    version = Version(
        _next_version_id(club), game_id, 1, "submit", sub.kind, sub.body, sub.outcome, reason, key.id, now
    )
    version.seats = tuple(SeatRow(i + 1000 * version.id, version.id, game_id, t.id, **x) for i, x in enumerate(seats))
    game = Game(game_id, t.id, sub, reason, now, organizer_id=t.organizer_id, record_hash=sub.record_hash)
    game.played_at, game.versions = sub.played_at or now, (version,)
    club.games[game.id] = game
    seen.append(Recorded(stored(t.id, t.organizer_id, game.played_at, private=t.private, game_id=game.id)))
    return NewGame(
        game.id, t.id, game.played_at, now, sub.kind, sub.outcome, seats, sub.round_number, sub.table_no, sub.deal_no
    )


def _next_version_id(club: Club) -> int:
    return 1 + sum(len(g.versions) for g in club.games.values())


class FakeGames:
    """The games' repository (service/persistence/game_store.py) over a ``Club``."""

    def __init__(self, club: Club, seen: list[Aggregate]) -> None:
        self.club = club
        self.seen = seen

    def target(self, secret: str, tournament_id: int, players: Any, *, hashed: bool) -> GameTarget:
        key = next((k for k in self.club.keys.values() if k.secret == secret and k.revoked_at is None), None)
        t = self.club.tournaments.get(tournament_id)
        known = {
            p.id: p.name for p in self.club.players.values() if p.tournament_id == tournament_id and p.id in players
        }
        return GameTarget(
            None if key is None else KeyRef(key.id, key.organizer_id, None, key.scopes),
            None
            if t is None
            else TournamentRef(
                t.id,
                t.organizer_id,
                t.ruleset_name,
                t.ruleset_options,
                t.status,
                t.private,
                t.deals_per_round,
                t.time_zone or DEFAULT_ZONE,
            ),
            len(known),
            known,
        )

    def remembered(self, organizer_id: int, idempotency_key: str) -> Remembered | None:
        return self.club.remembered.get((organizer_id, idempotency_key))

    def remember(self, organizer_id: int, key: str, tournament_id: int, request_hash: str, answer: Any) -> None:
        if (organizer_id, key) in self.club.remembered:
            raise IntegrityError("INSERT INTO idempotent_requests", None, Exception("one request a key"))
        row = Remembered(organizer_id, key, tournament_id, request_hash, answer["id"], answer)
        self.club.remembered[(organizer_id, key)] = row

    def store(self, t: Any, key: KeyRef, sub: Submission) -> NewGame:
        return _store(self.club, self.seen, t, key, sub, "")

    def deals_entered(self, tournament_id: int, number: int, table: int) -> dict[int, int]:
        return FakeTables(self.club).deals_entered(tournament_id, number, table)

    def with_record(self, tournament_id: int, record_hash: str) -> int | None:
        return self.holding(tournament_id, record_hash, 0)

    def get(self, t: Any, game_id: int) -> club_game.Game:
        row = self.club.games.get(game_id)
        if row is None or row.tournament_id != t.id:
            raise NotFound(f"tournament {t.id} has no game {game_id}")
        game = club_game.Game.of(row, rated=not t.private)  # type: ignore[arg-type]
        self.seen.append(game)
        return game

    def row(self, game_id: int) -> Game:
        return self.club.games[game_id]

    def players_now(self, game: club_game.Game) -> list[int]:
        return [x.player_id for x in self.current_version(self.row(game.id)).seats]

    def holding(self, tournament_id: int, record_hash: str, other_than: int) -> int | None:
        return next(
            (
                g.id
                for g in self.club.games.values()
                if g.tournament_id == tournament_id and g.record_hash == record_hash and g.id != other_than
            ),
            None,
        )

    def save(self, t: Any, c: club_game.Correction, key: Any, replacement: Submission | None) -> Version:
        row = self.club.games[c.game_id]
        old = tuple(
            Version(**{**v.__dict__, "seats": tuple(dataclasses.replace(x, counted=False) for x in v.seats)})
            for v in row.versions
        )
        version = Version(
            _next_version_id(self.club),
            row.id,
            c.version,
            c.action.value,
            None if replacement is None else replacement.kind,
            None if replacement is None else replacement.body,
            None if replacement is None else replacement.outcome,
            c.reason,
            key.id,
            utcnow(),
        )
        if replacement is not None:
            version.seats = tuple(
                SeatRow(i + 1000 * version.id, version.id, row.id, t.id, **x)
                for i, x in enumerate(seat_values(replacement))
            )
        row.versions = (*old, version)
        row.current_version, row.record_hash, row.played_at = c.version, c.record_hash, c.played_at
        row.voided = c.action == club_game.GameAction.VOID
        return version

    def zone_of_tournament(self, tournament_id: int) -> str:
        t = self.club.tournaments.get(tournament_id)
        return DEFAULT_ZONE if t is None else t.time_zone or DEFAULT_ZONE

    def _of(self, tournament_id: int) -> list[Game]:
        mine = (g for g in self.club.games.values() if g.tournament_id == tournament_id)
        return sorted(mine, key=lambda g: (g.played_at, g.id))

    def list_games(
        self, tournament_id: int, *, player_id: Any, since: Any, until: Any, include_void: bool, limit: int, offset: int
    ) -> Any:
        rows = [g for g in self._of(tournament_id) if include_void or not g.voided]
        if player_id is not None:
            rows = [g for g in rows if player_id in self.players_now_of(g)]
        rows = [g for g in rows if (since is None or g.played_at >= since) and (until is None or g.played_at < until)]
        return rows[offset : offset + limit], len(rows)

    def players_now_of(self, g: Game) -> list[int]:
        return [x.player_id for x in self.current_version(g).seats]

    def games_page(self, tournament_id: int, *, before: Any, after: Any, limit: int) -> tuple[list[Game], bool, bool]:
        rows = self._of(tournament_id)
        if before is not None:
            cut = next(i for i, g in enumerate(rows) if g.id == before)
            page = rows[max(0, cut - limit) : cut]
        elif after is not None:
            cut = next(i for i, g in enumerate(rows) if g.id == after) + 1
            page = rows[cut : cut + limit]
        else:
            page = rows[-limit:]
        first = rows.index(page[0]) if page else 0
        return page, first > 0, bool(page) and rows.index(page[-1]) < len(rows) - 1

    def current_versions(self, rows: Any) -> dict[int, Version]:
        return {g.id: self.current_version(g) for g in rows}

    def seats_of_versions(self, version_ids: Any) -> dict[int, list[SeatRow]]:
        return {v: list(self.game_seats(v)) for v in version_ids}

    def game_of(self, t: Any, game_id: int) -> Game:
        g = self.club.games.get(game_id)
        if g is None or g.tournament_id != t.id:
            raise NotFound(f"tournament {t.id} has no game {game_id}")
        return g

    def tournament_of_game(self, game_id: int) -> int:
        if game_id not in self.club.games:
            raise NotFound(f"no game {game_id}")
        return self.club.games[game_id].tournament_id

    def key_labels(self, organizer_id: int) -> dict[int, str | None]:
        return {k.id: k.label for k in self.club.keys.values() if k.organizer_id == organizer_id}

    def export_games(self, tournament_id: int) -> Any:
        return iter([(g, self.current_version(g)) for g in self._of(tournament_id)])

    def current_version(self, game: Any) -> Version:
        return next(v for v in self.club.games[game.id].versions if v.version == game.current_version)

    def player_names(self, tournament_id: int) -> dict[int, str]:
        return FakeTables(self.club).player_names(tournament_id)

    def game_seats(self, version_id: int) -> tuple[SeatRow, ...]:
        return next(v.seats for g in self.club.games.values() for v in g.versions if v.id == version_id)

    def history(self, game: Any) -> tuple[Version, ...]:
        return self.club.games[game.id].versions


class FakeRounds:
    """The rounds' repository (service/persistence/round_store.py) over a ``Club``."""

    def __init__(self, club: Club, seen: list[Aggregate]) -> None:
        self.club = club
        self.seen = seen

    def owned(self, organizer_id: int, tournament_id: int, number: int) -> tuple[Tournament, Any, list[Seat]]:
        t = self.club.tournaments.get(tournament_id)
        if t is None or t.organizer_id != organizer_id:
            raise NotFound(f"organizer {organizer_id} has no tournament {tournament_id}")
        mine = [r for r in self.club.rounds.values() if r.tournament_id == t.id]
        row = next((r for r in mine if r.number == number), None)
        if row is None:
            raise NotFound(f"tournament {t.id} has no round {number}")
        seats = self._seats(row)
        seated = max(x.number for x in mine)
        r = club_round.Round.of(row, seated=seated, tournament_open=t.status == "open")  # type: ignore[arg-type]
        self.seen.append(r)
        return t, r, seats

    def save(self, r: club_round.Round) -> None:
        row = self.club.rounds[r.id]
        if row.closed_at == r.closed_at:
            return
        row.closed_at = r.closed_at
        for token, link in list(self.club.links.items()):
            if link.round_id != r.id:
                continue
            if r.closed_at is not None and link.revoked_at is None:
                self.club.links[token] = dataclasses.replace(link, revoked_at=utcnow(), ended_by="round")
            elif r.closed_at is None and link.ended_by == "round":
                self.club.links[token] = dataclasses.replace(link, revoked_at=None, ended_by=None)

    def players(self, tournament_id: int) -> list[Player]:
        return sorted((p for p in self.club.players.values() if p.tournament_id == tournament_id), key=lambda p: p.id)

    def _seats(self, r: Round) -> list[Seat]:
        seated = [
            Seat(p, table, k)
            for (tid, n, table), players in sorted(self.club.seating.items(), key=lambda x: str(x[0]))
            if (tid, n) == (r.tournament_id, r.number) and table is not None
            for k, p in enumerate(players)
        ]
        out = self.club.seating.get((r.tournament_id, r.number, None), [])  # sitting out
        return seated + [Seat(p, None, None) for p in out]

    def rounds_of(self, tournament_id: int) -> list[tuple[Round, list[Seat]]]:
        mine = sorted(
            (r for r in self.club.rounds.values() if r.tournament_id == tournament_id), key=lambda r: r.number
        )
        return [(r, self._seats(r)) for r in mine]

    def get_round(self, tournament_id: int, number: int) -> tuple[Round, list[Seat]]:
        found = next((x for x in self.rounds_of(tournament_id) if x[0].number == number), None)
        if found is None:
            raise NotFound(f"tournament {tournament_id} has no round {number}")
        return found

    def next_number(self, tournament_id: int) -> int:
        return 1 + max((r.number for r in self.club.rounds.values() if r.tournament_id == tournament_id), default=0)

    def store_round(self, tournament_id: int, number: int, method: str, tables: Any, sitting_out: Any) -> Any:
        if any((r.tournament_id, r.number) == (tournament_id, number) for r in self.club.rounds.values()):
            raise IntegrityError("INSERT INTO rounds", None, Exception("one round of a number"))
        r = Round(max(self.club.rounds, default=0) + 1, tournament_id, number, method=method)
        self.club.rounds[r.id] = r
        for t, table in enumerate(tables, start=1):
            self.club.seating[(tournament_id, number, t)] = list(table)
        if sitting_out:
            self.club.seating[(tournament_id, number, None)] = list(sitting_out)  # type: ignore[index]
        return r, self._seats(r)

    def entered_by_table(self, tournament_id: int) -> dict[tuple[int, int], dict[int, int]]:
        out: dict[tuple[int, int], dict[int, int]] = {}
        for g in self.club.games.values():
            if g.tournament_id == tournament_id and not g.voided and g.deal_no is not None:
                out.setdefault((g.round_number or 0, g.table_no or 0), {})[g.deal_no] = g.id
        return out

    def open_deals(self, tournament_id: int) -> set[tuple[int, int, int]]:
        return {
            (e.round_number, e.table_no, e.deal_no)
            for e in self.club.entries.values()
            if e.tournament_id == tournament_id and e.state in OPEN
        }

    def pins_of(self, tournament_id: int) -> dict[int, str | None]:
        return {p.id: p.pin for p in self.club.players.values() if p.tournament_id == tournament_id}

    def games_in_round(self, tournament_id: int, number: int) -> int:
        return sum(1 for g in self.club.games.values() if (g.tournament_id, g.round_number) == (tournament_id, number))

    def remove(self, r: club_round.Round) -> None:
        self.club.links = {k: x for k, x in self.club.links.items() if x.round_id != r.id}
        self.club.seating = {k: v for k, v in self.club.seating.items() if k[:2] != (r.tournament_id, r.number)}
        del self.club.rounds[r.id]

    def issue_links(self, t: Any, r: Any, tables: Any, key_id: int, secret: str) -> tuple[datetime, list]:
        now = utcnow()
        for token, link in list(self.club.links.items()):
            if link.round_id == r.id and link.revoked_at is None:
                self.club.links[token] = dataclasses.replace(link, revoked_at=now, ended_by="remade")
        expires, out = now + timedelta(hours=12), []
        for table in tables:
            link = Link(len(self.club.links) + 1, t.id, r.id, table, key_id, expires)
            token = f"token-{t.id}-{r.number}-{table}-{link.id}"
            self.club.links[token] = link
            out.append((table, token))
        return expires, out

    def links_of_round(self, round_id: int) -> list[Link]:
        now = utcnow()
        usable = [x for x in self.club.links.values() if x.round_id == round_id]
        return sorted((x for x in usable if x.revoked_at is None and x.expires_at > now), key=lambda x: x.table_no)

    def token_of(self, link: Link, secret: str) -> str | None:
        return next(token for token, x in self.club.links.items() if x.id == link.id)

    def player_names(self, tournament_id: int) -> dict[int, str]:
        return FakeTables(self.club).player_names(tournament_id)

    def entries_of_round(self, tournament_id: int, number: int) -> list[Entry]:
        return sorted(
            (e for e in self.club.entries.values() if (e.tournament_id, e.round_number) == (tournament_id, number)),
            key=lambda e: e.id,
        )

    def games_of_round(self, tournament_id: int, number: int) -> list[tuple[int, int, int, datetime]]:
        return FakeTables(self.club).games_of_round(tournament_id, number)

    def round_changed(self, tournament_id: int, number: int) -> tuple[int, datetime | None, int, int]:
        entries = self.entries_of_round(tournament_id, number)
        games = self.games_of_round(tournament_id, number)
        last = max((e.updated_at for e in entries), default=None)
        return len(entries), last, len(games), max((g for _, _, g, _ in games), default=0)

    def zone_of(self, t: Any) -> str:
        return t.time_zone or DEFAULT_ZONE


class FakeMembers:
    """The members' repository (service/persistence/member_store.py) over a ``Club``."""

    def __init__(self, club: Club, seen: list[Aggregate]) -> None:
        self.club = club
        self.seen = seen

    def _aggregate(self, row: Member) -> club_member.Member:
        m = club_member.Member.of(row)  # type: ignore[arg-type]
        self.seen.append(m)
        return m

    def get(self, organizer_id: int, member_id: int) -> club_member.Member:
        row = self.club.members.get(member_id)
        if row is None or row.organizer_id != organizer_id:
            raise NotFound(f"organizer {organizer_id} has no member {member_id}")
        return self._aggregate(row)

    def locked(self, member_ids: Any) -> dict[int, club_member.Member]:
        return {i: self._aggregate(self.club.members[i]) for i in sorted(set(member_ids))}

    def tournaments_of(self, member_ids: Any) -> list[int]:
        return sorted({p.tournament_id for p in self.club.players.values() if p.member_id in member_ids})

    def holdings(self, member_id: int) -> list[tuple[int, int]]:
        return [(p.id, p.tournament_id) for p in self.club.players.values() if p.member_id == member_id]

    def clash(self, member_id: int, tournament_ids: Any) -> int | None:
        return next((t for _, t in self.holdings(member_id) if t in tournament_ids), None)

    def save_merge(self, merge: Any, organizer_id: int, tournaments: Any, key_id: Any, reason: Any) -> None:
        for p in self.club.players.values():
            if p.member_id == merge.other:
                p.member_id = merge.into
        into, other = self.club.members[merge.into], self.club.members[merge.other]
        other.merged_into = merge.into
        into.players, into.public_players = into.players + merge.counts[0], into.public_players + merge.counts[1]
        other.players, other.public_players = other.players - merge.counts[0], other.public_players - merge.counts[1]
        self.club.member_events.append(("merged", merge.into, merge.other))

    def save_move(self, player_id: int, to: Any, key_id: Any, reason: Any) -> None:
        p = self.club.players[player_id]
        self.club.member_events.append(("moved", to.id, p.member_id))
        p.member_id = to.id


class FakeTournaments:
    """The tournaments' repository (service/persistence/tournament_store.py) over a ``Club``."""

    def __init__(self, club: Club, seen: list[Aggregate]) -> None:
        self.club = club
        self.seen = seen

    def owned(self, organizer_id: int, tournament_id: int) -> club_tournament.Tournament:
        row = check_owner(self.club.tournaments.get(tournament_id), tournament_id, organizer_id)  # type: ignore[type-var]
        games = [g for g in self.club.games.values() if g.tournament_id == row.id]
        t = club_tournament.Tournament(
            row.id,
            row.organizer_id,
            status=row.status,
            private=row.private,
            deals_per_round=row.deals_per_round,
            has_games=bool(games),
            open_entries=sum(1 for e in self.club.entries.values() if e.tournament_id == row.id and e.state in OPEN),
            highest_deal=max((g.deal_no or 0 for g in games if not g.voided), default=0),
            players=sum(1 for p in self.club.players.values() if p.tournament_id == row.id),
        )
        self.seen.append(t)
        return t

    def save(self, t: Any, change: Any, changes: Any, rs: Any) -> None:
        row = self.club.tournaments[t.id]
        for name, value in changes.items():
            setattr(row, name, value)
        if rs is not None:
            row.ruleset_name, row.ruleset_options = rs.name, rs.changed_options()
        if change.closing:
            for token, link in list(self.club.links.items()):
                if link.tournament_id == t.id and link.revoked_at is None:
                    self.club.links[token] = dataclasses.replace(link, revoked_at=utcnow(), ended_by="tournament")

    def row(self, tournament_id: int) -> Tournament:
        return self.club.tournaments[tournament_id]

    def create(self, organizer_id: int, name: str, rs: Any, private: bool, **settings: Any) -> Tournament:
        t = Tournament(len(self.club.tournaments) + 1, organizer_id, name, rs.name, rs.changed_options())
        t.private = private
        for k, v in settings.items():
            setattr(t, k, v)
        self.club.tournaments[t.id] = t
        return t

    def owned_row(self, organizer_id: int, tournament_id: int) -> Tournament:
        return check_owner(self.club.tournaments.get(tournament_id), tournament_id, organizer_id)  # type: ignore[type-var]

    def page(self, viewer: int | None, limit: int, offset: int) -> tuple[list[tuple[Tournament, bool, str]], int]:
        seen = [t for t in self.club.tournaments.values() if not t.private or t.organizer_id == viewer]
        seen.sort(key=lambda t: -t.id)
        return [(t, self.has_games(t.id), self.zone_of(t)) for t in seen[offset : offset + limit]], len(seen)

    def players(self, tournament_id: int, limit: int, offset: int) -> tuple[list[Player], int]:
        mine = sorted((p for p in self.club.players.values() if p.tournament_id == tournament_id), key=lambda p: p.id)
        return mine[offset : offset + limit], len(mine)

    def player(self, tournament_id: int, player_id: int) -> Player:
        p = self.club.players.get(player_id)
        if p is None or p.tournament_id != tournament_id:
            raise NotFound(f"tournament {tournament_id} has no player {player_id}")
        return p

    def change_player(self, p: Player, *, name: str | None, withdrawn: bool | None) -> Player:
        if name is not None and name != p.name:
            t = self.club.tournaments[p.tournament_id]
            taken = next(
                (
                    x
                    for x in self.club.players.values()
                    if x.tournament_id == t.id and name_key(x.name) == name_key(name)
                ),
                None,
            )
            rules.name_free(t.name, name, None if taken is None else (taken.id, taken.name), p.id)
            p.name = name
        if withdrawn is not None and withdrawn != (p.withdrawn_at is not None):
            p.withdrawn_at = utcnow() if withdrawn else None
        return p

    def visible(self, tournament_id: int, viewer: int | None) -> Tournament:
        t = self.club.tournaments.get(tournament_id)
        if t is None or (t.private and t.organizer_id != viewer):
            raise NotFound(f"no tournament {tournament_id}")
        return t

    def has_games(self, tournament_id: int) -> bool:
        return any(g.tournament_id == tournament_id for g in self.club.games.values())

    def add_player(self, t: Any, name: str, member_id: int | None) -> Player:
        row = self.club.tournaments[t.id]
        mine = [p for p in self.club.players.values() if p.tournament_id == t.id]
        taken = next((p for p in mine if name_key(p.name) == name_key(name)), None)
        rules.name_free(row.name, name, None if taken is None else (taken.id, taken.name))
        member = self.club.members[member_id] if member_id else self.club.member(name, public=not row.private)
        if member_id:
            member.players += 1
        rules.joinable(t.id, member.id, member.name, member.merged_into, any(p.member_id == member.id for p in mine))
        p = Player(len(self.club.players) + 1, t.id, name, member_id=member.id)
        self.club.players[p.id] = p
        return p

    def standings(self, t: Any, after_round: int | None = None) -> list[StandingRow]:
        """From every counted seat, by the club core's rule (the kept totals are the database's)."""
        assert after_round is None, "the fake adds up the standings now only"
        sums: dict[int, Contribution] = {}
        for g in self.club.games.values():
            if g.tournament_id == t.id and not g.voided:
                for x in g.versions[-1].seats:
                    sums[x.player_id] = sums.get(x.player_id, Contribution()) + contribution(
                        x.role, x.score, x.rebelled
                    )
        players = [p for p in self.club.players.values() if p.tournament_id == t.id]
        rows = (StandingRow.of(p.id, p.name, sums.get(p.id, Contribution()), 0, t.bye_points) for p in players)
        return ranked(rows, lambda r: r.player_id)

    def zone_of(self, t: Any) -> str:
        return t.time_zone or DEFAULT_ZONE


class FakeOrganizers:
    """The organizers' repository (service/persistence/organizer_store.py) over a ``Club``."""

    def __init__(self, club: Club) -> None:
        self.club = club

    def register(self, name: str, time_zone: str) -> tuple[Organizer, Key, str]:
        org = Organizer(len(self.club.organizers) + 1, name, time_zone)
        self.club.organizers[org.id] = org
        key = Key(max(self.club.keys, default=0) + 1, org.id, secret=f"bh_secret-{org.id}", label="first key")
        self.club.keys[key.id] = key
        return org, key, key.secret

    def organizer(self, organizer_id: int) -> Organizer:
        org = self.club.organizers.get(organizer_id)
        if org is None:
            raise NotFound(f"no organizer {organizer_id}")
        return org

    def change_organizer(self, organizer_id: int, name: str | None, time_zone: str | None) -> None:
        org = self.club.organizers[organizer_id]
        org.name, org.time_zone = name or org.name, time_zone or org.time_zone

    def open_session(self, key_id: int, lifetime: timedelta) -> str:
        token = f"session-{len(self.club.sessions) + 1}"
        self.club.sessions[token] = (key_id, utcnow() + lifetime)
        return token

    def session_of(self, token: str) -> SignedIn | None:
        found = self.club.sessions.get(token)
        if found is None or found[1] <= utcnow() or self.club.keys[found[0]].revoked_at is not None:
            return None
        k = self.club.keys[found[0]]
        return SignedIn(KeyRef(k.id, k.organizer_id, None, k.scopes), hash_secret(k.secret))

    def close_session(self, token: str) -> None:
        self.club.sessions.pop(token, None)

    def keys(self, organizer_id: int) -> list[Key]:
        return [k for k in sorted(self.club.keys.values(), key=lambda k: k.id) if k.organizer_id == organizer_id]

    def issue_key(self, organizer_id: int, label: str | None, scopes: str) -> tuple[Key, str]:
        key = Key(max(self.club.keys, default=0) + 1, organizer_id, label=label, scopes=scopes)
        key.secret = f"bh_secret-key-{key.id}"
        self.club.keys[key.id] = key
        return key, key.secret

    def key_used(self, key_id: int, at: datetime) -> None:
        self.club.keys[key_id].last_used_at = at

    def revoke_key(self, organizer_id: int, key_id: int, keep: Any) -> Key:
        key = self.club.keys.get(key_id)
        if key is None or key.organizer_id != organizer_id:
            raise NotFound(f"organizer {organizer_id} has no key {key_id}")
        if key.revoked_at is None:
            usable = [k for k in self.keys(organizer_id) if k.revoked_at is None and k.id != key_id]
            strong = all(x in key.scopes.split() for x in keep)
            last = strong and not any(all(x in k.scopes.split() for x in keep) for k in usable)
            rules.keeps_a_usable_key(key_id, organizer_id, keep, last)
            key.revoked_at = utcnow()
            for token, link in list(self.club.links.items()):
                if link.key_id == key_id and link.revoked_at is None:
                    self.club.links[token] = dataclasses.replace(link, revoked_at=utcnow(), ended_by="key")
        return key

    def authenticate(self, secret: str, *, hashed: bool = False) -> KeyRef | None:
        for k in self.club.keys.values():
            if (hash_secret(k.secret) if hashed else k.secret) == secret and k.revoked_at is None:
                return KeyRef(k.id, k.organizer_id, None, k.scopes)
        return None


class FakeDeals:
    """The deals repository (service/persistence/deals.py) over a ``Club``."""

    def __init__(self, club: Club, seen: list[Aggregate] | None = None) -> None:
        self.club = club
        self.seen = seen if seen is not None else []

    def at_table(
        self, tournament_id: int, round_id: int, table: int, deal: int, players: Any, names: Any, player_id: Any
    ) -> TableDeal:
        t, r = self.club.tournaments[tournament_id], self.club.rounds[round_id]
        opened = self.get(tournament_id, r.number, table, deal, names)
        game_id = FakeTables(self.club).deals_entered(tournament_id, r.number, table).get(deal)
        player = self.club.players.get(player_id) if type(player_id) is int else None
        own = player.pin if t.player_pins and player is not None else None
        found = TableDeal(
            t, r, table, opened.deal, opened.rows, players=players, names=names, game_id=game_id, own_pin=own
        )
        self.seen.append(found)
        return found

    def confirmed(self, table: TableDeal, step: Step, key_id: int) -> Entry:
        done = table.confirmation
        assert done is not None and step.stores == done.entry
        e = self.club.entries[done.entry]
        self.save(Opened(table.deal, table.rows), step)
        key = KeyRef(key_id, table.tournament.organizer_id, None)
        table.game_id = self.store(table.tournament, e, key, done.reason)
        self.stored_as(e, table.game_id, done.player)
        return self.club.entries[e.id]

    def store(self, t: Any, e: Entry, key: KeyRef, reason: str) -> int:
        return _store(self.club, self.seen, t, key, kept(e), reason).id  # type: ignore[arg-type]

    def get(self, tournament_id: int, number: int, table: int, deal: int, names: Any = None) -> Opened:
        rows = tuple(
            e
            for e in sorted(self.club.entries.values(), key=lambda e: e.id)
            if (e.tournament_id, e.round_number, e.table_no, e.deal_no) == (tournament_id, number, table, deal)
            and e.state in OPEN
        )
        return Opened(Deal(deal, [version_of(e, names) for e in rows]), rows)  # type: ignore[arg-type]

    def save(self, opened: Opened, step: Step, new: NewVersion | None = None) -> Entry | None:
        now = utcnow()
        for key, state in step.states.items():
            if key is not None:
                self.club.entries[key].state, self.club.entries[key].updated_at = state.value, now
        if new is None or NEW not in step.states:
            return None
        fields = {f: getattr(new, f) for f in new.__dataclass_fields__ if f != "at"}
        entry = Entry(
            id=len(self.club.entries) + 1, state=step.states[NEW].value, created_at=new.at, updated_at=new.at, **fields
        )
        self.club.entries[entry.id] = entry
        return entry

    def stored_as(self, entry: Any, game_id: int, confirmed_by: int | None = None) -> None:
        e = self.club.entries[entry.id]
        e.game_id = game_id
        if confirmed_by is not None:
            e.confirmed_by, e.updated_at = confirmed_by, utcnow()

    def resolved(self, opened: Opened, key_id: int | None, game_id: int | None) -> None:
        for shown in opened.rows:
            e = self.club.entries[shown.id]
            e.resolved_by_key_id = key_id
            if e.game_id is None:
                e.game_id = game_id


class FakeUnitOfWork:
    """A unit of work over a copy of ``club``: committed, the copy and the recorded events are the
    club's; otherwise they are dropped. It has no session: a use case that asks for one fails."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self.working = _copied(club)
        self.recorded: list[ClubEvent] = []
        self.seen: list[Aggregate] = []
        self.tables = FakeTables(self.working, self.seen)
        self.deals = FakeDeals(self.working, self.seen)
        self.games = FakeGames(self.working, self.seen)
        self.rounds = FakeRounds(self.working, self.seen)
        self.members = FakeMembers(self.working, self.seen)
        self.tournaments = FakeTournaments(self.working, self.seen)
        self.organizers = FakeOrganizers(self.working)
        self.locked: list[list[int]] = []
        self.acting: KeyRef | None = None
        self.stores_in_one_statement = False
        self.rollbacks = 0

    def __enter__(self) -> FakeUnitOfWork:
        return self

    def __exit__(self, *exc: object) -> None:
        self.recorded = []

    def lock_tournaments(self, ids: Any) -> None:
        self.locked.append(sorted(ids))

    def record(self, *events: ClubEvent) -> None:
        self.recorded.extend(events)

    def rollback(self) -> None:
        self.working = _copied(self.club)
        self.recorded, self.seen[:] = [], []
        self.tables, self.deals = FakeTables(self.working, self.seen), FakeDeals(self.working, self.seen)
        self.games = FakeGames(self.working, self.seen)
        self.rounds = FakeRounds(self.working, self.seen)
        self.members = FakeMembers(self.working, self.seen)
        self.tournaments = FakeTournaments(self.working, self.seen)
        self.organizers = FakeOrganizers(self.working)
        self.rollbacks += 1

    def commit(self) -> None:
        events = list(self.recorded)
        for aggregate in self.seen:
            events.extend(aggregate.pull_events())
        self.working.events.extend(sorted(events, key=lambda e: not isinstance(e, GameStored)))  # as the real one
        self.working.commits += 1
        self.recorded = []
        for name in self.club.__dataclass_fields__:
            setattr(self.club, name, getattr(_copied(self.working), name))


def _copied(club: Club) -> Club:
    """A copy of every row (a row's values themselves are never changed in place: shared)."""
    out = copy.copy(club)
    for name in club.__dataclass_fields__:
        value = getattr(club, name)
        if isinstance(value, dict):
            setattr(out, name, {k: copy.copy(v) for k, v in value.items()})
        elif isinstance(value, list):
            setattr(out, name, list(value))
    return out
