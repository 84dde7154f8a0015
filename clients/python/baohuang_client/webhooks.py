"""Checking a webhook delivery from the Baohuang referee (written by hand, not generated: the
generation step copies this module into the package, so it survives regenerating the client).

Every delivery carries ``X-Baohuang-Timestamp`` (Unix seconds), ``X-Baohuang-Signature``
(``sha256=`` and the hex HMAC-SHA256, with the webhook's secret, of the timestamp, a dot and the
body exactly as received) and ``X-Baohuang-Delivery`` (the same id on every retry of one
delivery: keep the ids seen, and answer 2xx to one seen before without acting on it again).

    from baohuang_client.webhooks import verify_signature

    if not verify_signature(secret, request.headers, request.get_data()):
        return "", 401
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Mapping

__all__ = ["REPLAY_WINDOW", "signature", "verify_signature"]

REPLAY_WINDOW = 300  # seconds: a delivery signed longer ago than this is refused (a replay)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The signature the referee sends for ``body`` at ``timestamp``: ``sha256=<hex>``."""
    digest = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def _header(headers: Mapping[str, str], name: str) -> str | None:
    value = headers.get(name)
    if value is None:  # a plain dict whose keys are written otherwise
        wanted = name.lower()
        value = next((v for k, v in headers.items() if k.lower() == wanted), None)
    return value


def verify_signature(
    secret: str,
    headers: Mapping[str, str],
    body: bytes,
    *,
    tolerance: int = REPLAY_WINDOW,
    now: float | None = None,
) -> bool:
    """Whether ``body`` with these headers was signed with ``secret`` within the last
    ``tolerance`` seconds (and not more than that ahead of this clock): the signature compared
    in constant time, the timestamp checked so that a recorded delivery cannot be replayed."""
    stamp = _header(headers, "X-Baohuang-Timestamp")
    given = _header(headers, "X-Baohuang-Signature")
    if stamp is None or given is None or not stamp.isascii() or not stamp.isdigit() or len(stamp) > 12:
        return False
    timestamp = int(stamp)
    clock = time.time() if now is None else now
    if abs(clock - timestamp) > tolerance:
        return False
    return hmac.compare_digest(given.encode(), signature(secret, timestamp, body).encode())
