"""The plain ``POST /v1/adjudications`` is answered outside Flask's request machinery
(service/api/hot_route.py): every request answers exactly as the view answers it — status,
headers in order, body — whether the layer answers it or hands it to the app; the rate limit
counts each request once; the metrics and the access log say the same."""

from __future__ import annotations

import json
import logging

import pytest

from service.api.observability import HTTP_REQUESTS
from service.app import create_app
from service.core import random_record
from service.metrics import ADJUDICATIONS

RECORD = json.dumps(random_record(1)).encode()
ILLEGAL = random_record(2)
ILLEGAL["plays"][3] = {"seat": ILLEGAL["plays"][3]["seat"], "cards": "BJ BJ BJ BJ"}
NO_DEAL = random_record(3, with_deal=False)


def _apps(tmp_path, **config):
    """The app as it runs, and the same app with the layer taken out (every request by the view)."""
    made = []
    for name in ("hot", "view"):
        app = create_app(
            {
                "TESTING": True,
                "DATABASE_URL": f"sqlite:///{tmp_path / (name + '.sqlite3')}",
                "RATE_LIMIT_PER_MINUTE": 0,
                **config,
            }
        )
        if name == "view":
            app.wsgi_app = app.extensions["baohuang_hot_route"].app
        made.append(app)
    return made


def _answer(app, body, headers, content_type="application/json", path="/v1/adjudications"):
    r = app.test_client().post(path, data=body, headers=headers, content_type=content_type)
    return r.status, list(r.headers), r.get_data()


CASES = [
    (RECORD, {}),
    (RECORD, {"X-Request-ID": "table-7.evening:3"}),
    (RECORD, {"Accept-Language": "zh"}),
    (RECORD, {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}),
    (RECORD, {"Accept-Language": "fr, en-GB;q=0.5"}),
    (RECORD, {"Accept": "*/*"}),
    (RECORD, {"Accept": "text/x-baohuang"}),  # the notation: the view's
    (json.dumps(ILLEGAL).encode(), {"Accept-Language": "zh"}),
    (json.dumps(NO_DEAL).encode(), {}),
    (b'{"ruleset": "weihai", "a": 1, "a": 2}', {}),  # repeated key: 422 from the view
    (b'{"ruleset": "weihai", "a": 1, "a": 2}', {"Accept-Language": "zh"}),
    (b"[1, 2", {}),
    (b"\xff\xfe", {}),
    (b"", {}),
    (b"{}", {}),
    (json.dumps({**random_record(4), "deal": ["9"] * 5}).encode(), {}),
    (RECORD, {"Authorization": "Bearer bh_unknown"}),  # a key: the view's (401)
]


@pytest.mark.parametrize(("body", "headers"), CASES)
def test_every_request_is_answered_as_the_view_answers_it(tmp_path, body, headers):
    hot, view = _apps(tmp_path)
    headers = {"X-Request-ID": "fixed", **headers}
    assert _answer(hot, body, headers) == _answer(view, body, headers)


@pytest.mark.parametrize(
    ("content_type", "path"),
    [
        ("application/json; charset=utf-8", "/v1/adjudications"),
        ("text/plain", "/v1/adjudications"),  # 415
        ("application/json", "/v1/adjudications?lang=zh"),
        ("application/json", "/v1/adjudications/"),
    ],
)
def test_other_forms_of_the_route_are_answered_as_before(tmp_path, content_type, path):
    hot, view = _apps(tmp_path)
    headers = {"X-Request-ID": "fixed"}
    assert _answer(hot, RECORD, headers, content_type, path) == _answer(view, RECORD, headers, content_type, path)


def test_a_body_over_the_bound_is_413_as_before(tmp_path):
    hot, view = _apps(tmp_path, MAX_CONTENT_LENGTH=1000)
    headers = {"X-Request-ID": "fixed"}
    got = _answer(hot, RECORD, headers)
    assert got[0].startswith("413") and got == _answer(view, RECORD, headers)


def test_a_request_id_is_made_where_none_usable_was_sent(tmp_path):
    hot, _ = _apps(tmp_path)
    ids = {
        dict(_answer(hot, RECORD, {"X-Request-ID": "not an id!"})[1])["X-Request-ID"],
        dict(_answer(hot, RECORD, {})[1])["X-Request-ID"],
    }
    assert len(ids) == 2 and all(len(x) == 32 and int(x, 16) >= 0 for x in ids)


def test_the_rate_limit_counts_each_request_once(tmp_path):
    """Three a minute: bad records handed on to the view count once, as good ones answered here."""
    statuses = []
    for app in _apps(tmp_path, RATE_LIMIT_PER_MINUTE=3):
        client = app.test_client()
        bodies = [b"[1, 2", RECORD, b'{"a": 1, "a": 2}', RECORD, b"[1, 2"]
        got = [client.post("/v1/adjudications", data=b, content_type="application/json") for b in bodies]
        statuses.append([r.status_code for r in got])
        assert got[3].headers["Retry-After"].isdigit()
    assert statuses[0] == statuses[1] == [422, 200, 422, 429, 429]


def test_the_metrics_and_the_access_log_say_the_same(tmp_path):
    written: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            written.append(record)

    log = logging.getLogger("baohuang.access")
    keep, level = Keep(), log.level
    log.addHandler(keep)
    log.setLevel(logging.INFO)
    requests = HTTP_REQUESTS.labels("POST", "/v1/adjudications", "200")
    legal = ADJUDICATIONS.labels("legal")
    try:
        for app in _apps(tmp_path):
            before = (requests._value.get(), legal._value.get())
            _answer(app, RECORD, {"X-Request-ID": "fixed"})
            assert (requests._value.get(), legal._value.get()) == (before[0] + 1, before[1] + 1)
    finally:
        log.removeHandler(keep)
        log.setLevel(level)
    fields = [dict(r.fields) for r in written]  # type: ignore[attr-defined]
    for f in fields:
        assert isinstance(f.pop("duration_ms"), float)
    assert len(fields) == 2 and fields[0] == fields[1]
    assert fields[0]["route"] == "/v1/adjudications" and fields[0]["status"] == 200


def test_the_plain_request_never_reaches_the_app(tmp_path):
    hot, _ = _apps(tmp_path)
    route = hot.extensions["baohuang_hot_route"]
    reached = []

    def app(environ, start_response):
        reached.append(environ["PATH_INFO"])
        return route_app(environ, start_response)

    route_app, route.app = route.app, app
    for headers in ({}, {"Accept-Language": "zh"}, {"Accept": "application/json"}):
        assert _answer(hot, RECORD, headers)[0] == "200 OK"
    assert _answer(hot, json.dumps(ILLEGAL).encode(), {})[0] == "200 OK"
    assert reached == []
    assert _answer(hot, b"[1, 2", {})[0].startswith("422") and reached == ["/v1/adjudications"]
