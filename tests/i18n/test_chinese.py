"""Chinese for every message the referee gives: each violation and problem code with its facts,
each note and multiplier reason, in the words of the rule texts, from the gettext catalog."""

from __future__ import annotations

import pytest

from service.core.errors import ViolationCode
from service.i18n import translate
from service.problems import PROBLEM_CODES
from tests.i18n.messages import english_left, problem_messages, referee_messages
from tests.tournament_helpers import Club


def _untranslated(found: dict[str, set[str]]) -> list[tuple[str, str, str]]:
    out = []
    for code, messages in sorted(found.items()):
        for m in sorted(messages):
            zh = translate(m, "zh")
            if english_left(zh):
                out.append((code, m, zh))
    return out


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_every_message_of_mistaken_games_has_its_chinese():
    found = referee_messages()
    missing = _untranslated(found)
    assert not missing, "\n".join(f"{c}: {m}\n   -> {z}" for c, m, z in missing[:40]) + f"\n({len(missing)} in all)"


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_every_violation_code_is_given_and_translated():
    found = referee_messages()
    seen = {c for c in found if c in {v.value for v in ViolationCode}}
    rare = {v.value for v in ViolationCode} - seen
    assert len(rare) < 8, rare  # the rest have their own tests; each summary is translated below
    for v in ViolationCode:
        assert not english_left(translate(v.summary, "zh")), v


@pytest.fixture()
def api(client):
    club = Club(client)
    tid, ids = club.tournament(players=5)
    r = club.submit(tid, {"players": ids, "record": __import__("service.core", fromlist=["x"]).random_record(2)})
    return client, club, tid, ids, r.get_json()["id"]


def test_every_problem_of_the_api_has_its_chinese(api):
    found = problem_messages(*api)
    missing = _untranslated(found)
    assert not missing, "\n".join(f"{c}: {m}\n   -> {z}" for c, m, z in missing[:40]) + f"\n({len(missing)} in all)"
    codes = set(found) & set(PROBLEM_CODES)
    assert len(codes) >= 40, sorted(set(PROBLEM_CODES) - codes)


def test_the_api_answers_in_chinese_when_asked(api):
    client = api[0]
    body = {"plays": [{"seat": 3, "cards": "9"}]}
    en = client.post("/v1/adjudications", json=body).get_json()
    r = client.post("/v1/adjudications", json=body, headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})
    zh = r.get_json()
    assert r.headers["Content-Language"] == "zh" and "Accept-Language" in r.headers["Vary"]
    assert (
        zh["violation"]["code"] == en["violation"]["code"] and zh["violation"]["pointer"] == en["violation"]["pointer"]
    )
    assert zh["violation"]["message"] != en["violation"]["message"] and not english_left(zh["violation"]["message"])
    bad = client.post("/v1/adjudications", json={"plays": [1]}, headers={"Accept-Language": "zh"})
    doc = bad.get_json()
    assert bad.status_code == 422 and doc["errors"][0]["code"] == "invalid_type"
    assert (
        not english_left(doc["detail"])
        and not english_left(doc["errors"][0]["detail"])
        and not english_left(doc["title"])
    )
    assert client.post("/v1/adjudications", json=body).headers["Content-Language"] == "en"


def test_rulesets_and_their_options_are_described_in_chinese(client):
    doc = client.get("/v1/rulesets", headers={"Accept-Language": "zh"}).get_json()
    texts = [r["description"] for r in doc["rulesets"]]
    texts += [o["description"] for r in doc["rulesets"] for o in r["options"]]
    assert len(texts) > 20
    missing = [t for t in texts if english_left(t)]
    assert not missing, missing
