"""The referee: read a record, check every call and play, score the game.

:func:`adjudicate` takes a record as decoded JSON and returns an
:class:`Adjudication`, or raises :class:`~.errors.RecordError` when the body is
not a record at all. The play log is read straight from the decoded JSON: a
full game is a few hundred actions, and building an object for each would
cost more than checking it.

>>> from service.core.random_game import random_record
>>> adjudicate(random_record(7)).verdict
<Verdict.LEGAL: 'legal'>
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .adjudication import Adjudication, Verdict
from .bounds import MAX_CALLS, max_plays
from .call_types import DealView
from .cards import SEATS, Card
from .claims import compare_claim, read_claim
from .deal import read_plain_deal
from .errors import Problem, RecordError
from .judge import adjudicate_deal_facts, adjudicate_dealt
from .record_form import escape, is_seat, plays_problems, read_calls, read_cards, read_ruleset
from .ruleset import WEIHAI, CrownProcedure, Ruleset
from .without_deal import adjudicate_without_deal, turns_without_deal

__all__ = ["Adjudication", "Verdict", "adjudicate", "read_ruleset", "turns_to_act"]

_RECORD_KEYS = frozenset({"ruleset", "deal", "calls", "plays", "guard", "first_candidate", "meta", "claimed"})


def adjudicate(doc: Mapping[str, Any], ruleset: Ruleset | None = None) -> Adjudication:
    """Adjudicate one record (decoded JSON). Raises RecordError if it is not a record.

    ``ruleset``, when given, is the one to judge by whatever the record says (a tournament's
    frozen ruleset: the caller checks that the record does not claim another)."""
    if not isinstance(doc, dict):
        raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
    rs, problems = read_head(doc, ruleset)
    too_large = larger_than_a_game(doc, rs)
    if too_large:
        raise RecordError(too_large)
    deal = doc.get("deal")
    facts = read_plain_deal(deal, rs)  # the common deal, read packed at once
    hands = None if facts is not None else _read_deal(deal, rs, problems)
    calls = read_calls(doc.get("calls"), problems, rs)
    guard, first = read_seats_and_meta(doc, rs, problems)
    plays = doc.get("plays")
    if plays is None:
        plays = []
    elif not isinstance(plays, list):
        problems.append(Problem("/plays", "invalid_type", "plays are an array"))
        plays = []
    claim = None
    if doc.get("claimed") is not None:
        try:
            claim = read_claim(doc["claimed"])
        except RecordError as exc:
            problems.extend(exc.problems)
    if problems:
        problems.extend(plays_problems(plays, 0))
        raise RecordError(problems)
    if facts is not None:
        view = DealView(None, facts.bj_holder, facts.sj_holder, first, written=deal)
        result = adjudicate_deal_facts(rs, facts, view, calls, plays, guard)
    elif hands is None:
        result = adjudicate_without_deal(rs, calls, plays, guard, first)
    else:
        result = adjudicate_dealt(rs, hands, calls, plays, guard, first)
    if claim is None:
        return result
    differences = compare_claim(claim, result.outcome) if result.outcome is not None else ()
    return dataclasses.replace(result, claim=claim, differences=differences)


def turns_to_act(doc: Mapping[str, Any], rs: Ruleset) -> frozenset[int]:
    """An unfinished record without its deal, which :func:`adjudicate` read as a record: the seat
    to act under each way the deal could have been that it fits (``turns_without_deal``)."""
    problems: list[Problem] = []
    calls = read_calls(doc.get("calls"), problems, rs)
    guard, first = read_seats_and_meta(doc, rs, problems)
    plays = doc.get("plays")
    assert doc.get("deal") is None and not problems and isinstance(plays, list), "an unfinished record, read"
    return turns_without_deal(rs, calls, plays, guard, first)


def larger_than_a_game(doc: Mapping[str, Any], rs: Ruleset) -> list[Problem]:
    """The problem, if the record holds more plays or calls than any game of ``rs`` can have
    (core/bounds.py): checked before anything else of them is read."""
    out = []
    plays, calls = doc.get("plays"), doc.get("calls")
    if isinstance(plays, list) and len(plays) > max_plays(rs):
        out.append(_too_many("too_many_plays", "/plays", "plays", len(plays), max_plays(rs), f"a game of {rs.name!r}"))
    if isinstance(calls, list) and len(calls) > MAX_CALLS:
        out.append(_too_many("too_many_calls", "/calls", "calls", len(calls), MAX_CALLS, "a game"))
    return out


def _too_many(code: str, pointer: str, what: str, found: int, limit: int, game: str) -> Problem:
    return Problem(
        pointer,
        code,
        f"{found:,} {what}: {game} has at most {limit:,} (core/bounds.py); this is not one game",
        {"limit": limit, "found": found},
    )


def read_head(doc: Mapping[str, Any], ruleset: Ruleset | None) -> tuple[Ruleset, list[Problem]]:
    """A record's fields that are not a record's, and its ruleset (``ruleset``, when given, is the
    one to judge by whatever the record names); problems so far."""
    problems = [
        Problem(
            f"/{escape(str(k))}",
            "unknown_field",
            f"unknown field {k!r}; a record has {', '.join(sorted(_RECORD_KEYS))}",
        )
        for k in doc
        if k not in _RECORD_KEYS
    ]
    if ruleset is not None:
        return ruleset, problems
    try:
        return read_ruleset(doc.get("ruleset")), problems
    except RecordError as exc:
        return WEIHAI, [*problems, *exc.problems]


def read_seats_and_meta(doc: Mapping[str, Any], rs: Ruleset, problems: list[Problem]) -> tuple[Any, Any]:
    """A record's ``guard`` and ``first_candidate`` (the standard crown needs it, the others have
    none), and that ``meta`` is an object; problems are added to ``problems``."""
    guard = doc.get("guard")
    if guard is not None and not is_seat(guard):
        problems.append(Problem("/guard", "invalid_seat", "guard is a seat from 0 to 4"))
    first = doc.get("first_candidate")
    if rs.crown is CrownProcedure.CALLED:
        if first is None:
            problems.append(
                Problem(
                    "/first_candidate", "missing_field", f"ruleset {rs.name!r} records the seat first offered the crown"
                )
            )
        elif not is_seat(first):
            problems.append(Problem("/first_candidate", "invalid_seat", "first_candidate is a seat from 0 to 4"))
    elif first is not None:
        problems.append(
            Problem(
                "/first_candidate", "unexpected_field", f"ruleset {rs.name!r} offers the crown to the holder of BJ*"
            )
        )
    meta = doc.get("meta")
    if meta is not None and not isinstance(meta, dict):
        problems.append(Problem("/meta", "invalid_type", "meta is an object (kept, not checked)"))
    return guard, first


def _read_deal(value: object, rs: Ruleset, problems: list[Problem]) -> list[tuple[Card, ...]] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != SEATS:
        problems.append(Problem("/deal", "invalid_deal", "a deal is an array of five hands, seat 0 first"))
        return None
    parsed = [read_cards(h, f"/deal/{i}", problems) for i, h in enumerate(value)]
    hands = [h for h in parsed if h is not None]
    if len(hands) != SEATS:
        return None
    if rs.suits_required:
        for i, hand in enumerate(hands):
            k = next((k for k, c in enumerate(hand) if c.suit is None and not c.rank.is_joker), None)
            if k is not None:
                pointer = f"/deal/{i}/{k}" if isinstance(value[i], list) else f"/deal/{i}"
                problems.append(
                    Problem(
                        pointer,
                        "suit_required",
                        f"ruleset {rs.name!r} calls suited cards: every card but a joker shows its suit (token {k + 1}, {hand[k]})",
                    )
                )
    return hands
