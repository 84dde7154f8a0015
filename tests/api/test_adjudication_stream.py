"""POST /v1/adjudications/stream: NDJSON in, one answer a line out, in order, each the document
POST /v1/adjudications and `baohuang adjudicate --ndjson` give for that line."""

from __future__ import annotations

import io
import json
import random

import pytest
from werkzeug.test import EnvironBuilder, run_wsgi_app

from service.app import create_app
from service.core import PRESETS, random_record
from service.referee import answer_line
from tests.core.test_reference import mutate

NDJSON = "application/x-ndjson"


def _lines() -> list[str]:
    """Legal games of every preset with and without the deal, each with a mistake made in it, and
    lines that are not records."""
    out = []
    for k, rs in enumerate(PRESETS.values()):
        for seed in range(3):
            record = random_record(100 * k + seed, rs)
            out.append(json.dumps(record))
            out.append(json.dumps(random_record(100 * k + seed, rs, with_deal=False)))
            out.append(json.dumps(mutate(record, random.Random(seed))))
    out[5:5] = ["{not json", "", '{"deal": 5}', "[1, 2]", '{"calls": [], "calls": []}']
    return out


def _stream(client, lines: list[str]):
    body = "\n".join(lines) + "\n"
    return client.post("/v1/adjudications/stream", data=body.encode(), content_type=NDJSON)


def test_each_line_is_answered_in_order_as_the_single_endpoint_and_the_cli_answer_it(client):
    lines = _lines()
    r = _stream(client, lines)
    assert r.status_code == 200 and r.mimetype == NDJSON
    answers = [json.loads(a) for a in r.get_data(as_text=True).splitlines()]
    assert len(answers) == len(lines)
    for number, (line, answer) in enumerate(zip(lines, answers, strict=True), start=1):
        assert answer == json.loads(json.dumps(answer_line(line, number)[0])), number  # the CLI's line
        if "verdict" in answer:
            single = client.post("/v1/adjudications", data=line, content_type="application/json")
            assert single.status_code == 200 and single.get_json() == answer, number
        else:
            assert answer["line"] == number and answer["detail"].startswith(f"line {number}: ")
            assert answer["status"] == 422
    verdicts = {a.get("verdict") for a in answers}
    assert {"legal", "illegal", None} <= verdicts  # the mistakes are answered, the bad lines too


def test_a_line_longer_than_a_game_is_a_413_line_and_the_stream_goes_on(tmp_path):
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite3'}", "MAX_CONTENT_LENGTH": 64 * 1024}
    )
    good = json.dumps(random_record(1))
    long = json.dumps({"meta": {"x": "y" * 70_000}})
    r = _stream(app.test_client(), [good, long, good])
    answers = [json.loads(a) for a in r.get_data(as_text=True).splitlines()]
    assert [a.get("verdict") for a in answers] == ["legal", None, "legal"]
    assert answers[1]["status"] == 413 and answers[1]["line"] == 2 and answers[1]["type"].endswith("line-too-long")


def test_past_the_stream_bound_the_last_answer_says_where_it_stopped(tmp_path):
    good = json.dumps(random_record(2))
    bound = 3 * (len(good) + 1) + 10
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite3'}", "MAX_STREAM_BYTES": bound}
    )
    client = app.test_client()
    declared = _stream(client, [good] * 6)  # Content-Length says it all: 413 before any line
    assert declared.status_code == 413 and declared.content_type == "application/problem+json"
    body = ("\n".join([good] * 6) + "\n").encode()
    # Sent as it is read (chunked, no Content-Length): cut where the bound is passed.
    environ = EnvironBuilder(
        path="/v1/adjudications/stream", method="POST", input_stream=io.BytesIO(body), content_type=NDJSON
    ).get_environ()
    del environ["CONTENT_LENGTH"]
    environ["wsgi.input_terminated"] = True  # as gunicorn says of a chunked body
    out, status, _ = run_wsgi_app(app, environ)
    assert status == "200 OK"
    answers = [json.loads(a) for a in b"".join(out).splitlines()]
    assert [a.get("verdict") for a in answers] == ["legal"] * 3 + [None]
    assert answers[3]["status"] == 413 and answers[3]["line"] == 4 and answers[3]["type"].endswith("stream-too-large")
    assert f"{bound:,} bytes" in answers[3]["detail"]


@pytest.mark.parametrize("ctype", ["application/json", "text/x-baohuang", "text/plain"])
def test_only_ndjson_is_read(client, ctype):
    r = client.post("/v1/adjudications/stream", data=json.dumps(random_record(1)), content_type=ctype)
    assert r.status_code == 415 and r.headers["Accept-Post"] == NDJSON
    assert r.content_type == "application/problem+json"
