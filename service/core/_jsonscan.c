/* One pass over a JSON text that orjson has already accepted: are its objects' keys distinct, and
 * are its numbers ones orjson reads exactly as the standard library's decoder does?
 *
 * orjson lets the last of two equal keys win and reads an integer beyond 64 bits as a float, where
 * the referee refuses the first and keeps the second exact (service/core/jsonio.py). This pass
 * answers, for the bytes of a text orjson decoded:
 *
 *   0  settled: no object names a key twice, and every number is one orjson reads exactly;
 *   1  an object names a key twice (two keys with the same bytes and no escape);
 *   2  not settled here: a key written with an escape, a number with an exponent or of 17 digits
 *      or more before its point, an object of more than MAX_KEYS keys, more than MAX_DEPTH levels,
 *      more than MAX_SPANS keys open at once, or a text that is not the JSON it should be.
 *
 * jsonio.loads returns at once on 0, names the key on 1 and on 2 checks the slow, general way, so
 * this pass never has to be complete, only right when it says 0 or 1. Two keys without a
 * backslash name the same string exactly when their bytes are equal (UTF-8 has one spelling of
 * each character), so equal bytes are a repeated key and distinct bytes are distinct keys.
 *
 * Cost: one look at each byte, and each key compared with the keys before it in its own object
 * (at most MAX_KEYS of them). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAX_DEPTH 256
#define MAX_KEYS 64
#define MAX_SPANS 1024

enum { SETTLED = 0, REPEATED = 1, UNSETTLED = 2 };

typedef struct {
    Py_ssize_t start;
    Py_ssize_t len;
} Span;

/* Index just past the string that starts with the quote at s[i], or -1 if it does not end;
 * *escaped is set when the string holds a backslash. */
static Py_ssize_t string_end(const unsigned char *s, Py_ssize_t n, Py_ssize_t i, int *escaped) {
    i++;
    for (;;) {
        while (i < n && s[i] != '"' && s[i] != '\\')
            i++;
        if (i >= n)
            return -1;
        if (s[i] == '"')
            return i + 1;
        *escaped = 1;
        i += 2;
    }
}

static int scan_bytes(const unsigned char *s, Py_ssize_t n) {
    /* For each open container: 1 for an object, 0 for an array; for an object, where its keys
     * start in `spans`. */
    char is_object[MAX_DEPTH];
    int first_key[MAX_DEPTH];
    Span spans[MAX_SPANS];
    int depth = 0, nspans = 0;
    int expect_key = 0; /* the next string in this object is a key */
    Py_ssize_t i = 0;

    while (i < n) {
        unsigned char c = s[i];
        switch (c) {
        case ' ': case '\t': case '\n': case '\r': case ',': case ':':
            if (c == ',' && depth > 0 && is_object[depth - 1])
                expect_key = 1;
            i++;
            break;
        case '{':
        case '[':
            if (depth == MAX_DEPTH)
                return UNSETTLED;
            is_object[depth] = (c == '{');
            first_key[depth] = nspans;
            depth++;
            expect_key = (c == '{');
            i++;
            break;
        case '}':
        case ']':
            if (depth == 0)
                return UNSETTLED;
            depth--;
            if (is_object[depth])
                nspans = first_key[depth];
            expect_key = 0;
            i++;
            break;
        case '"': {
            int escaped = 0;
            Py_ssize_t end = string_end(s, n, i, &escaped);
            if (end < 0)
                return UNSETTLED;
            if (expect_key) {
                Py_ssize_t start = i + 1, len = end - i - 2;
                int k;
                if (escaped)
                    return UNSETTLED;
                if (nspans - first_key[depth - 1] >= MAX_KEYS || nspans == MAX_SPANS)
                    return UNSETTLED;
                for (k = first_key[depth - 1]; k < nspans; k++) {
                    if (spans[k].len == len && (len == 0 || (s[spans[k].start] == s[start]
                            && memcmp(s + spans[k].start, s + start, (size_t)len) == 0)))
                        return REPEATED;
                }
                spans[nspans].start = start;
                spans[nspans].len = len;
                nspans++;
                expect_key = 0;
            }
            i = end;
            break;
        }
        case '-': case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9': {
            int digits = 0;
            if (c == '-')
                i++;
            while (i < n && s[i] >= '0' && s[i] <= '9') {
                digits++;
                i++;
            }
            if (digits >= 17)
                return UNSETTLED;
            if (i < n && s[i] == '.') {
                i++;
                while (i < n && s[i] >= '0' && s[i] <= '9')
                    i++;
            }
            if (i < n && (s[i] == 'e' || s[i] == 'E'))
                return UNSETTLED;
            break;
        }
        case 't': case 'n':
            i += 4;
            break;
        case 'f':
            i += 5;
            break;
        default:
            return UNSETTLED;
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

PyMODINIT_FUNC PyInit__jsonscan(void) { return PyModule_Create(&module); }
