"""When two names are the same name.

Names are kept as typed (trimmed and NFC-normalised, see ``api.strict.clean_text``), but
compared by a key that folds what a reader cannot tell apart: letter case, full-width and
other compatibility forms (NFKC), and runs of spaces. 'LAO WANG', 'lao  wang' and
'ＬＡＯ　ＷＡＮＧ' are one player; format characters such as zero-width spaces and bidi controls
never reach this far (they are refused).

>>> name_key("ＬＡＯ　ＷＡＮＧ") == name_key("lao  wang") == name_key(" Lao Wang")
True
>>> name_key("老王") == name_key("老 王")
False

Names are listed in the order their readers expect: Chinese characters by their pinyin (pypinyin),
everything else case-folded, so '李娜' (li na) sits beside 'Li Na', before '王芳' (wang fang):

>>> sorted(["张伟", "王芳", "Li Na", "李娜", "anna"], key=sort_key)
['anna', 'Li Na', '李娜', '王芳', '张伟']
"""

from __future__ import annotations

import functools
import unicodedata

__all__ = ["name_key", "reading", "sort_key"]


def name_key(name: str) -> str:
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


@functools.lru_cache(maxsize=8192)  # names repeat (a club lists its members again and again)
def reading(name: str) -> str:
    """How a name reads: pinyin for Chinese characters, the case-folded text otherwise."""
    # pypinyin's dictionary takes a quarter of a second to load: a worker loads it when it first
    # lists names (or just after it starts: gunicorn_conf.post_worker_init), not before it answers.
    from pypinyin import lazy_pinyin

    said = " ".join(lazy_pinyin(unicodedata.normalize("NFKC", name)))
    return " ".join(said.casefold().split())


@functools.lru_cache(maxsize=8192)
def sort_key(name: str) -> tuple[str, str]:
    """Where a name goes in a list: by its reading, then by the name itself so that the order is
    total."""
    return (reading(name), name)
