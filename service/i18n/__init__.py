"""Chinese for everything the service says: the pages' sentences and every message the referee
gives (each violation and problem with its facts, each call, multiplier reason, note and option).

The catalog is a gettext catalog, ``service/i18n/zh.po``: a translator edits it, not Python (read
at start with Babel; no compile step). Its entries are of two kinds:

- a sentence, translated as it is (``msgid "Check a game"``);
- a message of the referee with its facts as Python-format placeholders
  (``msgid "seat %(seat)s does not hold %(cards)s"`` → ``"%(seat)s号位手里没有 %(cards)s"``). The
  referee writes its messages in English with the facts in them; :func:`translate` finds the entry
  whose wording the message has, takes the facts out of it and puts them into the Chinese. A
  fact that is itself a sentence of the catalog (a reason, a call's name, a list of calls) is
  translated too.

The codes (``not_in_hand``, ``too_many_plays``) never change: programs read them, people read
the message.

>>> translate("seat 3 does not hold 9 9", "zh")
'3号位手里没有 9 9'
>>> translate("seat 3 does not hold 9 9", "en")
'seat 3 does not hold 9 9'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

__all__ = ["LANGUAGES", "Catalog", "best_language", "catalog", "translate"]

LANGUAGES = ("zh", "en")  # English is the source: the catalog's msgids
HERE = Path(__file__).resolve().parent
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")  # %(name)s any text, %(name)d a whole number
_WORDS = re.compile(r"[A-Za-z]{3,}")


class Catalog:
    """One language's entries: sentences looked up as they are, messages with facts matched."""

    def __init__(self, entries: Iterable[tuple[str, str]]) -> None:
        self.exact: dict[str, str] = {}
        patterns: list[tuple[str, str, list[str]]] = []
        for english, chinese in entries:
            if not chinese:
                continue
            if _PLACEHOLDER.search(english):
                patterns.append((english, chinese, _PLACEHOLDER.findall(english)))
            # a page formats a template itself ("Round %(n)s …" % {...}): found as it is written
            self.exact[english] = chinese
        # The most specific wording first: the one with the most fixed text.
        patterns.sort(key=lambda p: -len(_PLACEHOLDER.sub("", p[0])))
        self.templates = patterns
        parts = []
        self._groups: list[tuple[str, list[tuple[str, str]]]] = []
        for k, (english, chinese, _) in enumerate(patterns):
            regex = []
            groups: list[tuple[str, str]] = []
            at = 0
            for m in _PLACEHOLDER.finditer(english):
                regex.append(re.escape(english[at : m.start()]))
                group = f"t{k}_{len(groups)}"
                groups.append((group, m.group(1)))
                regex.append(f"(?P<{group}>-?[0-9]+)" if m.group(0).endswith("d") else f"(?P<{group}>.+?)")
                at = m.end()
            regex.append(re.escape(english[at:]))
            parts.append(f"(?P<t{k}>{''.join(regex)})")
            self._groups.append((chinese, groups))
        self._matcher = re.compile("|".join(parts), re.DOTALL) if parts else None

    def translate(self, text: str, depth: int = 0) -> str:
        """``text`` in this language, where the catalog has it (else as it is)."""
        found = self.exact.get(text)
        if found is not None:
            return found
        if depth > 8 or not text:
            return text
        if self._matcher is not None:
            m = self._matcher.fullmatch(text)
            if m is not None:
                k = int(
                    next(name for name, value in m.groupdict().items() if value is not None and "_" not in name)[1:]
                )
                chinese, groups = self._groups[k]
                facts: dict[str, object] = {name: self._fact(m.group(group), depth) for group, name in groups}
                return _PLACEHOLDER.sub(lambda x: str(facts.get(x.group(1), x.group(0))), chinese)
        stripped = text.strip()
        if stripped != text and stripped in self.exact:
            return text.replace(stripped, self.exact[stripped])
        return text

    def _fact(self, value: str, depth: int) -> str:
        """A fact taken out of a message: a sentence the catalog knows is translated, and so is a
        list whose every item is a word the catalog knows or holds no word at all (a list of
        calls, of seats and their hand sizes); a number, a card, a name, an identifier, or a list
        of field names stays as it is."""
        if value in self.exact:
            return self.exact[value]
        quoted = value.strip("'")
        if quoted != value and quoted in self.exact:
            return self.exact[quoted]
        for sep, joined in (("; ", "；"), (", ", "、")):
            if sep in value and depth < 6:
                items = value.split(sep)
                done = [self._fact(item, depth + 1) for item in items]
                if all(d != item or not _WORDS.search(item) for d, item in zip(done, items, strict=True)):
                    return joined.join(done)
        return self.translate(value, depth + 1)


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        po = read_po(f)
    entries = []
    for message in po:
        if message.id and isinstance(message.id, str) and isinstance(message.string, str):
            entries.append((message.id, message.string))
    return Catalog(entries)


@cache
def catalog(lang: str) -> Catalog | None:
    """The catalog of ``lang`` (None for English, the language the service is written in)."""
    if lang == "en":
        return None
    path = HERE / f"{lang}.po"
    return _read(path) if path.exists() else None


def translate(text: str, lang: str) -> str:
    """``text`` (a sentence of the pages or a message of the referee) in ``lang``."""
    found = catalog(lang)
    return text if found is None else found.translate(text)


def best_language(accept_language: str | None, default: str = "en") -> str:
    """The language an Accept-Language header asks for first, of the ones the service speaks."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip().lower()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        primary = tag.split("-")[0]
        if primary in LANGUAGES and q > 0 and (best is None or (q, -i) > (best[0], best[1])):
            best = (q, -i, primary)
    return best[2] if best else default
