"""The pages' language: ``?lang=`` (remembered in a cookie), else the cookie, else Accept-Language.
Sentences and the referee's messages come from the gettext catalog (service/i18n/zh.po); the
English sentence is the key."""

from __future__ import annotations

from flask import g, request

from ..i18n import LANGUAGES, best_language, translate

__all__ = ["LANGUAGES", "gettext", "language", "seat_label", "tr"]


def language() -> str:
    lang = g.get("lang")
    if lang is None:
        asked = request.args.get("lang")
        if asked in LANGUAGES:
            lang = asked
        else:
            saved = request.cookies.get("lang")
            lang = saved if saved in LANGUAGES else best_language(request.headers.get("Accept-Language"))
        g.lang = lang
    return str(lang)


def gettext(text: str) -> str:
    """A sentence of the pages in the page's language."""
    return translate(text, language())


def tr(message: object) -> str:
    """A message of the referee (a violation, a problem, a note, a reason) in the page's language."""
    return "" if message is None else translate(str(message), language())


def seat_label(seat: object, name: str | None = None) -> str:
    """A seat as the pages name it: "3号位 · 张伟" / "seat 3 · 张伟"."""
    if seat is None:
        return "—"
    label = f"{seat}号位" if language() == "zh" else f"seat {seat}"
    return f"{label} · {name}" if name else label
