"""Defects a hostile or careless client found, each reproduced as it was seen (SQLite and PostgreSQL)."""

from __future__ import annotations

import json

import pytest

from service.core import random_record
from tests.tournament_helpers import Club

PROBLEM = "application/problem+json"


# --- idempotency keys are scoped to organizer, method, path and body ---------------------------


def test_an_idempotency_key_does_not_replay_across_tournaments(db_client):
    club = Club(db_client)
    t22, ids22 = club.tournament(players=5)
    t23, ids23 = club.tournament(players=5)
    first = club.submit(t22, {"players": ids22, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert first.status_code == 201
    # The same key to another tournament is another request: refused, nothing replayed, nothing stored.
    other = club.submit(t23, {"players": ids23, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert other.status_code == 422 and other.content_type == PROBLEM
    assert other.get_json()["errors"][0]["code"] == "idempotency_key_reused"
    assert "Idempotent-Replayed" not in other.headers
    assert db_client.get(f"/v1/tournaments/{t23}/games").get_json()["total"] == 0
    # The same key, path and body is the same request: the first answer, headers included.
    again = club.submit(t22, {"players": ids22, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"]
    # Another body under the same key and path: refused.
    changed = club.submit(t22, {"players": ids22, "record": random_record(4)}, **{"Idempotency-Key": "K"})
    assert changed.status_code == 422 and changed.get_json()["errors"][0]["code"] == "idempotency_key_reused"


def test_idempotency_keys_belong_to_their_organizer(db_client):
    club, other = Club(db_client), Club(db_client, "other club")
    tid, ids = club.tournament(players=5)
    oid, oids = other.tournament(players=5)
    assert club.submit(tid, {"players": ids, "record": random_record(3)}, **{"Idempotency-Key": "K"}).status_code == 201
    r = other.submit(oid, {"players": oids, "record": random_record(3)}, **{"Idempotency-Key": "K"})
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
    assert r.get_json()["tournament_id"] == oid


def test_a_replay_keeps_the_body_key_order_free(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    rec = random_record(6)
    body = json.dumps({"players": ids, "record": rec})
    reordered = json.dumps({"record": dict(reversed(list(rec.items()))), "players": ids})
    h = {**club.auth, "Idempotency-Key": "x", "Content-Type": "application/json"}
    first = db_client.post(f"/v1/tournaments/{tid}/games", data=body, headers=h)
    again = db_client.post(f"/v1/tournaments/{tid}/games", data=reordered, headers=h)
    assert first.status_code == again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"


# --- 500s from input --------------------------------------------------------------------------

HUGE = "9" * 5000

BODY_ENDPOINTS = [
    ("POST", "/v1/adjudications", False),
    ("POST", "/v1/scores", False),
    ("POST", "/v1/organizers", False),
    ("POST", "/v1/organizers/{oid}/keys", True),
    ("POST", "/v1/tournaments", True),
    ("PATCH", "/v1/tournaments/{tid}", True),
    ("POST", "/v1/tournaments/{tid}/players", True),
    ("POST", "/v1/tournaments/{tid}/games", True),
    ("POST", "/v1/tournaments/{tid}/games/{gid}/corrections", True),
]


def _table(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    gid = club.submit(tid, {"players": ids, "record": random_record(1)}).get_json()["id"]
    return club, {"oid": club.organizer["id"], "tid": tid, "gid": gid}


def test_huge_integers_are_422_on_every_body_endpoint(db_client):
    club, ids = _table(db_client)
    for method, path, keyed in BODY_ENDPOINTS:
        r = db_client.open(
            path.format(**ids),
            method=method,
            data='{"name": ' + HUGE + "}",
            content_type="application/json",
            headers=club.auth if keyed else {},
        )
        assert r.status_code == 422, (path, r.status_code, r.data[:200])
        assert r.content_type == PROBLEM
        problem = r.get_json()["errors"][0]
        assert problem["code"] == "invalid_json" and "4,300 digits" in problem["detail"] and problem["pointer"] == ""


def test_nan_infinity_and_numbers_too_large_are_not_json(db_client):
    for text in ('{"mode": NaN}', '{"mode": Infinity}', '{"mode": -Infinity}', '{"emperor": 1e400}'):
        r = db_client.post("/v1/scores", data=text, content_type="application/json")
        assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "invalid_json", text


def test_dates_out_of_range_after_the_zone_shift_are_422(db_client):
    club, ids = _table(db_client)
    for edge in ("9999-12-31T23:59:59-08:00", "0001-01-01T00:00:00+08:00"):
        for param in ("since", "until"):
            r = db_client.get(f"/v1/tournaments/{ids['tid']}/games", query_string={param: edge})
            assert r.status_code == 422, (param, edge, r.data[:300])
            assert r.get_json()["errors"][0]["pointer"] == f"/query/{param}"
        players = [
            s["player_id"]
            for s in db_client.get(f"/v1/tournaments/{ids['tid']}/games/{ids['gid']}").get_json()["seats"]
        ]
        r = club.submit(ids["tid"], {"players": players, "record": random_record(2), "played_at": edge})
        assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/played_at", r.get_json()
    # the edges that do fit are stored and read back in UTC
    r = db_client.get(f"/v1/tournaments/{ids['tid']}/games", query_string={"since": "9999-12-31T23:59:59+08:00"})
    assert r.status_code == 200 and r.get_json()["total"] == 0


def test_nul_and_control_characters_in_names_labels_and_reasons_are_422(db_client):
    club, ids = _table(db_client)
    cases = [
        ("POST", "/v1/organizers", {"name": "club\u0000"}, False, "/name"),
        ("POST", "/v1/organizers/{oid}/keys", {"label": "lap\u0000top"}, True, "/label"),
        ("POST", "/v1/tournaments", {"name": "winter\u0000"}, True, "/name"),
        ("PATCH", "/v1/tournaments/{tid}", {"name": "a\u0000b"}, True, "/name"),
        ("POST", "/v1/tournaments/{tid}/players", {"name": "lao\u0000wang"}, True, "/name"),
        ("POST", "/v1/tournaments/{tid}/players", {"name": "lao\u200bwang"}, True, "/name"),
        ("POST", "/v1/tournaments/{tid}/players", {"name": "\u202egnaw oal"}, True, "/name"),
        ("POST", "/v1/tournaments/{tid}/players", {"name": "   "}, True, "/name"),
        (
            "POST",
            "/v1/tournaments/{tid}/games/{gid}/corrections",
            {"action": "void", "reason": "x\u0000"},
            True,
            "/reason",
        ),
    ]
    for method, path, body, keyed, pointer in cases:
        r = db_client.open(path.format(**ids), method=method, json=body, headers=club.auth if keyed else {})
        assert r.status_code == 422, (path, body, r.status_code, r.data[:300])
        assert [e["pointer"] for e in r.get_json()["errors"]] == [pointer], r.get_json()
    assert db_client.get(f"/v1/tournaments/{ids['tid']}/games/{ids['gid']}").get_json()["voided"] is False


# --- loose types ------------------------------------------------------------------------------

SHEET = {"mode": "normal", "emperor": 0, "guard": 3, "finishing_order": [0, 1, 2, 3, 4], "guard_revealed": True}


def test_scores_take_integers_and_booleans_only(client):
    assert client.post("/v1/scores", json=SHEET).status_code == 200
    for field, bad in [
        ("emperor", 1.5),
        ("emperor", "1"),
        ("emperor", True),
        ("guard", "yes"),
        ("guard_revealed", 1),
        ("guard_revealed", "yes"),
        ("finishing_order", [0, 1, 2, 3, 4.0]),
    ]:
        r = client.post("/v1/scores", json={**SHEET, field: bad})
        assert r.status_code == 422, (field, bad, r.get_json())
        assert r.get_json()["errors"][0]["pointer"].startswith(f"/{field}")
    r = client.post("/v1/scores", data='{"mode": "normal", "emperor": 1e-400}', content_type="application/json")
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/emperor"


def test_private_takes_a_boolean_only(db_client):
    club = Club(db_client)
    for bad in ("yes", 1, "true"):
        r = db_client.post("/v1/tournaments", json={"name": "t", "private": bad}, headers=club.auth)
        assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/private", bad


def test_duplicate_keys_are_refused_with_their_pointer(client):
    r = client.post(
        "/v1/scores", data='{"mode": "normal", "emperor": 0, "emperor": 2}', content_type="application/json"
    )
    assert r.status_code == 422
    assert r.get_json()["errors"] == [
        {"pointer": "/emperor", "code": "duplicate_key", "detail": r.get_json()["errors"][0]["detail"]}
    ]
    record = json.dumps(random_record(3))
    doubled = record.replace('"seat": 0,', '"seat": 0, "seat": 1,', 1)
    assert doubled != record
    r = client.post("/v1/adjudications", data=doubled, content_type="application/json")
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "duplicate_key"
    assert r.get_json()["errors"][0]["pointer"].endswith("/seat")
    # colons inside strings and escaped colons are not keys
    with_colons = record[:-1] + ', "meta": {"t": "19:30", "a\\u003ab": "x\\u003A", "q": "\\":"}}'
    assert json.loads(with_colons)["meta"]["a:b"] == "x:"
    assert client.post("/v1/adjudications", data=with_colons, content_type="application/json").status_code == 200
    doubled_meta = record[:-1] + ', "meta": {"t": "19:30", "t": "19:31"}}'
    r = client.post("/v1/adjudications", data=doubled_meta, content_type="application/json")
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/meta/t"


def test_any_content_type_but_json_is_415_naming_it(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    r = db_client.post("/v1/scores", data=json.dumps(SHEET), content_type="text/plain")
    assert r.status_code == 415 and r.content_type == PROBLEM and "text/plain" in r.get_json()["detail"]
    r = db_client.post("/v1/scores", data=json.dumps(SHEET), headers={"Content-Type": ""})
    assert r.status_code == 415 and "without a Content-Type" in r.get_json()["detail"]
    r = db_client.post(
        f"/v1/organizers/{oid}/keys",
        data="<key><label>x</label></key>",
        content_type="application/xml",
        headers=club.auth,
    )
    assert r.status_code == 415 and r.headers["Accept-Post"] == "application/json"
    assert (
        db_client.post("/v1/scores", data=json.dumps(SHEET), content_type="application/json; charset=utf-8").status_code
        == 200
    )


def test_the_key_is_checked_before_the_body(db_client):
    _club, ids = _table(db_client)
    for method, path, keyed in BODY_ENDPOINTS:
        if not keyed:
            continue
        for headers in ({}, {"Authorization": "Bearer bh_wrong"}):
            r = db_client.open(
                path.format(**ids), method=method, data="{garbage", content_type="application/json", headers=headers
            )
            assert r.status_code == 401, (path, headers, r.status_code)


def test_paths_take_ascii_ids_without_leading_zeros(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    assert oid == 1
    tid, _ = club.tournament(players=0)
    keys = db_client.get(f"/v1/organizers/{oid}/keys", headers=club.auth).get_json()["keys"]
    for path in ("/v1/organizers/\uff11/keys", "/v1/organizers/\u0661/keys", f"/v1/organizers/0{oid}/keys"):
        assert db_client.get(path, headers=club.auth).status_code == 404
        r = db_client.delete(f"{path}/{keys[0]['id']}", headers=club.auth)
        assert r.status_code == 404 and r.content_type == PROBLEM
    assert db_client.get(f"/v1/organizers/{oid}/keys", headers=club.auth).get_json()["keys"][0]["revoked_at"] is None
    r = db_client.get(f"/v1/tournaments/0{tid}")
    assert r.status_code == 404 and f"no tournament {tid}" not in r.get_json().get("detail", "")
    assert db_client.get(f"/v1/tournaments/{tid}").status_code == 200
    assert db_client.get("/v1/tournaments?limit=\uff15").status_code == 422


def test_a_bad_query_is_called_a_query(db_client):
    r = db_client.get("/v1/tournaments?limit=0")
    doc = r.get_json()
    assert r.status_code == 422 and "query" in doc["detail"] and "body" not in doc["detail"]
    assert doc["detail"].endswith("1 problem, with a JSON pointer")


# --- accounts -----------------------------------------------------------------------------------


def test_an_organizer_cannot_revoke_its_last_key(db_client):
    club = Club(db_client)
    oid = club.organizer["id"]
    only = db_client.get(f"/v1/organizers/{oid}/keys", headers=club.auth).get_json()["keys"][0]
    r = db_client.delete(f"/v1/organizers/{oid}/keys/{only['id']}", headers=club.auth)
    assert r.status_code == 409 and r.content_type == PROBLEM and "last" in r.get_json()["detail"]
    assert db_client.get(f"/v1/organizers/{oid}/keys", headers=club.auth).status_code == 200
    second = db_client.post(f"/v1/organizers/{oid}/keys", json={"label": "spare"}, headers=club.auth).get_json()
    assert db_client.delete(f"/v1/organizers/{oid}/keys/{only['id']}", headers=club.auth).status_code == 200
    spare = {"Authorization": f"Bearer {second['secret']}"}
    assert db_client.delete(f"/v1/organizers/{oid}/keys/{second['id']}", headers=spare).status_code == 409


def test_sign_up_is_closed_unless_the_server_opens_it(db_url):
    from service.app import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATE_LIMIT_PER_MINUTE": 0})
    try:
        r = app.test_client().post("/v1/organizers", json={"name": "anyone"})
        assert (
            r.status_code == 403
            and r.content_type == PROBLEM
            and "baohuang organizers create" in r.get_json()["detail"]
        )
    finally:
        app.extensions["baohuang_db"].dispose()


def test_the_operator_creates_organizers_and_recovers_their_keys(db_url, monkeypatch):
    import io

    from service.app import create_app
    from service.cli import main

    monkeypatch.setenv("DATABASE_URL", db_url)
    out = io.StringIO()
    assert main(["organizers", "create", "  Weihai club "], out) == 0
    first_line, secret = out.getvalue().splitlines()
    assert first_line.startswith("organizer 1 (Weihai club): key ") and secret.startswith("bh_")
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATE_LIMIT_PER_MINUTE": 0})
    try:
        client = app.test_client()
        assert client.get("/v1/organizers/1/keys", headers={"Authorization": f"Bearer {secret}"}).status_code == 200
        out = io.StringIO()
        assert main(["organizers", "issue-key", "1"], out) == 0
        recovered = out.getvalue().splitlines()[1]
        keys = client.get("/v1/organizers/1/keys", headers={"Authorization": f"Bearer {recovered}"}).get_json()["keys"]
        assert [k["label"] for k in keys] == ["first key", "issued by the operator"]
        assert main(["organizers", "issue-key", "99"], io.StringIO()) == 2
        assert main(["organizers", "create", " \u0000 "], io.StringIO()) == 2
    finally:
        app.extensions["baohuang_db"].dispose()


def test_player_names_are_one_name_under_case_width_and_spaces(db_client):
    club = Club(db_client)
    tid, _ = club.tournament(players=0)
    add = lambda name: db_client.post(f"/v1/tournaments/{tid}/players", json={"name": name}, headers=club.auth)  # noqa: E731
    r = add("  Lao Wang ")
    assert r.status_code == 201 and r.get_json()["name"] == "Lao Wang"
    for same in ("LAO WANG", "lao  wang", "\uff2c\uff21\uff2f\u3000\uff37\uff21\uff2e\uff27", "Lao Wang"):
        r = add(same)
        assert r.status_code == 409 and r.content_type == PROBLEM, same
    # a decomposed accent is the same name as the composed one, and is kept composed
    assert add("Jose\u0301").get_json()["name"] == "Jos\u00e9"
    assert add("Jos\u00e9").status_code == 409
    assert add("\u8001\u738b").status_code == 201


def test_players_are_renamed_and_withdrawn_not_deleted(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=6)
    game = club.submit(tid, {"players": ids[:5], "record": random_record(2)})
    assert game.status_code == 201
    url = f"/v1/tournaments/{tid}/players/{ids[0]}"
    r = db_client.patch(url, json={"name": "Lao Zhang"}, headers=club.auth)
    assert r.status_code == 200 and r.get_json()["name"] == "Lao Zhang"
    assert db_client.patch(url, json={"name": "PLAYER 1"}, headers=club.auth).status_code == 409
    r = db_client.patch(url, json={"withdrawn": True}, headers=club.auth)
    assert r.status_code == 200 and r.get_json()["withdrawn"] is True and r.get_json()["withdrawn_at"]
    assert db_client.patch(url, json={"withdrawn": "yes"}, headers=club.auth).status_code == 422
    # their game and their standing stay; they are not seated again until taken back
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 1
    standing = {s["player_id"]: s for s in db_client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]}
    assert standing[ids[0]]["name"] == "Lao Zhang" and standing[ids[0]]["games"] == 1
    r = club.submit(tid, {"players": ids[:5], "record": random_record(3)})
    assert r.status_code == 422 and r.get_json()["errors"][0] == {
        "pointer": "/players/0",
        "code": "withdrawn_player",
        "detail": r.get_json()["errors"][0]["detail"],
    }
    assert db_client.patch(url, json={"withdrawn": False}, headers=club.auth).get_json()["withdrawn"] is False
    assert club.submit(tid, {"players": ids[:5], "record": random_record(3)}).status_code == 201


# --- the command line -----------------------------------------------------------------------------


def _cli(args, env_extra, stdin=None, timeout=60):
    import os
    import subprocess
    import sys

    env = {**os.environ, **env_extra}
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )


def test_a_plain_postgresql_url_works_with_the_declared_driver(pg_url):
    from sqlalchemy import text

    from service.persistence.db import Database

    plain = pg_url.replace("postgresql+psycopg2://", "postgresql://")
    for url in (plain, plain.replace("postgresql://", "postgres://")):
        db = Database(url)
        try:
            with db.engine.connect() as conn:
                assert conn.execute(text("SELECT 1")).scalar() == 1
        finally:
            db.dispose()
    assert _cli(["db", "upgrade"], {"DATABASE_URL": plain}).returncode == 0


@pytest.mark.slow  # starts Python processes
def test_an_unusable_database_url_is_one_clear_line():
    for url in ("mysql://x@y/z", "nonsense", "postgresql+psycopg://a@b/c", "postgresql://u:secret@127.0.0.1:1/x"):
        r = _cli(["db", "status"], {"DATABASE_URL": url})
        assert r.returncode == 2, (url, r.stderr)
        named, *why = r.stderr.strip().splitlines()  # which database, then why it is not usable
        assert named.startswith("baohuang: database ") and len(why) == 1, (url, r.stderr)
        assert why[0].startswith("baohuang: "), (url, r.stderr)
        assert "Traceback" not in r.stderr and "secret" not in r.stderr


@pytest.mark.slow  # starts Python processes
def test_ndjson_problems_name_their_line_and_a_closed_pipe_is_quiet():
    lines = [json.dumps(random_record(1)), "", "{nope", json.dumps(random_record(2))]
    r = _cli(["adjudicate", "--ndjson"], {}, stdin="\n".join(lines) + "\n")
    answers = [json.loads(x) for x in r.stdout.splitlines()]
    assert [a.get("line") for a in answers] == [None, 2, 3, None]
    assert answers[2]["detail"].startswith("line 3: ")
    import subprocess
    import sys

    many = "\n".join(json.dumps(random_record(s)) for s in range(40)) + "\n"
    p = subprocess.run(
        f"{sys.executable} -m service.cli adjudicate --ndjson | head -1",
        shell=True,
        input=many,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.stdout.count("\n") == 1 and "Traceback" not in p.stderr and "BrokenPipe" not in p.stderr, p.stderr


# --- leaks and output ------------------------------------------------------------------------------


def test_game_history_shows_keys_to_their_organizer_only(db_client):
    club, ids = _table(db_client)
    url = f"/v1/tournaments/{ids['tid']}/games/{ids['gid']}/history"
    public = db_client.get(url)
    assert public.status_code == 200
    assert club.secret[:9] not in public.get_data(as_text=True)
    assert all(
        v["key_id"] is None and v["key_label"] is None and "key_prefix" not in v for v in public.get_json()["versions"]
    )
    other = Club(db_client, "another club")
    assert db_client.get(url, headers=other.auth).get_json()["versions"][0]["key_id"] is None
    own = db_client.get(url, headers=club.auth).get_json()["versions"][0]
    assert own["key_id"] and own["key_label"] == "first key"


def test_standings_csv_escapes_formulas_and_opens_in_excel(db_client):
    club = Club(db_client)
    tid, _ = club.tournament(players=0)
    names = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\u8001\u738b"]
    ids = [
        db_client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth).get_json()["id"]
        for n in names
    ]
    assert club.submit(tid, {"players": ids, "record": random_record(4)}).status_code == 201
    text = db_client.get(f"/v1/tournaments/{tid}/standings?format=csv").get_data(as_text=True)
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(text)))
    assert sorted(r["name"] for r in rows) == sorted(["'" + n for n in names[:4]] + [names[4]])
    assert any(r["total"].startswith("-") for r in rows)  # negative numbers stay numbers
    excel = db_client.get(f"/v1/tournaments/{tid}/standings?format=csv&excel=1")
    assert excel.data.startswith("\ufeff".encode()) and "\u8001\u738b".encode() in excel.data
    assert not text.startswith("\ufeff")


# --- smaller ---------------------------------------------------------------------------------------


def test_a_play_without_its_seat_is_the_same_game(db_client):
    """A record with "seat": null in a play (the seat whose turn it is) was stored a second time."""
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    record = random_record(8)
    assert club.submit(tid, {"players": ids, "record": record}).status_code == 201
    unseated = {**record, "plays": [{**p, "seat": None} if i % 3 == 0 else p for i, p in enumerate(record["plays"])]}
    r = club.submit(tid, {"players": ids, "record": unseated})
    assert r.status_code == 409 and r.content_type == PROBLEM
    left_out = {**record, "plays": [{k: v for k, v in p.items() if k != "seat"} for p in record["plays"]]}
    assert club.submit(tid, {"players": ids, "record": left_out}).status_code == 409
    assert db_client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 1


def test_without_a_deal_a_mistake_is_traced_back_to_the_plays_that_used_the_deck(client):
    from service.core import adjudicate

    # More big jokers in one play than the deck holds: said as it is, not 'all played already'.
    record = {k: v for k, v in random_record(5).items() if k != "deal"}
    r = adjudicate({**record, "plays": [{"seat": 0, "cards": "BJ BJ BJ BJ BJ"}]})
    assert r.violation is not None and r.violation.pointer == "/plays/0"
    assert "already" not in r.violation.message and "the deck has 4 × BJ" in r.violation.message
    # A typo early in a long log: the play it breaks comes much later, and names it.
    found = 0
    for seed in range(40):
        rec = {k: v for k, v in random_record(seed).items() if k != "deal"}
        plays = rec["plays"]
        k = next((i for i in range(3, 30) if plays[i].get("cards") in ("7", "8") and plays[i - 1].get("pass")), None)
        if k is None:
            continue
        typo = {**plays[k], "cards": "K"}  # a single the seat can lead as well: legal where it stands
        result = adjudicate({**rec, "plays": [*plays[:k], typo, *plays[k + 1 :]]})
        if result.verdict.value != "illegal" or result.violation.code.value != "not_in_hand":
            continue
        at = int(result.violation.pointer.rsplit("/", 1)[1])
        if at <= k:
            continue
        found += 1
        assert f"/plays/{k}" in result.violation.state["earlier_plays"]
        assert f"/plays/{k}" in result.violation.message or "more" in result.violation.message
    assert found >= 3
