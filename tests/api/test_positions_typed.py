"""The positions' answers are what openapi.yaml says, nested objects included: every position and
move check of generated games (each preset, with and without the deal, the crown, in play, over,
illegal) is valid against the document's own schema, its components resolved."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema_rs
import yaml

from service.core import random_record
from service.core.ruleset import PRESETS

DOC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())


def _validator(path: str):
    schema = DOC["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    return jsonschema_rs.Draft202012Validator({**schema, "components": DOC["components"]})


def _records():
    for k, (name, rules) in enumerate(sorted(PRESETS.items())):
        for with_deal in (True, False):
            record = random_record(300 + k, rules, with_deal=with_deal)
            plays = record["plays"]
            for cut in sorted({0, 1, len(plays) // 2, len(plays)}):
                yield name, {**record, "plays": plays[:cut]}
            yield name, {**record, "calls": [], "plays": []}  # the crown
            if len(plays) > 4:
                yield name, {**record, "plays": [*plays[:2], plays[4]]}  # out of turn, or not held


def test_every_position_and_check_answer_is_the_documented_shape(client):
    position, check = _validator("/v1/positions"), _validator("/v1/positions/check")
    phases, verdicts = set(), set()
    for name, record in _records():
        r = client.post("/v1/positions", json=record)
        assert r.status_code == 200, (name, r.get_json())
        answer = r.get_json()
        errors = [e.message for e in position.iter_errors(answer)]
        assert not errors, (name, errors[:3], json.dumps(answer)[:400])
        phases.add(answer["phase"])
        if answer["phase"] in ("play", "crown") and answer["seat"] is not None and record["plays"]:
            move = {**record["plays"][-1], "seat": answer["seat"]}
            c = client.post("/v1/positions/check", json={"record": record, "move": move})
            assert c.status_code == 200, (name, c.get_json())
            errors = [e.message for e in check.iter_errors(c.get_json())]
            assert not errors, (name, errors[:3], json.dumps(c.get_json())[:400])
            verdicts.add(c.get_json()["verdict"])
    assert {"crown", "play", "over", "illegal"} <= phases
    assert "illegal" in verdicts
