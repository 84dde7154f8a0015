"""Fuzzing every endpoint with mutated and random bodies: never a 5xx, never a stored game from bad input.

Bounded: a fixed number of generated requests per endpoint (about 4,000 in all), not a time budget.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core import random_record
from tests.robustness.figures import FIGURES
from tests.tournament_helpers import Club

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
    from service.api import create_app

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
