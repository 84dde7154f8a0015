"""A club, a tournament and players, made through the API."""

from __future__ import annotations

from typing import Any


class Club:
    def __init__(self, client: Any, name: str = "Weihai club") -> None:
        self.client = client
        r = client.post("/v1/organizers", json={"name": name})
        assert r.status_code == 201, r.get_json()
        self.organizer = r.get_json()["organizer"]
        self.secret = r.get_json()["key"]["secret"]

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secret}"}

    def tournament(self, ruleset: Any = "weihai", players: int = 6, **kw: Any) -> tuple[int, list[int]]:
        r = self.client.post(
            "/v1/tournaments", json={"name": "Winter league", "ruleset": ruleset, **kw}, headers=self.auth
        )
        assert r.status_code == 201, r.get_json()
        tid = r.get_json()["id"]
        ids = []
        for i in range(players):
            p = self.client.post(f"/v1/tournaments/{tid}/players", json={"name": f"player {i}"}, headers=self.auth)
            assert p.status_code == 201, p.get_json()
            ids.append(p.get_json()["id"])
        return tid, ids

    def submit(self, tid: int, body: dict[str, Any], **headers: str) -> Any:
        return self.client.post(f"/v1/tournaments/{tid}/games", json=body, headers={**self.auth, **headers})
