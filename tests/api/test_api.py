"""The HTTP API through Flask's test client."""

import json

import pytest

from service.core import random_record

pytestmark = pytest.mark.compiled  # run again against the compiled core

PROBLEM = "application/problem+json"


def test_adjudicate_a_legal_game(client):
    rec = random_record(8)
    r = client.post("/v1/adjudications", json=rec)
    assert r.status_code == 200
    body = r.get_json()
    assert body["verdict"] == "legal"
    assert body["violation"] is None
    out = body["outcome"]
    assert sum(out["scores"]) == 0
    assert sorted(out["finishing_order"]) == [0, 1, 2, 3, 4]
    assert out["scores"] == [b * out["multiplier"] for b in out["base_scores"]]
    assert body["ruleset"]["name"] == "weihai"


def test_adjudicate_an_illegal_game_names_the_play_and_shows_the_state(client):
    rec = random_record(8)
    k = next(i for i, p in enumerate(rec["plays"]) if "cards" in p and i > 3)
    rec["plays"][k]["seat"] = (rec["plays"][k]["seat"] + 1) % 5
    body = client.post("/v1/adjudications", json=rec).get_json()
    assert body["verdict"] == "illegal"
    assert body["outcome"] is None
    v = body["violation"]
    assert v["code"] == "out_of_turn"
    assert v["pointer"] == f"/plays/{k}"
    assert v["seat"] == rec["plays"][k]["seat"]
    assert set(v["state"]) == {"hand", "table", "table_seat", "turn", "out"}
    assert v["message"]


def test_incomplete_game(client):
    rec = random_record(9)
    rec["plays"] = rec["plays"][:20]
    body = client.post("/v1/adjudications", json=rec).get_json()
    assert body["verdict"] == "incomplete"
    assert body["violation"]["pointer"] == "/plays"


def test_illegal_deal_is_a_verdict_not_a_422(client):
    rec = random_record(9)
    rec["deal"][0] = rec["deal"][0] + " 7"
    r = client.post("/v1/adjudications", json=rec)
    assert r.status_code == 200
    assert r.get_json()["violation"]["pointer"] == "/deal/0"


def test_reconstructed_deal_is_said(client):
    body = client.post("/v1/adjudications", json=random_record(10, with_deal=False)).get_json()
    assert body["verdict"] == "legal"
    assert body["deal_reconstructed"] is True
    assert body["notes"]


def test_ruleset_with_options(client):
    rec = random_record(10)
    rec["ruleset"] = {"name": "weihai", "options": {"reveal_and_rebellion": "stacked"}}
    body = client.post("/v1/adjudications", json=rec).get_json()
    assert body["ruleset"]["options"]["reveal_and_rebellion"] == "stacked"


@pytest.mark.parametrize(
    ("body", "pointers"),
    [
        (b"{not json", [""]),
        (b"[1, 2]", [""]),
        (b"\xff\xfe", [""]),
        (b"[" * 100000 + b"]" * 100000, [""]),
        (json.dumps({"deal": ["7"] * 4, "calls": [], "plays": []}).encode(), ["/deal"]),
        (
            json.dumps({"calls": [{"seat": 7, "call": "ascend"}, {"seat": 0, "call": "fly"}]}).encode(),
            ["/calls/0/seat", "/calls/1/call"],
        ),
        (
            json.dumps(
                {"plays": [{"seat": 0, "cards": "7 Z"}, {"seat": 1}, "x", {"seat": 2, "cards": "7", "pass": True}]}
            ).encode(),
            ["/plays/0/cards", "/plays/1", "/plays/2", "/plays/3/pass"],
        ),
        (json.dumps({"ruleset": "nope"}).encode(), ["/ruleset"]),
        (
            json.dumps({"ruleset": {"name": "weihai", "options": {"pass": "sticky", "colour": 1}}}).encode(),
            ["/ruleset/options/pass", "/ruleset/options/colour"],
        ),
        (json.dumps({"plays": [], "extra": 1}).encode(), ["/extra"]),
        (json.dumps({"guard": 5}).encode(), ["/guard"]),
    ],
)
def test_not_a_record_is_422_listing_every_problem(client, body, pointers):
    r = client.post("/v1/adjudications", data=body, content_type="application/json")
    assert r.status_code == 422
    assert r.content_type == PROBLEM
    doc = r.get_json()
    assert doc["status"] == 422 and doc["type"] and doc["title"]
    assert [e["pointer"] for e in doc["errors"]] == pointers


def test_problems_anywhere_in_the_log_win_over_a_violation(client):
    rec = random_record(13)
    rec["plays"][0]["seat"] = (rec["plays"][0]["seat"] + 1) % 5  # a violation at /plays/0
    rec["plays"][-1]["cards"] = "7 Q2"  # and a token that is not a card at the end
    r = client.post("/v1/adjudications", json=rec)
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["pointer"] == f"/plays/{len(rec['plays']) - 1}/cards"


def test_scores_seed_004_example(client):
    sheet = {
        "mode": "normal",
        "emperor": 0,
        "guard": 3,
        "finishing_order": [0, 1, 2, 3, 4],
        "guard_revealed": True,
        "kicked_by": 1,
    }
    body = client.post("/v1/scores", json=sheet).get_json()
    assert body["scores"] == [16, -8, -8, 8, -8]
    assert body["multiplier"] == 4
    assert [m["rule"] for m in body["multipliers"]] == ["reveal_or_rebellion", "kick"]


def test_scores_agree_with_adjudication(client):
    for seed in range(10):
        out = client.post("/v1/adjudications", json=random_record(seed)).get_json()["outcome"]
        sheet = {
            k: out[k] for k in ("mode", "emperor", "guard", "rebels", "guard_revealed", "kicked_by", "finishing_order")
        }
        body = client.post("/v1/scores", json=sheet).get_json()
        assert body["scores"] == out["scores"], sheet


@pytest.mark.parametrize(
    ("sheet", "pointer"),
    [
        (
            {"mode": "normal", "emperor": 0, "guard": 1, "kicked_by": 2, "finishing_order": [0, 1, 2, 3, 4]},
            "/kicked_by",
        ),
        ({"mode": "normal", "emperor": 0, "guard": 0, "finishing_order": [0, 1, 2, 3, 4]}, "/guard"),
        ({"mode": "normal", "emperor": 0, "finishing_order": [0, 1, 2, 3, 4]}, "/guard"),
        ({"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 3]}, "/finishing_order"),
        ({"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3]}, "/finishing_order"),
        ({"mode": "normal", "emperor": 0, "guard": 1, "rebels": [1], "finishing_order": [0, 1, 2, 3, 4]}, "/rebels/0"),
        ({"mode": "open_solo", "emperor": 0, "rebels": [2], "finishing_order": [0, 1, 2, 3, 4]}, "/rebels/0"),
        ({"mode": "open_solo", "emperor": 0, "guard": 2, "finishing_order": [0, 1, 2, 3, 4]}, "/guard"),
        ({"mode": "open_solo", "emperor": 0, "kicked_by": 0, "finishing_order": [0, 1, 2, 3, 4]}, "/kicked_by"),
        ({"mode": "surrender", "emperor": 0}, "/mode"),
        ({"mode": "normal", "emperor": 5, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}, "/emperor"),
        ({"mode": "sideways", "emperor": 0}, "/mode"),
        ({"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4], "ruleset": "x"}, "/ruleset"),
        ({"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4], "bonus": 1}, "/bonus"),
    ],
)
def test_impossible_sheets_are_422_with_a_pointer(client, sheet, pointer):
    r = client.post("/v1/scores", json=sheet)
    assert r.status_code == 422, r.get_json()
    assert r.content_type == PROBLEM
    assert pointer in [e["pointer"] for e in r.get_json()["errors"]]


def test_surrender_sheet_where_the_ruleset_allows_it(client):
    sheet = {"mode": "surrender", "emperor": 2, "ruleset": {"name": "weihai", "options": {"surrender": True}}}
    body = client.post("/v1/scores", json=sheet).get_json()
    assert body["scores"] == [1, 1, -4, 1, 1]


def test_rulesets(client):
    body = client.get("/v1/rulesets").get_json()
    assert [r["name"] for r in body["rulesets"]] == ["weihai", "standard", "kk-simple", "kk-classic", "shandong"]
    one = client.get("/v1/rulesets/weihai").get_json()
    assert one["hand_sizes"] == [33] * 5 and one["deck_size"] == 165
    standard = client.get("/v1/rulesets/standard").get_json()
    assert standard["hand_sizes"] == [43] * 5 and standard["set_aside"] == "BJ" and standard["suits_required"]
    options = {o["key"]: o for o in one["options"]}
    assert options["pass"]["default"] == "soft"
    assert options["pass"]["choices"] == ["soft", "hard"]
    assert options["rebellion_threshold"]["default"] == 2
    assert all(o["description"] for o in one["options"])
    r = client.get("/v1/rulesets/nowhere")
    assert r.status_code == 404 and r.content_type == PROBLEM


def test_unknown_route_and_method_are_problems(client):
    assert client.get("/v2/nothing").content_type == PROBLEM
    r = client.get("/v1/adjudications")
    assert r.status_code == 405 and r.content_type == PROBLEM


def test_void_sheet_where_the_ruleset_can_void(client):
    body = client.post("/v1/scores", json={"mode": "void", "emperor": None, "ruleset": "kk-simple"}).get_json()
    assert body["scores"] == [0, 0, 0, 0, 0] and body["emperor"] is None
    r = client.post("/v1/scores", json={"mode": "void", "emperor": None})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/mode"
    r = client.post(
        "/v1/scores", json={"mode": "void", "emperor": None, "ruleset": "standard", "finishing_order": [0, 1, 2, 3, 4]}
    )
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/finishing_order"


@pytest.mark.parametrize("name", ["weihai", "standard", "kk-simple", "kk-classic", "shandong"])
def test_every_preset_through_the_api(client, name):
    from service.core.ruleset import PRESETS

    for seed in range(3):
        rec = random_record(seed, PRESETS[name])
        body = client.post("/v1/adjudications", json=rec).get_json()
        assert body["verdict"] == "legal" and body["ruleset"]["name"] == name
        out = body["outcome"]
        sheet = {
            k: out[k] for k in ("mode", "emperor", "guard", "rebels", "guard_revealed", "kicked_by", "finishing_order")
        }
        sheet["ruleset"] = name
        assert client.post("/v1/scores", json=sheet).get_json()["scores"] == out["scores"]


@pytest.mark.parametrize("path", ["/v1/scores", "/v1/organizers", "/v1/adjudications"])
@pytest.mark.parametrize("body", [b"{nope", b"\xff\xfe", b"[1]"])
def test_bodies_that_are_not_json_objects_are_422_everywhere(client, path, body):
    r = client.post(path, data=body, content_type="application/json")
    assert r.status_code == 422 and r.content_type == PROBLEM
    assert r.get_json()["errors"][0]["pointer"] == ""
