"""What the service counts about its work (Prometheus): the use cases and the views both count here."""

from __future__ import annotations

from prometheus_client import Counter

ADJUDICATIONS = Counter("baohuang_adjudications_total", "records adjudicated, by verdict", ["verdict"])
GAMES_STORED = Counter("baohuang_games_stored_total", "games stored in tournaments")
