"""Examples of score entry at the table, for openapi.yaml (apidoc.examples merges them)."""

from __future__ import annotations

from typing import Any

SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
PLAYERS = [
    {"seat": 0, "player_id": 11, "name": "张伟"},
    {"seat": 1, "player_id": 14, "name": "Li Na"},
    {"seat": 2, "player_id": 12, "name": "王芳"},
    {"seat": 3, "player_id": 16, "name": "赵雷"},
    {"seat": 4, "player_id": 13, "name": "Anna"},
]
ROLES = ("emperor", "guard", "other", "other", "other")
SCORES = (4, 2, -2, -2, -2)
PLACES = (1, 4, 2, 3, 5)


def _entry(state: str, confirmed: bool) -> dict[str, Any]:
    return {
        "id": 7,
        "deal": 1,
        "state": state,
        "kind": "sheet",
        "entered_by": {"player_id": 11, "name": "张伟"},
        "side": "crown",
        "confirmed_by": {"player_id": 12, "name": "王芳"} if confirmed else None,
        "by_director": False,
        "game_id": 41 if confirmed else None,
        "created_at": "2026-11-30T19:42:00+00:00",
        "updated_at": "2026-11-30T19:43:10+00:00" if confirmed else "2026-11-30T19:42:00+00:00",
        "seats": [{**p, "role": ROLES[k], "place": PLACES[k], "score": SCORES[k]} for k, p in enumerate(PLAYERS)],
        "outcome": {"mode": "normal", "emperor": 0, "guard": 1, "scores": list(SCORES), "…": "…"},
    }


def examples(t: str) -> dict[tuple[str, str], dict[str, Any]]:
    table = f"{t}/rounds/{{number}}/tables/{{table}}"
    deal = {"deal": 1, "state": "pending", "game_id": None, "entries": [_entry("pending", False)]}
    return {
        ("post", f"{t}/rounds/{{number}}/table-links"): {
            "responses": {
                "201": {
                    "tournament_id": 3,
                    "round": 2,
                    "expires_at": "2026-12-01T07:30:00+00:00",
                    "links": [
                        {
                            "table": 1,
                            "token": "bht_q0Z…(shown once)",
                            "path": "/table/bht_q0Z…",
                            "url": "https://referee.example/table/bht_q0Z…",
                            "players": PLAYERS,
                        }
                    ],
                }
            }
        },
        ("get", table): {
            "responses": {
                "200": {
                    "tournament": {"id": 3, "name": "Winter league", "ruleset": "weihai", "player_pins": False},
                    "round": 2,
                    "table": 1,
                    "deals_per_round": 2,
                    "expires_at": "2026-12-01T07:30:00+00:00",
                    "players": PLAYERS,
                    "next_deal": 2,
                    "deals": [deal, {"deal": 2, "state": "missing", "game_id": None, "entries": []}],
                }
            }
        },
        ("post", f"{table}/deals"): {
            "request": {"entered_by": 11, "sheet": SHEET},
            "responses": {"201": _entry("pending", False), "200": _entry("pending", False)},
        },
        ("post", f"{table}/deals/{{deal}}/confirm"): {
            "request": {"player": 12, "entry": 7},
            "responses": {"200": _entry("confirmed", True)},
        },
        ("post", f"{table}/deals/{{deal}}/withdraw"): {
            "request": {"player": 11, "entry": 7},
            "responses": {"200": {**_entry("pending", False), "state": "withdrawn"}},
        },
        ("post", f"{table}/deals/{{deal}}/entries/{{entry}}/withdraw"): {
            "responses": {"200": {**_entry("pending", False), "state": "withdrawn"}},
        },
        ("get", f"{t}/rounds/{{number}}/pins"): {
            "responses": {
                "200": {
                    "tournament_id": 3,
                    "round": 2,
                    "pins": [
                        {"player_id": p["player_id"], "name": p["name"], "table": 1, "pin": f"{4711 + 37 * k}"}
                        for k, p in enumerate(PLAYERS)
                    ],
                }
            },
        },
        ("get", f"{t}/rounds/{{number}}/entries"): {
            "responses": {
                "200": {
                    "tournament_id": 3,
                    "round": 2,
                    "entries": [_entry("replaced", False), _entry("confirmed", True)],
                }
            },
        },
        ("get", f"{t}/rounds/{{number}}/table-links"): {
            "responses": {
                "200": {
                    "tournament_id": 3,
                    "round": 2,
                    "expires_at": "2026-12-01T07:30:00+00:00",
                    "links": [
                        {
                            "table": 1,
                            "token": "bht_3q2-7wJk0V1aZ6mQ9sYxT4cR8nLpE5uH2oBfD0gKjWc",
                            "path": "/table/bht_3q2-7wJk0V1aZ6mQ9sYxT4cR8nLpE5uH2oBfD0gKjWc",
                            "url": "https://club.example/table/bht_3q2-7wJk0V1aZ6mQ9sYxT4cR8nLpE5uH2oBfD0gKjWc",
                            "players": PLAYERS,
                        }
                    ],
                }
            },
        },
        ("post", f"{table}/deals/{{deal}}/resolve"): {
            "request": {"entry": 7, "reason": "the rebels' slip matches the score sheet"},
            "responses": {"200": {"round": 2, "table": 1, "deal": 1, "game_id": 41, "entry_id": 7}},
        },
        ("get", f"{t}/rounds/{{number}}/board"): {
            "responses": {
                "200": {
                    "tournament_id": 3,
                    "round": 2,
                    "closed_at": None,
                    "deals_per_round": 2,
                    "counts": {"missing": 1, "pending": 1, "disputed": 0, "confirmed": 0},
                    "version": "1.2026-11-30T19:42:00+00:00.0.0.open",
                    "tables": [
                        {
                            "table": 1,
                            "players": PLAYERS,
                            "last_activity": "2026-11-30T19:42:00+00:00",
                            "silent_seconds": 95,
                            "link_expires_at": "2026-12-01T07:30:00+00:00",
                            "deals": [deal, {"deal": 2, "state": "missing", "game_id": None, "entries": []}],
                        }
                    ],
                }
            }
        },
        ("post", f"{t}/rounds/{{number}}/close"): {
            "responses": {
                "200": {
                    "tournament_id": 3,
                    "round": 2,
                    "closed_at": "2026-11-30T22:00:00+00:00",
                    "left": {"pending": [{"table": 1, "deal": 2}], "disputed": [], "missing": []},
                }
            }
        },
        ("post", f"{t}/rounds/{{number}}/reopen"): {
            "responses": {
                "200": {
                    "tournament_id": 3,
                    "round": 2,
                    "closed_at": None,
                    "left": {
                        "pending": [{"table": 1, "deal": 2}],
                        "disputed": [],
                        "missing": [{"table": 2, "deal": 4}],
                    },
                }
            }
        },
    }
