"""The committed openapi.yaml is the one the code generates."""

from pathlib import Path

import yaml

from service.app import openapi_yaml

ROOT = Path(__file__).resolve().parents[2]


def test_committed_openapi_matches_the_app(app):
    committed = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    generated = openapi_yaml(app)
    assert yaml.safe_load(committed) == yaml.safe_load(generated), (
        "openapi.yaml is stale: regenerate it with `baohuang openapi > openapi.yaml`"
    )


def test_openapi_is_3_1_and_lists_every_route(app):
    spec = yaml.safe_load(openapi_yaml(app))
    assert spec["openapi"].startswith("3.1")
    assert set(spec["paths"]) == {
        "/v1/adjudications",
        "/v1/adjudications/stream",
        "/v1/positions",
        "/v1/positions/check",
        "/v1/scores",
        "/v1/rulesets",
        "/v1/rulesets/{name}",
        "/v1/organizers",
        "/v1/organizers/{organizer_id}",
        "/v1/organizers/{organizer_id}/keys",
        "/v1/organizers/{organizer_id}/keys/{key_id}",
        "/v1/tournaments",
        "/v1/tournaments/{tournament_id}",
        "/v1/tournaments/{tournament_id}/players",
        "/v1/tournaments/{tournament_id}/players/{player_id}",
        "/v1/tournaments/{tournament_id}/standings",
        "/v1/tournaments/{tournament_id}/games",
        "/v1/tournaments/{tournament_id}/games/{game_id}",
        "/v1/tournaments/{tournament_id}/games/{game_id}/history",
        "/v1/tournaments/{tournament_id}/games/{game_id}/corrections",
        "/v1/tournaments/{tournament_id}/games/export",
        "/v1/tournaments/{tournament_id}/games/import",
        "/v1/tournaments/{tournament_id}/rounds",
        "/v1/tournaments/{tournament_id}/rounds/{number}",
        "/v1/tournaments/{tournament_id}/webhooks",
        "/v1/tournaments/{tournament_id}/webhooks/{webhook_id}",
        "/v1/tournaments/{tournament_id}/webhooks/{webhook_id}/deliveries",
        "/v1/tournaments/{tournament_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver",
        "/v1/tournaments/{tournament_id}/rounds/{number}/table-links",
        "/v1/tournaments/{tournament_id}/rounds/{number}/board",
        "/v1/tournaments/{tournament_id}/rounds/{number}/close",
        "/v1/tournaments/{tournament_id}/rounds/{number}/reopen",
        "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}",
        "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}/deals",
        "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}/deals/{deal}/confirm",
        "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}/deals/{deal}/resolve",
        "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}/deals/{deal}/withdraw",
        "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}/deals/{deal}/entries/{entry}/withdraw",
        "/v1/tournaments/{tournament_id}/rounds/{number}/entries",
        "/v1/tournaments/{tournament_id}/rounds/{number}/pins",
        "/v1/organizers/{organizer_id}/members",
        "/v1/organizers/{organizer_id}/members/{member_id}",
        "/v1/organizers/{organizer_id}/members/{member_id}/rating-history",
        "/v1/organizers/{organizer_id}/members/{member_id}/merge",
        "/v1/organizers/{organizer_id}/seasons",
        "/v1/organizers/{organizer_id}/seasons/{season_id}",
        "/v1/organizers/{organizer_id}/seasons/{season_id}/standings",
        "/livez",
        "/readyz",
        "/metrics",
    }
    # every write says it needs a key
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            if method in ("post", "patch", "delete") and path.startswith(("/v1/tournaments", "/v1/organizers/")):
                # a table's own writes take its table token; every other write an organizer's key
                table_write = path.endswith(("/deals", "/confirm", "/{deal}/withdraw"))
                if table_write:
                    assert op.get("security") == [{"tableToken": []}], (method, path)
                else:  # an organizer's key, with the one scope the operation needs
                    (needs,) = op.get("security")
                    assert list(needs) == ["bearerAuth"] and needs["bearerAuth"] in (["enter"], ["manage"], ["keys"])


def test_every_operation_shows_an_example_and_its_headers():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            if method not in ("get", "post", "patch", "delete"):
                continue
            for media in op.get("requestBody", {}).get("content", {}).values():
                assert "example" in media, (method, path, "request")
            answers = [r for r in op["responses"].values() if "content" in r]
            assert any("example" in m or "examples" in m for r in answers for m in r["content"].values()), (
                method,
                path,
            )
            assert all("X-Request-ID" in r.get("headers", {}) for r in answers), (method, path)
            if method in ("post", "patch"):
                assert "415" in op["responses"], (method, path)
            if path not in ("/livez", "/readyz", "/metrics"):
                assert "429" in op["responses"], (method, path)
    game = spec["paths"]["/v1/tournaments/{tournament_id}/games"]["post"]["responses"]["201"]
    assert {"Location", "Idempotent-Replayed", "X-Request-ID"} <= set(game["headers"])
    assert "Retry-After" in spec["components"]["responses"]["TOO_MANY_REQUESTS"]["headers"]
