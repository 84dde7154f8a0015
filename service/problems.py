"""Problem documents (RFC 9457), shared by the HTTP layer and the CLI."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .core.bounds import MAX_LISTED_PROBLEMS
from .core.errors import Problem

if TYPE_CHECKING:  # the HTTP layer's and the pages' refusals: the command line imports no use case
    from .core.notation import ParsedGame
    from .tournament.errors import Rejected

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_BASE = "/problems/"

# Every code an entry of a problem document's ``errors`` can carry, with what it means. Codes are
# stable: once published, a code keeps its meaning. tests/test_problem_codes.py checks that every
# code the service can answer is here, in docs/api.md and in openapi.yaml.
PROBLEM_CODES: dict[str, str] = {
    # the body as JSON
    "invalid_round": "round and table are given together, as numbers from 1",
    "invalid_deal_number": "a deal number from 1 to the tournament's deals_per_round, given with round and table",
    "unknown_round": "the tournament has no round of that number",
    "unknown_table": "the round has no table of that number",
    "players_not_at_table": "the players given are not the ones the round seated at that table",
    "not_at_table": "a table's entry or confirmation names a player who does not sit at that table",
    "same_side": "a deal entered at a table is confirmed by a player of the other side, not of the side that entered it",
    "not_the_enterer": "a pending entry at a table is withdrawn by the player who entered it (or the director)",
    "wrong_pin": "the tournament asks for each player's own PIN at the table (player_pins): it is missing or not that player's",
    "unknown_entry": "the director chose an entry that is not one of the deal's open versions",
    "notation_error": "a body in the game notation (text/x-baohuang) is not the notation here: the problem names its line and column",
    "invalid_notation": "a body sent as the game notation is not UTF-8 text",
    "invalid_character": "a body sent as the game notation holds a NUL (U+0000): no text of the notation does, and no database keeps it",
    "invalid_json": "not JSON, or JSON this service does not accept (NaN, Infinity, a number too large, nested too deeply, not UTF-8)",
    "duplicate_key": "an object names the same key twice",
    "unsupported_media_type": "the body is not sent as JSON (Content-Type)",
    "empty_line": "an empty line in NDJSON input (the command line, a stream of games)",
    "missing_scope": "the request's key lacks the scope its operation needs (`scope` names it: read, enter, manage or keys)",
    "call_after_first_play": "a move checked after a record with plays is a call: the calls are all made before the first play",
    "too_many_plays": "more plays than any game of the ruleset can have (five a card of its deck): the record is read no further; `limit` says how many",
    "too_many_calls": "more calls than any game can have: the record is read no further; `limit` says how many",
    "too_many_lines": "a game in the notation with more lines than any game needs: the text is read no further; `limit` says how many",
    "line_too_long": "an NDJSON line longer than one game's body may be (BAOHUANG_MAX_BODY_BYTES): the line is not read; `limit` says how many bytes",
    # fields
    "unknown_field": "a field the operation does not know",
    "unexpected_field": "a field that does not belong here in this case (e.g. a card for a call that names none)",
    "missing_field": "a required field is missing",
    "invalid_type": "a value of the wrong JSON type",
    "invalid_value": "a value out of range or not one of the allowed values",
    "conflicting_fields": "fields that cannot go together (cards and pass in one play)",
    "invalid_datetime": "not an ISO 8601 date and time, or out of range once shifted to UTC",
    "played_at_in_future": "a game's played_at lies in the future (a time without a zone is read in the tournament's time zone, `time_zone` says which)",
    "invalid_seat": "a seat is an integer from 0 to 4",
    # records
    "unknown_ruleset": "no ruleset of that name",
    "unknown_option": "the ruleset has no such option",
    "invalid_option": "an option value not allowed, or options that cannot go together",
    "ruleset_mismatch": "a game names another ruleset than its tournament's",
    "invalid_deal": "the deal is not five hands",
    "deal_required": "without the deal, the record leaves open what the deal would settle (who was dealt which hand size, which decliners gave a 2), and the answer depends on it: the problem lists the possibilities",
    "unknown_card": "a card token the notation does not know",
    "suit_required": "a card without the suit this ruleset needs",
    "unknown_call": "a call the referee does not know",
    "invalid_play": "a play that is not an object with seat, and cards or pass",
    "empty_play": "a play with no cards (a pass is written pass: true)",
    "guard_unknown": "without a deal, nothing in the record tells who the guard was: name it",
    "guard_contradicts_deal": "the guard named is not the one the deal makes",
    # result sheets
    "invalid_mode": "mode is normal, hidden_solo, open_solo, surrender or void",
    "missing_guard": "a normal game names its guard",
    "guard_is_emperor": "in a normal game the guard is not the emperor",
    "guard_in_solo": "a solo has no guard",
    "duplicate_seat": "a seat twice in the finishing order or the rebels",
    "not_a_permutation": "the finishing order is not the five seats once each",
    "not_played": "a game that ended without play has no finishing order",
    "void_has_no_emperor": "a void deal has no emperor",
    "void_not_possible": "the ruleset has no void deals",
    "reveal_without_guard": "only a game with a guard has a reveal",
    "rebel_not_allowed": "a rebel that cannot rebel (the emperor, the guard, anyone in a solo)",
    "kick_without_declaration": "a kick with no open declaration by the other side",
    "surrender_not_allowed": "a surrender where the ruleset or the game allows none",
    # tournaments
    "record_or_sheet": "a game has either a record or a sheet",
    "invalid_players": "players is an array of five player ids, seat 0 first",
    "unknown_player": "the tournament has no such player",
    "duplicate_player": "a player sits twice",
    "duplicate_name": "a name in a pasted list of players is given twice, or the tournament has it already (as a reader would take it: docs/tournaments.md)",
    "too_many_players": "the tournament has as many players as a tournament may have (BAOHUANG_MAX_PLAYERS); `limit` says how many",
    "withdrawn_player": "a withdrawn player cannot be seated in a new game",
    "invalid_action": "a correction's action is void or replace",
    "missing_reason": "a correction gives its reason",
    "invalid_reason": "a reason is 1 to 500 characters of text without control characters",
    "claim_differs": "the result the table claims is not the rules' result (send accept_computed to store the rules' result)",
    "url_not_allowed": "a webhook URL the service will not post to: not http(s), with a user name or password, or a host that is (or resolves to) a loopback, private, link-local or other internal address",
    "idempotency_key_reused": "an Idempotency-Key already used for another request (method, path or body)",
}


def problem_document(
    status: int,
    slug: str,
    title: str,
    detail: str | None = None,
    errors: Iterable[Problem] = (),
    limit: int = MAX_LISTED_PROBLEMS,
    **extra: Any,
) -> dict[str, Any]:
    """A problem document. ``errors`` lists the problems with their JSON pointers: the first
    ``limit`` of them, and ``more_errors`` says how many more there were."""
    doc: dict[str, Any] = {"type": PROBLEM_BASE + slug, "title": title, "status": status}
    if detail:
        doc["detail"] = detail
    listed, more = _first(errors, limit)
    if listed:
        doc["errors"] = [p.to_json() for p in listed]
    if more:
        doc["more_errors"] = more
    doc.update(extra)
    return doc


def _first(errors: Iterable[Problem], limit: int) -> tuple[list[Problem], int]:
    """The first ``limit`` problems, and how many more there were."""
    listed: list[Problem] = []
    more = 0
    for p in errors:
        if len(listed) < limit:
            listed.append(p)
        else:
            more += 1
    return listed, more


def listing(n: int, limit: int = MAX_LISTED_PROBLEMS) -> str:
    """How a detail counts its problems: "1 problem, with a JSON pointer", "250 problems (the
    first 100 listed), each with a JSON pointer"."""
    if n == 1:
        return "1 problem, with a JSON pointer"
    shown = f" (the first {limit} listed)" if n > limit else ""
    return f"{n:,} problems{shown}, each with a JSON pointer"


def truncated(doc: dict[str, Any], limit: int) -> dict[str, Any]:
    """``doc`` listing at most ``limit`` of its problems (an import line lists fewer)."""
    errors = doc.get("errors")
    if not errors or len(errors) <= limit:
        return doc
    more = len(errors) - limit + doc.get("more_errors", 0)
    return {**doc, "errors": errors[:limit], "more_errors": more}


def invalid_record(
    problems: Iterable[Problem], what: str = "record", limit: int = MAX_LISTED_PROBLEMS
) -> dict[str, Any]:
    """422: the body (or the query string) is not what the operation reads."""
    listed = list(problems)
    counted = listing(len(listed), limit)
    if listed and all(p.pointer.startswith("/query/") for p in listed):
        return problem_document(
            422, "invalid-query", "Not a valid query", f"the query string is not valid: {counted}", listed, limit
        )
    detail = f"the body is not a valid {what}: {counted}"
    return problem_document(422, f"invalid-{what.replace(' ', '-')}", f"Not a valid {what}", detail, listed, limit)


def unsupported_media_type(received: str, accepted: Iterable[str]) -> dict[str, Any]:
    """415: a body in a format the operation does not read."""
    names = " or ".join(accepted)
    got = f"sent as {received!r}" if received else "sent without a Content-Type"
    detail = f"the body is {got}; this operation reads {names}: send Content-Type: {names.split(' or ')[0]}"
    return problem_document(
        415,
        "unsupported-media-type",
        "Unsupported Media Type",
        detail,
        [Problem("", "unsupported_media_type", detail)],
    )


def missing_scope(scope: str) -> dict[str, Any]:
    """403: the key is good but lacks the scope the operation needs (service/tournament/scopes.py)."""
    detail = f"this key lacks the scope {scope!r} that this operation needs; issue a key with it"
    problem = Problem("", "missing_scope", detail, {"scope": scope})
    doc = problem_document(403, "missing-scope", "Missing scope", detail, [problem])
    doc["scope"] = scope
    return doc


def refusal_document(exc: Rejected, limit: int = MAX_LISTED_PROBLEMS) -> dict[str, Any]:
    """422 for a use case's refusal of a body (tournament/errors.py): its problems with their
    pointers; an illegal game with its adjudication; a claim that differs with the rules' outcome."""
    from .tournament.errors import ClaimDiffers, IllegalGame

    if isinstance(exc, IllegalGame):
        result = exc.adjudication
        return problem_document(
            422,
            "illegal-game",
            "The game is not legal",
            f"{result.verdict.value}: {result.violation.message if result.violation else ''}",
            adjudication=result.to_json(),
        )
    if isinstance(exc, ClaimDiffers):
        n = len(exc.differences)
        return problem_document(
            422,
            "claim-differs",
            "The claimed result is not the rules' result",
            f"{n} difference{'s' if n != 1 else ''} between the table's claim and "
            'the rules; correct the claim, or send "accept_computed": true to store the rules\' result with '
            "the claim beside it",
            exc.problems,
            limit,
            outcome=dict(exc.outcome),
        )
    return invalid_record(exc.problems, exc.what, limit)


def located_refusal(doc: dict[str, Any], game: ParsedGame | None, prefix: str = "/record") -> dict[str, Any]:
    """A refusal of a game written in the notation, its problems (and its violation) given the
    line and column of the text where they are; as it was when the game was JSON."""
    if game is None:
        return doc
    from .core.notation import located

    if "errors" in doc:
        problems = [
            Problem(e["pointer"], e["code"], e["detail"], {k: v for k, v in e.items() if k not in _PLAIN_KEYS} or None)
            for e in doc["errors"]
        ]
        doc["errors"] = [p.to_json() for p in located(problems, game, prefix)]
    violation = (doc.get("adjudication") or {}).get("violation")
    where = None if violation is None else game.where(violation["pointer"])
    if violation is not None and where is not None:
        violation["line"], violation["column"] = where
    return doc


_PLAIN_KEYS = ("pointer", "code", "detail")
