"""Fuzzing every endpoint with mutated and random bodies: never a 5xx, never a stored game from bad input.

Bounded: a fixed number of generated requests per endpoint (about 4,000 in all), not a time budget.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core import random_record
from tests.system.robustness.figures import FIGURES
from tests.tournament_helpers import Club

pytestmark = pytest.mark.compiled  # run again against the compiled core

json_leaf = st.none() | st.booleans() | st.integers(-(2**80), 2**80) | st.floats(allow_nan=False) | st.text(max_size=20)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
ODD = [
    None, True, 0, -1, 5, 2**63, 10**400 // 10**300, 1.5, "", "x", "BJ* BJ*", "７", "\u0000", "🀄", [], {}, [[[[[]]]]],
    "SJ " * 500, {"$ref": "#"}, ["7"] * 200,
]  # fmt: skip


def mutate(doc: object, rng: random.Random, depth: int = 0) -> object:
    """Change one place of a JSON value: its type, its size, or drop or add a key."""
    if isinstance(doc, dict) and doc and rng.random() < 0.7:
        key = rng.choice(list(doc))
        out = dict(doc)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.25:
            out[rng.choice(["extra", "pass", "seat", "🀄", ""])] = rng.choice(ODD)
        else:
            out[key] = mutate(doc[key], rng, depth + 1)
        return out
    if isinstance(doc, list) and doc and rng.random() < 0.7:
        out = list(doc)
        i = rng.randrange(len(out))
        roll = rng.random()
        if roll < 0.1:
            del out[i]
        elif roll < 0.2:
            out.insert(i, copy.deepcopy(out[i]))
        else:
            out[i] = mutate(out[i], rng, depth + 1)
        return out
    return rng.choice(ODD)


def deep(n: int) -> str:
    return "[" * n + "]" * n


BROKEN_TEXTS = [
    b"",
    b"{",
    b"[1,",
    b'{"plays": [',
    deep(5000).encode(),
    b"\xff\xfe\x00",
    '{"a": "\ud800"}'.encode("utf-8", "surrogatepass"),
    b"null",
    b"1e999999",
]


@pytest.fixture(scope="module")
def fuzz_env(tmp_path_factory):
    from service.app import create_app

    app = create_app(
        {
            "TESTING": True,
            "RATE_LIMIT_PER_MINUTE": 0,
            "OPEN_SIGNUP": True,
            "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'f.sqlite3'}",
        }
    )
    client = app.test_client()
    club = Club(client)
    tid, ids = club.tournament()
    return app, client, club, tid, ids


def _games(client, tid) -> int:
    return client.get(f"/v1/tournaments/{tid}/games?include_void=true").get_json()["total"]


def _check(r, what: str) -> None:
    FIGURES["requests tried"] += 1
    if r.status_code >= 500:
        FIGURES["5xx answers"] += 1
    assert r.status_code < 500, (what, r.status_code, r.get_data(as_text=True)[:500])
    if r.status_code >= 400:
        assert r.content_type == "application/problem+json", (what, r.status_code, r.content_type)


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 3))
def test_mutated_records_to_the_referee(fuzz_env, seed, rounds):
    _, client, *_ = fuzz_env
    rng = random.Random(seed)
    doc = random_record(seed % 50)
    for _ in range(rounds):
        doc = mutate(doc, rng)
    _check(client.post("/v1/adjudications", json=doc), "adjudications")


@SETTINGS
@given(json_value)
def test_random_json_to_every_body_endpoint(fuzz_env, value):
    _, client, club, tid, _ids = fuzz_env
    before = _games(client, tid)
    for path in (
        "/v1/adjudications",
        "/v1/scores",
        f"/v1/tournaments/{tid}/games",
        "/v1/tournaments",
        f"/v1/tournaments/{tid}/players",
    ):
        _check(client.post(path, json=value, headers=club.auth), path)
    _check(client.patch(f"/v1/tournaments/{tid}", json=value, headers=club.auth), "patch")
    assert _games(client, tid) == before


@SETTINGS
@given(st.integers(0, 10**9))
def test_mutated_game_submissions_store_nothing_unless_legal(fuzz_env, seed):
    _, client, club, tid, ids = fuzz_env
    rng = random.Random(seed)
    body = {"players": ids[:5], "record": random_record(seed % 40)}
    bad = mutate(body, rng)
    before = _games(client, tid)
    r = client.post(f"/v1/tournaments/{tid}/games", json=bad, headers=club.auth)
    _check(r, "games")
    after = _games(client, tid)
    if after != before + (1 if r.status_code == 201 else 0):
        FIGURES["games stored from bad input"] += 1
    assert after == before + (1 if r.status_code == 201 else 0)
    if r.status_code == 201:  # a harmless mutation: undo it so duplicates stay meaningful
        client.post(
            f"/v1/tournaments/{tid}/games/{r.get_json()['id']}/corrections",
            json={"action": "void", "reason": "fuzz"},
            headers=club.auth,
        )


@pytest.mark.parametrize("text", BROKEN_TEXTS)
@pytest.mark.parametrize("path", ["/v1/adjudications", "/v1/scores", "/v1/organizers", "GAMES"])
def test_broken_json_texts(fuzz_env, text, path):
    _, client, club, tid, _ids = fuzz_env
    path = f"/v1/tournaments/{tid}/games" if path == "GAMES" else path
    before = _games(client, tid)
    _check(client.post(path, data=text, content_type="application/json", headers=club.auth), path)
    assert _games(client, tid) == before


@SETTINGS
@given(st.text(max_size=40), st.sampled_from(["GET", "POST", "DELETE", "PATCH"]))
def test_odd_paths_and_query_strings(fuzz_env, junk, method):
    _, client, club, tid, _ = fuzz_env
    for url in (
        f"/v1/tournaments/{tid}/games?limit={junk}",
        f"/v1/tournaments/{junk}",
        f"/v1/rulesets/{junk}",
        f"/v1/tournaments/{tid}/standings?format={junk}",
    ):
        _check(client.open(url, method=method, headers=club.auth), url)


def test_a_legal_game_still_goes_in_after_all_that(fuzz_env):
    _, client, club, tid, ids = fuzz_env
    r = client.post(
        f"/v1/tournaments/{tid}/games", json={"players": ids[:5], "record": random_record(10**6)}, headers=club.auth
    )
    assert r.status_code == 201
    FIGURES["requests tried"] += 1
    json.dumps(r.get_json())


# --- hostile input, on SQLite and on PostgreSQL ----------------------------------------------------

HUGE_INT = "9" * 4400
EDGE_DATES = [
    "9999-12-31T23:59:59-08:00",
    "0001-01-01T00:00:00+08:00",
    "9999-12-31T23:59:59+14:00",
    "0001-01-01T00:00:00",
    "2026-02-30T10:00:00",
    "2026-11-30T25:00:00",
    "+002026-11-30",
]
CONTROL = ["\u0000", "\u0001", "\u001f", "\u007f", "\u200b", "\u200d", "\u202e", "\u2066", "\ufeff", "\ue000"]
LOOK_ALIKES = [
    "LAO WANG",
    "lao wang",
    "Lao  Wang",
    "\uff2c\uff21\uff2f\u3000\uff37\uff21\uff2e\uff27",
    "Lao\u200bWang",
    "\u202eLao Wang",
    " lao wang ",
]
UNICODE_DIGITS = ["\uff11", "\u0661", "\u0967", "\u00b9", "01", "1\u0000", "1e0", "+1", "0x1"]
CONTENT_TYPES = [
    "text/plain",
    "application/xml",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "",
    "application/jsonx",
]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def hostile_env(request, tmp_path_factory):
    from service.app import create_app
    from tests.conftest import fresh_pg_database

    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            url = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'h.sqlite3'}"
        else:
            url = stack.enter_context(fresh_pg_database())
        app = create_app({"TESTING": True, "RATE_LIMIT_PER_MINUTE": 0, "OPEN_SIGNUP": True, "DATABASE_URL": url})
        stack.callback(app.extensions["baohuang_db"].dispose)
        client = app.test_client()
        club = Club(client)
        tid, ids = club.tournament(players=5)
        gid = client.post(
            f"/v1/tournaments/{tid}/games", json={"players": ids, "record": random_record(1)}, headers=club.auth
        ).get_json()["id"]
        yield client, club, tid, ids, gid


def _stored(client, tid) -> tuple[int, int, int]:
    games = _games(client, tid)
    players = client.get(f"/v1/tournaments/{tid}/players").get_json()["total"]
    tournaments = client.get("/v1/tournaments?limit=500").get_json()["total"]
    return games, players, tournaments


def _body_targets(tid, ids, gid):
    return [
        ("POST", "/v1/adjudications", lambda v: {**random_record(2), "meta": {"x": v}}),
        (
            "POST",
            "/v1/scores",
            lambda v: {"mode": "normal", "emperor": v, "guard": 3, "finishing_order": [0, 1, 2, 3, 4]},
        ),
        ("POST", "/v1/organizers", lambda v: {"name": v}),
        ("POST", "/v1/organizers/1/keys", lambda v: {"label": v}),
        ("POST", "/v1/tournaments", lambda v: {"name": v}),
        ("PATCH", f"/v1/tournaments/{tid}", lambda v: {"name": v}),
        ("POST", f"/v1/tournaments/{tid}/players", lambda v: {"name": v}),
        ("PATCH", f"/v1/tournaments/{tid}/players/{ids[0]}", lambda v: {"name": v}),
        (
            "POST",
            f"/v1/tournaments/{tid}/games",
            lambda v: {"players": ids, "record": random_record(3), "played_at": v},
        ),
        ("POST", f"/v1/tournaments/{tid}/games/{gid}/corrections", lambda v: {"action": "void", "reason": v}),
    ]


def test_hostile_values_in_every_body_field(hostile_env):
    """Huge integers, dates at the edges, control and format characters, look-alike names:
    a 4xx problem each, the same on both databases, and nothing stored that should not be."""
    client, club, tid, ids, gid = hostile_env
    raw = [HUGE_INT, "-" + HUGE_INT, "1e400", "-1e-400"]  # numbers Python's json cannot write
    values: list[object] = [*raw, *EDGE_DATES, *(f"name{c}x" for c in CONTROL), *LOOK_ALIKES]
    for method, path, body in _body_targets(tid, ids, gid):
        for value in values:
            before = _stored(client, tid)
            text = json.dumps(body("@RAW@")).replace('"@RAW@"', value) if value in raw else json.dumps(body(value))
            r = client.open(path, method=method, data=text, content_type="application/json", headers=club.auth)
            _check(r, f"{method} {path} {value!r:.40}")
            if r.status_code >= 400:
                if _stored(client, tid) != before:
                    FIGURES["games stored from bad input"] += 1
                assert _stored(client, tid) == before, (path, value)
    # look-alike names: the first one is a player, every other is refused
    names = [p["name"] for p in client.get(f"/v1/tournaments/{tid}/players?limit=500").get_json()["items"]]
    folded = [n.casefold().replace(" ", "") for n in names]
    assert folded.count("laowang") <= 1, names


def test_hostile_texts_types_and_paths(hostile_env):
    client, club, tid, ids, gid = hostile_env
    before = _stored(client, tid)
    record = json.dumps({"players": ids, "record": random_record(4)})
    duplicated = [
        record.replace('"players":', '"players": [1, 2, 3, 4, 5], "players":', 1),
        record.replace('"seat": 0,', '"seat": 0, "seat": 0,', 1),
        '{"name": "a", "name": "b"}',
        '{"name": ' + HUGE_INT + "}",
        '{"name": NaN}',
        '{"name": 1e999}',
    ]
    for method, path, _ in _body_targets(tid, ids, gid):
        for text in duplicated:
            _check(
                client.open(path, method=method, data=text, content_type="application/json", headers=club.auth), path
            )
        for ctype in CONTENT_TYPES:
            r = client.open(path, method=method, data=record, headers={**club.auth, "Content-Type": ctype})
            _check(r, f"{path} {ctype}")
            assert r.status_code == 415, (path, ctype, r.status_code)
    for digits in UNICODE_DIGITS:
        for url in (
            f"/v1/tournaments/{digits}",
            f"/v1/tournaments/{tid}/games/{digits}",
            f"/v1/organizers/{digits}/keys",
            f"/v1/tournaments/{tid}/players/{digits}",
        ):
            for method in ("GET", "DELETE", "PATCH"):
                r = client.open(url, method=method, headers=club.auth, json={})
                _check(r, url)
                assert r.status_code in (404, 405), (url, method, r.status_code)
        _check(client.get(f"/v1/tournaments/{tid}/games?limit={digits}"), "limit")
    after = _stored(client, tid)
    if after != before:
        FIGURES["games stored from bad input"] += 1
    assert after == before


# --- the organizers' forms, and bodies larger than any game ----------------------------------------

FORM_TEXTS = ["²", "٣", "１", "1" * 5000, "--1", "-0", "+3", "1e3", "0x10", "3.0", "", " ", "\u0000", "🀄", "-" * 50]


def _signed_in(client, secret: str) -> str:
    import re

    page = client.get("/signin").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    r = client.post("/signin", data={"key": secret, "csrf_token": token})
    assert r.status_code == 302
    page = client.get("/organizer").get_data(as_text=True)
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def _form_targets(tid, ids, gid):
    seats = {f"seat{i}": str(p) for i, p in enumerate(ids)}
    sheet = {"mode": "normal", "emperor": "0", "guard": "1", **{f"place{i}": str(i) for i in range(5)}}
    game = "plays\n9"
    return [
        ("/organizer/tournaments", {"name": "x", "ruleset": "weihai", "seating": "balanced"}, ["bye_points", "name"]),
        (f"/organizer/tournaments/{tid}/players", {"name": "y"}, ["name"]),
        (
            f"/organizer/tournaments/{tid}/sheets",
            {**seats, **sheet},
            ["round", "table", "seat0", "seat4", "emperor", "guard", "kicked_by", "place0", "place4", "mode"],
        ),
        (f"/organizer/tournaments/{tid}/games", {**seats, "game": game}, ["round", "table", "seat2", "game"]),
        (f"/organizer/tournaments/{tid}/games/{gid}/correct", {"game": game, "reason": "r"}, ["game", "reason"]),
        (f"/organizer/tournaments/{tid}/games/{gid}/void", {"reason": "r"}, ["reason"]),
        ("/organizer/record", {"game": game}, ["tournament"]),
        ("/check", {"game": game}, ["game"]),
    ]


def _check_form(r, what: str) -> None:
    FIGURES["requests tried"] += 1
    if r.status_code >= 500:
        FIGURES["5xx answers"] += 1
    assert r.status_code < 500, (what, r.status_code, r.get_data(as_text=True)[:300])


def test_hostile_numbers_and_texts_in_every_form(hostile_env):
    """Every field of every organizer form with odd numbers and texts (Unicode digits, 5,000
    digits, '--1', control characters): never a 500; a number field refuses every one that is not
    blank (a form error), and nothing is stored by a refused form."""
    client, club, tid, ids, gid = hostile_env
    token = _signed_in(client, club.secret)
    texts = {"name", "game", "reason", "mode"}
    for path, base, fields in _form_targets(tid, ids, gid):
        for name in fields:
            for value in FORM_TEXTS:
                data = {**base, name: value, "csrf_token": token}
                if name in ("round", "table"):
                    data.update(round=value, table=value)
                before = _games(client, tid)
                r = client.post(path, data=data)
                _check_form(r, f"{path} {name}={value!r:.30}")
                if name not in texts and value.strip() and path != "/check":
                    assert r.status_code in (400, 422), (path, name, value, r.status_code)
                if r.status_code >= 400 and _games(client, tid) != before:
                    FIGURES["games stored from bad input"] += 1
                    raise AssertionError((path, name, value, "stored"))


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(st.sampled_from(["round", "seat0", "emperor", "place3", "bye_points", "tournament"]), st.text(max_size=40))
def test_random_text_in_form_numbers(fuzz_env, field, value):
    _, client, club, tid, ids = fuzz_env
    if not client.get_cookie("baohuang_session"):
        fuzz_env_token[0] = _signed_in(client, club.secret)
    for path, base, _ in _form_targets(tid, ids, 1)[:4] + _form_targets(tid, ids, 1)[6:7]:
        _check_form(client.post(path, data={**base, field: value, "csrf_token": fuzz_env_token[0]}), path)


fuzz_env_token = [""]


@pytest.mark.parametrize(
    "body, ctype",
    [
        ('{"plays": [' + ",".join(["1"] * 330_000) + "]}", "application/json"),
        ('{"calls": [' + ",".join(['{"seat": 0, "call": "rebel"}'] * 30_000) + "]}", "application/json"),
        ("plays\n" + "9\n" * 500_000, "text/x-baohuang"),
        ("plays\n" + "0: 9\n" * 200_000, "text/x-baohuang"),
        ("calls\n" + "0 rebel\n" * 100_000, "text/x-baohuang"),
    ],
    ids=["plays", "calls", "lines", "seat-lines", "call-lines"],
)
def test_a_megabyte_body_is_one_small_problem(fuzz_env, body, ctype):
    _, client, club, tid, _ids = fuzz_env
    for path in ("/v1/adjudications", f"/v1/tournaments/{tid}/games"):
        before = _games(client, tid)
        r = client.post(path, data=body.encode(), headers={**club.auth, "Content-Type": ctype})
        _check(r, path)
        assert r.status_code in (413, 422) and len(r.data) < 8000, (path, r.status_code, len(r.data))
        if _games(client, tid) != before:
            FIGURES["games stored from bad input"] += 1
        assert _games(client, tid) == before
