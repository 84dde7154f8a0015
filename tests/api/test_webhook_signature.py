"""The client's verify_signature agrees with what the deliverer signs, and refuses tampered,
stale and unsigned deliveries."""

from __future__ import annotations

import time
from pathlib import Path

from baohuang_client.webhooks import REPLAY_WINDOW, signature, verify_signature
from hypothesis import given
from hypothesis import strategies as st

from service.tournament import webhooks

ROOT = Path(__file__).resolve().parents[2]
SECRET = "whsec_test"


def _headers(body: bytes, at: int, secret: str = SECRET) -> dict[str, str]:
    return {"X-Baohuang-Timestamp": str(at), "X-Baohuang-Signature": webhooks.sign(secret, at, body)}


@given(st.text(min_size=1, max_size=40), st.integers(0, 2**40), st.binary(max_size=200))
def test_the_client_signs_as_the_deliverer_does(secret, at, body):
    assert signature(secret, at, body) == webhooks.sign(secret, at, body)


def test_a_delivery_as_sent_is_accepted():
    body = b'{"id": 1, "event": "game.stored"}'
    now = int(time.time())
    assert verify_signature(SECRET, _headers(body, now), body)
    lower = {k.lower(): v for k, v in _headers(body, now).items()}  # headers as a framework may hand them
    assert verify_signature(SECRET, lower, body)


def test_tampered_stale_or_unsigned_deliveries_are_refused():
    body = b'{"id": 1}'
    now = int(time.time())
    assert not verify_signature(SECRET, _headers(body, now), body + b" ")
    assert not verify_signature("whsec_other", _headers(body, now), body)
    assert not verify_signature(SECRET, _headers(body, now - REPLAY_WINDOW - 1), body)  # a replay
    assert not verify_signature(SECRET, _headers(body, now + REPLAY_WINDOW + 1), body)
    assert verify_signature(SECRET, _headers(body, now - REPLAY_WINDOW + 5), body)
    assert not verify_signature(SECRET, {"X-Baohuang-Timestamp": str(now)}, body)
    assert not verify_signature(SECRET, {**_headers(body, now), "X-Baohuang-Timestamp": "１２"}, body)


def test_the_helper_survives_regenerating_the_client():
    # .ci/client.sh copies clients/python/extras into every generated package (and CI diffs them).
    written = (ROOT / "clients/python/extras/webhooks.py").read_text()
    assert (ROOT / "clients/python/baohuang_client/webhooks.py").read_text() == written
    assert "cp clients/python/extras/*.py" in (ROOT / ".ci/client.sh").read_text()
