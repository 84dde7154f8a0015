"""A member's evenings a page at a time: the pages, walked by their cursor, are the whole list in
order with the same running totals; each page's rating by evening is that of its evenings; the
rating series spans the whole history in a bounded number of steps."""

from __future__ import annotations

from service.tournament import members as members_use_cases
from tests.api.test_club_api import NAMES, _evening
from tests.tournament_helpers import Club


def test_a_members_evenings_come_a_page_at_a_time(db_client, monkeypatch):
    client = db_client
    club = Club(client)
    oid = club.organizer["id"]
    for k in range(5):
        _evening(client, club, f"第{k}晚", NAMES, 4, 50 + k)
    member = client.get(f"/v1/organizers/{oid}/members").get_json()["members"][0]["id"]
    url = f"/v1/organizers/{oid}/members/{member}"
    whole = client.get(f"{url}?evenings=500").get_json()
    assert whole["evenings_total"] == len(whole["evenings"]) == 5 and whole["evenings_before"] is None
    running = 0
    for e in whole["evenings"]:
        running += e["total"]
        assert e["cumulative"] == running
    pages, before = [], None
    while True:
        page = client.get(f"{url}?evenings=2" + (f"&before={before}" if before else "")).get_json()
        assert page["evenings_total"] == 5 and len(page["evenings"]) <= 2
        assert [x["game_id"] for x in page["rating_history"]] == [
            x["game_id"] for x in whole["rating_history"] if _evening_of(x, whole) in _ids(page)
        ]
        pages.insert(0, page["evenings"])
        before = page["evenings_before"]
        if before is None:
            break
    assert [e for p in pages for e in p] == whole["evenings"]
    assert [len(p) for p in pages] == [1, 2, 2]
    steps = whole["rating_steps"]
    assert steps > 5 and whole["rating_series"][-1]["rating"] == whole["rating"]
    monkeypatch.setattr(members_use_cases, "SERIES_POINTS", 4)  # a long history, in small
    series = client.get(url).get_json()["rating_series"]
    history = client.get(f"{url}/rating-history?limit=500").get_json()["steps"]
    assert len(series) == 4 and series[0] == history[0] and series[-1] == history[-1]
    for bad in ("evenings=0", "evenings=501", "before=0", "before=x"):
        r = client.get(f"{url}?{bad}")
        assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"].startswith("/"), bad


def _ids(page):
    return {e["tournament_id"] for e in page["evenings"]}


def _evening_of(step, whole):
    """The evening (tournament) a step of the rating by evening ends: the evening it is listed at."""
    k = whole["rating_history"].index(step)
    return whole["evenings"][k]["tournament_id"]
