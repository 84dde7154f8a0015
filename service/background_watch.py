"""The background work's keeper: ``baohuang serve`` runs ``baohuang background`` beside its web
workers and starts it again whenever it exits, with a growing pause (1 s, 2 s, 4 s … at most
``MAX_PAUSE``; back to 1 s once it has run a minute), logging how it ended. The background
process beats a heartbeat (a file's time, ``BAOHUANG_HEARTBEAT_FILE``) every ``BEAT`` seconds
while its work runs; /readyz answers 503 when the beat is older than ``BAOHUANG_HEARTBEAT_STALE``
seconds (default 60): an instance whose webhooks and ratings have stopped says so.

An operator who runs ``baohuang background`` under a supervisor of their own sets
``BAOHUANG_BACKGROUND=0`` for ``serve`` and may set ``BAOHUANG_HEARTBEAT_FILE`` for both.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

__all__ = ["BEAT", "Keeper", "beat", "heartbeat_age", "stale_after"]

BEAT = 5.0
MAX_PAUSE = 60.0
RAN_LONG_ENOUGH = 60.0
ENV = "BAOHUANG_HEARTBEAT_FILE"


def beat(path: str | None = None) -> None:
    """Say the background work is alive now (a no-op where no heartbeat file is set)."""
    path = path or os.environ.get(ENV)
    if path:
        Path(path).touch()


def heartbeat_age(path: str | None = None) -> float | None:
    """Seconds since the last beat (None: no heartbeat file is set; infinity: none was beaten)."""
    path = path or os.environ.get(ENV)
    if not path:
        return None
    try:
        return max(0.0, time.time() - os.stat(path).st_mtime)
    except OSError:  # set, and never beaten
        return float("inf")


def stale_after() -> float:
    return float(os.environ.get("BAOHUANG_HEARTBEAT_STALE", "60"))


class Keeper:
    """Runs ``command`` and starts it again whenever it exits, until ``stop``."""

    def __init__(self, command: list[str], log: logging.Logger | None = None) -> None:
        self.command = command
        self.log = log or logging.getLogger("baohuang.background")
        self.process: subprocess.Popen[bytes] | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="background-keeper", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        pause = 0.5
        while not self._stop.is_set():
            beat()  # a fresh start has until its first beat
            started = time.monotonic()
            self.process = subprocess.Popen(self.command)
            self.log.info("background work started (pid %s)", self.process.pid)
            code = self.process.wait()
            if self._stop.is_set():
                return
            ran = time.monotonic() - started
            pause = 1.0 if ran >= RAN_LONG_ENOUGH else min(pause * 2, MAX_PAUSE)
            how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
            self.log.warning(
                "background work (pid %s) ended after %.0f s (%s); starting it again in %.0f s",
                self.process.pid,
                ran,
                how,
                pause,
            )
            self._stop.wait(pause)

    def stop(self, timeout: float = 15) -> None:
        self._stop.set()
        p = self.process
        if p is not None and p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                p.kill()
        self._thread.join(timeout=timeout)


def background_command() -> list[str]:
    return [sys.executable, "-m", "service.cli", "background", "--no-upgrade"]
