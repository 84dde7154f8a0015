"""Answers in the language asked: with ``Accept-Language: zh`` the sentences of a JSON answer —
a problem's ``title`` and ``detail``, each problem's ``detail``, a violation's ``message``, the
referee's ``notes``, each multiplier's and difference's ``reason``, a ruleset's and an option's
``description``, a position's ``unknown`` — are Chinese (service/i18n), with ``Content-Language``. The codes, pointers and
values never change: a program reads the same answer in either language."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, Response, request

from ..i18n import best_language, translate

JSON_ANSWERS = ("application/json", "application/problem+json")
SENTENCES = frozenset({"title", "detail", "message", "reason", "description"})


def localized(value: Any, lang: str) -> Any:
    """``value`` (a JSON answer) with its sentences in ``lang``."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            if k in SENTENCES and isinstance(v, str):
                out[k] = translate(v, lang)
            elif k in ("notes", "unknown") and isinstance(v, list):
                out[k] = [translate(n, lang) if isinstance(n, str) else n for n in v]
            else:
                out[k] = localized(v, lang)
        return out
    if isinstance(value, list):
        return [localized(v, lang) for v in value]
    return value


def install(app: Flask) -> None:
    @app.after_request
    def _answer_in_the_language_asked(response: Response) -> Response:
        sent = str(response.headers.get("Content-Type", "")).split(";", 1)[0].strip().lower()
        if sent not in JSON_ANSWERS or response.is_streamed or request.blueprint == "web":
            return response
        lang = answer_language(request.environ)
        headers = response.headers
        headers["Content-Language"] = lang
        if "Vary" in headers:
            response.vary.add("Accept-Language")
        else:
            headers["Vary"] = "Accept-Language"
        if lang != "en" and response.status_code != 204:
            try:
                doc = json.loads(response.get_data())
            except ValueError:
                return response
            response.set_data(in_language(doc, lang))
        return response


def answer_language(environ: dict[str, Any]) -> str:
    """The language a request's Accept-Language asks for (English where it asks none)."""
    asked = environ.get("HTTP_ACCEPT_LANGUAGE")
    return best_language(asked) if asked else "en"


def in_language(doc: Any, lang: str) -> str:
    """A JSON answer's text with its sentences in ``lang``."""
    return json.dumps(localized(doc, lang), ensure_ascii=False)
