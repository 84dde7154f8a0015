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
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_key"]


def name_key(name: str) -> str:
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())
