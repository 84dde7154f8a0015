"""The generated Python client (clients/python) against a live service, and `baohuang remote`
built on it: an organizer, a tournament and its players, a game submitted, the standings, an
import."""

from __future__ import annotations

import json
import signal

import pytest
from baohuang_client import AuthenticatedClient, Client
from baohuang_client.api.games import post_v1_tournaments_tournament_id_games as post_game
from baohuang_client.api.organizers import post_v1_organizers
from baohuang_client.api.tournaments import (
    get_v1_tournaments_tournament_id_standings as get_standings,
)
from baohuang_client.api.tournaments import (
    post_v1_tournaments,
    post_v1_tournaments_tournament_id_players,
    post_v1_tournaments_tournament_id_rounds,
)
from baohuang_client.models import GameSubmission, OrganizerCreate, PlayerCreate, Standings, TournamentCreate

from service.cli import main
from service.core import adjudicate, random_record
from service.core.notation import format_record
from tests.system.test_deploy import start_serve, wait_ready

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    proc, port = start_serve(tmp_path_factory.mktemp("client"), 1, BAOHUANG_OPEN_SIGNUP="1")
    try:
        wait_ready(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def test_the_generated_client_runs_a_tournament(service):
    anonymous = Client(base_url=service)
    created = post_v1_organizers.sync(client=anonymous, body=OrganizerCreate(name="Client club"))
    client = AuthenticatedClient(base_url=service, token=created.key.secret)
    t = post_v1_tournaments.sync(client=client, body=TournamentCreate(name="Remote league"))
    ids = [
        post_v1_tournaments_tournament_id_players.sync(t.id, client=client, body=PlayerCreate(name=n)).id
        for n in ("甲", "乙", "丙", "丁", "戊")
    ]
    seated = post_v1_tournaments_tournament_id_rounds.sync(t.id, client=client)
    assert seated.number == 1 and len(seated.tables) == 1 and not seated.sitting_out
    record = random_record(3)
    game = post_game.sync(
        t.id, client=client, body=GameSubmission.from_dict({"round": 1, "table": 1, "record": record})
    )
    assert [s.score for s in game.seats] == list(adjudicate(record).outcome.scores)
    assert [s.player_id for s in game.seats] == [x.player_id for x in seated.tables[0].seats]
    assert {s.name for s in game.seats} == {"甲", "乙", "丙", "丁", "戊"} and sorted(ids) == sorted(
        s.player_id for s in game.seats
    )
    table = get_standings.sync(t.id, client=client)
    assert isinstance(table, Standings) and sum(r.total for r in table.standings) == 0
    assert {r.games for r in table.standings} == {1}


def test_remote_commands(service, monkeypatch, tmp_path, capsys):
    anonymous = Client(base_url=service)
    created = post_v1_organizers.sync(client=anonymous, body=OrganizerCreate(name="Remote club"))
    client = AuthenticatedClient(base_url=service, token=created.key.secret)
    t = post_v1_tournaments.sync(client=client, body=TournamentCreate(name="Director's evening"))
    ids = [
        post_v1_tournaments_tournament_id_players.sync(t.id, client=client, body=PlayerCreate(name=f"p{i}")).id
        for i in range(5)
    ]
    monkeypatch.setenv("BAOHUANG_URL", service)
    monkeypatch.setenv("BAOHUANG_KEY", created.key.secret)
    record = random_record(8)
    game = tmp_path / "game.txt"
    game.write_text(f'[Players "{" ".join(map(str, ids))}"]\n' + format_record(record), encoding="utf-8")
    assert main(["remote", "submit", "--tournament", str(t.id), str(game)]) == 0
    stored = json.loads(capsys.readouterr().out)
    assert [s["score"] for s in stored["seats"]] == list(adjudicate(record).outcome.scores)
    assert main(["remote", "submit", "--tournament", str(t.id), str(game)]) == 1  # the same game again
    assert json.loads(capsys.readouterr().out)["status"] == 409
    season = tmp_path / "season.ndjson"
    season.write_text(
        "\n".join(json.dumps({"players": ids, "record": random_record(n)}) for n in (20, 21, 22)) + "\n",
        encoding="utf-8",
    )
    assert main(["remote", "import", "--tournament", str(t.id), "--idempotency-key", "s1", str(season)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["status"] for x in lines] == ["stored"] * 3
    assert main(["remote", "standings", "--tournament", str(t.id)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["rank", "total", "games", "wins", "name"] and len(table) == 7
    assert {int(line.split()[2]) for line in table[1:6]} == {4}


def test_the_generated_client_checks_a_move_and_asks_a_position(service):
    from baohuang_client.api.adjudications import post_v1_adjudications
    from baohuang_client.api.positions import post_v1_positions, post_v1_positions_check
    from baohuang_client.models import PostV1PositionsCheckBody, Record

    public = Client(base_url=service)
    record = random_record(9)
    answer = post_v1_adjudications.sync(client=public, body=Record.from_dict(record))
    assert answer.verdict.value == "legal" and list(answer.outcome.scores) == list(adjudicate(record).outcome.scores)
    prefix = {**record, "plays": record["plays"][:4]}
    check = post_v1_positions_check.sync(
        client=public, body=PostV1PositionsCheckBody.from_dict({"record": prefix, "move": record["plays"][4]})
    )
    assert check.legal is True
    position = post_v1_positions.sync(client=public, body=Record.from_dict(prefix))
    assert position.phase.value == "play" and position.seat == record["plays"][4]["seat"]
