/* One pass over a JSON text that orjson has already accepted: are its objects' keys distinct, and
 * are its numbers ones orjson reads exactly as the standard library's decoder does?
 *
 * orjson lets the last of two equal keys win and reads an integer beyond 64 bits as a float, where
 * the referee refuses the first and keeps the second exact (service/core/jsonio.py). This pass
 * answers, for the bytes of a text orjson decoded:
 *
 *   0  settled: no object names a key twice, and every number is one orjson reads exactly;
 *   1  an object names a key twice (two keys with the same bytes and no escape);
 *   2  not settled here: a key written with an escape, a number with an exponent or a run of 17
 *      digits or more, an object of more than MAX_KEYS keys, more than MAX_DEPTH objects or
 *      MAX_SPANS keys open at once, or a text that is not the JSON it should be.
 *
 * jsonio.loads returns at once on 0, names the key on 1 and on 2 checks the slow, general way, so
 * this pass never has to be complete, only right when it says 0 or 1. Two keys without a
 * backslash name the same string exactly when their bytes are equal (UTF-8 has one spelling of
 * each character), so equal bytes are a repeated key and distinct bytes are distinct keys.
 *
 * Cost: one look at each byte (inside strings eight at a time), and each key compared with the keys
 * before it in its own object (at most MAX_KEYS of them). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_DEPTH 256
#define MAX_KEYS 64
#define MAX_SPANS 1024

enum { SETTLED = 0, REPEATED = 1, UNSETTLED = 2 };


typedef struct {
    Py_ssize_t start;
    Py_ssize_t len;
} Span;

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WORDWISE 1
#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL
#endif

/* The index of the first quote or backslash at or after s[i], or n if there is none. Eight bytes
 * at a time where the compiler allows it: a byte of v equal to c is a zero byte of v ^ (c * ONES),
 * and (x - ONES) & ~x & HIGHS marks x's first zero byte exactly (a byte above it may be marked
 * too, never one below), so the lowest mark of either word is the first quote or backslash. */
static inline Py_ssize_t quote_or_backslash(const unsigned char *s, Py_ssize_t n, Py_ssize_t i) {
#ifdef WORDWISE
    while (n - i >= 8) {
        uint64_t v, q, b, m;
        memcpy(&v, s + i, 8);
        q = v ^ (ONES * '"');
        b = v ^ (ONES * '\\');
        m = (((q - ONES) & ~q) | ((b - ONES) & ~b)) & HIGHS;
        if (m)
            return i + (__builtin_ctzll(m) >> 3);
        i += 8;
    }
#endif
    while (i < n && s[i] != '"' && s[i] != '\\')
        i++;
    return i;
}

/* Index just past the string that starts with the quote at s[i], or -1 if it does not end;
 * *escaped is set when the string holds a backslash. */
static inline Py_ssize_t string_end(const unsigned char *s, Py_ssize_t n, Py_ssize_t i, int *escaped) {
    i++;
    for (;;) {
        i = quote_or_backslash(s, n, i);
        if (i >= n)
            return -1;
        if (s[i] == '"')
            return i + 1;
        *escaped = 1;
        i += 2;
    }
}

/* What each byte is to this pass: most bytes (white space, commas, brackets, letters, signs and
 * points) need nothing. A key is known by the colon after it; the objects by their braces. */
enum { PLAIN = 0, QUOTE, OPEN, CLOSE, COLON, DIGIT };
static unsigned char kind[256];

static void init_kinds(void) {
    int c;
    kind['"'] = QUOTE;
    kind['{'] = OPEN;
    kind['}'] = CLOSE;
    kind[':'] = COLON;
    for (c = '0'; c <= '9'; c++)
        kind[c] = DIGIT;
}

/* The key s[start:start + len] of the innermost open object, whose keys so far are
 * spans[first:*nspans]: REPEATED if it is one of them, UNSETTLED if there is no room to keep it,
 * else SETTLED (and it is kept). */
static inline int add_key(const unsigned char *s, Span *spans, int *nspans, int first, Py_ssize_t start,
                          Py_ssize_t len) {
    int k, end = *nspans;
    if (end - first >= MAX_KEYS || end == MAX_SPANS)
        return UNSETTLED;
    for (k = first; k < end; k++) {
        if (spans[k].len == len &&
            (len == 0 || (s[spans[k].start] == s[start] && memcmp(s + spans[k].start, s + start, (size_t)len) == 0)))
            return REPEATED;
    }
    spans[end].start = start;
    spans[end].len = len;
    *nspans = end + 1;
    return SETTLED;
}

static int scan_bytes(const unsigned char *s, Py_ssize_t n) {
    int first_key[MAX_DEPTH]; /* for each open object, where its keys start in `spans` */
    Span spans[MAX_SPANS];
    int depth = 0, nspans = 0, found;
    Py_ssize_t last_start = -1, last_len = 0; /* the last string read: a key if a colon follows */
    int last_escaped = 0;
    Py_ssize_t i = 0;

    while (i < n) {
        switch (kind[s[i]]) {
        case PLAIN:
            do
                i++;
            while (i < n && kind[s[i]] == PLAIN);
            break;
        case QUOTE: {
            Py_ssize_t end;
            last_escaped = 0;
            end = string_end(s, n, i, &last_escaped);
            if (end < 0)
                return UNSETTLED;
            last_start = i + 1;
            last_len = end - i - 2;
            i = end;
            /* A key written as records write them, its colon right after it: kept here at once
             * (a colon after white space is found by the case below). */
            if (i < n && s[i] == ':' && depth > 0 && !last_escaped) {
                found = add_key(s, spans, &nspans, first_key[depth - 1], last_start, last_len);
                if (found != SETTLED)
                    return found;
                last_start = -1;
                i++;
            }
            break;
        }
        case OPEN:
            if (depth == MAX_DEPTH)
                return UNSETTLED;
            first_key[depth++] = nspans;
            i++;
            break;
        case CLOSE:
            if (depth == 0)
                return UNSETTLED;
            nspans = first_key[--depth];
            i++;
            break;
        case COLON:
            if (depth == 0 || last_start < 0 || last_escaped)
                return UNSETTLED;
            found = add_key(s, spans, &nspans, first_key[depth - 1], last_start, last_len);
            if (found != SETTLED)
                return found;
            last_start = -1;
            i++;
            break;
        default: { /* DIGIT: a run of digits, then a fraction's or an exponent's start */
            Py_ssize_t start = i;
            do
                i++;
            while (i < n && kind[s[i]] == DIGIT);
            if (i - start >= 17)
                return UNSETTLED;
            if (i < n && (s[i] == 'e' || s[i] == 'E'))
                return UNSETTLED;
            break;
        }
        }
    }
    return depth == 0 ? SETTLED : UNSETTLED;
}

static PyObject *scan(PyObject *module, PyObject *arg) {
    Py_buffer view;
    int found;
    (void)module;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    found = scan_bytes((const unsigned char *)view.buf, view.len);
    PyBuffer_Release(&view);
    return PyLong_FromLong(found);
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_O,
     "scan(data, /) -> int\n--\n\n"
     "0: no repeated key and every number exact; 1: an object names a key twice; 2: not settled here."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "service.core._jsonscan",
    "One pass over a JSON text orjson accepted: repeated keys and inexact numbers (see jsonio.py).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__jsonscan(void) {
    init_kinds();
    return PyModule_Create(&module);
}
