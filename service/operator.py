"""The operator's commands of ``baohuang`` (the rest: cli.py): the database's schema, organizers
and their keys, the webhooks' deliverer, the ratings, and the background work. Each opens the
database, and only they import SQLAlchemy."""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any

EXIT_BAD_INPUT = 2  # as every command of baohuang: the input was not usable


def cmd_db(args: argparse.Namespace, out: IO[str]) -> int:
    from .persistence.db import Database

    db = Database()
    if args.action == "upgrade":
        db.upgrade(args.revision or "head")
        out.write(f"upgraded {db.engine.url.render_as_string(hide_password=True)} to {args.revision or 'head'}\n")
    elif args.action == "downgrade":
        db.downgrade(args.revision or "base")
        out.write(f"downgraded to {args.revision or 'base'}\n")
    else:
        out.write(("at head" if db.at_head() else "behind head: run 'baohuang db upgrade'") + "\n")
        return 0 if db.at_head() else 1
    return 0


def cmd_organizers(args: argparse.Namespace, out: IO[str]) -> int:
    """The operator's own commands: create an organizer, or issue a key to one that has lost
    theirs. Each prints the new key's secret once."""
    from .club.errors import NotFound
    from .persistence import keys as keys_repo
    from .persistence.db import Database
    from .text_and_time import clean_text

    db = Database()
    db.upgrade()
    with db.session() as s:
        if args.action == "create":
            try:
                name = clean_text(args.name, max_length=200)
            except ValueError as exc:
                print(f"baohuang: {exc}", file=sys.stderr)
                return EXIT_BAD_INPUT
            org, key, secret = keys_repo.create_organizer(s, name)
        else:
            try:
                org = keys_repo.get_organizer(s, int(args.name))
            except (ValueError, NotFound):
                print(f"baohuang: no organizer {args.name}", file=sys.stderr)
                return EXIT_BAD_INPUT
            key, secret = keys_repo.new_key(s, org.id, "issued by the operator")
        s.commit()
        out.write(f"organizer {org.id} ({org.name}): key {key.id}\n{secret}\n")
    return 0


def cmd_webhooks(args: argparse.Namespace, out: IO[str]) -> int:
    """Deliver webhook events until stopped; SIGTERM or SIGINT stop taking new posts, and the
    posts under way end within their deadline (BAOHUANG_WEBHOOK_TIMEOUT). ``--once`` delivers
    everything due, then exits."""
    import signal
    import threading

    from .persistence.db import Database
    from .tournament import webhooks

    db = Database()
    db.upgrade()
    stop = threading.Event()

    def on_signal(*_: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        if args.once:
            posted = webhooks.drain(db)
            print(f"{posted} deliveries attempted", file=out)
            return 0
        webhooks.run(db, stop, interval=args.interval)
    finally:
        db.dispose()
    return 0


def cmd_ratings(args: argparse.Namespace, out: IO[str]) -> int:
    """The operator's ratings commands: ``update`` takes in every change not yet taken in (what
    the background worker does); ``recompute`` makes an organizer's ratings again from scratch
    (every organizer's without ``--organizer``): the same figures, whatever the order of changes."""
    from .persistence.db import Database
    from .tournament import ratings

    db = Database()
    db.upgrade()
    try:
        if args.action == "update":
            print(f"ratings brought up to date for {ratings.update_all(db)} organizer(s)", file=out)
            return 0
        organizers = [args.organizer] if args.organizer else ratings.organizers(db)
        for organizer_id in organizers:
            done = ratings.recompute(db, organizer_id)
            print(f"organizer {organizer_id}: {done.games} game(s) rated from scratch", file=out)
    finally:
        db.dispose()
    return 0


def cmd_background(args: argparse.Namespace, out: IO[str]) -> int:
    """The service's background work, in one process beside the web workers: the webhooks'
    deliveries and the ratings' updates too large for the write that asked for them. SIGTERM or
    SIGINT stop it (posts under way end within their deadline)."""
    import signal
    import threading

    from .background_watch import BEAT, beat
    from .persistence.db import Database
    from .schema_gate import SchemaNotReady, wait
    from .tournament import ratings, webhooks

    db = Database()
    if not args.no_upgrade:
        db.upgrade()
    try:
        wait()  # under ``serve``, the schema is brought to head beside the start
    except SchemaNotReady as exc:
        out.write(f"{exc}\n")
        return 1
    stop = threading.Event()

    def on_signal(*_: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    rating = threading.Thread(target=ratings.run, args=(db, stop), name="ratings", daemon=True)
    rating.start()

    def heartbeat() -> None:  # while both halves of the work run (/readyz reads it)
        while not stop.wait(BEAT):
            if rating.is_alive():
                beat()

    beat()
    threading.Thread(target=heartbeat, name="heartbeat", daemon=True).start()
    try:
        webhooks.run(db, stop, interval=args.interval)
    finally:
        stop.set()
        rating.join(timeout=30)
        db.dispose()
    return 0


def add_commands(sub: Any) -> None:
    """The operator's commands: the database, organizers, the webhooks' deliverer, the ratings,
    the background work."""
    p = sub.add_parser("db", help="database schema: upgrade (default to head), downgrade, status")
    p.add_argument("action", choices=["upgrade", "downgrade", "status"])
    p.add_argument("revision", nargs="?", help="a migration revision (upgrade: head, downgrade: base)")
    p.set_defaults(func=cmd_db)

    p = sub.add_parser("organizers", help="for the operator: create an organizer, or issue one a new key")
    p.add_argument("action", choices=["create", "issue-key"])
    p.add_argument("name", metavar="NAME|ORGANIZER_ID", help="create: the name; issue-key: the organizer's id")
    p.set_defaults(func=cmd_organizers)

    p = sub.add_parser("webhooks", help="deliver the tournaments' webhook events (a process of its own)")
    p.add_argument("action", choices=["deliver"])
    p.add_argument("--once", action="store_true", help="deliver everything that is due, then exit")
    p.add_argument("--interval", type=float, default=1.0, help="seconds to wait when nothing is due")
    p.set_defaults(func=cmd_webhooks)

    p = sub.add_parser("ratings", help="for the operator: bring ratings up to date, or make them again from scratch")
    p.add_argument("action", choices=["update", "recompute"])
    p.add_argument("--organizer", type=int, help="recompute: this organizer's only")
    p.set_defaults(func=cmd_ratings)

    p = sub.add_parser("background", help="the background work: webhooks' deliveries and large ratings updates")
    p.add_argument("--interval", type=float, default=1.0, help="seconds to wait when nothing is due")
    p.add_argument("--no-upgrade", action="store_true", help="do not migrate the schema first (serve did)")
    p.set_defaults(func=cmd_background)
