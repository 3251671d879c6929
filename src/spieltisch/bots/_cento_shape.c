/* The shape of a Cento hand, compiled.
 *
 * The Cento heuristic bot values a hand partly by how well it plays next turn on a random
 * open number: from how many of the numbers 1 to 100 it could lay the whole hand, and how
 * many cards it could lay on average. The definition is the Python in
 * spieltisch/bots/cento.py (``CentoBot.shape`` with ``_longest``, ``_last_link`` and
 * ``_free_run``); this file counts the same numbers, with the same early stops
 * (tests/bots/test_cento_compiled.py holds the two to each other and whole games to
 * fingerprints). It exists because a search with the bot as its model spends a large part
 * of its time here: every card drawn in a simulation makes a hand the bot has not valued.
 *
 * Cards are 0 (a free card) to 100; a set of numbers is a bit mask over 0 to 100, kept in
 * an unsigned 128-bit integer. Only integers are counted; the Python turns them into the
 * shares it weighs.
 *
 * Shaper(special, chains, onto, shows, under, repdigit_shows)
 *     The rule tables of one rule set, as the bot builds them: ``onto[v]`` the cards that
 *     fit on v, ``shows[d]`` the numbers showing digit d, ``under[c]`` the values card c
 *     fits on, ``repdigit_shows[v]`` for each Schnapszahl that may lie on v the numbers
 *     showing its digit; ``special``: Games 2 and 3 (runs), ``chains``: Game 3.
 * Shaper.counts(hand) -> (all, laid)
 *     For the sorted ``hand``: on how many open numbers the whole hand can be laid, and the
 *     sum over the open numbers of how many cards can be laid on them
 *     (CentoBot.shape is (all / 100, laid / 100)).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#ifndef __SIZEOF_INT128__
#error "the compiled Cento shape needs 128-bit integers; the bot uses the Python instead"
#endif

typedef unsigned __int128 mask_t;

#define HUNDRED 100
#define VALUES (HUNDRED + 1)
#define FREE 0
#define DIGITS 10
#define MAX_HAND 255 /* far more than the 110 cards there are */

typedef struct {
    PyObject_HEAD
    int special;
    int chains;
    mask_t repdigits;        /* 11, 22, ..., 99 */
    mask_t all_values;       /* 1 to 100 */
    mask_t onto[VALUES];
    mask_t shows[DIGITS];
    mask_t under[VALUES];
    int rep_count[VALUES];   /* how many Schnapszahlen may lie on each value */
    mask_t rep_shows[VALUES][DIGITS];
} Shaper;

static inline int
count(mask_t m)
{
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

static inline int
lowest(mask_t m)
{
    uint64_t low = (uint64_t)m;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static inline int
is_repdigit(const Shaper *s, int card)
{
    return (int)((s->repdigits >> card) & 1);
}

/* A free card laid as a Schnapszahl that fits ``below``, with its run. */
static int
free_run(const Shaper *s, mask_t mask, int frees, int below)
{
    int best = -1;
    for (int i = 0; i < s->rep_count[below]; i++) {
        int run = count(s->rep_shows[below][i] & mask);
        if (run > best)
            best = run;
    }
    return frees + best;
}

/* How many cards can follow ``below``, the second card of a Game 3 chain. */
static int
last_link(const Shaper *s, mask_t mask, int frees, int below)
{
    if (is_repdigit(s, below))
        return count(s->shows[below % 10] & mask) + frees;
    mask_t options = below == FREE ? mask : s->onto[below] & mask;
    int best = (options || frees) ? 1 : 0;
    if (frees) {
        int run = free_run(s, mask, frees, below);
        if (run > best)
            best = run;
    }
    mask_t repdigits = options & s->repdigits;
    while (repdigits) {
        int card = lowest(repdigits);
        mask_t bit = (mask_t)1 << card;
        repdigits ^= bit;
        int run = 1 + count(s->shows[card % 10] & (mask ^ bit)) + frees;
        if (run > best)
            best = run;
    }
    return best;
}

/* How many of the cards can follow ``below``, the first card of a turn; stops as soon as
 * no longer chain is possible (see CentoBot._longest). */
static int
longest(const Shaper *s, mask_t mask, int frees, int below, int commonest)
{
    if (!mask && !frees)
        return 0;
    if (s->special && is_repdigit(s, below))
        return count(s->shows[below % 10] & mask) + frees;
    if (!s->chains)
        return 0;
    int most = count(mask) + frees;
    int cap;
    if (!frees && !(mask & s->repdigits))
        cap = 2;
    else
        cap = 1 + (frees + commonest > 1 ? frees + commonest : 1);
    if (cap < most)
        most = cap;
    int best = 0;
    if (frees) {
        int link = 1 + last_link(s, mask, frees - 1, FREE);
        int run = free_run(s, mask, frees, below);
        best = link > run ? link : run;
    }
    mask_t options = below == FREE ? mask : s->onto[below] & mask;
    while (options && best < most) {
        int card = lowest(options);
        mask_t bit = (mask_t)1 << card;
        options ^= bit;
        int link = 1 + last_link(s, mask ^ bit, frees, card);
        if (link > best)
            best = link;
    }
    return best;
}

/* Marks the open numbers from which ``laid`` cards can be laid; 0 if ``laid`` is out of
 * range (a broken table), after setting the error. */
static int
mark(mask_t *masks, int size, int laid, mask_t values)
{
    if (laid < 0 || laid > size) {
        PyErr_SetString(PyExc_SystemError, "Cento shape: a turn longer than the hand");
        return 0;
    }
    masks[laid] |= values;
    return 1;
}

static int
shape(const Shaper *s, const int *hand, int size, long *all, long *laid)
{
    mask_t masks[MAX_HAND + 1];
    memset(masks, 0, (size_t)(size + 1) * sizeof(mask_t));
    mask_t mask = 0;
    int frees = 0;
    for (int i = 0; i < size; i++) {
        frees += hand[i] == FREE;
        mask |= (mask_t)1 << hand[i];
    }
    mask &= ~(mask_t)1;
    int commonest = 0;
    for (int digit = 1; digit < DIGITS; digit++) {
        int n = count(s->shows[digit] & mask);
        if (n > commonest)
            commonest = n;
    }
    if (frees) {
        if (!mark(masks, size, 1 + longest(s, mask, frees - 1, FREE, commonest), s->all_values))
            return -1;
        if (s->special)
            for (int digit = 1; digit < DIGITS; digit++)
                if (!mark(masks, size, count(s->shows[digit] & mask) + frees,
                          s->under[11 * digit]))
                    return -1;
    }
    mask_t rest = mask;
    while (rest) {
        int first = lowest(rest);
        mask_t bit = (mask_t)1 << first;
        rest ^= bit;
        if (!mark(masks, size, 1 + longest(s, mask ^ bit, frees, first, commonest),
                  s->under[first]))
            return -1;
    }
    mask_t reach = 0;
    long expected = 0;
    for (int n = size; n > 0; n--) {
        reach |= masks[n];
        expected += count(reach);
    }
    *all = count(masks[size]);
    *laid = expected;
    return 0;
}

/* -- reading the tables ------------------------------------------------------------------ */

/* A Python int from 0 to 2**128 - 1 as a mask. */
static int
read_mask(PyObject *obj, mask_t *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a bit mask must be an int");
        return -1;
    }
    PyObject *shift = PyLong_FromLong(64);
    if (shift == NULL)
        return -1;
    PyObject *high = PyNumber_Rshift(obj, shift);
    PyObject *top = high == NULL ? NULL : PyNumber_Rshift(high, shift);
    Py_DECREF(shift);
    if (top == NULL) {
        Py_XDECREF(high);
        return -1;
    }
    int fits = PyObject_Not(top);
    Py_DECREF(top);
    if (fits != 1) {
        Py_DECREF(high);
        if (fits == 0)
            PyErr_SetString(PyExc_ValueError, "a bit mask must be from 0 to 2**128 - 1");
        return -1;
    }
    uint64_t low_bits = PyLong_AsUnsignedLongLongMask(obj);
    uint64_t high_bits = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (PyErr_Occurred())
        return -1;
    *out = ((mask_t)high_bits << 64) | low_bits;
    return 0;
}

/* A sequence of ``n`` masks (any number if ``n`` < 0; the count goes to ``*found``). */
static int
read_masks(PyObject *obj, Py_ssize_t n, mask_t *out, Py_ssize_t limit, int *found)
{
    PyObject *fast = PySequence_Fast(obj, "the tables must be sequences");
    if (fast == NULL)
        return -1;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if ((n >= 0 && size != n) || size > limit) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "a table of %zd entries, not %zd", n >= 0 ? n : limit,
                     size);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < size; i++)
        if (read_mask(items[i], &out[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    if (found != NULL)
        *found = (int)size;
    Py_DECREF(fast);
    return 0;
}

static int
Shaper_init(Shaper *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"special", "chains", "onto", "shows", "under", "repdigit_shows",
                            NULL};
    int special, chains;
    PyObject *onto, *shows, *under, *reps;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "ppOOOO", names, &special, &chains, &onto,
                                     &shows, &under, &reps))
        return -1;
    self->special = special;
    self->chains = chains;
    self->repdigits = 0;
    for (int n = 11; n < HUNDRED; n += 11)
        self->repdigits |= (mask_t)1 << n;
    self->all_values = ((((mask_t)1) << VALUES) - 1) & ~(mask_t)1;
    if (read_masks(onto, VALUES, self->onto, VALUES, NULL) < 0
        || read_masks(shows, DIGITS, self->shows, DIGITS, NULL) < 0
        || read_masks(under, VALUES, self->under, VALUES, NULL) < 0)
        return -1;
    PyObject *fast = PySequence_Fast(reps, "the tables must be sequences");
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != VALUES) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "a table of %d entries, not %zd", VALUES,
                     PySequence_Fast_GET_SIZE(fast));
        return -1;
    }
    for (int v = 0; v < VALUES; v++)
        if (read_masks(PySequence_Fast_GET_ITEM(fast, v), -1, self->rep_shows[v], DIGITS - 1,
                       &self->rep_count[v]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    Py_DECREF(fast);
    return 0;
}

/* -- counting a hand ----------------------------------------------------------------------- */

static PyObject *
Shaper_counts(Shaper *self, PyObject *hand_obj)
{
    PyObject *fast = PySequence_Fast(hand_obj, "a hand must be a sequence");
    if (fast == NULL)
        return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if (size > MAX_HAND) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "a hand of at most %d cards", MAX_HAND);
        return NULL;
    }
    int hand[MAX_HAND];
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < size; i++) {
        long card = PyLong_AsLong(items[i]);
        if (card == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
        if (card < 0 || card > HUNDRED) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%ld is no card (0 to 100)", card);
            return NULL;
        }
        hand[i] = (int)card;
    }
    Py_DECREF(fast);
    long all, laid;
    if (shape(self, hand, (int)size, &all, &laid) < 0)
        return NULL;
    return Py_BuildValue("(ll)", all, laid);
}

static PyMethodDef Shaper_methods[] = {
    {"counts", (PyCFunction)Shaper_counts, METH_O,
     "counts(hand): on how many open numbers the whole hand can be laid, and the sum over "
     "the open numbers of the cards that can be laid (CentoBot.shape times 100)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ShaperType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "spieltisch.bots._cento_shape.Shaper",
    .tp_doc = "The rule tables of one Cento rule set, for counting hand shapes.",
    .tp_basicsize = sizeof(Shaper),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Shaper_init,
    .tp_methods = Shaper_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cento_shape",
    "The Cento heuristic bot's hand shape, compiled (see spieltisch.bots.cento).",
    -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__cento_shape(void)
{
    if (PyType_Ready(&ShaperType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&ShaperType);
    if (PyModule_AddObject(m, "Shaper", (PyObject *)&ShaperType) < 0) {
        Py_DECREF(&ShaperType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
