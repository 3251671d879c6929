/* The potential of a Triggs hand, compiled.
 *
 * The Triggs heuristic bot judges every choice by the potential of the hand it leaves: the
 * free boxes the hand could cross off (single cards in their own rows first, then pairs of
 * leftover cards, the high rows first) and the rows it could fill completely. The
 * definition is the Python in spieltisch/bots/triggs.py (``potential``); this file computes
 * the same numbers (tests/bots/test_triggs_same_play.py holds the two to each other and
 * whole games to fingerprints). It exists because a search with the bot as its model spends
 * most of its time here.
 *
 * potential(counts, free) -> (crosses, rows)
 *     triggs.potential: ``counts[v]`` cards of value ``v`` in hand, ``free[v]`` free boxes
 *     in row ``v`` (index 0 unused), thirteen numbers from 0 to 255 each.
 * worth(counts, free, complete) -> float
 *     TriggsBot.potential: crosses + complete * rows.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define TOP 12 /* the highest card and row */
#define SLOTS (TOP + 1)

/* Reads thirteen numbers from 0 to 255 (the range of the Python's cache key). */
static int
read_row(PyObject *obj, const char *what, long *out)
{
    PyObject *fast = PySequence_Fast(obj, "counts and free boxes must be sequences");
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != SLOTS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %d numbers expected (index 0 unused)", what, SLOTS);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (int v = 0; v < SLOTS; v++) {
        long value = PyLong_AsLong(items[v]);
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (value < 0 || value > 255) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is outside 0 to 255", what, value);
            return -1;
        }
        out[v] = value;
    }
    Py_DECREF(fast);
    return 0;
}

/* The pairs of high + low among the leftover cards. */
static long
pairs_of(const long *left, int high, int low)
{
    if (high == low)
        return left[low] / 2;
    return left[high] < left[low] ? left[high] : left[low];
}

/* The boxes the hand could cross (*crosses) and the rows it could fill (*rows): singles
 * first, then pairs of the leftover cards into the rows still missing boxes, the high rows
 * first and within a row the pairs with the lowest card first. */
static void
count_potential(long *left, const long *free, long *crosses, long *rows)
{
    long missing[SLOTS] = {0};
    long total = 0, filled = 0, spare = 0;
    for (int v = 1; v <= TOP; v++) {
        if (left[v] >= free[v]) {
            total += free[v];
            left[v] -= free[v];
            spare += left[v];
            filled += free[v] > 0;
        } else {
            total += left[v];
            missing[v] = free[v] - left[v];
            left[v] = 0;
        }
    }
    for (int v = TOP; spare >= 2 && v > 1; v--) {
        long need = missing[v];
        if (!need)
            continue;
        for (int low = 1; need && 2 * low <= v; low++) {
            int high = v - low;
            long pairs = pairs_of(left, high, low);
            if (pairs > need)
                pairs = need;
            total += pairs;
            need -= pairs;
            left[low] -= pairs;
            left[high] -= pairs;
        }
        filled += !need;
    }
    *crosses = total;
    *rows = filled;
}

static int
parse_hand(PyObject *counts_obj, PyObject *free_obj, long *crosses, long *rows)
{
    long left[SLOTS], free[SLOTS];
    if (read_row(counts_obj, "counts", left) < 0 || read_row(free_obj, "free", free) < 0)
        return -1;
    count_potential(left, free, crosses, rows);
    return 0;
}

static PyObject *
potential(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    long crosses, rows;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "potential(counts, free) takes 2 arguments");
        return NULL;
    }
    if (parse_hand(args[0], args[1], &crosses, &rows) < 0)
        return NULL;
    return Py_BuildValue("(ll)", crosses, rows);
}

static PyObject *
worth(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    long crosses, rows;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "worth(counts, free, complete) takes 3 arguments");
        return NULL;
    }
    double complete = PyFloat_AsDouble(args[2]);
    if (complete == -1.0 && PyErr_Occurred())
        return NULL;
    if (parse_hand(args[0], args[1], &crosses, &rows) < 0)
        return NULL;
    /* as Python computes crosses + complete * rows: the product first, then the sum */
    double bonus = complete * (double)rows;
    return PyFloat_FromDouble((double)crosses + bonus);
}

static PyMethodDef methods[] = {
    {"potential", (PyCFunction)(void (*)(void))potential, METH_FASTCALL,
     "potential(counts, free): the boxes the hand could cross and the rows it could fill."},
    {"worth", (PyCFunction)(void (*)(void))worth, METH_FASTCALL,
     "worth(counts, free, complete): crosses + complete * rows (TriggsBot.potential)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_triggs_potential",
    "The Triggs heuristic bot's hand potential, compiled (see spieltisch.bots.triggs).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__triggs_potential(void)
{
    return PyModule_Create(&module);
}
