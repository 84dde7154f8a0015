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
    """422: the body (or the query string) is not what the operation reads."""
    listed = list(problems)
    n = len(listed)
    listing = "1 problem, with a JSON pointer" if n == 1 else f"{n} problems, each with a JSON pointer"
    if listed and all(p.pointer.startswith("/query/") for p in listed):
        return problem_document(
            422, "invalid-query", "Not a valid query", f"the query string is not valid: {listing}", listed
        )
    detail = f"the body is not a valid {what}: {listing}"
    return problem_document(422, f"invalid-{what.replace(' ', '-')}", f"Not a valid {what}", detail, listed)


def unsupported_media_type(received: str, accepted: Iterable[str]) -> dict[str, Any]:
    """415: a body in a format the operation does not read."""
    names = " or ".join(accepted)
    got = f"sent as {received!r}" if received else "sent without a Content-Type"
    detail = f"the body is {got}; this operation reads {names}: send Content-Type: {names.split(' or ')[0]}"
    return problem_document(
        415,
        "unsupported-media-type",
        "Unsupported Media Type",
        detail,
        [Problem("", "unsupported_media_type", detail)],
    )
