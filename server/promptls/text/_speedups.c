/* Optional C speedups for promptls.text.codeset: whole-text scans that read a str's
 * code points in place (PEP 393), so a text holding one character above U+FFFF (stored
 * at 4 bytes a character) is never encoded to be searched. Pure-Python fallbacks give
 * the same answers (tests/text/test_codeset.py compares them). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Code points looked at per step: a block-table lookup each, with no branch per
 * character, and a look at each character only in a step with a candidate block. */
#define STEP 16

/* Table sizes: a block byte for each 128 code points of Unicode, at most a bit each. */
#define BLOCKS ((0x10FFFF >> 7) + 1)
#define BITS ((0x10FFFF >> 3) + 1)

/* The first index in [start, end) of d whose code point is in the set: `blocks` has one
 * byte per 128 code points of all of Unicode, non-zero where the block holds a member;
 * `bits` one bit per code point up to the highest member. */
#define MEMBER(c) ((c) < nbits && (bits[(c) >> 3] >> ((c) & 7)) & 1)
#define SCAN(T)                                                              \
    do {                                                                     \
        const T *d = (const T *)data;                                        \
        Py_ssize_t i = start;                                                \
        for (; end - i >= STEP; i += STEP) {                                 \
            unsigned char any = 0;                                           \
            for (int k = 0; k < STEP; k++)                                   \
                any |= blocks[(Py_UCS4)d[i + k] >> 7];                       \
            if (!any)                                                        \
                continue;                                                    \
            for (int k = 0; k < STEP; k++)                                   \
                if (MEMBER((Py_UCS4)d[i + k]))                               \
                    return i + k;                                            \
        }                                                                    \
        for (; i < end; i++)                                                 \
            if (MEMBER((Py_UCS4)d[i]))                                       \
                return i;                                                    \
    } while (0)

static Py_ssize_t
scan(PyObject *text, const unsigned char *blocks, const unsigned char *bits, Py_UCS4 nbits, Py_ssize_t start, Py_ssize_t end)
{
    const void *data = PyUnicode_DATA(text);
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        SCAN(Py_UCS1);
        break;
    case PyUnicode_2BYTE_KIND:
        SCAN(Py_UCS2);
        break;
    default:
        SCAN(Py_UCS4);
        break;
    }
    return -1;
}

PyDoc_STRVAR(first_of_doc,
"first_of(text, blocks, bits, start, end, /) -> int\n\n"
"The first index in text[start:end] of a code point in the set that `blocks` and\n"
"`bits` describe (promptls.text.codeset.CodeSet), or -1. start and end are clipped\n"
"to the text as slices are, negative ones not counted from the end.");

static PyObject *
first_of(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "first_of() takes 5 arguments");
        return NULL;
    }
    PyObject *text = args[0], *blocks = args[1], *bits = args[2];
    if (!PyUnicode_Check(text) || !PyBytes_Check(blocks) || !PyBytes_Check(bits)) {
        PyErr_SetString(PyExc_TypeError, "first_of() takes a str and two bytes");
        return NULL;
    }
    if (PyBytes_GET_SIZE(blocks) != BLOCKS || PyBytes_GET_SIZE(bits) > BITS) {
        PyErr_SetString(PyExc_ValueError, "first_of(): malformed tables");
        return NULL;
    }
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0)
        return NULL;
#endif
    Py_ssize_t start = PyLong_AsSsize_t(args[3]);
    if (start == -1 && PyErr_Occurred())
        return NULL;
    Py_ssize_t end = PyLong_AsSsize_t(args[4]);
    if (end == -1 && PyErr_Occurred())
        return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (start < 0)
        start = 0;
    if (end > n)
        end = n;
    Py_ssize_t found = scan(text, (const unsigned char *)PyBytes_AS_STRING(blocks),
                            (const unsigned char *)PyBytes_AS_STRING(bits),
                            (Py_UCS4)PyBytes_GET_SIZE(bits) * 8, start, end);
    return PyLong_FromSsize_t(found);
}

PyDoc_STRVAR(ascii_bytes_doc,
"ascii_bytes(text, /) -> bytes\n\n"
"One byte per code point of text: an ASCII one as itself, any other as 0x80.");

static PyObject *
ascii_bytes(PyObject *module, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "ascii_bytes() takes a str");
        return NULL;
    }
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0)
        return NULL;
#endif
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n);
    if (out == NULL)
        return NULL;
    unsigned char *o = (unsigned char *)PyBytes_AS_STRING(out);
    const void *data = PyUnicode_DATA(text);
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_UCS1 c = ((const Py_UCS1 *)data)[i];
            o[i] = c < 0x80 ? c : 0x80;
        }
        break;
    case PyUnicode_2BYTE_KIND:
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_UCS2 c = ((const Py_UCS2 *)data)[i];
            o[i] = c < 0x80 ? (unsigned char)c : 0x80;
        }
        break;
    default:
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_UCS4 c = ((const Py_UCS4 *)data)[i];
            o[i] = c < 0x80 ? (unsigned char)c : 0x80;
        }
        break;
    }
    return out;
}

static PyMethodDef methods[] = {
    {"first_of", (PyCFunction)(void (*)(void))first_of, METH_FASTCALL, first_of_doc},
    {"ascii_bytes", (PyCFunction)ascii_bytes, METH_O, ascii_bytes_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef_Slot slots[] = {
#if PY_VERSION_HEX >= 0x030C0000
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
#if PY_VERSION_HEX >= 0x030D0000
    {Py_mod_gil, Py_MOD_GIL_NOT_USED},
#endif
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "promptls.text._speedups",
    "Optional C speedups for promptls.text.codeset.", 0, methods, slots,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    return PyModuleDef_Init(&module);
}
