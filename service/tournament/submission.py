"""A game's body read against its tournament, before anything is stored: its fields, its five
players (or the round's table that seats them), its record adjudicated or its sheet scored under
the tournament's ruleset, its claim compared, its round, table and deal checked. The one reader
of a submission: the submit and correct use cases (games.py, corrections.py), the import
(batch.py) and the tables' entries (tables.py) all read a game here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ..club.errors import Conflict
from ..club.records import Player, Tournament
from ..core import adjudicate
from ..core.claims import Difference, compare_claim, read_claim
from ..core.errors import Problem, RecordError
from ..core.identity import record_fingerprint
from ..core.record_form import read_ruleset
from ..core.ruleset import Ruleset
from ..core.scoring import Outcome, score
from ..core.sheets import read_sheet
from ..metrics import ADJUDICATIONS
from ..persistence import games as games_repo
from ..persistence import tournaments as tournaments_repo
from ..text_and_time import FUTURE_GRACE, local, moment, utcnow
from .errors import ClaimDiffers, IllegalGame, Rejected

__all__ = ["DealsComplete", "DuplicateDeal", "Seating", "ensure_open", "read_submission", "seated_players"]


class Seating(Protocol):
    """What reading a submission asks of the stored tournament (``uow.tables`` answers it): its
    players, a round's table, the deals a table has entered, its time zone."""

    def players_by_id(self, tournament_id: int, ids: Sequence[int]) -> Mapping[int, Player]: ...
    def table_players(self, tournament_id: int, number: int, table: int) -> list[int] | None: ...
    def deals_entered(self, tournament_id: int, number: int, table: int) -> dict[int, int]: ...
    def zone_of(self, t: Tournament | tournaments_repo.TournamentRef) -> str: ...


SUBMISSION_KEYS = ("players", "record", "sheet", "played_at", "claimed", "accept_computed", "round", "table", "deal")


def _prefixed(problems: tuple[Problem, ...] | list[Problem], prefix: str) -> list[Problem]:
    return [Problem(prefix + p.pointer, p.code, p.detail, p.facts) for p in problems]


def read_submission(
    s: Seating,
    t: Tournament | tournaments_repo.TournamentRef,
    doc: Any,
    raw: str,
    *,
    correction: bool = False,
    players: list[int] | None = None,
    players_known: bool = False,
) -> games_repo.Submission:
    """Check a submission against the tournament: its players, and its record or sheet
    adjudicated under the tournament's ruleset. ``players_known``: the caller already found
    the five (distinct) players in the tournament."""
    allowed = SUBMISSION_KEYS + (("action", "reason") if correction else ())
    if not isinstance(doc, dict):
        raise Rejected([Problem("", "invalid_type", "a game is a JSON object")], "game")
    problems = [Problem(f"/{k}", "unknown_field", f"unknown field {k!r}") for k in doc if k not in allowed]
    if "\x00" in raw:  # kept byte for byte, and no database keeps a NUL in text
        problems.append(Problem("", "invalid_character", "NUL (U+0000) is not text: the game as sent holds one"))
    at = None if correction else _round_and_table(s, t, doc, problems)
    seats = doc.get("players", players)
    _check_players(s, t, seats, problems, players_known=players_known, correction=correction)
    played_at = _played_at(s, t, doc.get("played_at"), problems)
    judged = _judge(doc, tournaments_repo.tournament_ruleset(t), problems)
    claim, differences = judged.claim, judged.differences
    if doc.get("claimed") is not None:
        try:
            claim = read_claim(doc["claimed"])
        except RecordError as exc:
            problems.extend(exc.problems)
        else:
            if judged.scored is not None:
                differences = list(compare_claim(claim, judged.scored))
    accept = doc.get("accept_computed", False)
    if type(accept) is not bool:
        problems.append(Problem("/accept_computed", "invalid_type", "accept_computed is true or false"))
    if problems:
        raise Rejected(problems, "game")
    assert judged.outcome is not None and judged.scored is not None and isinstance(seats, list)
    outcome = judged.outcome if claim is None else _with_claim(judged.outcome, claim, differences, accept)
    return games_repo.Submission(
        tuple(seats),
        "record" if doc.get("record") is not None else "sheet",
        raw,
        outcome,
        judged.scored.seat_results(),
        judged.record_hash,
        played_at,
        *(at or (None, None, None)),
    )


def _played_at(
    s: Seating, t: Tournament | tournaments_repo.TournamentRef, value: object, problems: list[Problem]
) -> datetime | None:
    """When the game was played: a time without a zone is read in the tournament's time zone (its
    own, or its organizer's), and kept in UTC. A game cannot have been played in the future
    (beyond FUTURE_GRACE, for clocks that differ)."""
    if value is None:
        return None
    zone = s.zone_of(t)
    try:
        played_at = moment(value, zone)
    except ValueError as exc:
        problems.append(Problem("/played_at", "invalid_datetime", f"played_at is {exc}"))
        return None
    if played_at > utcnow() + FUTURE_GRACE:
        problems.append(
            Problem(
                "/played_at",
                "played_at_in_future",
                f"played_at is {local(played_at, zone)}, in the future: a game is entered once it is played "
                f"(a time without a zone is read in {zone})",
                {"time_zone": zone},
            )
        )
        return None
    return played_at


def _check_players(
    s: Seating,
    t: Tournament | tournaments_repo.TournamentRef,
    seats: Any,
    problems: list[Problem],
    *,
    players_known: bool,
    correction: bool,
) -> None:
    """Five distinct players of the tournament, none withdrawn (a correction may keep one)."""
    if not isinstance(seats, list) or len(seats) != 5 or not all(map(_is_id, seats)):
        problems.append(Problem("/players", "invalid_players", "players is an array of five player ids, seat 0 first"))
        return
    if players_known:
        return
    known = s.players_by_id(t.id, seats)
    for i, pid in enumerate(seats):
        if pid not in known:
            problems.append(Problem(f"/players/{i}", "unknown_player", f"tournament {t.id} has no player {pid}"))
        elif seats.index(pid) != i:
            problems.append(Problem(f"/players/{i}", "duplicate_player", f"player {pid} sits twice"))
        elif known[pid].withdrawn_at is not None and not correction:
            problems.append(
                Problem(
                    f"/players/{i}",
                    "withdrawn_player",
                    f"player {pid} ({known[pid].name}) has withdrawn: take them back (PATCH the player) first",
                )
            )


@dataclass
class _Judged:
    """A submission's record adjudicated (or its sheet scored): what the rows are made of."""

    outcome: dict[str, Any] | None = None
    scored: Outcome | None = None
    record_hash: str | None = None
    claim: dict[str, Any] | None = None
    differences: list[Difference] = field(default_factory=list)


def _judge(doc: dict[str, Any], rs: Ruleset, problems: list[Problem]) -> _Judged:
    """The record adjudicated, or the sheet scored, under the tournament's ruleset (an illegal
    game is Rejected at once, with its adjudication); problems are added to ``problems``."""
    out = _Judged()
    has_record, has_sheet = doc.get("record") is not None, doc.get("sheet") is not None
    if has_record == has_sheet:
        problems.append(Problem("", "record_or_sheet", "a game has either a record or a sheet"))
        return out
    name = "record" if has_record else "sheet"
    body = doc[name]
    if isinstance(body, dict):
        problems.extend(_same_ruleset(body, rs, f"/{name}/ruleset"))
        if has_sheet:
            body = {**body, "ruleset": {"name": rs.name, "options": rs.options()}}
    try:
        if has_sheet:
            sheet_rules, facts = read_sheet(body)
            out.scored = score(facts, sheet_rules)
            out.outcome = out.scored.to_json()
            return out
        result = adjudicate(body, rs)
        ADJUDICATIONS.labels(result.verdict.value).inc()
        if not result.legal and not problems:
            raise IllegalGame(result)
        if result.outcome is not None:
            out.outcome, out.scored = result.outcome.to_json(), result.outcome
        out.record_hash = record_fingerprint(body, rs)
        if result.claim is not None:
            out.claim = result.claim
            out.differences = [_prefixed_difference(d, "/record") for d in result.differences]
    except RecordError as exc:
        problems.extend(_prefixed(exc.problems, f"/{name}"))
    return out


def _with_claim(
    outcome: dict[str, Any], claim: dict[str, Any], differences: list[Difference], accept: bool
) -> dict[str, Any]:
    """The outcome with the table's claim beside it; a claim that differs is Rejected unless the
    rules' result is accepted (``accept_computed``)."""
    if differences and not accept:
        raise ClaimDiffers(differences, outcome)
    return {
        **outcome,
        "claim": {
            "claimed": claim,
            "differences": [d.to_json() for d in differences],
            "accepted_computed": bool(differences),
        },
    }


def _round_and_table(
    s: Seating, t: Tournament | tournaments_repo.TournamentRef, doc: dict[str, Any], problems: list[Problem]
) -> tuple[int, int, int] | None:
    """The round, table and deal a game is entered against, checked against the seating (the
    players are the table's, in any seat order) and the deals already entered there: a deal
    given must be free (else DuplicateDeal naming its game), one not given is the next free one.
    None where the submission names no round."""
    number, table, deal = doc.get("round"), doc.get("table"), doc.get("deal")
    if number is None and table is None:
        if deal is not None:
            problems.append(Problem("/deal", "invalid_round", "a deal is given with its round and table"))
        return None
    if not _is_id(number) or not _is_id(table):
        problems.append(Problem("/round", "invalid_round", "round and table are given together, as numbers from 1"))
        return None
    assert isinstance(number, int) and isinstance(table, int)
    deals = t.deals_per_round
    if deal is not None and (type(deal) is not int or not 1 <= deal <= deals):
        problems.append(
            Problem("/deal", "invalid_deal_number", f"tournament {t.id} plays {deals} deal(s) a round: 1 to {deals}")
        )
        return None
    at_table = s.table_players(t.id, number, table)
    if at_table is None:
        problems.append(Problem("/round", "unknown_round", f"tournament {t.id} has no round {number}"))
        return None
    if not at_table:
        problems.append(Problem("/table", "unknown_table", f"round {number} has no table {table}"))
        return None
    given = doc.get("players")
    if isinstance(given, list) and sorted(map(str, given)) != sorted(map(str, at_table)):
        problems.append(
            Problem("/players", "players_not_at_table", f"round {number}, table {table} seats players {at_table}")
        )
    if problems:
        return None
    entered = s.deals_entered(t.id, number, table)
    if deal is None:
        free = [d for d in range(1, deals + 1) if d not in entered]
        if not free:
            raise DealsComplete(number, table, deals, entered)
        deal = free[0]
    elif deal in entered:
        raise DuplicateDeal(number, table, deal, entered[deal])
    return number, table, deal


class DuplicateDeal(Conflict):
    """The deal of that round and table is entered already: correct that game instead."""

    def __init__(self, number: int, table: int, deal: int, game_id: int) -> None:
        super().__init__(
            f"round {number}, table {table}, deal {deal} is entered already as game {game_id}: correct that game",
            game_id=game_id,
            round=number,
            table=table,
            deal=deal,
        )


class DealsComplete(Conflict):
    """Every deal of that round and table is entered."""

    def __init__(self, number: int, table: int, deals: int, entered: dict[int, int]) -> None:
        super().__init__(
            f"round {number}, table {table} has all its {deals} deal(s) entered (games "
            f"{', '.join(str(entered[d]) for d in sorted(entered))}): correct one of them",
            game_ids=[entered[d] for d in sorted(entered)],
            round=number,
            table=table,
            **({"game_id": entered[1]} if deals == 1 and 1 in entered else {}),
        )


def seated_players(s: Seating, tournament_id: int, doc: Any) -> Any:
    """A submission entered against a round and table without its players: the table's players,
    in their seats (anything else is left for read_submission to judge)."""
    if not isinstance(doc, dict) or "players" in doc or not _is_id(doc.get("round")) or not _is_id(doc.get("table")):
        return doc
    at_table = s.table_players(tournament_id, doc["round"], doc["table"])
    return {**doc, "players": at_table} if at_table is not None and len(at_table) == 5 else doc


def _prefixed_difference(d: Difference, prefix: str) -> Difference:
    return Difference(prefix + d.pointer, d.claimed, d.computed, d.reason)


def _same_ruleset(body: dict[str, Any], rs: Ruleset, pointer: str) -> list[Problem]:
    if body.get("ruleset") is None:
        return []
    try:
        theirs = read_ruleset(body["ruleset"], pointer)
    except RecordError as exc:
        return list(exc.problems)
    if theirs != rs:
        return [
            Problem(
                pointer, "ruleset_mismatch", f"the tournament plays {rs.name!r} with its own options; leave ruleset out"
            )
        ]
    return []


def player_ids(doc: Any) -> list[int]:
    """The player ids a submission names, if they are ids at all (else none)."""
    seats = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(seats, list) and all(map(_is_id, seats)):
        return seats
    return []


def _is_id(value: object) -> bool:
    """A row id as the database holds them: an integer from 1 to 2**31 - 1."""
    return type(value) is int and 0 < value < 2**31


def ensure_open(t: Tournament | tournaments_repo.TournamentRef) -> None:
    if t.status != "open":
        raise Conflict(f"tournament {t.id} is closed: reopen it to add or correct games")
