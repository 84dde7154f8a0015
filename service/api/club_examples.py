"""Examples of organizers and their keys, members, ratings and seasons, for openapi.yaml (apidoc.examples
merges them)."""

from __future__ import annotations

from typing import Any

KEY = {"id": 2, "prefix": "bh_Xq3v9d", "label": "laptop", "created_at": "2026-11-30T10:00:00+00:00", "revoked_at": None}
ORGANIZER = {
    "id": 1,
    "name": "Weihai card club",
    "created_at": "2026-11-30T10:00:00+00:00",
    "time_zone": "Asia/Shanghai",
}
RATING = {"rating": 11.87, "mu": 29.41, "sigma": 5.847, "games": 14, "provisional": False}
MEMBER = {"id": 21, "organizer_id": 1, "name": "张伟", "merged_into": None, "players": 3, **RATING}
SEASON = {
    "id": 2,
    "organizer_id": 1,
    "name": "2026 冬季",
    "counting": "best",
    "best": 8,
    "tournaments": [{"id": 3, "name": "周一联赛", "created_at": "2026-11-30T18:00:00+00:00"}],
    "created_at": "2026-11-01T10:00:00+00:00",
}
ROLE = {"games": 4, "wins": 3, "average": 2.5}
STEP = {"game_id": 41, "played_at": "2026-11-30T19:42:00+00:00", "rating": 1.2, "mu": 26.1, "sigma": 8.3}
UP_TO_DATE = {"up_to_date": True, "pending_since": None, "from_played_at": None}
STANDING = {
    "rank": 1,
    "member_id": 21,
    "name": "张伟",
    "total": 42,
    "games": 30,
    "wins": 19,
    "byes": 1,
    "average": 1.367,
    "evenings": 9,
    "evenings_counted": 8,
    "counted_tournaments": [3, 4, 5, 6, 7, 9, 10, 11],
    **{f"{r}_{k}": v for r in ("emperor", "guard", "other") for k, v in ROLE.items()},
    "rebel_games": 2,
    "rebel_wins": 1,
    "rebel_average": 0.0,
}


def examples() -> dict[tuple[str, str], dict[str, Any]]:
    o = "/v1/organizers/{organizer_id}"
    return {
        ("post", "/v1/organizers"): {
            "request": {"name": "Weihai card club", "time_zone": "Asia/Shanghai"},
            "responses": {
                "201": {
                    "organizer": ORGANIZER,
                    "key": {**KEY, "id": 1, "label": "first key", "secret": "bh_Xq3v9d…(shown once)"},
                }
            },
        },
        ("get", "/v1/organizers/{organizer_id}"): {"responses": {"200": ORGANIZER}},
        ("patch", "/v1/organizers/{organizer_id}"): {
            "request": {"time_zone": "Asia/Taipei"},
            "responses": {"200": {**ORGANIZER, "time_zone": "Asia/Taipei"}},
        },
        ("get", "/v1/organizers/{organizer_id}/keys"): {"responses": {"200": {"keys": [KEY]}}},
        ("post", "/v1/organizers/{organizer_id}/keys"): {
            "request": {"label": "laptop"},
            "responses": {"201": {**KEY, "secret": "bh_Xq3v9d…(shown once)"}},
        },
        ("delete", "/v1/organizers/{organizer_id}/keys/{key_id}"): {
            "responses": {"200": {**KEY, "revoked_at": "2026-11-30T12:00:00+00:00"}}
        },
        ("get", f"{o}/members"): {
            "responses": {
                "200": {
                    "members": [MEMBER],
                    "total": 1,
                    "limit": 100,
                    "offset": 0,
                    "next": None,
                    "ratings": UP_TO_DATE,
                }
            }
        },
        ("get", f"{o}/members/{{member_id}}/rating-history"): {
            "responses": {
                "200": {
                    "member_id": 21,
                    "steps": [STEP],
                    "total": 14,
                    "limit": 1,
                    "offset": 0,
                    "next": "/v1/organizers/1/members/21/rating-history?limit=1&offset=1",
                }
            }
        },
        ("get", f"{o}/members/{{member_id}}"): {
            "responses": {
                "200": {
                    **{k: v for k, v in MEMBER.items() if k != "players"},
                    "ratings": {
                        "up_to_date": False,
                        "pending_since": "2026-11-30T20:15:02+00:00",
                        "from_played_at": "2026-11-02T19:30:00+00:00",
                    },
                    "rating_steps": 14,
                    "evenings": [
                        {
                            "tournament_id": 3,
                            "tournament": "周一联赛",
                            "player_id": 11,
                            "name": "张伟",
                            "at": "2026-11-30T18:00:00+00:00",
                            "games": 5,
                            "byes": 0,
                            "total": 6,
                            "cumulative": 6,
                        }
                    ],
                    "evenings_total": 1,
                    "evenings_before": None,
                    "rating_history": [STEP],
                    "rating_series": [STEP],
                    "by_role": [
                        {"role": "emperor", "games": 2, "wins": 1, "total": 4, "average": 2.0},
                        {"role": "guard", "games": 1, "wins": 1, "total": 2, "average": 2.0},
                        {"role": "other", "games": 2, "wins": 1, "total": 0, "average": 0.0},
                    ],
                    "rebellion": {"role": "rebel", "games": 1, "wins": 0, "total": -2, "average": -2.0},
                    "partners": [{"member_id": 22, "name": "李娜", "games": 3}],
                    "opponents": [{"member_id": 23, "name": "王芳", "games": 4}],
                    "events": [],
                }
            }
        },
        ("post", f"{o}/members/{{member_id}}/merge"): {
            "request": {"member_id": 27, "reason": "同一个人登记了两次"},
            "responses": {
                "200": {
                    "id": 21,
                    "organizer_id": 1,
                    "name": "张伟",
                    "merged_into": None,
                    "moved_players": 2,
                    "merged": 27,
                }
            },
        },
        ("get", f"{o}/seasons"): {"responses": {"200": {"seasons": [SEASON]}}},
        ("post", f"{o}/seasons"): {
            "request": {"name": "2026 冬季", "counting": "best", "best": 8, "tournaments": [3]},
            "responses": {"201": SEASON},
        },
        ("get", f"{o}/seasons/{{season_id}}"): {"responses": {"200": SEASON}},
        ("patch", f"{o}/seasons/{{season_id}}"): {"request": {"tournaments": [3, 4]}, "responses": {"200": SEASON}},
        ("get", f"{o}/seasons/{{season_id}}/standings"): {
            "responses": {
                "200": {
                    "season_id": 2,
                    "counting": "best",
                    "best": 8,
                    "after": None,
                    "tournaments": [3],
                    "order": "total score, then wins, then fewer games; members equal on all of these share a rank "
                    "(1, 2, 2, 4) and are listed by name",
                    "standings": [STANDING],
                }
            }
        },
    }
