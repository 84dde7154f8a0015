"""The use cases of club tournaments: what the service does, one function each, each taking a
unit of work (docs/architecture.md). The HTTP views parse a request, call one of these, and
present the value it returns; they open no session and commit nothing themselves.

What a use case refuses with is in ``errors.py`` (NotFound, Forbidden, Conflict, Rejected, …).
"""

from ..club.errors import Conflict, Forbidden, NotFound
from .unit_of_work import UnitOfWork

__all__ = ["Conflict", "Forbidden", "NotFound", "UnitOfWork"]
