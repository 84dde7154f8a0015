"""The baohuang command."""

import io
import json

from service.cli import main
from service.core import random_record


def run(argv, stdin=None, monkeypatch=None):
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv, out)
    return status, out.getvalue()


def test_random_game_is_reproducible_and_legal(tmp_path, monkeypatch):
    s1, a = run(["random-game", "--seed", "5"])
    s2, b = run(["random-game", "--seed", "5"])
    assert s1 == s2 == 0 and a == b
    assert json.loads(a) == random_record(5)
    f = tmp_path / "g.json"
    f.write_text(a)
    status, out = run(["adjudicate", str(f)])
    assert status == 0
    assert json.loads(out)["verdict"] == "legal"


def test_adjudicate_exit_status(monkeypatch):
    rec = random_record(6)
    rec["plays"][0]["seat"] = (rec["plays"][0]["seat"] + 1) % 5
    status, out = run(["adjudicate", "-"], json.dumps(rec), monkeypatch)
    assert status == 1 and json.loads(out)["violation"]["code"] == "out_of_turn"
    status, out = run(["adjudicate"], "{nope", monkeypatch)
    assert status == 2 and json.loads(out)["status"] == 422


def test_ndjson_one_answer_per_line(monkeypatch):
    lines = [json.dumps(random_record(s)) for s in range(3)] + [
        "[1]",
        "",
        json.dumps(random_record(4, with_deal=False)),
    ]
    status, out = run(["adjudicate", "--ndjson"], "\n".join(lines) + "\n", monkeypatch)
    answers = [json.loads(x) for x in out.splitlines()]
    assert len(answers) == len(lines)
    assert [a.get("verdict") for a in answers] == ["legal", "legal", "legal", None, None, "legal"]
    assert answers[3]["errors"][0]["pointer"] == ""
    assert status == 2


def test_ndjson_all_legal_exits_zero(monkeypatch):
    status, out = run(["random-game", "--seed", "0", "--count", "4"])
    status, out = run(["adjudicate", "--ndjson"], out, monkeypatch)
    assert status == 0 and len(out.splitlines()) == 4


def test_missing_file_is_bad_input():
    assert run(["adjudicate", "/nonexistent/record.json"])[0] == 2


def test_random_game_for_each_ruleset(monkeypatch):
    for name in ("standard", "kk-simple", "kk-classic", "shandong"):
        status, out = run(["random-game", "--seed", "3", "--ruleset", name, "--compact"])
        assert status == 0
        status, answer = run(["adjudicate", "-"], out, monkeypatch)
        assert status == 0 and json.loads(answer)["ruleset"]["name"] == name


def test_random_game_scenario_must_fit_the_ruleset():
    assert run(["random-game", "--ruleset", "standard", "--scenario", "transfer_ascend"])[0] == 2


def test_random_game_with_options_fills_a_tournament_with_those_options(db_client, monkeypatch):
    """A tournament whose ruleset has options takes the random games made with them."""
    from tests.tournament_helpers import Club

    club = Club(db_client)
    spec = {"name": "shandong", "options": {"pass": "hard", "rebellion_threshold": 3}}
    tid, ids = club.tournament(ruleset=spec, players=5)
    status, out = run(
        [
            "random-game",
            "--seed",
            "5",
            "--count",
            "3",
            "--ruleset",
            "shandong",
            "--options",
            json.dumps(spec["options"]),
        ],
        monkeypatch=monkeypatch,
    )
    assert status == 0
    for line in out.splitlines():
        record = json.loads(line)
        assert record["ruleset"] == spec
        r = club.submit(tid, {"players": ids, "record": record})
        assert r.status_code == 201, r.get_json()
    status, _ = run(["random-game", "--options", '{"pass": "sideways"}'], monkeypatch=monkeypatch)
    assert status == 2


def test_commands_without_a_database_never_import_one(tmp_path):
    """adjudicate, convert and random-game start without SQLAlchemy or the persistence layer
    (their import was most of the command's start)."""
    import subprocess
    import sys

    probe = (
        "import sys, io; from service.cli import main; sys.stdout = io.StringIO(); main(['random-game', '--seed', '3']);"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'sqlalchemy' or m.startswith('service.persistence')];"
        "sys.stdout = sys.__stdout__; print(bad)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_ndjson_bytes_that_are_not_utf8_are_a_problem_of_their_line_not_a_crash(tmp_path):
    """A batch file with a line that is not UTF-8 (a table's export in GBK, say): that line is
    answered with its problem and the others are judged, from a file and from standard input, as
    the API's stream answers them (it ended in a UnicodeDecodeError traceback)."""
    import subprocess
    import sys

    good = json.dumps(random_record(2)).encode()
    body = good + b"\n" + "保皇".encode("gbk") + b"\n" + good + b"\r\n"
    f = tmp_path / "games.ndjson"
    f.write_bytes(body)
    for args, stdin in ((["adjudicate", "--ndjson", str(f)], None), (["adjudicate", "--ndjson", "-"], body)):
        done = subprocess.run(
            [sys.executable, "-m", "service.cli", *args], input=stdin, capture_output=True, check=False
        )
        answers = [json.loads(line) for line in done.stdout.splitlines()]
        assert done.returncode == 2 and not done.stderr, done.stderr[-300:]
        assert [a.get("verdict") or a["status"] for a in answers] == ["legal", 422, "legal"]
        assert answers[1]["line"] == 2
