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


# --- orjson decodes where it is installed; every answer is the standard decoder's -----------------

NUMBERS = st.integers(-(2**80), 2**80) | st.floats(allow_nan=False, allow_infinity=False)
WIDE = st.recursive(
    LEAF | NUMBERS | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=25,
)


@pytest.mark.slow  # a sweep or a timing test: the full run has it
@settings(max_examples=300, deadline=None)
@given(WIDE, st.booleans())
def test_the_fast_decoder_gives_the_standard_value(value, as_bytes):
    text = json.dumps(value)
    got = loads(text.encode() if as_bytes else text)
    assert got == json.loads(text)
    # an integer beyond 64 bits stays an exact integer (orjson alone would make it a float)
    assert [type(x) for x in _leaves(got)] == [type(x) for x in _leaves(json.loads(text))]


def _leaves(v):
    if isinstance(v, dict):
        for x in v.values():
            yield from _leaves(x)
    elif isinstance(v, list):
        for x in v:
            yield from _leaves(x)
    else:
        yield v


@pytest.mark.parametrize(
    "text",
    [
        "[NaN]", "[Infinity]", "[-Infinity]", "[1e400]", "[" + "9" * 4400 + "]", "[" * 5000 + "]" * 5000,
        "{", "[1,]", '{"a" 1}', "\u00a0[]", "[18446744073709551616]", "[-9223372036854775809]", '"\\ud800"',
        '{"a": 1, "a": 2}', '{"a": "\\u003a", "b": 1, "b": 2}', b"\xff\xfe", b'{"x": "\xc3\x28"}',
        "[2e19]", '{"a": 1e17, "b": [1.5e300]}', "18446744073709551616", "1e17", '{"a\\\\": "b:c"}',
        '{"a": ' * 300 + "1" + "}" * 300, '{"a": ' * 300 + '{"b": 1, "b": 2}' + "}" * 300,
        b'{"k": "\\u003A", "k": 1}', '{"\u4e2d": ":", "\u4e2d": 2}',
    ],
)  # fmt: skip
def test_every_text_is_answered_as_the_standard_decoder_answers_it(text, monkeypatch):
    from service.core import jsonio

    def answer():
        try:
            return "value", loads(text)
        except RecordError as exc:
            return "refused", [p.to_json() for p in exc.problems]

    fast = answer()
    monkeypatch.setattr(jsonio, "_scan", None)  # orjson and the colon counts, without the pass
    assert answer() == fast
    monkeypatch.setattr(jsonio, "_orjson_loads", None)
    assert answer() == fast


# --- the compiled core's one pass over the bytes (_jsonscan.c) ------------------------------------


def _scan():
    from service.core import jsonio

    if jsonio._scan is None:
        pytest.skip("the pure core has no compiled pass over the bytes")
    return jsonio._scan


def _answer(text):
    try:
        return "value", loads(text)
    except RecordError as exc:
        return "refused", [p.to_json() for p in exc.problems]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(VALUE | WIDE, st.integers(-1, 6), st.sampled_from(["", " ", "\n"]))
def test_the_pass_over_the_bytes_settles_only_what_holds(value, pick, spacing):
    """0 (settled) only for a text without a repeated key whose every number orjson reads exactly;
    1 only for a text with a repeated key; and the answer is the same with the pass and without."""
    from service.core import jsonio

    scan = _scan()
    text, repeated = dump(value, pick, spacing, [0])
    found = scan(text.encode())
    if found == 0:
        assert repeated is None
        decoded = jsonio._orjson_loads(text)
        assert decoded == json.loads(text)
        assert [type(x) for x in _leaves(decoded)] == [type(x) for x in _leaves(json.loads(text))]
    elif found == 1:
        assert repeated is not None
    with_pass = _answer(text.encode())
    jsonio._scan = None
    try:
        assert _answer(text.encode()) == with_pass
    finally:
        jsonio._scan = scan


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (b'{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}', 0),
        (b'{"a": 1, "b": 2, "a": 3}', 1),
        (b'[{"x": [1, {"y": 1, "y": 2}]}]', 1),
        (b'{"k": "a:b", "k:": true, "\xe8\x80\x81": null}', 0),
        (b'{"a\\u0062": 1, "ab": 2}', 2),  # a key with an escape: checked the general way
        (b'{"n": 1e5}', 2),
        (b'{"n": 12345678901234567}', 2),  # 17 digits: orjson may read it otherwise
        (b'{"n": -1234567890123456.5}', 0),
        (b'{"a": ' * 300 + b"1" + b"}" * 300, 2),  # deeper than the pass follows
        (b"[" * 300 + b"]" * 300, 0),  # arrays hold no keys: their depth is not followed
        (b'{"a": [1, {"a": [{"b": 2, "c": {"b": 3}}]}], "b": true}', 0),
        (b'{"a": [1, {"a": [{"b": 2, "c": {"b": 3}, "b": 4}]}]}', 1),
        (b'{"t": true, "f": false, "n": null, "x": [1.25, -0.5, 10]}', 0),
        (b'{"x": 1.5E3}', 2),
        (b"{" + b",".join(b'"k%d": 1' % i for i in range(70)) + b"}", 2),  # more keys than it compares
        (b'{"a": 1', 2),
        (b'"open', 2),
    ],
)
def test_the_pass_over_the_bytes(text, found):
    assert _scan()(text) == found


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=100).map(str.encode))
def test_the_pass_over_any_bytes_answers(data):
    """Called only on texts orjson accepted, it still reads nothing outside any bytes given it."""
    assert _scan()(data) in (0, 1, 2)
