"""The use cases of club tournaments: what the service does, one function each, each taking a
unit of work (docs/architecture.md). The HTTP views parse a request, call one of these, and
present what it returns; they open no session and commit nothing themselves.

Errors are the repository's: NotFound (404), Forbidden (403), Conflict (409).
"""

from ..persistence.errors import Conflict, Forbidden, NotFound
from .unit_of_work import UnitOfWork

__all__ = ["Conflict", "Forbidden", "NotFound", "UnitOfWork"]
