"""Webhooks over HTTP: register (the secret shown once), list, the deliveries with their
attempts, redeliver, remove; only the tournament's organizer."""

from __future__ import annotations

from service.core import random_record
from service.tournament import webhooks
from tests.tournament.test_webhooks import Receiver, _valid, local_receivers  # noqa: F401 (a fixture)
from tests.tournament_helpers import Club


def test_webhooks_over_http(db_app):
    client = db_app.test_client()
    club, other = Club(client), Club(client, "another club")
    tid, ids = club.tournament(players=5)
    receiver = Receiver(["fail"])
    try:
        base = f"/v1/tournaments/{tid}/webhooks"
        assert client.post(base, json={"url": receiver.url}).status_code == 401
        assert client.post(base, json={"url": receiver.url}, headers=other.auth).status_code == 403
        assert client.post(base, json={"url": "ftp://x"}, headers=club.auth).status_code == 422
        r = client.post(base, json={"url": receiver.url, "events": ["game.stored"]}, headers=club.auth)
        assert r.status_code == 201
        hook = r.get_json()
        assert hook["secret"].startswith("whsec_")
        listed = client.get(base, headers=club.auth).get_json()["webhooks"]
        assert listed == [{k: v for k, v in hook.items() if k != "secret"}]  # never shown again
        assert club.submit(tid, {"players": ids, "record": random_record(3)}).status_code == 201
        db = db_app.extensions["baohuang_db"]
        webhooks.deliver_once(db)  # the receiver fails the first post
        deliveries = client.get(f"{base}/{hook['id']}/deliveries", headers=club.auth).get_json()["deliveries"]
        assert [(d["event"], d["state"], [a["status"] for a in d["attempts"]]) for d in deliveries] == [
            ("game.stored", "pending", [500])
        ]
        r = client.post(f"{base}/{hook['id']}/deliveries/{deliveries[0]['id']}/redeliver", headers=club.auth)
        assert r.status_code == 202
        webhooks.deliver_once(db)  # due now: delivered
        (d,) = client.get(f"{base}/{hook['id']}/deliveries", headers=club.auth).get_json()["deliveries"]
        assert d["state"] == "delivered" and [a["status"] for a in d["attempts"]] == [500, 204]
        headers, body, raw = receiver.received[-1]
        assert body["event"] == "game.stored" and _valid(headers, raw, hook["secret"])
        assert client.delete(f"{base}/{hook['id']}", headers=club.auth).status_code == 200
        assert client.get(base, headers=club.auth).get_json()["webhooks"] == []
    finally:
        receiver.close()
