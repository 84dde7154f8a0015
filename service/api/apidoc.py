"""What openapi.yaml says beside the schemas: the headers every answer carries, the answers every
operation can give (415, 429), and an example request and answer for each operation.

The examples are real: records come from the seeded random game generator and their answers
from the referee itself, so openapi.yaml shows what the service answers (and stays the same
from one generation to the next).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from apispec import BasePlugin

from ..core import WEIHAI, adjudicate, random_record
from ..core.scoring import score
from ..core.sheets import read_sheet

REQUEST_ID = {
    "description": "the request's id: the client's X-Request-ID if it sent a usable one, else a new one; "
    "it is in the service's log line for the request",
    "schema": {"type": "string"},
}
RETRY_AFTER = {"description": "seconds to wait before trying again", "schema": {"type": "integer", "minimum": 1}}
LOCATION = {"description": "where the created resource can be read", "schema": {"type": "string"}}
REPLAYED = {
    "description": "true when this is the remembered answer to an earlier request with the same Idempotency-Key",
    "schema": {"type": "string", "enum": ["true"]},
}
UNLIMITED = {"/livez", "/readyz", "/metrics"}


@functools.cache
def _record() -> dict[str, Any]:
    return random_record(7)


@functools.cache
def _adjudication() -> dict[str, Any]:
    return adjudicate(_record()).to_json()


def _illegal() -> dict[str, Any]:
    record = _record()
    plays = list(record["plays"])
    plays[3] = {**plays[3], "seat": (plays[3]["seat"] + 2) % 5}
    return adjudicate({**record, "plays": plays}).to_json()


SHEET = {"mode": "normal", "emperor": 0, "guard": 3, "finishing_order": [0, 1, 2, 3, 4], "guard_revealed": True}


@functools.cache
def _scored() -> dict[str, Any]:
    rs, facts = read_sheet(SHEET)
    return {**score(facts, rs).to_json(), "ruleset": {"name": rs.name, "options": rs.options()}}


def _game(version: int = 1, voided: bool = False) -> dict[str, Any]:
    outcome = _adjudication()["outcome"]
    order = outcome["finishing_order"]
    roles = {outcome["emperor"]: "emperor", outcome["guard"]: "guard"}
    return {
        "id": 41,
        "tournament_id": 3,
        "version": version,
        "voided": voided,
        "kind": None if voided else "record",
        "played_at": "2026-11-30T11:30:00+00:00",
        "created_at": "2026-11-30T11:42:07.318000+00:00",
        "round": 2,
        "table": 1,
        "deal": 1,
        "seats": [
            {
                "seat": s,
                "player_id": 11 + s,
                "role": roles.get(s, "other"),
                "place": order.index(s) + 1,
                "score": outcome["scores"][s],
            }
            for s in range(5)
        ],
        "outcome": None if voided else outcome,
    }


TOURNAMENT = {
    "id": 3,
    "organizer_id": 1,
    "name": "Winter league",
    "ruleset": {"name": "weihai", "options": {}},
    "status": "open",
    "private": False,
    "frozen": True,
    "time_zone": "Asia/Shanghai",
    "created_at": "2026-11-01T09:00:00+00:00",
}
PLAYER = {
    "id": 11,
    "tournament_id": 3,
    "name": "老王",
    "withdrawn": False,
    "withdrawn_at": None,
    "created_at": "2026-11-01T09:05:00+00:00",
}
STANDING = {
    "rank": 1,
    "player_id": 11,
    "name": "老王",
    "total": 36,
    "games": 12,
    "average": 3.0,
    "wins": 7,
    "draws": 1,
    "losses": 4,
    "emperor_games": 3,
    "emperor_total": 24,
    "emperor_wins": 2,
    "guard_games": 2,
    "guard_total": 6,
    "guard_wins": 1,
    "rebel_games": 1,
    "rebel_total": 2,
    "rebel_wins": 1,
    "byes": 0,
}


def _page(item: dict[str, Any], path: str) -> dict[str, Any]:
    return {"items": [item], "total": 51, "limit": 1, "offset": 0, "next": f"{path}?limit=1&offset=1"}


def examples() -> dict[tuple[str, str], dict[str, Any]]:
    """(method, path) -> {"request": body, "responses": {status: body}}."""
    from .club_examples import examples as club_examples
    from .rulesets import ruleset_json
    from .table_examples import examples as table_examples

    t = "/v1/tournaments/{tournament_id}"
    game = _game()
    weihai = ruleset_json(WEIHAI)
    return {
        ("post", "/v1/adjudications"): {
            "request": _record(),
            "responses": {"200": _adjudication()},
            "more": {"illegal": _illegal()},
        },
        ("post", "/v1/scores"): {"request": SHEET, "responses": {"200": _scored()}},
        ("get", "/v1/rulesets"): {"responses": {"200": {"rulesets": [weihai]}}},
        ("get", "/v1/rulesets/{name}"): {"responses": {"200": weihai}},
        ("get", "/v1/tournaments"): {"responses": {"200": _page(TOURNAMENT, "/v1/tournaments")}},
        ("post", "/v1/tournaments"): {
            "request": {"name": "Winter league", "ruleset": {"name": "weihai", "options": {"pass": "hard"}}},
            "responses": {
                "201": {**TOURNAMENT, "ruleset": {"name": "weihai", "options": {"pass": "hard"}}, "frozen": False}
            },
        },
        ("get", t): {"responses": {"200": TOURNAMENT}},
        ("patch", t): {"request": {"status": "closed"}, "responses": {"200": {**TOURNAMENT, "status": "closed"}}},
        ("get", f"{t}/players"): {"responses": {"200": _page(PLAYER, "/v1/tournaments/3/players")}},
        ("post", f"{t}/players"): {"request": {"name": "老王"}, "responses": {"201": PLAYER}},
        ("get", f"{t}/players/{{player_id}}"): {"responses": {"200": PLAYER}},
        ("patch", f"{t}/players/{{player_id}}"): {
            "request": {"withdrawn": True},
            "responses": {"200": {**PLAYER, "withdrawn": True, "withdrawn_at": "2026-11-30T21:00:00+00:00"}},
        },
        ("get", f"{t}/standings"): {
            "responses": {
                "200": {
                    "tournament_id": 3,
                    "order": "total score, then wins, then fewer games; players equal on all of these share a rank "
                    "(1, 2, 2, 4) and are listed by name",
                    "standings": [STANDING],
                }
            }
        },
        ("get", f"{t}/games"): {"responses": {"200": _page(game, "/v1/tournaments/3/games")}},
        ("post", f"{t}/games"): {
            "request": {"players": [11, 12, 13, 14, 15], "record": _record(), "played_at": "2026-11-30T19:30:00+08:00"},
            "responses": {"201": game},
        },
        ("get", f"{t}/games/{{game_id}}"): {"responses": {"200": game}},
        ("get", f"{t}/games/{{game_id}}/history"): {
            "responses": {
                "200": {
                    "game_id": 41,
                    "versions": [
                        {
                            "version": 1,
                            "action": "submit",
                            "kind": "record",
                            "reason": None,
                            "key_id": None,
                            "key_label": None,
                            "created_at": game["created_at"],
                            "body": json.dumps({"players": [11, 12, 13, 14, 15], "record": {"…": "…"}}),
                            "outcome": game["outcome"],
                        }
                    ],
                }
            }
        },
        ("post", f"{t}/games/{{game_id}}/corrections"): {
            "request": {"action": "void", "reason": "entered at the wrong table"},
            "responses": {"201": _game(version=2, voided=True)},
        },
        ("post", f"{t}/rounds"): {"responses": {"201": ROUND_EXAMPLE}},
        ("get", f"{t}/rounds"): {"responses": {"200": {"rounds": [ROUND_EXAMPLE]}}},
        ("get", f"{t}/rounds/{{number}}"): {"responses": {"200": ROUND_EXAMPLE}},
        ("delete", f"{t}/rounds/{{number}}"): {"responses": {"200": ROUND_EXAMPLE}},
        ("post", f"{t}/webhooks"): {
            "request": {"url": "https://club.example/hooks/baohuang", "events": ["game.stored", "round.created"]},
            "responses": {"201": {**WEBHOOK_EXAMPLE, "secret": "whsec_Zm9yIGV4YW1wbGUgb25seQ"}},
        },
        ("get", f"{t}/webhooks"): {"responses": {"200": {"webhooks": [WEBHOOK_EXAMPLE]}}},
        ("delete", f"{t}/webhooks/{{webhook_id}}"): {"responses": {"200": WEBHOOK_EXAMPLE}},
        ("get", f"{t}/webhooks/{{webhook_id}}/deliveries"): {
            "responses": {
                "200": {
                    "deliveries": [
                        {
                            "id": 301,
                            "event_id": 977,
                            "event": "game.stored",
                            "state": "delivered",
                            "attempts": [
                                {"at": "2026-11-30T20:01:02+00:00", "status": 500, "error": None},
                                {"at": "2026-11-30T20:01:12+00:00", "status": 204, "error": None},
                            ],
                            "next_at": None,
                            "delivered_at": "2026-11-30T20:01:12+00:00",
                        }
                    ]
                }
            }
        },
        ("post", f"{t}/webhooks/{{webhook_id}}/deliveries/{{delivery_id}}/redeliver"): {
            "responses": {"202": {"id": 301, "state": "pending", "next_at": "2026-11-30T21:00:00+00:00"}}
        },
        ("post", "/v1/adjudications/stream"): {
            "request_media": {
                "application/x-ndjson": '{"ruleset": "weihai", "deal": ["…"], "plays": ["…"]}\n{not json\n'
            },
            "responses": {
                "200": '{"verdict": "legal", "ruleset": {"name": "weihai"}, "outcome": {"…": "…"}}\n'
                '{"type": "/problems/invalid-record", "status": 422, "line": 2, "detail": "line 2: the body is not …"}\n'
            },
            "media": "application/x-ndjson",
        },
        ("post", f"{t}/games/import"): {
            "request_media": {
                "application/x-ndjson": json.dumps({"players": [11, 12, 13, 14, 15], "record": {"…": "…"}})
                + "\n"
                + json.dumps({"players": [12, 13, 14, 15, 16], "sheet": {"mode": "normal", "…": "…"}})
                + "\n"
            },
            "responses": {
                "200": json.dumps({"line": 1, "status": "stored", "game_id": 41, "replayed": False})
                + "\n"
                + json.dumps({"line": 2, "status": "duplicate", "game_id": 17})
                + "\n"
            },
            "media": "application/x-ndjson",
        },
        ("get", f"{t}/games/export"): {
            "responses": {
                "200": json.dumps(
                    {
                        "id": 41,
                        "version": 1,
                        "voided": False,
                        "played_at": game["played_at"],
                        "players": [11, 12, 13, 14, 15],
                        "kind": "record",
                        "submission": {"players": [11, 12, 13, 14, 15], "record": {"…": "…"}},
                        "outcome": {"…": "…"},
                    },
                    ensure_ascii=False,
                )
                + "\n"
            },
            "media": "application/x-ndjson",
        },
        **table_examples(t),
        **club_examples(),
        ("get", "/livez"): {"responses": {"200": {"status": "ok"}}},
        ("get", "/readyz"): {"responses": {"200": {"status": "ok", "database": "postgresql", "schema": "head"}}},
        ("get", "/metrics"): {
            "responses": {
                "200": "# TYPE baohuang_adjudications_total counter\n"
                'baohuang_adjudications_total{verdict="legal"} 1520.0\n'
            },
            "media": "text/plain",
        },
    }


class ServiceDocPlugin(BasePlugin):
    """Adds to every operation: X-Request-ID on its answers, 415 where it reads a body, 429
    where it is rate-limited, and its examples."""

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any) -> None:
        if path is None or not operations:
            return
        known = examples()
        for method, op in operations.items():
            responses: dict[str, Any] = op.setdefault("responses", {})
            if "requestBody" in op or method in ("post", "patch"):
                responses.setdefault("415", "UNSUPPORTED_MEDIA_TYPE")
            if path not in UNLIMITED:
                responses.setdefault("429", "TOO_MANY_REQUESTS")
            example = known.get((method, path), {})
            body = example.get("request")
            if "requestBody" in op:
                for name, media in op["requestBody"].get("content", {}).items():
                    if name == "application/json" and body is not None:
                        media["example"] = body
                    elif name in example.get("request_media", {}):
                        media["example"] = example["request_media"][name]
                    elif name == "text/x-baohuang":
                        media["example"] = NOTATION_EXAMPLE
            for status, response in responses.items():
                if not isinstance(response, dict) or "$ref" in response:
                    continue  # a shared answer (components), which has its headers there
                response.setdefault("headers", {})["X-Request-ID"] = REQUEST_ID
                answer = example.get("responses", {}).get(str(status))
                if answer is None:
                    continue
                if "content" not in response and example.get("media"):
                    response["content"] = {example["media"]: {"schema": {"type": "string"}}}
                for media in response.get("content", {}).values():
                    if example.get("more"):
                        media["examples"] = {
                            "legal": {"value": answer},
                            **{name: {"value": v} for name, v in example["more"].items()},
                        }
                    else:
                        media["example"] = answer


WEBHOOK_EXAMPLE = {
    "id": 5,
    "url": "https://club.example/hooks/baohuang",
    "events": ["game.stored", "round.created"],
    "created_at": "2026-11-30T18:00:00+00:00",
}

ROUND_EXAMPLE = {
    "number": 2,
    "method": "balanced",
    "created_at": "2026-11-30T19:30:00+00:00",
    "tables": [
        {
            "table": 1,
            "seats": [
                {"seat": 0, "player_id": 11, "name": "张伟"},
                {"seat": 1, "player_id": 14, "name": "Li Na"},
                {"seat": 2, "player_id": 12, "name": "王芳"},
                {"seat": 3, "player_id": 16, "name": "赵雷"},
                {"seat": 4, "player_id": 13, "name": "Anna"},
            ],
            "games": [{"deal": 1, "game_id": 41}],
            "missing_deals": [2],
        }
    ],
    "sitting_out": [{"player_id": 15, "name": "刘洋"}],
}

NOTATION_EXAMPLE = """[Ruleset "weihai"]
[Players "11 12 13 14 15"]

calls
0 ascend, 2 rebel

plays
9 9, 10 10, -, -, J J, -, -, -, -
"""


def component_headers(status: int) -> dict[str, Any]:
    """The headers of the shared error answers."""
    headers: dict[str, Any] = {"X-Request-ID": REQUEST_ID}
    if status in (429, 503):
        headers["Retry-After"] = RETRY_AFTER
    if status == 401:
        headers["WWW-Authenticate"] = {"description": 'Bearer realm="baohuang"', "schema": {"type": "string"}}
    return headers
