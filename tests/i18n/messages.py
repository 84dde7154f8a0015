"""Every message the referee gives, gathered for the translation tests: the violations and notes
of mistaken games of every ruleset (with and without the deal), and the problems of bodies made
to give each problem code."""

from __future__ import annotations

import json
import random
import re

from service.core import adjudicate, random_record
from service.core.errors import RecordError
from service.core.record_form import read_ruleset
from tests.core.test_reference import RULESETS, mutate

# What is not words to translate: card tokens, pointers, identifiers, quoted values, numbers,
# examples of JSON, and the names a program or an operator types.
_NOT_WORDS = [
    r"https?://\S+",
    r'\[\w+ "[^"]*"\]',  # a header of the notation
    r"\{[^{}]*\}",
    r'"[^"]*"',
    r"'[^']*'",
    r"(?<![\w/])/[\w/~.-]*",  # a JSON pointer, a path
    r"\b(?:BAOHUANG|GUNICORN)_[A-Z_]+\b",
    r"\b[a-z]+(?:_[a-z]+)+\b",  # snake_case: codes, fields, options
    r"\b[a-z]+(?:-[a-z]+)+\b",  # kebab-case: ruleset names
    r"(?<![\w*])(?:10|[2-9]|[TJQKA]|SJ|BJ)(?:[SHDC♠♥♦♣])?\*?(?![\w*])",
    r"\b(?:JSON|NDJSON|UTF-8|URL|API|ISO|UTC|HTTPS?|CIDR|NAT|IPv[46]|RFC|CSV|SVG|QR|KK)\b",
    r"\b(?:Content-Type|Idempotency-Key|Authorization|Bearer|Accept-Language|PATCH|POST|GET)\b",
    r"\b(?:Players|AcceptComputed|Claimed|Round|Table|Deal|PlayedAt|Ruleset|Options|Guard|FirstCandidate)\b",
    r"(?<![A-Za-z])(?:null|true|false|weihai|standard|shandong|deck|webhooks?|seed)(?![A-Za-z])",
    r"U\+[0-9A-F]{4,6}(?: [A-Z][A-Z -]*[A-Z]| unnamed)?",  # a character by its Unicode name
    r"\b(?:guard|seat|cards|pass|deal|calls|plays|meta|name|options|ruleset|card|call|players|record|sheet|mode|emperor|rebels|scores|reason|action|round|table|played_at|claimed|surrender|deck)\b",
    r"\b[a-z]+/[a-z0-9.+-]+\b",  # a media type, a path
    r"\b\w+\.py\b",
]
NOT_WORDS = re.compile("|".join(_NOT_WORDS))
WORD = re.compile(r"[A-Za-z]{3,}")


def english_left(text: str) -> list[str]:
    """The English words left in ``text`` once cards, codes, pointers and names are set aside."""
    return WORD.findall(NOT_WORDS.sub(" ", text))


def referee_messages(games: int = 400, seed: int = 1) -> dict[str, set[str]]:
    """code → the messages the referee gave with it, for mistaken games of every ruleset."""
    found: dict[str, set[str]] = {}
    rng = random.Random(seed)
    for n in range(games):
        spec = RULESETS[n % len(RULESETS)]
        rec = random_record(n, read_ruleset(spec))
        for _ in range(2):
            m = mutate(rec, rng)
            if rng.random() < 0.3:
                m.pop("deal", None)
            try:
                a = adjudicate({**m, "ruleset": spec})
            except RecordError as exc:
                for p in exc.problems:
                    found.setdefault(p.code, set()).add(p.detail)
                continue
            if a.violation:
                found.setdefault(a.violation.code.value, set()).add(a.violation.message)
            for note in a.notes:
                found.setdefault("note", set()).add(note)
            if a.outcome:
                for mult in a.outcome.multipliers:
                    found.setdefault("multiplier", set()).add(mult.reason)
    return found


def problem_messages(client, club, tid, ids, gid) -> dict[str, set[str]]:
    """code → the details of the problems the API answered for bodies made to give each code."""
    found: dict[str, set[str]] = {}
    game = {"players": ids, "record": random_record(3)}
    bodies = [
        ("/v1/adjudications", b"{", "application/json"),
        ("/v1/adjudications", b"\xff", "application/json"),
        ("/v1/adjudications", b'{"plays": 1e999}', "application/json"),
        ("/v1/adjudications", b'{"a": 1, "a": 2}', "application/json"),
        ("/v1/adjudications", b"plays\n9 X", "text/x-baohuang"),
        ("/v1/adjudications", b"\xff\xfe", "text/x-baohuang"),
        ("/v1/adjudications", b"x", "text/plain"),
        ("/v1/adjudications", json.dumps({"plays": [1] * 900}).encode(), "application/json"),
        ("/v1/adjudications", json.dumps({"calls": [{"seat": 0, "call": "rebel"}] * 60}).encode(), "application/json"),
        ("/v1/adjudications", ("plays\n" + "9\n" * 3000).encode(), "text/x-baohuang"),
    ]
    records = [
        {"extra": 1},
        {"ruleset": "nope"},
        {"ruleset": {"name": "weihai", "options": {"nope": 1}}},
        {"ruleset": {"name": "weihai", "options": {"pass": "sometimes"}}},
        {"ruleset": {"name": "weihai", "options": {"deck": "165", "last_rank": "threes"}}},
        {"ruleset": 3},
        {"deal": [1]},
        {"deal": "x"},
        {"calls": [{"seat": 9, "call": "x", "extra": 1}, {}, 3], "plays": [{"seat": 7, "cards": 3, "pass": 1}, {}, 1]},
        {"plays": [{"cards": ""}, {"cards": "9", "pass": True}, {"cards": ["9", 3]}, {"cards": "X"}]},
        {"ruleset": "standard", "plays": []},
        {"ruleset": "standard", "first_candidate": 9, "calls": [{"seat": 0, "call": "accept"}]},
        {"ruleset": "standard", "first_candidate": 0, "calls": [{"seat": 0, "call": "accept", "card": "9"}]},
        {"ruleset": "standard", "first_candidate": 0, "deal": ["9 9 9"] * 5},
        {"ruleset": "weihai", "first_candidate": 0, "calls": [{"seat": 0, "call": "ascend", "card": "9H"}]},
        {"guard": 9, "meta": 3, "plays": 4, "calls": 5},
        {"claimed": {"nope": 1, "scores": "x"}},
        {**random_record(4), "guard": (random_record(4).get("guard") or 0) + 1},
        {k: v for k, v in random_record(6, read_ruleset("kk-simple")).items() if k != "deal"}
        | {"ruleset": "kk-simple"},
    ]
    standard = random_record(7, read_ruleset("standard"))
    standard.pop("deal")
    records.append(standard)
    for rec in records:
        bodies.append(("/v1/adjudications", json.dumps(rec).encode(), "application/json"))
    sheets = [
        {"mode": "x", "emperor": 9, "guard": 9, "kicked_by": 9, "guard_revealed": 3, "rebels": 3, "finishing_order": 3},
        {"mode": "void", "emperor": 0, "finishing_order": [0, 1, 2, 3, 4]},
        {"mode": "normal", "emperor": 0, "finishing_order": [0, 0, 1, 2, 3], "rebels": [9, 1, 1]},
        {"mode": "normal", "emperor": 0, "guard": 0, "finishing_order": [0, 1, 2, 3, 4]},
        {
            "mode": "open_solo",
            "emperor": 0,
            "guard": 1,
            "guard_revealed": True,
            "rebels": [1],
            "finishing_order": [0, 1, 2, 3, 4],
        },
        {"mode": "normal", "emperor": 0, "guard": 1, "rebels": [0], "kicked_by": 2, "finishing_order": [0, 1, 2, 3, 4]},
        {"mode": "surrender", "emperor": 0, "finishing_order": [0, 1, 2, 3, 4]},
        {"mode": "hidden_solo", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]},
        {"mode": "normal", "emperor": 0, "finishing_order": [0, 1, 2, 3, 4], "extra": 1},
        {"mode": "void", "emperor": None, "ruleset": "kk-classic"},
    ]
    for sheet in sheets:
        bodies.append(("/v1/scores", json.dumps(sheet).encode(), "application/json"))
    played = random_record(8)
    for check in [
        [1],
        {"extra": 1},
        {"record": 3, "move": "9 9"},
        {"record": {**played, "plays": played["plays"][:2]}, "move": {"seat": 1, "call": "rebel"}},
        {"record": "plays\n9 X", "move": {"seat": 0, "pass": True}},
        {"record": {"deal": [1]}, "move": {"seat": 9, "cards": "X"}},
    ]:
        bodies.append(("/v1/positions/check", json.dumps(check).encode(), "application/json"))
    g = f"/v1/tournaments/{tid}/games"
    for sub in [
        {"players": [1, 2], "record": random_record(1), "sheet": {}, "extra": 1},
        {"players": [*ids[:4], 10**6], "record": random_record(1), "played_at": "yesterday"},
        {"players": [ids[0]] * 5, "record": random_record(1), "accept_computed": 3},
        {"round": 1, "players": ids, "record": random_record(1)},
        {"round": 99, "table": 1, "record": random_record(1)},
        {"deal": 1, "players": ids, "record": random_record(1)},
        {"players": ids, "record": {**random_record(1), "ruleset": "standard"}},
        {
            "players": ids,
            "record": random_record(5),
            "claimed": {
                "scores": [1, 1, 1, 1, 1],
                "finishing_order": [4, 3, 2, 1, 0],
                "mode": "hidden_solo",
                "guard": 4,
                "emperor": 4,
                "multiplier": 8,
                "kicked_by": 2,
                "rebels": [0],
                "guard_revealed": True,
                "rebellion": True,
            },
        },
        {"players": ids, "record": {**random_record(5), "plays": random_record(5)["plays"][:-1]}},
    ]:
        bodies.append((g, json.dumps(sub).encode(), "application/json"))
    bodies.append((g, json.dumps(game).encode(), "application/json"))  # stored (or 409)
    bodies.append((f"{g}/{gid}/corrections", json.dumps({"action": "x", "extra": 1}).encode(), "application/json"))
    bodies.append(
        (
            f"{g}/{gid}/corrections",
            json.dumps({"action": "void", "reason": "\u0000", "x": 1}).encode(),
            "application/json",
        )
    )
    bodies.append(
        (f"{g}/{gid}/corrections", json.dumps({"action": "void", "reason": "r", "x": 1}).encode(), "application/json")
    )
    bodies.append(
        (f"/v1/tournaments/{tid}/webhooks", json.dumps({"url": "http://127.0.0.1/"}).encode(), "application/json")
    )
    bodies.append((f"/v1/tournaments/{tid}/players", json.dumps({"name": "\u200b"}).encode(), "application/json"))
    bodies.append(
        ("/v1/tournaments", json.dumps({"name": 3, "deals_per_round": 0, "x": 1}).encode(), "application/json")
    )
    bodies.append((f"/v1/tournaments/{tid}/games/import", b"\n\n", "application/x-ndjson"))
    for path, body, ctype in bodies:
        r = client.post(path, data=body, headers={**club.auth, "Content-Type": ctype})
        doc = r.get_json(silent=True) or {}
        _gather(doc, found)
    r = client.get(f"/v1/tournaments/{tid}/games?since=never")
    _gather(r.get_json(silent=True) or {}, found)
    _table_problems(client, club, tid, found)
    return found


def _table_problems(client, club, tid, found):
    """What a table's token and the director's board are told: an entry by someone not at the
    table, a confirmation by the same side, a version that is not there, a link that is not."""
    client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth)
    link = client.post(f"/v1/tournaments/{tid}/rounds/1/table-links", headers=club.auth).get_json()["links"][0]
    tok = {"X-Table-Token": link["token"]}
    seats = [p["player_id"] for p in link["players"]]
    t1 = f"/v1/tournaments/{tid}/rounds/1/tables/1"
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
    asked = [
        (f"{t1}/deals", {"entered_by": 999, "deal": 9, "x": 1}, tok),
        (f"{t1}/deals", {"entered_by": seats[0], "sheet": sheet}, tok),
        (f"{t1}/deals", {"entered_by": seats[0], "sheet": sheet}, tok),
        (f"{t1}/deals/1/confirm", {"player": seats[1]}, tok),
        (f"{t1}/deals/1/confirm", {"player": 999}, tok),
        (f"{t1}/deals/1/resolve", {"entry": 999999}, club.auth),
        (f"{t1}/deals", {"entered_by": seats[0], "sheet": sheet}, {"X-Table-Token": "bht_unknown"}),
    ]
    for path, body, headers in asked:
        _gather(client.post(path, json=body, headers=headers).get_json(silent=True) or {}, found)
    client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=club.auth)
    _gather(client.get(t1, headers=tok).get_json(silent=True) or {}, found)


def _gather(doc, found):
    for e in doc.get("errors") or []:
        found.setdefault(e["code"], set()).add(e["detail"])
    if doc.get("detail"):
        found.setdefault("detail", set()).add(doc["detail"])
    v = (doc.get("adjudication") or {}).get("violation")
    if v:
        found.setdefault(v["code"], set()).add(v["message"])
