"""The pages' language: ``?lang=`` (remembered in a cookie), else the cookie, else Accept-Language.
Sentences and the referee's messages come from the gettext catalog (service/i18n/zh.po); the
English sentence is the key.

Seats, as people see them, count 1 to 5 like the tables (1号位 … 5号位); the API, the records
and the notation keep 0 to 4. A referee's message shown on a page names its seats the same way,
or by the player's name where the page knows it (``for_people``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime

from flask import g, request

from ..i18n import LANGUAGES, best_language, translate
from ..text_and_time import utcnow

__all__ = [
    "LANGUAGES",
    "asked_lang",
    "for_people",
    "gettext",
    "language",
    "relative_time",
    "ruleset_label",
    "seat_label",
    "tr",
]

_SEAT_IN = {"zh": re.compile(r"(?<![0-9])([0-4])号位"), "en": re.compile(r"\bseats? ([0-4])\b")}


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


def asked_lang() -> str | None:
    """The language the address asked for (``?lang=zh|en``), to keep in the links and forms of a
    page that sets no cookie (an embed); None where it asked for none."""
    asked = request.args.get("lang")
    return asked if asked in LANGUAGES else None


def gettext(text: str) -> str:
    """A sentence of the pages in the page's language."""
    return translate(text, language())


def tr(message: object, names: Mapping[int, str] | None = None) -> str:
    """A message of the referee (a violation, a problem, a note, a reason) in the page's language,
    its seats as people count them (or by name: ``names``)."""
    return "" if message is None else for_people(translate(str(message), language()), names)


def said(text: object) -> str:
    """A sentence as someone wrote it (a correction's reason typed by the director, or the
    service's own words) in the page's language where the catalog has it: its seat numbers are
    the writer's, left as they are."""
    return "" if text is None else translate(str(text), language())


def for_people(text: str, names: Mapping[int, str] | None = None) -> str:
    """``text`` (in the page's language) with each seat it names ("3号位", "seat 3": seats 0–4, as
    the referee writes them) named as people count them ("4号位"), or by the player's name."""

    def one(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        name = (names or {}).get(seat)
        return name or seat_label(seat)

    return _SEAT_IN["zh" if language() == "zh" else "en"].sub(one, text)


def seat_label(seat: object, name: str | None = None) -> str:
    """A seat as the pages name it, counted from 1 like the tables: seat 3 of the API is
    "4号位 · 张伟" / "seat 4 · 张伟"."""
    if seat is None:
        return "—"
    shown = int(seat) + 1 if isinstance(seat, int) or (isinstance(seat, str) and seat.isdigit()) else seat
    label = f"{shown}号位" if language() == "zh" else f"seat {shown}"
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


def relative_time(when: datetime, now: datetime | None = None) -> str:
    """How long ago, as people say it: 刚刚 (just now) under a minute, then minutes, then hours."""
    seconds = ((now or utcnow()) - when).total_seconds()
    if seconds < 60:
        return gettext("just now")
    if seconds < 3600:
        return gettext("%(n)s min ago") % {"n": int(seconds // 60)}
    return gettext("%(n)s h ago") % {"n": int(seconds // 3600)}
