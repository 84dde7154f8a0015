"""Where the embedded database lives: one place, whatever folder a command is started from.

Without ``DATABASE_URL`` the service keeps its data in a SQLite file in the user's data
directory — ``BAOHUANG_DATA_DIR`` if set, else the platform's (``$XDG_DATA_HOME/baohuang``,
``~/.local/share/baohuang`` on Linux; ``~/Library/Application Support/baohuang`` on macOS;
``%LOCALAPPDATA%\\baohuang`` on Windows). ``BAOHUANG_SQLITE_PATH`` still names a file
directly. Every command that opens the database says which one (``shown``), password hidden.

Standard library only (``serve`` names the database before anything else is imported). Written
by hand rather than with platformdirs: these ten lines are all of it this service needs, and one
more package would be one more pinned hash for every install.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

FILE = "baohuang.sqlite3"


def data_dir() -> Path:
    """The folder the embedded database (and nothing else) is kept in."""
    chosen = os.environ.get("BAOHUANG_DATA_DIR")
    if chosen:
        return Path(chosen).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "baohuang"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "baohuang"
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share") / "baohuang"


def sqlite_path() -> Path:
    """The embedded database's file: BAOHUANG_SQLITE_PATH, else ``baohuang.sqlite3`` in the data
    directory (made when missing). An absolute path: the current folder changes nothing."""
    named = os.environ.get("BAOHUANG_SQLITE_PATH")
    if named:
        return Path(named).expanduser().absolute()
    folder = data_dir().absolute()
    folder.mkdir(parents=True, exist_ok=True)
    return folder / FILE


def configured_url() -> str:
    """DATABASE_URL as set, else the embedded database's URL."""
    return os.environ.get("DATABASE_URL") or f"sqlite:///{sqlite_path()}"


def shown(url: str) -> str:
    """A database URL fit for a log: its password replaced by ``***``."""
    return re.sub(r"^([a-z0-9+]+://[^:/@]*:)[^@]*@", r"\1***@", url, flags=re.IGNORECASE)


def earlier_here() -> Path | None:
    """A ``baohuang.sqlite3`` in the current folder that is not the one in use: where earlier
    versions kept the club (they used the current folder). None when there is none, or when
    DATABASE_URL or BAOHUANG_SQLITE_PATH says which database to use."""
    if os.environ.get("DATABASE_URL") or os.environ.get("BAOHUANG_SQLITE_PATH"):
        return None
    here = Path.cwd() / FILE
    if not here.is_file():
        return None
    try:
        if here.resolve() == sqlite_path().resolve():
            return None
    except OSError:
        return None
    return here


def describe() -> list[str]:
    """What a command that opens the database says first: which one, and an earlier one left
    in the current folder (with the command that moves it)."""
    lines = [f"baohuang: database {shown(configured_url())}"]
    earlier = earlier_here()
    if earlier is not None:
        target = sqlite_path()
        move = "" if target.exists() else f"mv {earlier} {target}, or "
        lines.append(
            f"baohuang: {earlier} is not used: the club's data lives in {target}. "
            f"To use the one here: {move}BAOHUANG_SQLITE_PATH={earlier}"
        )
    return lines
