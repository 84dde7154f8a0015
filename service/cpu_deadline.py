"""A CPU deadline for the referee's work inside one request: past it, the work is stopped and the
request answered 503 with ``Retry-After``, rather than holding its worker (and, under gevent, every
other request of that worker) for as long as it likes.

The clock is the process's CPU time (``ITIMER_PROF``), and the work it bounds must not yield to
other greenlets while it runs (under gevent they share the process's CPU clock): it is put around
the referee's own computation, after the body is read and before the answer is written — an
adjudication, a position, a move checked, a score, a line of the stream. In a thread other than the
main one (the development server, tests' threads) there is no deadline: signals reach the main
thread only. Measured: the longest of these is 0.05 s at the largest bodies (docs/benchmarks.md),
and a deadline is met within about 5 ms of it, in the compiled core as in the pure one.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["CpuDeadlineExceeded", "cpu_deadline"]


class CpuDeadlineExceeded(Exception):
    """The referee's work in one request took more CPU than its deadline."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"this request needed more than {seconds:g} s of CPU")
        self.seconds = seconds


_active: list[float] = []  # the deadline being run (one at a time: the work does not yield)


def _on_sigprof(_signum: int, _frame: Any) -> None:
    if _active:
        seconds = _active.pop()
        raise CpuDeadlineExceeded(seconds)


@contextmanager
def cpu_deadline(seconds: float) -> Iterator[None]:
    """Run the block with at most ``seconds`` of the process's CPU (0: no deadline)."""
    if seconds <= 0 or _active or threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGPROF) is not _on_sigprof:
        signal.signal(signal.SIGPROF, _on_sigprof)
    _active.append(seconds)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        _active.clear()  # first: a tick arriving now finds nothing to stop
        signal.setitimer(signal.ITIMER_PROF, 0)
