"""The referee's work in one request has a CPU deadline (BAOHUANG_REQUEST_CPU_SECONDS): past it the
work is stopped and the request is a 503 with Retry-After (a line of the stream: its last line),
rather than holding the worker; work within it is answered as always."""

from __future__ import annotations

import json
import time

import pytest

from service.app import create_app
from service.core import PRESETS, random_record


@pytest.fixture()
def tight(tmp_path):
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'd.sqlite3'}", "RATE_LIMIT_PER_MINUTE": 0}
    )
    app.config["REQUEST_CPU_SECONDS"] = 0.01
    return app


def test_a_position_past_the_deadline_is_a_503_and_a_light_request_is_answered(tight, monkeypatch):
    from service.api import positions

    real = positions.position

    def slow(record):  # a position is a few milliseconds: this one spends 0.2 s of CPU first
        end = time.process_time() + 0.2
        while time.process_time() < end:
            pass
        return real(record)

    monkeypatch.setattr(positions, "position", slow)
    client = tight.test_client()
    heavy = {**random_record(18, PRESETS["standard"]), "plays": []}
    r = client.post("/v1/positions", json=heavy)
    assert r.status_code == 503 and r.headers["Retry-After"] == "5", r.get_json()
    assert r.get_json()["type"].endswith("cpu-deadline") and "CPU" in r.get_json()["detail"]
    light = client.post(
        "/v1/scores", json={"mode": "normal", "emperor": 0, "guard": 3, "finishing_order": [0, 1, 2, 3, 4]}
    )
    assert light.status_code == 200
    tight.config["REQUEST_CPU_SECONDS"] = 2  # the default: the same position is answered
    assert client.post("/v1/positions", json=heavy).status_code == 200


def test_a_line_of_the_stream_past_the_deadline_ends_the_stream(tight, monkeypatch):
    from service.api import adjudications

    real = adjudications.answer_line

    def slow(text, number):
        if number == 2:
            end = time.process_time() + 0.2
            while time.process_time() < end:
                pass
        return real(text, number)

    monkeypatch.setattr(adjudications, "answer_line", slow)
    body = b"".join(json.dumps(random_record(n)).encode() + b"\n" for n in range(4))
    r = tight.test_client().post(
        "/v1/adjudications/stream", data=body, headers={"Content-Type": "application/x-ndjson"}
    )
    lines = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert len(lines) == 2 and "verdict" in lines[0]
    assert lines[1]["status"] == 503 and lines[1]["line"] == 2 and lines[1]["retry_after"] == 5
