"""Problem documents (RFC 9457), shared by the HTTP layer and the CLI."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .core.errors import Problem

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_BASE = "/problems/"


def problem_document(
    status: int,
    slug: str,
    title: str,
    detail: str | None = None,
    errors: Iterable[Problem] = (),
    **extra: Any,
) -> dict[str, Any]:
    """A problem document. ``errors`` lists every problem with its JSON pointer."""
    doc: dict[str, Any] = {"type": PROBLEM_BASE + slug, "title": title, "status": status}
    if detail:
        doc["detail"] = detail
    listed = [p.to_json() for p in errors]
    if listed:
        doc["errors"] = listed
    doc.update(extra)
    return doc


def invalid_record(problems: Iterable[Problem], what: str = "record") -> dict[str, Any]:
    listed = list(problems)
    n = len(listed)
    detail = f"the body is not a valid {what}: {n} problem{'s' if n != 1 else ''}, each with a JSON pointer"
    return problem_document(422, f"invalid-{what.replace(' ', '-')}", f"Not a valid {what}", detail, listed)
