"""One data home: the embedded database lives in one place whatever the current folder, and every
command that opens it says which one (a club started from another folder is not wiped)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _cli(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BAOHUANG_SQLITE_PATH")}
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        cwd=cwd,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_club_is_found_from_any_folder(tmp_path: Path) -> None:
    home, one, two = tmp_path / "data", tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    env = {"BAOHUANG_DATA_DIR": str(home)}
    made = _cli(["organizers", "create", "威海俱乐部"], one, env)
    assert made.returncode == 0, made.stderr
    assert f"database sqlite:///{home / 'baohuang.sqlite3'}" in made.stderr
    status = _cli(["db", "status"], two, env)
    assert status.returncode in (0, 1) and "Traceback" not in status.stderr, status.stderr  # 1: behind head
    assert not list(one.iterdir()) and not list(two.iterdir()), "a database was made in the current folder"
    key = _cli(["organizers", "issue-key", "1"], two, env)  # the organizer made from the other folder
    assert key.returncode == 0, key.stderr


def test_the_platform_data_dir_by_default(tmp_path: Path) -> None:
    if sys.platform != "linux":
        pytest.skip("the XDG data directory is Linux's")
    status = _cli(["db", "status"], tmp_path, {"HOME": str(tmp_path / "me"), "XDG_DATA_HOME": ""})
    assert status.returncode in (0, 1) and "Traceback" not in status.stderr, status.stderr  # 1: behind head
    assert (tmp_path / "me" / ".local" / "share" / "baohuang" / "baohuang.sqlite3").is_file()
    assert not (tmp_path / "baohuang.sqlite3").exists()


def test_an_earlier_database_in_the_folder_is_named_not_used(tmp_path: Path) -> None:
    (tmp_path / "baohuang.sqlite3").write_bytes(b"")
    env = {"BAOHUANG_DATA_DIR": str(tmp_path / "data")}
    status = _cli(["db", "status"], tmp_path, env)
    assert status.returncode in (0, 1) and "Traceback" not in status.stderr, status.stderr  # 1: behind head
    assert f"{tmp_path / 'baohuang.sqlite3'} is not used" in status.stderr
    assert f"BAOHUANG_SQLITE_PATH={tmp_path / 'baohuang.sqlite3'}" in status.stderr


def test_a_password_is_never_named(tmp_path: Path) -> None:
    from service.data_home import shown

    assert shown("postgresql://club:s3cret@db:5432/baohuang") == "postgresql://club:***@db:5432/baohuang"
    assert shown("sqlite:////var/lib/baohuang.sqlite3") == "sqlite:////var/lib/baohuang.sqlite3"
    out = _cli(["db", "status"], tmp_path, {"DATABASE_URL": "postgresql://club:s3cret@127.0.0.1:1/nothing"})
    assert "s3cret" not in out.stderr + out.stdout
    assert "postgresql://club:***@127.0.0.1:1/nothing" in out.stderr
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
