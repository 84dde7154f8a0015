"""``baohuang remote``: a director's commands against a running service, built on the generated
client (clients/python/baohuang_client). The service's address and the organizer's key come from
the environment: ``BAOHUANG_URL`` (default http://127.0.0.1:8000) and ``BAOHUANG_KEY``.

    baohuang remote submit --tournament 3 game.txt      # a game (notation or JSON) into a tournament
    baohuang remote submit --tournament 3 --round 2 --table 1 game.txt   # entered against the seating
    baohuang remote standings --tournament 3            # the standings, as a table
    baohuang remote import --tournament 3 season.ndjson # a season's games, one status a line
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import IO, Any

EXIT_OK, EXIT_REFUSED, EXIT_BAD_INPUT = 0, 1, 2


def _client() -> Any:
    from baohuang_client import AuthenticatedClient

    key = os.environ.get("BAOHUANG_KEY")
    if not key:
        raise SystemExit("baohuang remote: set BAOHUANG_KEY to one of your organizer's API keys")
    url = os.environ.get("BAOHUANG_URL", "http://127.0.0.1:8000").rstrip("/")
    return AuthenticatedClient(base_url=url, token=key, raise_on_unexpected_status=False, timeout=60.0)


def _read(path: str | None) -> str:
    if path in (None, "-"):
        return sys.stdin.read()
    with open(path, encoding="utf-8-sig") as f:
        return f.read()


def submit(args: argparse.Namespace, out: IO[str]) -> int:
    from baohuang_client.api.games import post_v1_tournaments_tournament_id_games as post_game
    from baohuang_client.models import GameSubmission
    from baohuang_client.types import UNSET

    from .core.errors import RecordError
    from .core.jsonio import loads
    from .core.notation import looks_like_notation, parse_submission

    text = _read(args.file)
    try:
        doc = parse_submission(text)[0] if looks_like_notation(text) else loads(text)
    except RecordError as exc:
        out.write(json.dumps({"errors": [p.to_json() for p in exc.problems]}, ensure_ascii=False, indent=2) + "\n")
        return EXIT_BAD_INPUT
    if args.players:
        doc["players"] = [int(x) for x in args.players.split(",")]
    for name in ("round", "table", "deal"):  # where it was played: the round's seating names the players
        if getattr(args, name) is not None:
            doc[name] = getattr(args, name)
    response = post_game.sync_detailed(
        args.tournament,
        client=_client(),
        body=GameSubmission.from_dict(doc),
        idempotency_key=args.idempotency_key or UNSET,
    )
    out.write(json.dumps(json.loads(response.content), ensure_ascii=False, indent=2) + "\n")
    return EXIT_OK if response.status_code == 201 else EXIT_REFUSED


def standings(args: argparse.Namespace, out: IO[str]) -> int:
    from baohuang_client.api.tournaments import get_v1_tournaments_tournament_id_standings as get_standings
    from baohuang_client.models import Standings

    answer = get_standings.sync(args.tournament, client=_client())
    if not isinstance(answer, Standings):
        out.write(json.dumps(answer.to_dict() if answer else None, ensure_ascii=False) + "\n")
        return EXIT_REFUSED
    if args.json:
        out.write(json.dumps(answer.to_dict(), ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    out.write(f"{'rank':>4}  {'total':>6}  {'games':>5}  {'wins':>4}  name\n")
    for row in answer.standings:
        out.write(f"{row.rank:>4}  {row.total:>6}  {row.games:>5}  {row.wins:>4}  {row.name}\n")
    out.write(f"({answer.order})\n")
    return EXIT_OK


def import_games(args: argparse.Namespace, out: IO[str]) -> int:
    """The import is NDJSON, which the generator does not write a function for: sent with the
    generated client's own HTTP client (its address, key and timeouts)."""
    body = _read(args.file).encode("utf-8")
    headers = {"Content-Type": "application/x-ndjson"}
    if args.idempotency_key:
        headers["Idempotency-Key"] = args.idempotency_key
    http = _client().get_httpx_client()
    response = http.post(f"/v1/tournaments/{args.tournament}/games/import", content=body, headers=headers)
    if response.status_code != 200:
        out.write(response.text + "\n")
        return EXIT_REFUSED
    refused = 0
    for line in response.text.splitlines():
        out.write(line + "\n")
        refused += json.loads(line)["status"] == "refused"
    return EXIT_REFUSED if refused else EXIT_OK


def add_parser(sub: Any) -> None:
    p = sub.add_parser("remote", help="director's commands against a running service (BAOHUANG_URL, BAOHUANG_KEY)")
    remote = p.add_subparsers(dest="remote", required=True)
    s = remote.add_parser("submit", help="submit a game (notation with [Players], or a JSON submission)")
    s.add_argument("--tournament", type=int, required=True)
    s.add_argument("--players", help="the five player ids by seat, comma-separated (else the file's)")
    s.add_argument("--round", type=int, help="the round it was played in (with --table: the seating names the players)")
    s.add_argument("--table", type=int, help="the table of that round")
    s.add_argument("--deal", type=int, help="which of the round's deals at that table (default: the next one)")
    s.add_argument("--idempotency-key")
    s.add_argument("file", nargs="?")
    s.set_defaults(func=submit)
    s = remote.add_parser("standings", help="a tournament's standings")
    s.add_argument("--tournament", type=int, required=True)
    s.add_argument("--json", action="store_true", help="the API's answer as JSON")
    s.set_defaults(func=standings)
    s = remote.add_parser("import", help="a season's games, NDJSON, one submission a line")
    s.add_argument("--tournament", type=int, required=True)
    s.add_argument("--idempotency-key", help="makes the import resumable: send the same file again with it")
    s.add_argument("file", nargs="?")
    s.set_defaults(func=import_games)
