"""The game notation through the HTTP API and the command line: a game typed as text is judged
as its JSON record is, and a mistake is named by the line and column where it was typed."""

from __future__ import annotations

import json

from service.core import adjudicate, random_record
from service.core.notation import MEDIA_TYPE, format_record, parse
from tests.api.test_cli import run
from tests.tournament_helpers import Club

NOTATION = {"Content-Type": MEDIA_TYPE}


def typed(seed: int) -> tuple[dict, str]:
    record = random_record(seed)
    for p in record["plays"]:
        p.pop("seat")
    return record, format_record(record)


def test_a_game_in_the_notation_is_judged_like_its_record(client):
    record, text = typed(3)
    r = client.post("/v1/adjudications", data=text.encode(), headers=NOTATION)
    assert r.status_code == 200
    assert r.get_json() == client.post("/v1/adjudications", json=record).get_json()


def test_a_violation_names_its_line_and_column(client):
    _, text = typed(5)
    lines = text.splitlines()
    k = lines.index("plays") + 4
    lines[k] = "2 2 2 2 2 2 2 2 2, " + lines[k].split(", ", 1)[1]  # nine 2s: nobody holds them
    r = client.post("/v1/adjudications", data="\n".join(lines).encode(), headers=NOTATION)
    body = r.get_json()
    assert r.status_code == 200 and body["verdict"] == "illegal"
    assert (body["violation"]["line"], body["violation"]["column"]) == (k + 1, 1)
    assert body["violation"]["code"] == "not_in_hand"


def test_the_answer_in_the_notation(client):
    record, text = typed(6)
    r = client.post("/v1/adjudications", data=text.encode(), headers={**NOTATION, "Accept": MEDIA_TYPE})
    assert r.status_code == 200 and r.mimetype == MEDIA_TYPE
    answer = r.get_data(as_text=True)
    assert '[Verdict "legal"]' in answer
    expected = adjudicate(record).outcome.scores
    assert f'[Scores "{" ".join(map(str, expected))}"]' in answer
    game = parse(answer)  # the answer is a game in the notation itself
    assert game.record["meta"]["Verdict"] == "legal"
    assert adjudicate(game.record).outcome.scores == expected
    # a JSON record can be answered in the notation too
    r = client.post("/v1/adjudications", json=record, headers={"Accept": MEDIA_TYPE})
    assert r.mimetype == MEDIA_TYPE and '[Verdict "legal"]' in r.get_data(as_text=True)


def test_text_that_is_not_the_notation_is_422_with_line_and_column(client):
    r = client.post("/v1/adjudications", data=b"calls\n0 ascend\nplays\n9 9, 10 Z", headers=NOTATION)
    assert r.status_code == 422
    (problem,) = r.get_json()["errors"]
    assert (problem["code"], problem["line"], problem["column"]) == ("unknown_card", 4, 9)
    r = client.post("/v1/adjudications", data=b"\xff\xfe", headers=NOTATION)
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "invalid_notation"


def test_only_games_are_read_as_notation(client):
    club = Club(client)
    r = client.post("/v1/tournaments", data=b"plays\n9", headers={**NOTATION, **club.auth})
    assert r.status_code == 415
    assert r.headers["Accept-Post"] == "application/json"


def test_a_tournament_game_submitted_in_the_notation(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    record, text = typed(8)
    body = f'[Players "{" ".join(map(str, ids))}"]\n[PlayedAt "2026-11-30T20:00:00Z"]\n' + text
    r = db_client.post(f"/v1/tournaments/{tid}/games", data=body.encode(), headers={**NOTATION, **club.auth})
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    assert [s["player_id"] for s in game["seats"]] == ids
    assert [s["score"] for s in game["seats"]] == list(adjudicate(record).outcome.scores)
    assert game["played_at"].startswith("2026-11-30T20:00:00")
    # the same game again, as JSON: a duplicate
    r = club.submit(tid, {"players": ids, "record": record})
    assert r.status_code == 409 and r.get_json()["game_id"] == game["id"]


def test_an_illegal_game_submitted_in_the_notation_names_the_line(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    _, text = typed(9)
    lines = text.splitlines()
    k = lines.index("plays") + 2
    lines[k] = "2 2 2 2 2 2 2 2 2, " + lines[k].split(", ", 1)[1]
    body = f'[Players "{" ".join(map(str, ids))}"]\n' + "\n".join(lines)
    r = db_client.post(f"/v1/tournaments/{tid}/games", data=body.encode(), headers={**NOTATION, **club.auth})
    assert r.status_code == 422
    violation = r.get_json()["adjudication"]["violation"]
    assert (violation["line"], violation["column"]) == (k + 2, 1)  # one header line more
    r = db_client.post(
        f"/v1/tournaments/{tid}/games", data=b'[Players "1 2"]\nplays\n9', headers={**NOTATION, **club.auth}
    )
    assert r.status_code == 422 and r.get_json()["errors"][0]["line"] == 1


def test_the_command_line_reads_and_converts_the_notation(tmp_path, monkeypatch):
    record, text = typed(10)
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    status, out = run(["adjudicate", str(path)], monkeypatch=monkeypatch)
    assert status == 0 and json.loads(out)["verdict"] == "legal"
    status, out = run(["convert", str(path), "--compact"], monkeypatch=monkeypatch)
    assert status == 0 and adjudicate(json.loads(out)).outcome.scores == adjudicate(record).outcome.scores
    back = tmp_path / "game.json"
    back.write_text(out, encoding="utf-8")
    status, out = run(["convert", str(back)], monkeypatch=monkeypatch)
    assert status == 0 and out == text
    path.write_text("plays\n9 9, Z", encoding="utf-8")
    status, out = run(["adjudicate", str(path)], monkeypatch=monkeypatch)
    assert status == 2 and json.loads(out)["errors"][0]["line"] == 2
