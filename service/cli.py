"""The ``baohuang`` command: serve, adjudicate files, convert games between JSON and the notation,
make random games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

import orjson

from .core import random_record
from .core.errors import Problem, RecordError
from .core.jsonio import loads
from .core.notation import format_record, looks_like_notation, parse
from .core.random_game import ALL_SCENARIOS
from .core.ruleset import PRESETS, Ruleset, RulesetError
from .links import SettingError
from .problems import invalid_record
from .referee import BAD_INPUT, LEGAL, NOT_LEGAL, answer_lines, answer_text

EXIT_LEGAL, EXIT_NOT_LEGAL, EXIT_BAD_INPUT = LEGAL, NOT_LEGAL, BAD_INPUT


def _dump(doc: Any, out: IO[str], pretty: bool) -> None:
    """One answer: indented, or on one line (with orjson where it can write the value: a
    batch run writes thousands of lines)."""
    if not pretty:
        try:
            out.write(orjson.dumps(doc, option=orjson.OPT_APPEND_NEWLINE).decode("utf-8"))
            return
        except TypeError:  # a value orjson does not write (an integer beyond 64 bits)
            pass
    out.write(json.dumps(doc, ensure_ascii=False, indent=2 if pretty else None))
    out.write("\n")


def cmd_convert(args: argparse.Namespace, out: IO[str]) -> int:
    """A game from JSON to the notation, or from the notation to JSON."""
    stream = sys.stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")  # noqa: SIM115
    with stream:
        text = stream.read()
    to = args.to or ("json" if looks_like_notation(text) else "text")
    try:
        doc = parse(text).record if looks_like_notation(text) else loads(text)
        if to == "json":
            _dump(doc, out, pretty=not args.compact)
        else:
            if not isinstance(doc, dict):
                raise RecordError([Problem("", "invalid_type", "a record is a JSON object")])
            out.write(format_record(doc))
    except RecordError as exc:
        _dump(invalid_record(exc.problems), out, pretty=True)
        return EXIT_BAD_INPUT
    return EXIT_LEGAL


def cmd_adjudicate(args: argparse.Namespace, out: IO[str]) -> int:
    if args.ndjson:
        return _adjudicate_lines(args.file, out)
    stream = sys.stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")  # noqa: SIM115
    with stream:
        doc, status = answer_text(stream.read())
        _dump(doc, out, pretty=not args.compact)
        return status


def _adjudicate_lines(file: str | None, out: IO[str]) -> int:
    """NDJSON in, one answer a line out, as bytes where the streams have them: each line is
    decoded by the referee's decoder from its bytes and each answer written as orjson writes it,
    without a round trip through text in between (a batch run is thousands of lines)."""
    stream: IO[Any] = (
        (sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin) if file in (None, "-") else open(file, "rb")  # noqa: SIM115
    )
    sink = getattr(out, "buffer", None)
    if sink is not None:
        out.flush()  # anything written as text before comes first
    worst = EXIT_LEGAL
    with stream:
        for doc, status in answer_lines(stream):
            worst = max(worst, status)
            if sink is not None:
                try:
                    sink.write(orjson.dumps(doc, option=orjson.OPT_APPEND_NEWLINE))
                    continue
                except TypeError:  # a value orjson does not write: as text, in its place
                    pass
            _dump(doc, out, pretty=False)
            if sink is not None:
                out.flush()
    return worst


def cmd_random_game(args: argparse.Namespace, out: IO[str]) -> int:
    try:
        options = loads(args.options) if args.options else None
        if options is not None and not isinstance(options, dict):
            raise RulesetError('--options is a JSON object, e.g. \'{"pass": "hard"}\'')
        rs = Ruleset.from_options(args.ruleset, options)
    except RulesetError as exc:
        print(f"baohuang: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RecordError as exc:
        print(f"baohuang: --options is not JSON: {exc.problems[0].detail}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for k in range(args.count):
        try:
            record = random_record(args.seed + k, rs, scenario=args.scenario, with_deal=not args.no_deal)
        except ValueError as exc:
            print(f"baohuang: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        _dump(record, out, pretty=args.count == 1 and not args.compact)
    return 0


def cmd_serve(args: argparse.Namespace, out: IO[str]) -> int:
    from .data_home import describe

    for line in describe():  # which database the club is kept in, before anything else
        print(line, file=out)
    if args.dev:
        from .app import create_app

        create_app().run(host=args.host, port=args.port, debug=True)
        return 0
    import os

    from . import schema_gate
    from .links import valid_embed_ancestors, valid_public_url

    public = valid_public_url(os.environ.get("BAOHUANG_PUBLIC_URL", ""))  # a bad one stops here, in one line
    valid_embed_ancestors(os.environ.get("BAOHUANG_EMBED_ANCESTORS", ""))
    # The schema is brought to head once, beside the start (the workers are told not to, and wait
    # for it before they build the app): the first /livez does not wait for it.
    env = dict(os.environ, HOST=args.host, PORT=str(args.port))
    if args.lan:
        env.update(_on_the_lan(args.port, public, out))
    env[schema_gate.ENV] = schema_gate.migrate_beside()
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    cmd = [sys.executable, "-m", "gunicorn", "-c", "python:service.gunicorn_conf", "service.wsgi:app"]
    # gunicorn takes this process's place (same pid): a supervisor's SIGTERM or SIGINT reaches
    # it directly, and it stops its workers before it exits.
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, cmd, env)
    return 0  # not reached


def _on_the_lan(port: int, public: str, out: IO[str]) -> dict[str, str]:
    """``serve --lan``: listen on every address, and give the links (round sheets' QR codes) this
    machine's address on its network, unless BAOHUANG_PUBLIC_URL names one; say what to open."""
    from .links import lan_address

    env = {"HOST": "0.0.0.0"}
    address = lan_address()
    if public:
        url = public
    elif address is not None:
        url = env["BAOHUANG_PUBLIC_URL"] = f"http://{address}:{port}"
    else:
        url = f"http://127.0.0.1:{port}"
        print("baohuang: this machine has no network address but loopback: phones cannot reach it", file=out)
    print(f"baohuang: serving the club on the network: open {url}/ on the phones (the same Wi-Fi)", file=out)
    return env


def cmd_openapi(args: argparse.Namespace, out: IO[str]) -> int:
    from .app import create_app, openapi_yaml

    out.write(openapi_yaml(create_app({"DATABASE_URL": "sqlite://", "AUTO_UPGRADE": False})))
    return 0


def version_line() -> str:
    """The version, and which core runs: compiled (mypyc) or pure Python, and why."""
    from . import __version__
    from .core import _compiled

    return f"baohuang {__version__}, rules core {_compiled.WHY}, Python {sys.version.split()[0]}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="baohuang", description="Referee for 保皇 (Baohuang).")
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", required=True)
    _game_commands(sub)
    p = sub.add_parser("serve", help="run the HTTP service (and its background work, unless BAOHUANG_BACKGROUND=0)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument(
        "--lan",
        action="store_true",
        help="a club evening: listen on the network, and give table links this machine's address on it",
    )
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--workers", type=int, help="gunicorn workers (default: WEB_CONCURRENCY, else cores + 1)")
    p.add_argument("--dev", action="store_true", help="Flask's development server with reload and debugger")
    p.set_defaults(func=cmd_serve)
    from .operator import add_commands

    add_commands(sub)
    from .remote import add_parser as add_remote

    add_remote(sub)

    p = sub.add_parser("openapi", help="print the OpenAPI document")
    p.set_defaults(func=cmd_openapi)
    return parser


def _game_commands(sub: Any) -> None:
    """The commands about games, without a database: adjudicate, convert, random-game."""
    p = sub.add_parser("adjudicate", help="adjudicate a record file (exit 0 legal, 1 not legal, 2 bad input)")
    p.add_argument(
        "file", nargs="?", help="a JSON record or a game in the notation; '-' or nothing reads standard input"
    )
    p.add_argument("--ndjson", action="store_true", help="one record per line in, one answer per line out")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    p.set_defaults(func=cmd_adjudicate)

    p = sub.add_parser("convert", help="a game from JSON to the notation (docs/notation.md), or back")
    p.add_argument(
        "file", nargs="?", help="a JSON record or a game in the notation; '-' or nothing reads standard input"
    )
    p.add_argument("--to", choices=["json", "text"], help="the format to write (default: the other one)")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser("random-game", help="print a legal random record")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ruleset", default="weihai", choices=sorted(PRESETS))
    p.add_argument(
        "--options",
        help='the ruleset\'s options as JSON, e.g. \'{"pass": "hard", "rebellion_threshold": 3}\' (GET /v1/rulesets lists them)',
    )
    p.add_argument("--scenario", choices=ALL_SCENARIOS, help="force the calls: hidden_solo, transfer_ascend, …")
    p.add_argument("--no-deal", action="store_true", help="leave the deal out, as a log typed at a table")
    p.add_argument("--count", type=int, default=1, help="that many records (seeds N, N+1, …), one per line")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    p.set_defaults(func=cmd_random_game)


# Commands that open the database: only they import SQLAlchemy (adjudicating a file never does;
# ``serve`` leaves it to the process it forks to bring the schema to head: service/schema_gate.py).
DATABASE_COMMANDS = frozenset({"db", "organizers", "webhooks", "ratings", "background"})


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command in DATABASE_COMMANDS:
            return _with_database(args, out or sys.stdout)
        return int(args.func(args, out or sys.stdout))
    except FileNotFoundError as exc:
        print(f"baohuang: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except SettingError as exc:
        print(f"baohuang: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (| head): stop quietly, and keep Python from complaining when it
        # flushes standard output on the way out.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BAD_INPUT


def _with_database(args: argparse.Namespace, out: IO[str]) -> int:
    """A command that opens the database: an unusable or unreachable DATABASE_URL is one line."""
    from sqlalchemy.exc import OperationalError

    from .data_home import describe
    from .persistence.db import DatabaseUrlError

    for line in describe():  # on standard error: standard output stays the command's answer
        print(line, file=sys.stderr)
    try:
        return int(args.func(args, out))
    except DatabaseUrlError as exc:
        print(f"baohuang: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OperationalError as exc:
        first = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        print(f"baohuang: the database is not reachable: {first}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
