"""The strict JSON reader: the same value as json.loads for every text without a repeated key,
and a problem naming the repeated key (with its pointer) for every text with one."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.errors import RecordError
from service.core.jsonio import loads

KEYS = st.text(alphabet=st.sampled_from(["a", "b", ":", '"', "\\", "/", "~", " ", "老"]), max_size=4)
LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.text(alphabet=st.sampled_from(["x", ":", '"', " "]), max_size=5)
)
VALUE = st.recursive(
    LEAF, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4), max_leaves=25
)


def dump(value, pick: int, spacing: str, counter: list[int]) -> tuple[str, str | None]:
    """``value`` as JSON text; the object numbered ``pick`` (in writing order) gets its first key
    written twice. Returns the text and the pointer of the repeated key (None if none was)."""
    if isinstance(value, dict):
        me = counter[0]
        counter[0] += 1
        parts, found = [], None
        items = list(value.items())
        for k, v in items:
            text, inner = dump(v, pick, spacing, counter)
            found = found or (inner and "/" + k.replace("~", "~0").replace("/", "~1") + inner)
            parts.append(json.dumps(k) + spacing + ":" + spacing + text)
        if me == pick and items:
            k, v = items[0]
            parts.append(json.dumps(k) + ":" + json.dumps(v))
            found = "/" + k.replace("~", "~0").replace("/", "~1")
        return "{" + ",".join(parts) + "}", found
    if isinstance(value, list):
        parts, found = [], None
        for i, v in enumerate(value):
            text, inner = dump(v, pick, spacing, counter)
            found = found or (inner and f"/{i}" + inner)
            parts.append(text)
        return "[" + ",".join(parts) + "]", found
    return json.dumps(value), None


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True)
@given(VALUE, st.integers(-1, 6), st.sampled_from(["", " ", "\n"]))
def test_strict_reading_is_json_loads_but_for_repeated_keys(value, pick, spacing):
    text, repeated = dump(value, pick, spacing, [0])
    if repeated is None:
        assert loads(text) == json.loads(text)
    else:
        with pytest.raises(RecordError) as exc:
            loads(text)
        assert exc.value.problems[0].code == "duplicate_key"
        assert repeated in [p.pointer for p in exc.value.problems]
