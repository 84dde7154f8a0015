"""The pages' language: ``?lang=`` (remembered in a cookie), else the cookie, else Accept-Language.
Sentences and the referee's messages come from the gettext catalog (service/i18n/zh.po); the
English sentence is the key."""

from __future__ import annotations

from flask import g, request

from ..i18n import LANGUAGES, best_language, translate

__all__ = ["LANGUAGES", "gettext", "language", "ruleset_label", "seat_label", "tr"]


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


def ruleset_label(name: object) -> str:
    """A ruleset's name as a page shows it: 威海 / "Weihai (威海)" (the preset's own words),
    else the name as it is."""
    from ..core.ruleset import PRESET_DESCRIPTIONS

    text = str(name)
    if language() == "zh":
        return gettext(text)
    described = PRESET_DESCRIPTIONS.get(text)
    return described.split(":", 1)[0] if described else text
