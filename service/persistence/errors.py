"""What persistence raises; the use cases turn them into answers (never HTTP here)."""

from __future__ import annotations

from typing import Any


class NotFound(Exception):
    pass


class Forbidden(Exception):
    pass


class Conflict(Exception):
    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra
