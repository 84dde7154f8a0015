"""Reading a record: every way a body can fail to be a record, as problems with JSON pointers.

These checks are about form (types, fields, card tokens, ruleset names). Rules
are the engine's business: a well-formed record that breaks one is a verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .call_types import Call, CallKind
from .cards import SEATS, Card, NotationError, parse_card, parse_cards
from .errors import Problem, RecordError
from .ruleset import WEIHAI, CrownProcedure, Ruleset, RulesetError

__all__ = [
    "escape",
    "is_seat",
    "play_keys",
    "play_problems",
    "plays_problems",
    "read_calls",
    "read_cards",
    "read_ruleset",
]

PLAY_KEYS = frozenset({"seat", "cards", "pass"})
CALL_KEYS = frozenset({"seat", "call", "card"})
CALL_KINDS = {k.value: k for k in CallKind}


def is_seat(v: object) -> bool:
    return type(v) is int and 0 <= v < SEATS


def read_ruleset(value: object, pointer: str = "/ruleset") -> Ruleset:
    """A ruleset from ``"name"`` or ``{"name": ..., "options": {...}}``."""
    if value is None:
        return WEIHAI
    if isinstance(value, str):
        try:
            return Ruleset.from_options(value)
        except RulesetError as exc:
            raise RecordError([Problem(pointer, "unknown_ruleset", str(exc))]) from None
    if not isinstance(value, dict):
        raise RecordError(
            [Problem(pointer, "invalid_type", "a ruleset is a name or an object with 'name' and 'options'")]
        )
    problems = [
        Problem(f"{pointer}/{k}", "unknown_field", f"unknown field {k!r}; expected 'name' and 'options'")
        for k in value
        if k not in ("name", "options")
    ]
    name = value.get("name", "weihai")
    options = value.get("options") or {}
    if not isinstance(name, str):
        problems.append(Problem(f"{pointer}/name", "invalid_type", "the ruleset name is a string"))
    if not isinstance(options, dict):
        problems.append(Problem(f"{pointer}/options", "invalid_type", "options are an object of option: value"))
    if problems:
        raise RecordError(problems)
    try:
        Ruleset.from_options(name)
    except RulesetError as exc:
        raise RecordError([Problem(f"{pointer}/name", "unknown_ruleset", str(exc))]) from None
    collected: dict[str, Any] = {}
    for key, raw in options.items():
        try:
            Ruleset.from_options(name, {key: raw}, check=False)
        except RulesetError as exc:
            code = "unknown_option" if "unknown option" in str(exc) else "invalid_option"
            problems.append(Problem(f"{pointer}/options/{escape(key)}", code, str(exc)))
        else:
            collected[key] = raw
    if problems:
        raise RecordError(problems)
    try:
        return Ruleset.from_options(name, collected)
    except RulesetError as exc:  # options that cannot go together
        where = f"{pointer}/options/{escape(exc.key)}" if exc.key else f"{pointer}/options"
        raise RecordError([Problem(where, "invalid_option", str(exc))]) from None


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def read_cards(value: object, pointer: str, problems: list[Problem]) -> tuple[Card, ...] | None:
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except NotationError as exc:
            problems.append(Problem(pointer, "unknown_card", f"{exc}"))
            return None
    if isinstance(value, list):
        bad = False
        for k, tok in enumerate(value):
            if not isinstance(tok, str):
                problems.append(
                    Problem(f"{pointer}/{k}", "invalid_type", "a card token is a string such as 'BJ*', '10' or '7S'")
                )
                bad = True
        if bad:
            return None
        try:
            return parse_cards(value)
        except NotationError as exc:
            problems.append(Problem(f"{pointer}/{exc.index}", "unknown_card", str(exc)))
            return None
    problems.append(
        Problem(pointer, "invalid_type", "cards are a string of space-separated tokens or an array of tokens")
    )
    return None


def read_calls(value: object, problems: list[Problem], rs: Ruleset = WEIHAI) -> tuple[Call, ...]:
    """The calls, with the card an ``accept`` or ``solo`` names where the ruleset calls cards."""
    if value is None:
        return ()
    if not isinstance(value, list):
        problems.append(Problem("/calls", "invalid_type", "calls are an array of {seat, call}"))
        return ()
    out = []
    for i, c in enumerate(value):
        ptr = f"/calls/{i}"
        if not isinstance(c, dict):
            problems.append(Problem(ptr, "invalid_type", "a call is an object {seat, call}"))
            continue
        before = len(problems)
        for k in c:
            if k not in CALL_KEYS:
                problems.append(Problem(f"{ptr}/{escape(str(k))}", "unknown_field", f"unknown field {k!r} in a call"))
        seat = c.get("seat")
        if "seat" not in c:
            problems.append(Problem(f"{ptr}/seat", "missing_field", "a call names its seat (0–4)"))
        elif not is_seat(seat):
            problems.append(Problem(f"{ptr}/seat", "invalid_seat", "a seat is an integer from 0 to 4"))
        kind = CALL_KINDS.get(c["call"]) if isinstance(c.get("call"), str) else None
        if "call" not in c:
            problems.append(Problem(f"{ptr}/call", "missing_field", "a call names what is called"))
        elif kind is None:
            problems.append(Problem(f"{ptr}/call", "unknown_call", f"a call is one of {', '.join(CALL_KINDS)}"))
        card = _read_called_card(c, kind, ptr, rs, problems)
        if len(problems) == before:
            assert kind is not None and isinstance(seat, int)
            out.append(Call(seat, kind, card))
    return tuple(out)


def _read_called_card(
    c: dict[str, Any], kind: CallKind | None, ptr: str, rs: Ruleset, problems: list[Problem]
) -> Card | None:
    needs = kind is CallKind.ACCEPT and rs.suits_required
    if kind is CallKind.SOLO and rs.crown is CrownProcedure.CALLED:
        needs = True  # the standard open solo calls four identical cards
    raw = c.get("card")
    if raw is None:
        if needs:
            problems.append(
                Problem(
                    f"{ptr}/card",
                    "missing_field",
                    f'in ruleset {rs.name!r} this call names a suited card, e.g. "card": "9H"',
                )
            )
        return None
    if not needs:
        problems.append(
            Problem(
                f"{ptr}/card",
                "unexpected_field",
                f"in ruleset {rs.name!r} a {kind.value if kind else 'call'} names no card",
            )
        )
        return None
    if not isinstance(raw, str):
        problems.append(Problem(f"{ptr}/card", "invalid_type", "a card is one token, e.g. '9H'"))
        return None
    try:
        card = parse_card(raw.strip())
    except NotationError as exc:
        problems.append(Problem(f"{ptr}/card", "unknown_card", str(exc)))
        return None
    if card.suit is None and not card.rank.is_joker:
        problems.append(
            Problem(f"{ptr}/card", "suit_required", f"in ruleset {rs.name!r} a called card has a suit, e.g. '{card}H'")
        )
        return None
    return card


def play_problems(p: object, i: int) -> list[Problem]:
    """Every way one play entry is not a play (empty when it is one)."""
    ptr = f"/plays/{i}"
    if not isinstance(p, dict):
        return [
            Problem(
                ptr, "invalid_type", 'a play is an object: {"seat": 0, "cards": "9 9"} or {"seat": 1, "pass": true}'
            )
        ]
    out = [
        Problem(
            f"{ptr}/{escape(str(k))}",
            "unknown_field",
            f"unknown field {k!r}; a play has 'seat', and 'cards' or 'pass'",
        )
        for k in p
        if k not in PLAY_KEYS
    ]
    seat = p.get("seat")
    if seat is not None and not is_seat(seat):
        out.append(
            Problem(
                f"{ptr}/seat",
                "invalid_seat",
                "a seat is an integer from 0 to 4 (or left out: the seat whose turn it is)",
            )
        )
    cards = p.get("cards")
    pa = p.get("pass")
    if pa is not None and type(pa) is not bool:
        out.append(Problem(f"{ptr}/pass", "invalid_type", "'pass' is true or false"))
    elif cards is None and pa is not True:
        out.append(Problem(ptr, "missing_field", "a play has 'cards', or 'pass': true"))
    elif cards is not None and pa is True:
        out.append(Problem(f"{ptr}/pass", "conflicting_fields", "a play either has cards or passes, not both"))
    if cards is not None:
        parsed = read_cards(cards, f"{ptr}/cards", out)
        if parsed is not None and not parsed:
            out.append(
                Problem(f"{ptr}/cards", "empty_play", "a play has at least one card; to pass, write 'pass': true")
            )
    return out


def play_keys(plays: Sequence[Any]) -> tuple[str, str, str]:
    """The key strings "seat", "cards" and "pass" as the record's own objects spell them.

    A decoder makes each key string once and uses it in every object (orjson keeps a cache of
    keys, the standard library's decoder one per document), while the literals here are other
    objects of the same text. A dictionary finds a key by identity before it compares text, so
    looking the plays' keys up with their own string objects saves comparing the text three
    times a play. Equal strings find the same entries whichever object is used: only the speed
    depends on this."""
    seat, cards, passed = "seat", "cards", "pass"
    found = 0
    for play in plays[:12]:
        if type(play) is dict:
            for k in play:
                if type(k) is str:
                    if k == "seat":
                        seat = k
                        found |= 1
                    elif k == "cards":
                        cards = k
                        found |= 2
                    elif k == "pass":
                        passed = k
                        found |= 4
            if found == 7:
                break
    return seat, cards, passed


def plays_problems(plays: Sequence[object], start: int) -> list[Problem]:
    out: list[Problem] = []
    for i in range(start, len(plays)):
        out.extend(play_problems(plays[i], i))
    return out
